import {
  boolean,
  char,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * Which new needs a company wants to hear about (/mypage/setting/matching/search) and how: need
 * categories, industry classifications (JSIC 中分類) and prefectures, each list empty for "any";
 * by mail (a daily digest) and/or as a notice in the portal. The matching issue sends them. One
 * row per company; no row is "no notices".
 */
export const needNoticeSettings = pgTable(
  'need_notice_settings',
  {
    bank_code: bankCodeColumn(),
    company_id: integer().notNull(),
    notice_is_enabled: boolean().notNull().default(false),
    notice_categories: varchar({ length: 20 }).array().notNull().default([]),
    notice_industry_codes: char({ length: 2 }).array().notNull().default([]),
    notice_area_codes: char({ length: 2 }).array().notNull().default([]),
    notice_by_mail: boolean().notNull().default(true),
    notice_in_portal: boolean().notNull().default(true),
    notice_updated_by: integer().notNull(),
    notice_updated_at: timestamp({ withTimezone: true })
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
    foreignKey({
      columns: [t.bank_code, t.notice_updated_by],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    bankIsolationPolicy(t.bank_code),
  ],
);
