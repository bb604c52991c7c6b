import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  ARTICLE_KINDS,
  ARTICLE_PROVIDER_NAME_MAX_LENGTH,
  ARTICLE_TARGETS,
  ARTICLE_TITLE_MAX_LENGTH,
  FILE_KINDS,
  FILE_NAME_MAX_LENGTH,
  PARTNER_INFORMATION_STATUSES,
  SEMINAR_PLACE_MAX_LENGTH,
} from '#server/contracts/news.ts';
import { PARTNER_INFORMATION_REVIEW_NOTE_MAX_LENGTH } from '#server/contracts/partner-information-setting.ts';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';
import { companies } from './companies.ts';
import { newsCategories } from './master-lists.ts';
import { users } from './users.ts';

const quotedList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * What a bank publishes to its companies: news, columns, seminars and partner information, one row
 * each (server/contracts/news.ts). Bank-scoped under row-level security. The publication period is
 * a pair of calendar days in Japan (the end day included); seminars fill the seminar_* columns.
 */
export const articles = pgTable(
  'articles',
  {
    bank_code: bankCodeColumn(),
    article_id: integer().generatedAlwaysAsIdentity(),
    article_kind: varchar({ length: 20 }).notNull(),
    article_title: varchar({ length: ARTICLE_TITLE_MAX_LENGTH }).notNull(),
    /** Sanitised HTML (server/api/kit/sanitize-rich-text.ts): never stored as the staff's browser sent it. */
    article_body: text().notNull(),
    category_code: varchar({ length: 40 }).references(() => newsCategories.code),
    /** 1 public, 0 private (staff only). */
    article_visibility: smallint().notNull(),
    article_publish_start: date({ mode: 'string' }).notNull(),
    article_publish_end: date({ mode: 'string' }),
    article_target: varchar({ length: 20 }).notNull().default('all'),
    /** False for an item the portal's operator provided to the bank (the bank filter's "other"). */
    article_is_own_bank: boolean().notNull().default(true),
    article_provider_name: varchar({ length: ARTICLE_PROVIDER_NAME_MAX_LENGTH }),
    /** Partner information's review status; null for the other kinds. */
    pi_status: varchar({ length: 20 }),
    /** Why the bank disapproved a partner's item (the company reads it on its list); null otherwise. */
    pi_review_note: varchar({ length: PARTNER_INFORMATION_REVIEW_NOTE_MAX_LENGTH }),
    seminar_held_at: timestamp({ withTimezone: true }),
    seminar_place: varchar({ length: SEMINAR_PLACE_MAX_LENGTH }),
    seminar_capacity: integer(),
    /** Kept with the applications in one transaction under the seminar row's lock. */
    seminar_applied_count: integer().notNull().default(0),
    seminar_apply_deadline: date({ mode: 'string' }),
    seminar_is_cancelled: boolean().notNull().default(false),
    /** The staff member who wrote it (null for a provided item); for a partner's item, its user. */
    author_user_id: integer(),
    /** Partner information a partner company wrote itself (/mypage/setting/information); null otherwise. */
    article_company_id: integer(),
    article_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    article_updated_at: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.article_id] }),
    // The company lists and the unread count: one kind, public, newest publication first. The end
    // day and the target ride along (after the unique id they change no order) so the unread count,
    // which reads every visible row of the bank, is an index-only scan instead of a heap visit per row.
    index('articles_published_index').on(
      t.bank_code,
      t.article_kind,
      t.article_visibility,
      t.article_publish_start.desc(),
      t.article_id.desc(),
      t.article_target,
      t.article_publish_end,
    ),
    // The staff's list: one kind, most recently changed first.
    index('articles_staff_list_index').on(
      t.bank_code,
      t.article_kind,
      t.article_updated_at.desc().nullsFirst(),
    ),
    // Upcoming seminars (the dashboard and the seminar list).
    index('articles_seminar_index')
      .on(t.bank_code, t.seminar_held_at)
      .where(sql`${t.article_kind} = 'seminar'`),
    // Accounts are disabled, not removed, so the author stays on record.
    foreignKey({
      columns: [t.bank_code, t.author_user_id],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    // A partner company's own items (its settings page lists them).
    index('articles_company_index')
      .on(t.bank_code, t.article_company_id)
      .where(sql`${t.article_company_id} is not null`),
    foreignKey({
      columns: [t.bank_code, t.article_company_id],
      foreignColumns: [companies.bank_code, companies.company_id],
    }),
    check('articles_kind_known', sql`${t.article_kind} in (${quotedList(ARTICLE_KINDS)})`),
    check('articles_target_known', sql`${t.article_target} in (${quotedList(ARTICLE_TARGETS)})`),
    check('articles_visibility_known', sql`${t.article_visibility} in (0, 1)`),
    check(
      'articles_pi_status_known',
      sql`(${t.article_kind} = 'partner_information') = (${t.pi_status} is not null) and (${t.pi_status} is null or ${t.pi_status} in (${quotedList(PARTNER_INFORMATION_STATUSES)}))`,
    ),
    check(
      'articles_seminar_complete',
      sql`(${t.article_kind} = 'seminar') = (${t.seminar_held_at} is not null and ${t.seminar_place} is not null and ${t.seminar_capacity} is not null and ${t.seminar_apply_deadline} is not null)`,
    ),
    check(
      'articles_seminar_within_capacity',
      sql`${t.seminar_applied_count} >= 0 and (${t.seminar_capacity} is null or ${t.seminar_applied_count} <= ${t.seminar_capacity})`,
    ),
    check(
      'articles_period_ordered',
      sql`${t.article_publish_end} is null or ${t.article_publish_end} >= ${t.article_publish_start}`,
    ),
    bankIsolationPolicy(t.bank_code),
  ],
);

/** Who has opened which item: an item without a row here is unread for that user (the news badge). */
export const articleReads = pgTable(
  'article_reads',
  {
    bank_code: bankCodeColumn(),
    user_id: integer().notNull(),
    article_id: integer().notNull(),
    read_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Leads with the user: the unread condition asks "has this user read that item" per item.
    primaryKey({ columns: [t.bank_code, t.user_id, t.article_id] }),
    index().on(t.bank_code, t.article_id),
    foreignKey({
      columns: [t.bank_code, t.user_id],
      foreignColumns: [users.bank_code, users.user_id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.bank_code, t.article_id],
      foreignColumns: [articles.bank_code, articles.article_id],
    }).onDelete('cascade'),
    bankIsolationPolicy(t.bank_code),
  ],
);

/**
 * The unread counts' cache (server/api/news/article-counts.ts). A count is kept with the day it was
 * counted for and the two revisions it saw: the bank's items (article_revisions) and the user's read
 * marks (article_read_revisions). Triggers bump both in the writing transaction (migration 0018), so
 * a cached count is used only while nothing it counted has changed. UNLOGGED: a crash empties it,
 * and a count cached on a miss costs no WAL flush.
 */
export const articleRevisions = pgTable(
  'article_revisions',
  {
    bank_code: bankCodeColumn(),
    /** Bumped by every statement that changes which items a list shows (articles_revision_*). */
    revision: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bank_code] }), bankIsolationPolicy(t.bank_code)],
);

/** Per user: bumped by every read mark added or removed (article_reads_revision_*). */
export const articleReadRevisions = pgTable(
  'article_read_revisions',
  {
    bank_code: bankCodeColumn(),
    user_id: integer().notNull(),
    revision: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.user_id] }),
    foreignKey({
      columns: [t.bank_code, t.user_id],
      foreignColumns: [users.bank_code, users.user_id],
    }).onDelete('cascade'),
    bankIsolationPolicy(t.bank_code),
  ],
);

/**
 * One list's count for one reader (user_id 0: the visitors of the public news), valid for `day`
 * while both revisions are still the current ones.
 */
export const articleCounts = pgTable(
  'article_counts',
  {
    bank_code: bankCodeColumn(),
    user_id: integer().notNull(),
    /** The list's conditions: kind, reader's target, category, unread (article-counts.ts). */
    list_key: varchar({ length: 100 }).notNull(),
    day: date({ mode: 'string' }).notNull(),
    article_revision: integer().notNull(),
    read_revision: integer().notNull(),
    article_count: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.bank_code, t.user_id, t.list_key] }), bankIsolationPolicy(t.bank_code)],
);

/**
 * Files uploaded by the staff: an item's attachments and the images its body shows. The bytes live
 * in the file storage (server/storage/) under file_storage_key; an upload has no article until the
 * item that names it is saved.
 */
export const articleFiles = pgTable(
  'article_files',
  {
    bank_code: bankCodeColumn(),
    file_id: integer().generatedAlwaysAsIdentity(),
    file_unique_code: varchar({ length: 32 }).notNull(),
    article_id: integer(),
    file_kind: varchar({ length: 20 }).notNull(),
    file_name: varchar({ length: FILE_NAME_MAX_LENGTH }).notNull(),
    /** As told by the content, not by the name. */
    file_content_type: varchar({ length: 100 }).notNull(),
    file_size: integer().notNull(),
    file_storage_key: varchar({ length: 200 }).notNull(),
    /** Attachment order on the item. */
    file_sort_order: smallint().notNull().default(0),
    uploaded_by_user_id: integer(),
    file_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.file_id] }),
    uniqueIndex().on(t.bank_code, t.file_unique_code),
    index().on(t.bank_code, t.article_id),
    foreignKey({
      columns: [t.bank_code, t.article_id],
      foreignColumns: [articles.bank_code, articles.article_id],
    }).onDelete('cascade'),
    check('article_files_kind_known', sql`${t.file_kind} in (${quotedList(FILE_KINDS)})`),
    bankIsolationPolicy(t.bank_code),
  ],
);

/** Seminar applications: one per user and seminar; the seminar row counts them (seminar_applied_count). */
export const seminarApplications = pgTable(
  'seminar_applications',
  {
    bank_code: bankCodeColumn(),
    article_id: integer().notNull(),
    user_id: integer().notNull(),
    company_id: integer().notNull(),
    applied_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.article_id, t.user_id] }),
    index().on(t.bank_code, t.user_id),
    foreignKey({
      columns: [t.bank_code, t.article_id],
      foreignColumns: [articles.bank_code, articles.article_id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.bank_code, t.user_id],
      foreignColumns: [users.bank_code, users.user_id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.bank_code, t.company_id],
      foreignColumns: [companies.bank_code, companies.company_id],
    }).onDelete('cascade'),
    bankIsolationPolicy(t.bank_code),
  ],
);

/** The banks a bank partners with (提携金融機関), listed to its companies at /mypage/babank. */
export const partnerBanks = pgTable(
  'partner_banks',
  {
    bank_code: bankCodeColumn(),
    babank_id: integer().generatedAlwaysAsIdentity(),
    /** The partner's own 4-digit bank code. */
    babank_code: char({ length: 4 }).notNull(),
    babank_name: varchar({ length: 100 }).notNull(),
    babank_description: varchar({ length: 1000 }),
    babank_url: varchar({ length: 2048 }),
    babank_sort_order: smallint().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.babank_id] }),
    uniqueIndex().on(t.bank_code, t.babank_code),
    bankIsolationPolicy(t.bank_code),
  ],
);
