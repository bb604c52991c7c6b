// zod/mini: the admin desk's pages bundle these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { COMPANY_TYPE_CODES } from './account-types.ts';
import { defineCall } from './call.ts';
import { COMPANY_STATUSES } from './company-detail.ts';
import { listRequestSchema, listResultSchema } from './paging.ts';
import { VALIDATION_MESSAGES } from './validation.ts';

/**
 * The bank's company list (issue 15: /admin/company, admin spec section 2's columns): the bank's
 * companies searched, sorted by any column and paged, and the same search as a CSV file. Branch
 * admins and branch users see only the companies of their branches (user_branche_codes).
 */

/** What the list page says when the list did not load (as the news pages say theirs). */
export const COMPANY_LIST_MESSAGES = {
  loadFailed: '企業一覧の取得に失敗しました。',
} as const;

export const COMPANY_KEYWORD_MAX_LENGTH = 100;

/**
 * The list's columns in the spec's order, each also the name it is sorted by: 企業ID, 企業名, 企業種別,
 * オーナー名, お取引店, ニーズ数 (private ones included), クーポン数 (offered and not expired), 利用者数
 * (owners, business users and employees), ビジネスユーザー数, ホームページ公開, 求人, 月額利用料 and
 * 請求状況 (this month's charges, in Japan), 登録日, 最終利用日 and 退会申請日.
 */
export const COMPANY_LIST_COLUMNS = [
  'company_id',
  'company_name',
  'company_type',
  'owner_name',
  'bb_name',
  'need_count',
  'coupon_count',
  'user_count',
  'business_user_count',
  'homepage_published',
  'recruitment_published',
  'charge_amount',
  'charge_status',
  'company_created_at',
  'company_last_used_at',
  'unsubscribe_requested_at',
] as const;
export type CompanyListColumn = (typeof COMPANY_LIST_COLUMNS)[number];

/** The columns' headings, on the page and in the CSV file alike. */
export const COMPANY_LIST_COLUMN_LABELS: Record<CompanyListColumn, string> = {
  company_id: '企業ID',
  company_name: '企業名',
  company_type: '企業種別',
  owner_name: 'オーナー名',
  bb_name: 'お取引店',
  need_count: 'ニーズ数',
  coupon_count: 'クーポン数',
  user_count: '利用者数',
  business_user_count: 'ビジネスユーザー数',
  homepage_published: 'ホームページ公開',
  recruitment_published: '求人',
  charge_amount: '月額利用料',
  charge_status: '請求状況',
  company_created_at: '登録日',
  company_last_used_at: '最終利用日',
  unsubscribe_requested_at: '退会申請日',
};

/** How ホームページ公開 and 求人 read. */
export const PUBLICATION_LABELS = { published: '公開', unpublished: '非公開' } as const;

/** Admin spec section 4: sort order 0 ascending, 1 descending. */
export const SORT_ORDERS = { ascending: 0, descending: 1 } as const;
export type SortOrder = (typeof SORT_ORDERS)[keyof typeof SORT_ORDERS];

/** Without a sort asked for: the newest companies first. */
export const DEFAULT_COMPANY_SORT = {
  column: 'company_created_at',
  order: SORT_ORDERS.descending,
} as const satisfies { column: CompanyListColumn; order: SortOrder };

/**
 * The charge_statuses master's codes, the most urgent first: a month's status is the most urgent of
 * its entries (one unpaid entry makes the month unpaid), and sorting by 請求状況 ascending puts the
 * unpaid first. A month with no entry has no status (last either way).
 */
export const CHARGE_STATUS_URGENCY = ['unpaid', 'billed', 'unbilled', 'paid', 'waived', 'cancelled'] as const;
export type ChargeStatusCode = (typeof CHARGE_STATUS_URGENCY)[number];

/** A day in Japan, YYYY-MM-DD (a date input's value); a day that does not exist is refused. */
const day = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/),
  // 2026-02-30 is not a day: a Date of it rolls over to another (2026-13-01 is none at all).
  z.refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    },
    { error: VALIDATION_MESSAGES.invalidFormat },
  ),
);

/** The search (issue 15): keyword, type, branch, this month's charge status, status and two periods. */
export const companyConditionsSchema = z.object({
  /** In the company's name or kana, its corporate number, its owner's name or kana, its ID or code. */
  keyword: z.optional(z.string().check(z.maxLength(COMPANY_KEYWORD_MAX_LENGTH))),
  company_type: z.optional(z.enum(COMPANY_TYPE_CODES)),
  /** お取引店: a branch of the bank_branches master (bb_id). */
  bb_id: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647))),
  /** This month's status (CHARGE_STATUS_URGENCY: the most urgent of the month's entries). */
  charge_status: z.optional(z.enum(CHARGE_STATUS_URGENCY)),
  /** The company_statuses master: 利用中, 利用停止中, 退会予約中, 退会済み. */
  company_status: z.optional(z.enum(COMPANY_STATUSES)),
  registered_from: z.optional(day),
  registered_to: z.optional(day),
  last_used_from: z.optional(day),
  last_used_to: z.optional(day),
});
export type CompanyConditions = z.infer<typeof companyConditionsSchema>;

export const companySortSchema = z.object({
  column: z.enum(COMPANY_LIST_COLUMNS),
  order: z.union([z.literal(SORT_ORDERS.ascending), z.literal(SORT_ORDERS.descending)]),
});
export type CompanySort = z.infer<typeof companySortSchema>;

/** `{ rows, page, conditions, sort }`: the staff lists' request, with the column to sort by. */
export const companySearchRequestSchema = z.extend(listRequestSchema(companyConditionsSchema), {
  sort: z.optional(companySortSchema),
});

export const companyListItemSchema = z.object({
  company_id: z.int(),
  /** What the company's page is opened by (/admin/company/detail/{code}). */
  company_unique_code: z.string(),
  company_name: z.string(),
  company_type: z.enum(COMPANY_TYPE_CODES),
  /** The owner (company_owner or partner_company_owner): family and given name; null when none. */
  owner_name: z.nullable(z.string()),
  bb_id: z.nullable(z.int()),
  bb_name: z.nullable(z.string()),
  need_count: z.int(),
  coupon_count: z.int(),
  /** Its users who may log in: owners, business users (company_user) and employees. */
  user_count: z.int(),
  business_user_count: z.int(),
  homepage_published: z.boolean(),
  recruitment_published: z.boolean(),
  /** This month's charges in yen (取消 entries left out); null when the month has none. */
  charge_amount: z.nullable(z.int()),
  /** This month's status, a charge_statuses code (CHARGE_STATUS_URGENCY); null when none. */
  charge_status: z.nullable(z.enum(CHARGE_STATUS_URGENCY)),
  company_created_at: z.string(),
  company_last_used_at: z.nullable(z.string()),
  /** When its leaving was reserved (company_unsubscriptions.requested_at); null when never. */
  unsubscribe_requested_at: z.nullable(z.string()),
});
export type CompanyListItem = z.infer<typeof companyListItemSchema>;

export const searchCompaniesCall = /* @__PURE__ */ defineCall({
  domain: 'companies',
  method: 'POST',
  path: '/api/v1/company/search',
  body: companySearchRequestSchema,
  result: listResultSchema(companyListItemSchema),
  access: 'bank',
  reads: true,
  summary: '企業一覧',
  description:
    '金融機関の企業を、キーワード・企業種別・お取引店・当月の請求状況・企業の状態・登録日・最終利用日で絞り込み、任意の列で並べ替えて（sort.order 0: 昇順、1: 降順。既定は登録日の降順）、1ページ5〜500件で返します。支店の行員（支店管理者・支店ユーザー）には担当支店の企業だけを返します。',
});

// ---------------------------------------------------------------------------------------------
// The CSV file: GET COMPANY_EXPORT_PATH?{conditions}&sort=…&order=… (a link the browser downloads,
// so its search travels in the query). Served outside the call definitions: its answer is the
// file, not the JSON envelope.

export const COMPANY_EXPORT_PATH = '/api/v1/company/export';

/** The export's query: the list's conditions, and its sort as two flat names (`sort`, `order`). */
export const companyExportQuerySchema = z.extend(companyConditionsSchema, {
  sort: z.optional(z.enum(COMPANY_LIST_COLUMNS)),
  order: z.optional(
    z.coerce.number().check(z.int(), z.minimum(SORT_ORDERS.ascending), z.maximum(SORT_ORDERS.descending)),
  ),
});
export type CompanyExportQuery = z.infer<typeof companyExportQuerySchema>;

/**
 * The sort of a flat query (`sort`, `order`): the column asked (or the default one) in the order
 * asked, 0 when none is; undefined when neither is asked (the default sort).
 */
export function sortOfQuery(query: { sort?: CompanyListColumn; order?: number }): CompanySort | undefined {
  if (query.sort === undefined && query.order === undefined) return undefined;
  return {
    column: query.sort ?? DEFAULT_COMPANY_SORT.column,
    order: query.order === SORT_ORDERS.descending ? SORT_ORDERS.descending : SORT_ORDERS.ascending,
  };
}

/** The address of the CSV file of a search (undefined and empty values left out). */
export function companyExportUrl(query: CompanyExportQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${COMPANY_EXPORT_PATH}?${search}` : COMPANY_EXPORT_PATH;
}

/** The CSV file's name on the Japan day `day` (YYYY-MM-DD): companies-YYYYMMDD.csv. */
export function companyExportFileName(day: string): string {
  return `companies-${day.replaceAll('-', '')}.csv`;
}
