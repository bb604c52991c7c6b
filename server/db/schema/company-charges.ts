import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { CHARGE_KINDS } from '#server/contracts/company-charges.ts';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';
import { companies } from './companies.ts';
import { chargeStatuses } from './master-lists.ts';
import { users } from './users.ts';

const kindList = sql.raw(CHARGE_KINDS.map((kind) => `'${kind}'`).join(', '));

/**
 * A company's monthly charges (admin spec: /admin/company/charge): one entry per month and kind,
 * in whole yen, with its status from charge_statuses. A month is charged once per kind; adjustments
 * (kind adjust, which may be negative) are as many as the bank needs.
 */
export const companyCharges = pgTable(
  'company_charges',
  {
    bank_code: bankCodeColumn(),
    charge_id: integer().generatedAlwaysAsIdentity(),
    company_id: integer().notNull(),
    /** The month charged, as its first day. */
    charge_month: date({ mode: 'string' }).notNull(),
    charge_kind: varchar({ length: 20 }).notNull(),
    /** Yen; negative only for an adjustment. */
    charge_amount: integer().notNull(),
    charge_status: varchar({ length: 40 })
      .notNull()
      .references(() => chargeStatuses.code),
    charge_note: varchar({ length: 200 }),
    charge_created_by: integer().notNull(),
    charge_updated_by: integer().notNull(),
    charge_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    charge_updated_at: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.charge_id] }),
    // Once per month and kind, adjustments apart.
    uniqueIndex('company_charges_once_per_month_and_kind')
      .on(t.bank_code, t.company_id, t.charge_month, t.charge_kind)
      .where(sql`${t.charge_kind} <> 'adjust'`),
    // The company list's month column: the bank's charges of one month.
    index().on(t.bank_code, t.charge_month, t.company_id),
    index().on(t.bank_code, t.company_id, t.charge_month),
    foreignKey({
      columns: [t.bank_code, t.company_id],
      foreignColumns: [companies.bank_code, companies.company_id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.bank_code, t.charge_created_by],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    foreignKey({
      columns: [t.bank_code, t.charge_updated_by],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    check('company_charges_kind_known', sql`${t.charge_kind} in (${kindList})`),
    check('company_charges_month_first_day', sql`extract(day from ${t.charge_month}) = 1`),
    check('company_charges_amount_sign', sql`${t.charge_amount} >= 0 or ${t.charge_kind} = 'adjust'`),
    bankIsolationPolicy(t.bank_code),
  ],
);
