import {
  boolean,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * A company's public homepage on the portal (/mypage/setting/website): sections of sanitised rich
 * text (about, products, recruitment) and photos, served on the bank's host at a public URL while
 * published. The bank's company list counts it as "homepage publication" and, when the recruitment
 * section is published too, "recruitment". One per company.
 */
export const companyWebsites = pgTable(
  'company_websites',
  {
    bank_code: bankCodeColumn(),
    company_id: integer().notNull(),
    website_title: varchar({ length: 100 }).notNull().default(''),
    /** Sanitised HTML (server/api/kit/sanitize-rich-text.ts), never as the browser sent it. */
    website_about_html: text().notNull().default(''),
    website_products_html: text().notNull().default(''),
    website_recruitment_html: text().notNull().default(''),
    /** Stored image codes, in the order shown. */
    website_photo_file_codes: varchar({ length: 64 }).array().notNull().default([]),
    website_is_published: boolean().notNull().default(false),
    /** The recruitment section is shown (and counted) only while the site is published too. */
    website_recruitment_is_published: boolean().notNull().default(false),
    website_published_at: timestamp({ withTimezone: true }),
    website_updated_by: integer().notNull(),
    website_updated_at: timestamp({ withTimezone: true })
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
      columns: [t.bank_code, t.website_updated_by],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    bankIsolationPolicy(t.bank_code),
  ],
);
