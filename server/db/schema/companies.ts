import {
  boolean,
  char,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bankBranches } from './bank-branches.ts';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';
import { companyTypes, industryMajorClasses, industryMiddleClasses, prefectures } from './master-lists.ts';

/**
 * Companies registered on a bank's portal (spec: company_* fields of the logged-in user and the
 * registration form). Bank-scoped; references to other bank-scoped rows carry bank_code too, so a
 * company can never point at another bank's branch.
 */
export const companies = pgTable(
  'companies',
  {
    bank_code: bankCodeColumn(),
    company_id: integer().generatedAlwaysAsIdentity(),
    company_unique_code: varchar({ length: 32 }).notNull(),
    /** 法人番号: 13 digits; sole proprietors have none. */
    company_corporate_number: char({ length: 13 }),
    company_name: varchar({ length: 100 }).notNull(),
    company_name_kana: varchar({ length: 200 }).notNull(),
    company_type: varchar({ length: 40 })
      .notNull()
      .references(() => companyTypes.code),
    company_enable_ba: boolean().notNull().default(false),
    company_enable_baportal: boolean().notNull().default(false),
    company_is_disabled: boolean().notNull().default(false),
    company_is_unsubscribed: boolean().notNull().default(false),
    /**
     * The last login of one of its users (not a staff member acting as one): the list's 最終利用日,
     * kept here so the list sorts on a column rather than on the audit trail.
     */
    company_last_used_at: timestamp({ withTimezone: true }),
    company_logo_file_unique_code: varchar({ length: 64 }),
    company_tel: varchar({ length: 20 }),
    company_post_code: char({ length: 8 }),
    company_prefecture_code: char({ length: 2 }).references(() => prefectures.code),
    /** 市区町村 */
    company_address1: varchar({ length: 100 }),
    /** 町名・番地 */
    company_address2: varchar({ length: 100 }),
    /** 建物名 */
    company_address3: varchar({ length: 100 }),
    /** The bank branch that looks after the company. */
    bb_id: integer(),
    company_industry_major_code: char({ length: 1 }).references(() => industryMajorClasses.code),
    company_industry_middle_code: char({ length: 2 }).references(() => industryMiddleClasses.code),
    company_representative_name: varchar({ length: 60 }),
    company_established_on: date({ mode: 'string' }),
    company_account_closing_month: smallint(),
    company_employee_count: integer(),
    company_website_url: varchar({ length: 2048 }),
    company_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    company_updated_at: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.company_id] }),
    uniqueIndex().on(t.bank_code, t.company_unique_code),
    index().on(t.bank_code, t.bb_id),
    index().on(t.bank_code, t.company_type),
    index().on(t.bank_code, t.company_corporate_number),
    // The list's default order (newest first) and its registered and last-use periods.
    index().on(t.bank_code, t.company_created_at),
    index().on(t.bank_code, t.company_last_used_at),
    foreignKey({
      columns: [t.bank_code, t.bb_id],
      foreignColumns: [bankBranches.bank_code, bankBranches.bb_id],
    }),
    bankIsolationPolicy(t.bank_code),
  ],
);
