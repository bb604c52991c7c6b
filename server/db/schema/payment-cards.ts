import {
  char,
  check,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * The card a company pays with (server/contracts/payment-card.ts): one per company, replaced when
 * the company registers another. Only what the payment gateway answered for it is kept — its token,
 * the brand and the last four digits — with the expiry and the holder as entered. The card number
 * and the security code are never stored (decision 0068); `card_last4` is four digits by check.
 */
export const companyPaymentCards = pgTable(
  'company_payment_cards',
  {
    bank_code: bankCodeColumn(),
    company_id: integer().notNull(),
    /** The gateway's reference to the card: what a charge is made with. */
    card_token: varchar({ length: 255 }).notNull(),
    card_brand: varchar({ length: 32 }).notNull(),
    card_last4: char({ length: 4 }).notNull(),
    card_expiry_month: smallint().notNull(),
    card_expiry_year: smallint().notNull(),
    card_holder_name: varchar({ length: 45 }).notNull(),
    card_registered_by: integer().notNull(),
    card_registered_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.company_id] }),
    foreignKey({
      columns: [t.bank_code, t.company_id],
      foreignColumns: [companies.bank_code, companies.company_id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.bank_code, t.card_registered_by],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    check('company_payment_cards_last4_digits', sql`${t.card_last4} ~ '^[0-9]{4}$'`),
    check('company_payment_cards_expiry_month', sql`${t.card_expiry_month} between 1 and 12`),
    bankIsolationPolicy(t.bank_code),
  ],
);
