import { date, foreignKey, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';
import { companies } from './companies.ts';
import { unsubscribeReasons } from './master-lists.ts';
import { users } from './users.ts';

/**
 * A company's reserved leaving (admin spec: POST /api/v1/company/unsubscribe): at the end of
 * `leaves_on` (the last day of the chosen month, Japan time) the unsubscription job disables the
 * company and its users and sets carried_out_at. Cancelling before then removes the row (the audit
 * trail keeps both commands). One per company.
 */
export const companyUnsubscriptions = pgTable(
  'company_unsubscriptions',
  {
    bank_code: bankCodeColumn(),
    company_id: integer().notNull(),
    unsubscribe_reason: varchar({ length: 40 })
      .notNull()
      .references(() => unsubscribeReasons.code),
    unsubscribe_note: varchar({ length: 500 }),
    /** The last day the company uses the portal. */
    leaves_on: date({ mode: 'string' }).notNull(),
    requested_by: integer().notNull(),
    requested_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the job disabled the company; null while the reservation stands. */
    carried_out_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.company_id] }),
    foreignKey({
      columns: [t.bank_code, t.company_id],
      foreignColumns: [companies.bank_code, companies.company_id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.bank_code, t.requested_by],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    bankIsolationPolicy(t.bank_code),
  ],
);
