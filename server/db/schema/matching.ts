import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgPolicy,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';
import { companies } from './companies.ts';
import { dealRequestTypes, dealStatuses } from './master-lists.ts';
import { users } from './users.ts';

/**
 * Business matching (issue 17, decision 0092). A company posts needs (what it wants to sell, buy,
 * rent, lease or have built); other companies find them and send deal requests; the bank helps.
 *
 * Crossing banks: `needs` and everything private stay under the one bank_isolation policy. Two
 * kinds of table cross banks, each on purpose and narrowly (CROSS_BANK_TABLES):
 * - `network_needs`, the read-only projection of published needs (public fields, the company's
 *   public name and prefecture, never users or private fields), written only by triggers from
 *   `needs` and `companies` in the writing bank's transaction; a bank's own rows are readable and
 *   writable as usual, and a row whose reach is nationwide is readable by another bank only while
 *   both banks are in the matching network the transaction names (app.matching_network);
 * - `matching_deals` and `matching_deal_messages`, readable and writable by the two banks whose
 *   companies are the parties (bank_code: the requester's, receiver_bank_code: the receiver's).
 */

const currentBank = sql`nullif(current_setting('app.bank_code', true), '')::bpchar`;
/** The banks of the matching network, as the transaction names them (set_config, transaction-local). */
const networkBanks = sql`string_to_array(nullif(current_setting('app.matching_network', true), ''), ',')::bpchar[]`;
/**
 * The same, read once per statement (an InitPlan) rather than once per row: the search counts up to
 * a hundred thousand network_needs rows, where reading the settings per row took three quarters of
 * the time (102 → 27 ms for the newest needs' count over a million).
 */
const currentBankOnce = sql`(select ${currentBank})`;
const networkBanksOnce = sql`(select ${networkBanks})::bpchar[]`;

/** The tables whose policy lets two banks meet (decision 0092); every other bank-scoped table isolates. */
export const CROSS_BANK_TABLES = ['network_needs', 'matching_deals', 'matching_deal_messages'] as const;

/** Where a published need reaches: the bank's own companies, or every bank of the network. */
export const NEED_REACHES = ['bank', 'nationwide'] as const;

/**
 * A company's need (ca: /mypage/mybusiness/needs). need_visibility 1 is public (published within its
 * period), 0 private (only the company and its bank see it). A need the bank drafted for the company
 * (the AI-assisted needs of the admin spec) waits as an offer (need_offer_status 'offered', private)
 * until the company accepts it.
 */
export const needs = pgTable(
  'needs',
  {
    bank_code: bankCodeColumn(),
    need_id: integer().generatedAlwaysAsIdentity(),
    need_unique_code: varchar({ length: 32 }).notNull(),
    company_id: integer().notNull(),
    need_title: varchar({ length: 100 }).notNull(),
    need_category: varchar({ length: 20 }).notNull(),
    /** JSIC 中分類 codes (business classification). */
    need_industry_codes: char({ length: 2 }).array().notNull().default([]),
    /** Prefecture codes the need is about; empty: anywhere. */
    need_area_codes: char({ length: 2 }).array().notNull().default([]),
    need_body: text().notNull(),
    /** Stored image codes, in the order shown. */
    need_image_file_codes: varchar({ length: 64 }).array().notNull().default([]),
    need_period_start: date({ mode: 'string' }).notNull(),
    need_period_end: date({ mode: 'string' }),
    /** 1 public, 0 private. */
    need_visibility: smallint().notNull().default(1),
    need_reach: varchar({ length: 20 }).notNull().default('bank'),
    /**
     * null: the company wrote it. The bank drafted it (AI-assisted needs): 'drafted' while staff
     * work on it, 'offered' once offered to the company, then 'accepted' or 'declined' by it.
     */
    need_offer_status: varchar({ length: 20 }),
    need_offered_by: integer(),
    need_offered_at: timestamp({ withTimezone: true }),
    need_created_by: integer().notNull(),
    need_updated_by: integer().notNull(),
    need_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    need_updated_at: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.need_id] }),
    uniqueIndex().on(t.bank_code, t.need_unique_code),
    index().on(t.bank_code, t.company_id, t.need_updated_at.desc().nullsFirst()),
    index().on(t.bank_code, t.need_created_at),
    foreignKey({
      columns: [t.bank_code, t.company_id],
      foreignColumns: [companies.bank_code, companies.company_id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.bank_code, t.need_created_by],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    foreignKey({
      columns: [t.bank_code, t.need_updated_by],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    foreignKey({
      columns: [t.bank_code, t.need_offered_by],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    check('needs_visibility_known', sql`${t.need_visibility} in (0, 1)`),
    check('needs_reach_known', sql`${t.need_reach} in ('bank', 'nationwide')`),
    check('needs_category_known', sql`${t.need_category} in ('sell', 'buy', 'rent', 'lease', 'build')`),
    check(
      'needs_offer_status_known',
      sql`${t.need_offer_status} is null or ${t.need_offer_status} in ('drafted', 'offered', 'accepted', 'declined')`,
    ),
    check(
      'needs_period_ordered',
      sql`${t.need_period_end} is null or ${t.need_period_end} >= ${t.need_period_start}`,
    ),
    bankIsolationPolicy(t.bank_code),
  ],
);

/**
 * The searchable, shareable projection of every public need of an active company (decision 0092):
 * written only by the triggers of migrations 0036 and 0037 (refresh_network_needs), never by the
 * application. `nn_terms` holds the bigrams of the normalised title and body (NFKC, lower case), the
 * facets (c:category, i:industry, a:area) and who may see the row (b:bank, and w:bank when
 * nationwide), so one GIN lookup answers keyword, category, classification and area together, for
 * the reader's visible banks only; the normalised texts recheck a keyword and rank it.
 */
export const networkNeeds = pgTable(
  'network_needs',
  {
    bank_code: char({ length: 4 }).notNull(),
    need_id: integer().notNull(),
    need_unique_code: varchar({ length: 32 }).notNull(),
    company_id: integer().notNull(),
    company_unique_code: varchar({ length: 32 }).notNull(),
    company_name: varchar({ length: 100 }).notNull(),
    company_prefecture_code: char({ length: 2 }),
    need_title: varchar({ length: 100 }).notNull(),
    need_category: varchar({ length: 20 }).notNull(),
    need_industry_codes: char({ length: 2 }).array().notNull(),
    need_area_codes: char({ length: 2 }).array().notNull(),
    need_body: text().notNull(),
    need_image_file_codes: varchar({ length: 64 }).array().notNull(),
    need_period_start: date({ mode: 'string' }).notNull(),
    need_period_end: date({ mode: 'string' }),
    need_is_nationwide: boolean().notNull(),
    need_created_at: timestamp({ withTimezone: true }).notNull(),
    need_updated_at: timestamp({ withTimezone: true }).notNull(),
    nn_title_text: text().notNull(),
    nn_body_text: text().notNull(),
    nn_terms: text().array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.need_id] }),
    uniqueIndex().on(t.need_unique_code),
    index().on(t.bank_code, t.company_id),
    // A bank's needs newest first, with what a search without a keyword checks (reach, period,
    // company, category, area): the search's parts (need-search-queries.ts), read in order and
    // counted from the index alone. The reach follows the order: PostgreSQL does not take
    // `need_is_nationwide` (a boolean) as a constant that would let an order after it through.
    index('network_needs_visible_index').on(
      t.bank_code,
      // NULLS FIRST, as `order by … desc` means: an index of another null order gives no order.
      t.need_updated_at.desc().nullsFirst(),
      t.need_unique_code,
      t.need_is_nationwide,
      t.need_period_start,
      t.need_period_end,
      t.company_id,
      t.need_category,
      t.need_area_codes,
    ),
    index('network_needs_terms_gin').using('gin', t.nn_terms),
    pgPolicy('bank_isolation', {
      as: 'permissive',
      for: 'all',
      to: 'public',
      using: sql`${t.bank_code} = ${currentBankOnce}`,
      withCheck: sql`${t.bank_code} = ${currentBankOnce}`,
    }),
    pgPolicy('network_read', {
      as: 'permissive',
      for: 'select',
      to: 'public',
      using: sql`${t.need_is_nationwide} and ${t.bank_code} = any (${networkBanksOnce}) and (select ${currentBank} = any (${networkBanks}))`,
    }),
  ],
).enableRLS();

const dealParties = sql`bank_code = ${currentBank} or receiver_bank_code = ${currentBank}`;

/**
 * A deal request (cmh, company matching history): a company of bank_code asks the company that
 * posted a need (of receiver_bank_code, the same bank or another of the network) for a deal. Both
 * parties and both banks read it; the counterpart's public name is kept as it was at the request.
 * The unreplied counters are the other side's messages since the side last wrote (the badge).
 */
export const matchingDeals = pgTable(
  'matching_deals',
  {
    bank_code: bankCodeColumn(),
    cmh_id: integer().generatedAlwaysAsIdentity(),
    cmh_unique_code: varchar({ length: 32 }).notNull(),
    sender_company_id: integer().notNull(),
    sender_user_id: integer().notNull(),
    sender_company_unique_code: varchar({ length: 32 }).notNull(),
    sender_company_name: varchar({ length: 100 }).notNull(),
    receiver_bank_code: char({ length: 4 }).notNull(),
    receiver_company_id: integer().notNull(),
    receiver_company_unique_code: varchar({ length: 32 }).notNull(),
    receiver_company_name: varchar({ length: 100 }).notNull(),
    need_id: integer().notNull(),
    need_unique_code: varchar({ length: 32 }).notNull(),
    need_title: varchar({ length: 100 }).notNull(),
    need_category: varchar({ length: 20 }).notNull(),
    cmh_request_type: varchar({ length: 40 })
      .notNull()
      .references(() => dealRequestTypes.code),
    cmh_status: varchar({ length: 40 })
      .notNull()
      .default('requested')
      .references(() => dealStatuses.code),
    cmh_sender_unreplied: integer().notNull().default(0),
    cmh_receiver_unreplied: integer().notNull().default(1),
    cmh_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    cmh_updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.cmh_id] }),
    uniqueIndex().on(t.cmh_unique_code),
    index().on(t.bank_code, t.sender_company_id, t.cmh_updated_at.desc().nullsFirst()),
    index().on(t.receiver_bank_code, t.receiver_company_id, t.cmh_updated_at.desc().nullsFirst()),
    index('matching_deals_sender_unreplied')
      .on(t.bank_code, t.sender_company_id)
      .where(sql`${t.cmh_sender_unreplied} > 0`),
    index('matching_deals_receiver_unreplied')
      .on(t.receiver_bank_code, t.receiver_company_id)
      .where(sql`${t.cmh_receiver_unreplied} > 0`),
    // One open request per company and need: a second is a double click or a repeat.
    uniqueIndex('matching_deals_one_open_per_need')
      .on(t.bank_code, t.sender_company_id, t.receiver_bank_code, t.need_id)
      .where(sql`${t.cmh_status} in ('requested', 'replied', 'negotiating')`),
    foreignKey({
      columns: [t.bank_code, t.sender_company_id],
      foreignColumns: [companies.bank_code, companies.company_id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.bank_code, t.sender_user_id],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    foreignKey({
      columns: [t.receiver_bank_code, t.receiver_company_id],
      foreignColumns: [companies.bank_code, companies.company_id],
    }).onDelete('cascade'),
    check(
      'matching_deals_unreplied_counts',
      sql`${t.cmh_sender_unreplied} >= 0 and ${t.cmh_receiver_unreplied} >= 0`,
    ),
    pgPolicy('deal_parties', {
      as: 'permissive',
      for: 'all',
      to: 'public',
      using: dealParties,
      withCheck: dealParties,
    }),
  ],
).enableRLS();

/** What a deal's message is: the request, a reply, or a decision with its word. */
export const DEAL_MESSAGE_KINDS = ['request', 'reply', 'accept', 'decline', 'withdraw'] as const;

/**
 * A deal's messages, in order: the request's, the replies, the decisions. The author is a side
 * (sender or receiver); the user is kept for the side's own bank only (never shown to the other).
 */
export const matchingDealMessages = pgTable(
  'matching_deal_messages',
  {
    bank_code: char({ length: 4 }).notNull(),
    cmh_id: integer().notNull(),
    receiver_bank_code: char({ length: 4 }).notNull(),
    message_id: integer().generatedAlwaysAsIdentity(),
    message_side: varchar({ length: 10 }).notNull(),
    message_kind: varchar({ length: 10 }).notNull(),
    message_body: text().notNull(),
    message_user_id: integer().notNull(),
    message_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the other side's company was mailed about it (deal-notices.ts); null: not yet. */
    message_notified_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.cmh_id, t.message_id] }),
    index('matching_deal_messages_unnotified')
      .on(t.bank_code, t.message_created_at)
      .where(sql`${t.message_notified_at} is null`),
    index('matching_deal_messages_unnotified_receiver')
      .on(t.receiver_bank_code, t.message_created_at)
      .where(sql`${t.message_notified_at} is null`),
    foreignKey({
      columns: [t.bank_code, t.cmh_id],
      foreignColumns: [matchingDeals.bank_code, matchingDeals.cmh_id],
    }).onDelete('cascade'),
    check('matching_deal_messages_side_known', sql`${t.message_side} in ('sender', 'receiver')`),
    check(
      'matching_deal_messages_kind_known',
      sql`${t.message_kind} in ('request', 'reply', 'accept', 'decline', 'withdraw')`,
    ),
    pgPolicy('deal_parties', {
      as: 'permissive',
      for: 'all',
      to: 'public',
      using: dealParties,
      withCheck: dealParties,
    }),
  ],
).enableRLS();

/**
 * A user's favourite needs (/mypage/matching/favca): a need of the bank or, nationwide, of another
 * bank, named by its code; the list reads them through network_needs, so a need no longer
 * published simply drops out.
 */
export const needFavorites = pgTable(
  'need_favorites',
  {
    bank_code: bankCodeColumn(),
    user_id: integer().notNull(),
    need_unique_code: varchar({ length: 32 }).notNull(),
    favorite_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.user_id, t.need_unique_code] }),
    index().on(t.bank_code, t.user_id, t.favorite_created_at.desc().nullsFirst()),
    foreignKey({
      columns: [t.bank_code, t.user_id],
      foreignColumns: [users.bank_code, users.user_id],
    }).onDelete('cascade'),
    bankIsolationPolicy(t.bank_code),
  ],
);

/**
 * A bank-run matching campaign (/mypage/matching/campaign): a title and text shown for a period,
 * featuring needs the bank's staff chose (of its own companies or, nationwide, of the network).
 */
export const matchingCampaigns = pgTable(
  'matching_campaigns',
  {
    bank_code: bankCodeColumn(),
    campaign_id: integer().generatedAlwaysAsIdentity(),
    campaign_unique_code: varchar({ length: 32 }).notNull(),
    campaign_title: varchar({ length: 100 }).notNull(),
    campaign_body: text().notNull(),
    campaign_start: date({ mode: 'string' }).notNull(),
    campaign_end: date({ mode: 'string' }).notNull(),
    campaign_need_codes: varchar({ length: 32 }).array().notNull().default([]),
    campaign_updated_by: integer().notNull(),
    campaign_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    campaign_updated_at: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.campaign_id] }),
    uniqueIndex().on(t.bank_code, t.campaign_unique_code),
    index().on(t.bank_code, t.campaign_start, t.campaign_end),
    foreignKey({
      columns: [t.bank_code, t.campaign_updated_by],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    check('matching_campaigns_period_ordered', sql`${t.campaign_end} >= ${t.campaign_start}`),
    bankIsolationPolicy(t.bank_code),
  ],
);

/**
 * A company asks its bank to act as its agent (/mypage/matching/agent): to introduce it to a
 * partner for a need. Staff see the requests of their companies and handle them.
 */
export const matchingAgentRequests = pgTable(
  'matching_agent_requests',
  {
    bank_code: bankCodeColumn(),
    agent_request_id: integer().generatedAlwaysAsIdentity(),
    agent_request_unique_code: varchar({ length: 32 }).notNull(),
    company_id: integer().notNull(),
    need_unique_code: varchar({ length: 32 }),
    agent_request_body: text().notNull(),
    /** open → in_progress → done. */
    agent_request_status: varchar({ length: 20 }).notNull().default('open'),
    agent_request_note: text(),
    agent_requested_by: integer().notNull(),
    agent_handled_by: integer(),
    agent_request_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    agent_request_updated_at: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.agent_request_id] }),
    uniqueIndex().on(t.bank_code, t.agent_request_unique_code),
    index().on(t.bank_code, t.company_id, t.agent_request_created_at.desc().nullsFirst()),
    index().on(t.bank_code, t.agent_request_status, t.agent_request_created_at.desc().nullsFirst()),
    foreignKey({
      columns: [t.bank_code, t.company_id],
      foreignColumns: [companies.bank_code, companies.company_id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.bank_code, t.agent_requested_by],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    foreignKey({
      columns: [t.bank_code, t.agent_handled_by],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    check(
      'matching_agent_requests_status_known',
      sql`${t.agent_request_status} in ('open', 'in_progress', 'done')`,
    ),
    bankIsolationPolicy(t.bank_code),
  ],
);

/**
 * A company's agreement to the bank's matching terms (/ncba/bm/agreement/{unique_code}), required
 * before its first deal request. The bank sends the page's link; its admin list is /admin/ncba/bm.
 */
export const matchingAgreements = pgTable(
  'matching_agreements',
  {
    bank_code: bankCodeColumn(),
    company_id: integer().notNull(),
    agreement_unique_code: varchar({ length: 32 }).notNull(),
    agreement_agreed_by: integer(),
    agreement_agreed_at: timestamp({ withTimezone: true }),
    agreement_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.company_id] }),
    uniqueIndex().on(t.bank_code, t.agreement_unique_code),
    foreignKey({
      columns: [t.bank_code, t.company_id],
      foreignColumns: [companies.bank_code, companies.company_id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.bank_code, t.agreement_agreed_by],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    bankIsolationPolicy(t.bank_code),
  ],
);

/** The day a company's digest of new needs was mailed: at most one per company and day. */
export const needNoticeDigests = pgTable(
  'need_notice_digests',
  {
    bank_code: bankCodeColumn(),
    company_id: integer().notNull(),
    digest_day: date({ mode: 'string' }).notNull(),
    digest_need_count: integer().notNull(),
    digest_sent_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.company_id, t.digest_day] }),
    foreignKey({
      columns: [t.bank_code, t.company_id],
      foreignColumns: [companies.bank_code, companies.company_id],
    }).onDelete('cascade'),
    bankIsolationPolicy(t.bank_code),
  ],
);
