import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';
import { companies } from './companies.ts';
import { couponCategories, couponStatuses } from './master-lists.ts';
import { users } from './users.ts';

/**
 * A company's service offer (cso, a coupon: /mypage/setting/service/offer): what it offers the
 * bank's other companies and their employees, for a period. The bank reviews it (cso_status:
 * REVIEWING → APPROVED, or DISAPPROVAL; the company may cancel, CANCELLED); an approved offer is
 * published from its first day to its last (the publish status is worked out from the days).
 */
export const serviceOffers = pgTable(
  'service_offers',
  {
    bank_code: bankCodeColumn(),
    cso_id: integer().generatedAlwaysAsIdentity(),
    cso_unique_code: varchar({ length: 32 }).notNull(),
    company_id: integer().notNull(),
    cso_title: varchar({ length: 100 }).notNull(),
    cso_body: text().notNull(),
    cso_category: varchar({ length: 40 })
      .notNull()
      .references(() => couponCategories.code),
    cso_status: varchar({ length: 40 })
      .notNull()
      .default('REVIEWING')
      .references(() => couponStatuses.code),
    /** What the offer gives (10%OFF, 初回無料 …). */
    cso_benefit: varchar({ length: 100 }).notNull(),
    /** Who may use it, in the company's words (全従業員, 法人のみ …). */
    cso_target: varchar({ length: 100 }).notNull(),
    cso_publish_start: date({ mode: 'string' }).notNull(),
    cso_publish_end: date({ mode: 'string' }),
    cso_image_file_unique_code: varchar({ length: 64 }),
    /** The bank's reason when it disapproves. */
    cso_review_note: varchar({ length: 500 }),
    cso_reviewed_by: integer(),
    cso_reviewed_at: timestamp({ withTimezone: true }),
    cso_updated_by: integer().notNull(),
    cso_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    cso_updated_at: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.cso_id] }),
    uniqueIndex().on(t.bank_code, t.cso_unique_code),
    index().on(t.bank_code, t.company_id),
    index().on(t.bank_code, t.cso_status, t.cso_publish_start.desc().nullsFirst()),
    foreignKey({
      columns: [t.bank_code, t.company_id],
      foreignColumns: [companies.bank_code, companies.company_id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.bank_code, t.cso_updated_by],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    foreignKey({
      columns: [t.bank_code, t.cso_reviewed_by],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    check(
      'service_offers_period_ordered',
      sql`${t.cso_publish_end} is null or ${t.cso_publish_end} >= ${t.cso_publish_start}`,
    ),
    bankIsolationPolicy(t.bank_code),
  ],
);
