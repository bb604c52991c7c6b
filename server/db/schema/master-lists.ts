import { boolean, char, index, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { ANALYSE_ACTION_CATEGORIES } from '#server/contracts/master-list-items.ts';

/*
 * National master lists: the same for every bank, so no bank_code and no row-level security.
 * The application role may only read them (see the role migration); their rows are kept in step
 * with server/db/master-data/ by syncMasterData when the database opens.
 */

/**
 * A plain code list: a stable code, its Japanese name and its display order.
 * One table per list, so other tables can reference exactly the list they mean.
 */
function codeListTable<TName extends string>(name: TName) {
  return pgTable(name, {
    code: varchar({ length: 40 }).primaryKey(),
    name: varchar({ length: 100 }).notNull(),
    sort_order: smallint().notNull(),
  });
}

/** Any plain code-list table (they share one shape, so one query serves them all). */
export type CodeListTable = ReturnType<typeof codeListTable<string>>;

/** The 47 prefectures with their JIS X 0401 codes ("01" 北海道 … "47" 沖縄県). */
export const prefectures = pgTable('prefectures', {
  code: char({ length: 2 }).primaryKey(),
  name: varchar({ length: 10 }).notNull(),
  name_kana: varchar({ length: 20 }).notNull(),
  region: varchar({ length: 10 }).notNull(),
});

/** Japan Standard Industrial Classification, 大分類 (A–T). */
export const industryMajorClasses = pgTable('industry_major_classes', {
  code: char({ length: 1 }).primaryKey(),
  name: varchar({ length: 60 }).notNull(),
});

/** Japan Standard Industrial Classification, 中分類 (01–99), each under one 大分類. */
export const industryMiddleClasses = pgTable(
  'industry_middle_classes',
  {
    code: char({ length: 2 }).primaryKey(),
    major_code: char({ length: 1 })
      .notNull()
      .references(() => industryMajorClasses.code),
    name: varchar({ length: 60 }).notNull(),
  },
  (t) => [index().on(t.major_code)],
);

/** The eight account types; user_group tells bank staff from company-side users. */
export const userTypes = pgTable('user_types', {
  code: varchar({ length: 40 }).primaryKey(),
  name: varchar({ length: 40 }).notNull(),
  user_group: varchar({ length: 10, enum: ['bank', 'company'] }).notNull(),
  sort_order: smallint().notNull(),
});

/** Company type groups: normal, partner, baportal. */
export const companyTypes = codeListTable('company_types');

/** Permission strings that user_type_permissions grants per bank and account type. */
export const permissions = pgTable('permissions', {
  code: varchar({ length: 60 }).primaryKey(),
  name: varchar({ length: 60 }).notNull(),
  user_group: varchar({ length: 10, enum: ['bank', 'company'] }).notNull(),
  sort_order: smallint().notNull(),
});

/** Monthly charge statuses; is_closed marks a charge that needs no further action. */
export const chargeStatuses = pgTable('charge_statuses', {
  code: varchar({ length: 40 }).primaryKey(),
  name: varchar({ length: 40 }).notNull(),
  color: char({ length: 7 }).notNull(),
  is_closed: boolean().notNull(),
  sort_order: smallint().notNull(),
});

/** Business-chat room types with how the chat screens treat them. */
export const chatRoomTypes = pgTable('chat_room_types', {
  code: varchar({ length: 40 }).primaryKey(),
  name: varchar({ length: 40 }).notNull(),
  is_hidden: boolean().notNull(),
  requires_approval: boolean().notNull(),
  is_builtin: boolean().notNull(),
  sort_order: smallint().notNull(),
});

/** Actions counted by the usage analytics, grouped by category (matching, news…). */
export const analyseActions = pgTable(
  'analyse_actions',
  {
    code: varchar({ length: 40 }).primaryKey(),
    category: varchar({ length: 40, enum: ANALYSE_ACTION_CATEGORIES }).notNull(),
    name: varchar({ length: 60 }).notNull(),
    sort_order: smallint().notNull(),
  },
  (t) => [index().on(t.category, t.sort_order)],
);

export const subsidyClasses = codeListTable('subsidy_classes');
export const unsubscribeReasons = codeListTable('unsubscribe_reasons');
export const seminarStatuses = codeListTable('seminar_statuses');
export const interestingFeatures = codeListTable('interesting_features');
export const newsCategories = codeListTable('news_categories');
/** Company registration application statuses (cr = company register). */
export const companyRegisterStatuses = codeListTable('company_register_statuses');
/** Reasons an admin gives when deciding on a registration application. */
export const companyRegisterReasons = codeListTable('company_register_reasons');
/** Kinds of contact a bank records with a company. */
export const activityTypes = codeListTable('activity_types');
export const documentCategories = codeListTable('document_categories');
export const companyStatuses = codeListTable('company_statuses');
/** Coupon (cso = company service offer) categories, review statuses and publication statuses. */
export const couponCategories = codeListTable('cso_categories');
export const couponStatuses = codeListTable('cso_statuses');
export const couponPublishStatuses = codeListTable('cso_publish_statuses');
export const innovationHistoryStatuses = codeListTable('company_innovation_history_statuses');
/** Deal (cmh = company matching history) statuses and request types. */
export const dealStatuses = codeListTable('cmh_statuses');
export const dealRequestTypes = codeListTable('cmh_request_types');
export const partnerInformationStatuses = codeListTable('partner_information_statuses');
/** Codes of the events recorded in the action log and notifications. */
export const eventCodes = codeListTable('event_codes');
