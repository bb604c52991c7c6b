import { char, foreignKey, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';
import { companies } from './companies.ts';

/**
 * A company's basic business information (/mypage/mybusiness/edit): what it does, sells and is
 * good at, and where it works; the matching issue's company page shows it. One per company.
 */
export const companyBusinessProfiles = pgTable(
  'company_business_profiles',
  {
    bank_code: bankCodeColumn(),
    company_id: integer().notNull(),
    business_description: text().notNull().default(''),
    business_products: text().notNull().default(''),
    business_strengths: text().notNull().default(''),
    /** Prefecture codes (01–47) of the areas it works in. */
    business_area_codes: char({ length: 2 }).array().notNull().default([]),
    business_updated_by: integer().notNull(),
    business_updated_at: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.company_id] }),
    foreignKey({
      columns: [t.bank_code, t.company_id],
      foreignColumns: [companies.bank_code, companies.company_id],
    }).onDelete('cascade'),
    bankIsolationPolicy(t.bank_code),
  ],
);
