// zod/mini: the staff's matching pages (admin chunks) bundle these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import {
  NEED_PUBLISH_STATUS_LABELS,
  NEED_PUBLISH_STATUSES,
  NEED_REACH_LABELS,
  NEED_REACHES,
  NEED_VISIBILITY_LABELS,
} from './matching.ts';
import { DEAL_MESSAGE_KINDS, DEAL_SIDES, DEAL_STATUSES } from './matching-deals.ts';
import { NEED_CATEGORY_CODES } from './need-categories.ts';
import { listRequestSchema, listResultSchema } from './paging.ts';
import { VALIDATION_MESSAGES } from './validation.ts';

/**
 * Business matching from the bank's side (issue 17 item 7, decision 0092): every need of the bank's
 * companies (/admin/company/needs), every deal request a company of the bank is a party to, sent
 * or received, whichever bank the other company is of (/admin/company/matching), each searched,
 * paged and downloaded as CSV, and the matching analysis (/admin/xba/analyse): needs and deals per
 * month, category and branch. All four staff types; branch admins and branch users see only their
 * branches' companies (user_branche_codes), and of a deal only the side of a company of theirs.
 *
 * A bank never sees another bank's data: a deal between companies of two banks is read by both
 * banks' staff (the row's deal_parties policy), each seeing the other bank's company by the public
 * name the deal kept and the other side's messages without the name of the user who wrote them.
 */

// ---------------------------------------------------------------------------------------------
// Limits, codes and words

export const STAFF_MATCHING_KEYWORD_MAX_LENGTH = 100;
/** The analysis covers at most two years of months (24, the first and last included). */
export const ANALYSIS_MAX_MONTHS = 24;
/** Without a period asked: the last twelve months, this one included. */
export const ANALYSIS_DEFAULT_MONTHS = 12;

/** Not in the spec's tables: the portal's words for what only these pages say. */
export const STAFF_MATCHING_MESSAGES = {
  needsLoadFailed: 'ニーズ一覧の取得に失敗しました。',
  dealsLoadFailed: '商談一覧の取得に失敗しました。',
  analysisLoadFailed: 'マッチング分析の取得に失敗しました。',
  monthFormat: '年月はYYYY-MMの形式で入力してください',
  periodReversed: '終了月は開始月以降の月を入力してください',
  periodTooLong: `期間は${ANALYSIS_MAX_MONTHS}か月以内で指定してください`,
} as const;

/** Which side of a deal the bank's company is on: sent by it, received by it (both: either). */
export const STAFF_DEAL_SIDES = ['sent', 'received'] as const;
export type StaffDealSide = (typeof STAFF_DEAL_SIDES)[number];
export const STAFF_DEAL_SIDE_LABELS: Record<StaffDealSide, string> = {
  sent: '当行の企業が依頼したもの',
  received: '当行の企業が受けたもの',
};

/** A day in Japan, YYYY-MM-DD (a date input's value); a day that does not exist is refused. */
const day = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, VALIDATION_MESSAGES.invalidFormat),
  z.refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    },
    { error: VALIDATION_MESSAGES.invalidFormat },
  ),
);

const keyword = z.optional(z.string().check(z.maxLength(STAFF_MATCHING_KEYWORD_MAX_LENGTH)));
/** お取引店: a branch of the bank_branches master (bb_id); text in a query, a number in a body. */
const branchId = z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647)));
const CODE_PATTERN = /^[0-9a-zA-Z]{1,32}$/;
const codeSchema = z.string().check(z.regex(CODE_PATTERN));
/**
 * One company of the bank (its company_unique_code): the company's page links its needs and deals
 * as `?company=` (/admin/company/detail/{code}).
 */
const companyCode = z.optional(
  z.string().check(z.regex(/^[A-Za-z0-9_-]{1,32}$/, VALIDATION_MESSAGES.invalidFormat)),
);

// ---------------------------------------------------------------------------------------------
// The needs: POST /api/v1/admin/company/needs/search, GET …/export.csv, GET …/:ca_unique_code

/** The list's columns in order, each also a heading of the CSV file. */
export const STAFF_NEED_COLUMNS = [
  'company_name',
  'bb_name',
  'need_title',
  'need_category',
  'need_reach',
  'need_visibility',
  'need_publish_status',
  'need_period',
  'need_deal_count',
  'need_created_at',
  'need_updated_at',
] as const;
export type StaffNeedColumn = (typeof STAFF_NEED_COLUMNS)[number];
export const STAFF_NEED_COLUMN_LABELS: Record<StaffNeedColumn, string> = {
  company_name: '企業名',
  bb_name: 'お取引店',
  need_title: 'ニーズ名',
  need_category: 'カテゴリ',
  need_reach: '公開範囲',
  need_visibility: '公開設定',
  need_publish_status: '公開状況',
  need_period: '掲載期間',
  need_deal_count: '商談依頼数',
  need_created_at: '登録日',
  need_updated_at: '更新日',
};

/** The needs' search: a keyword, the category, where the need's days stand, its reach and the branch. */
export const staffNeedConditionsSchema = z.object({
  /** In the need's title or body, or its company's name (a part of it). */
  keyword,
  category: z.optional(z.enum(NEED_CATEGORY_CODES)),
  /** Where the need's days stand today (非公開, 公開前, 公開中, 公開終了). */
  status: z.optional(z.enum(NEED_PUBLISH_STATUSES)),
  reach: z.optional(z.enum(NEED_REACHES)),
  bb_id: branchId,
  company: companyCode,
});
export type StaffNeedConditions = z.infer<typeof staffNeedConditionsSchema>;

export const staffNeedSearchRequestSchema = listRequestSchema(staffNeedConditionsSchema);

const needCategorySchema = z.enum(NEED_CATEGORY_CODES);

export const staffNeedListItemSchema = z.object({
  ca_unique_code: z.string(),
  company_unique_code: z.string(),
  company_name: z.string(),
  bb_id: z.nullable(z.int()),
  bb_name: z.nullable(z.string()),
  need_title: z.string(),
  need_category: needCategorySchema,
  need_reach: z.enum(NEED_REACHES),
  need_visibility: z.number(),
  need_publish_status: z.enum(NEED_PUBLISH_STATUSES),
  need_period_start: z.string(),
  need_period_end: z.nullable(z.string()),
  /** Deal requests the need received, open or closed. */
  need_deal_count: z.int(),
  need_created_at: z.string(),
  need_updated_at: z.string(),
});
export type StaffNeedListItem = z.infer<typeof staffNeedListItemSchema>;

export const searchStaffNeedsCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'POST',
  path: '/api/v1/admin/company/needs/search',
  body: staffNeedSearchRequestSchema,
  result: listResultSchema(staffNeedListItemSchema),
  access: 'bank',
  reads: true,
  summary: 'ニーズ一覧（行員）',
  description:
    '金融機関の企業のニーズ（非公開のものも）を、キーワード（ニーズ名・本文・企業名の一部）・カテゴリ・公開状況・公開範囲・お取引店・企業（company: company_unique_code）で絞り込み、登録の新しい順に返します。支店の行員（支店管理者・支店ユーザー）には担当支店の企業のニーズだけを返します。',
});

export const STAFF_NEED_EXPORT_PATH = '/api/v1/admin/company/needs/export.csv';

/** The address of the needs' CSV file of a search (undefined and empty values left out). */
export function staffNeedExportUrl(conditions: StaffNeedConditions): string {
  return withQuery(STAFF_NEED_EXPORT_PATH, conditions);
}

export const staffNeedParamsSchema = z.object({ ca_unique_code: codeSchema });

/** A deal request on the need, as the need's page lists them. */
export const staffNeedDealSchema = z.object({
  cmh_unique_code: z.string(),
  cmh_request_type: z.string(),
  cmh_status: z.enum(DEAL_STATUSES),
  sender_company_name: z.string(),
  sender_bank_code: z.string(),
  sender_bank_name: z.string(),
  sender_is_own_bank: z.boolean(),
  cmh_created_at: z.string(),
  cmh_updated_at: z.string(),
});

export const staffNeedDetailSchema = z.extend(staffNeedListItemSchema, {
  need_industry_codes: z.array(z.string()),
  need_area_codes: z.array(z.string()),
  need_body: z.string(),
  need_image_count: z.int(),
  /** The deal requests the need received, newest first. */
  deals: z.array(staffNeedDealSchema),
});
export type StaffNeedDetail = z.infer<typeof staffNeedDetailSchema>;

export const getStaffNeedCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/admin/company/needs/:ca_unique_code',
  params: staffNeedParamsSchema,
  result: staffNeedDetailSchema,
  access: 'bank',
  summary: 'ニーズの詳細（行員）',
  description:
    '金融機関の企業のニーズ1件と、それが受けた商談依頼を返します。ほかの金融機関のニーズ、支店の行員には担当支店以外の企業のニーズは 404 です。',
});

// ---------------------------------------------------------------------------------------------
// The deals: POST /api/v1/admin/company/matching/search, GET …/export.csv, GET …/:cmh_unique_code

export const STAFF_DEAL_COLUMNS = [
  'need_title',
  'sender_company_name',
  'sender_bank_name',
  'receiver_company_name',
  'receiver_bank_name',
  'cmh_request_type',
  'cmh_status',
  'message_count',
  'cmh_created_at',
  'cmh_updated_at',
] as const;
export type StaffDealColumn = (typeof STAFF_DEAL_COLUMNS)[number];
export const STAFF_DEAL_COLUMN_LABELS: Record<StaffDealColumn, string> = {
  need_title: 'ニーズ名',
  sender_company_name: '依頼元の企業',
  sender_bank_name: '依頼元の金融機関',
  receiver_company_name: '依頼先の企業',
  receiver_bank_name: '依頼先の金融機関',
  cmh_request_type: '依頼内容',
  cmh_status: '状況',
  message_count: 'メッセージ数',
  cmh_created_at: '依頼日',
  cmh_updated_at: '更新日',
};

/** The deals' search. */
export const staffDealConditionsSchema = z.object({
  /** In the need's title (as the deal kept it) or either company's name (a part of it). */
  keyword,
  status: z.optional(z.enum(DEAL_STATUSES)),
  /** A cmh_request_types code. */
  request_type: z.optional(z.string().check(z.regex(/^[a-z0-9_]{1,40}$/, VALIDATION_MESSAGES.invalidFormat))),
  /** Requested from this day (in Japan) on. */
  created_from: z.optional(day),
  /** Requested on or before this day (in Japan). */
  created_to: z.optional(day),
  /** Sent by the bank's company, or received by it; both when left out. */
  side: z.optional(z.enum(STAFF_DEAL_SIDES)),
  /** The branch of the bank's company that is a party. */
  bb_id: branchId,
  /** The bank's company that is a party. */
  company: companyCode,
});
export type StaffDealConditions = z.infer<typeof staffDealConditionsSchema>;

export const staffDealSearchRequestSchema = listRequestSchema(staffDealConditionsSchema);

export const staffDealListItemSchema = z.object({
  cmh_unique_code: z.string(),
  cmh_request_type: z.string(),
  cmh_status: z.enum(DEAL_STATUSES),
  ca_unique_code: z.string(),
  need_title: z.string(),
  need_category: needCategorySchema,
  // Each party: its code and public name (as the deal kept them), its bank, whether it is of the
  // reader's bank (its page /admin/company/detail/{code} then opens) and then its branch.
  sender_company_unique_code: z.string(),
  sender_company_name: z.string(),
  sender_bank_code: z.string(),
  sender_bank_name: z.string(),
  sender_is_own_bank: z.boolean(),
  sender_bb_name: z.nullable(z.string()),
  receiver_company_unique_code: z.string(),
  receiver_company_name: z.string(),
  receiver_bank_code: z.string(),
  receiver_bank_name: z.string(),
  receiver_is_own_bank: z.boolean(),
  receiver_bb_name: z.nullable(z.string()),
  message_count: z.int(),
  cmh_created_at: z.string(),
  cmh_updated_at: z.string(),
});
export type StaffDealListItem = z.infer<typeof staffDealListItemSchema>;

export const searchStaffDealsCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'POST',
  path: '/api/v1/admin/company/matching/search',
  body: staffDealSearchRequestSchema,
  result: listResultSchema(staffDealListItemSchema),
  access: 'bank',
  reads: true,
  summary: '商談一覧（行員）',
  description:
    '金融機関の企業が依頼した・受けた商談依頼（相手がほかの金融機関の企業のものも）を、キーワード（ニーズ名・企業名の一部）・状況・依頼内容・依頼日・当行の企業の側・お取引店・当行の企業（company: company_unique_code）で絞り込み、更新の新しい順に返します。支店の行員には、当行側の企業が担当支店の企業である商談だけを返します。',
});

export const STAFF_DEAL_EXPORT_PATH = '/api/v1/admin/company/matching/export.csv';

/** The address of the deals' CSV file of a search (undefined and empty values left out). */
export function staffDealExportUrl(conditions: StaffDealConditions): string {
  return withQuery(STAFF_DEAL_EXPORT_PATH, conditions);
}

export const staffDealParamsSchema = z.object({ cmh_unique_code: codeSchema });

export const staffDealMessageSchema = z.object({
  message_side: z.enum(DEAL_SIDES),
  message_kind: z.enum(DEAL_MESSAGE_KINDS),
  message_body: z.string(),
  /** Who wrote it, for a side of the reader's bank only; null for the other bank's side. */
  message_user_name: z.nullable(z.string()),
  message_created_at: z.string(),
});
export type StaffDealMessage = z.infer<typeof staffDealMessageSchema>;

export const staffDealDetailSchema = z.extend(staffDealListItemSchema, {
  messages: z.array(staffDealMessageSchema),
});
export type StaffDealDetail = z.infer<typeof staffDealDetailSchema>;

export const getStaffDealCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/admin/company/matching/:cmh_unique_code',
  params: staffDealParamsSchema,
  result: staffDealDetailSchema,
  access: 'bank',
  summary: '商談の詳細（行員）',
  description:
    '金融機関の企業が当事者の商談1件を、メッセージとともに返します（ほかの金融機関の側のメッセージは書いた利用者の名前なし）。当事者でない金融機関、支店の行員には担当支店の企業が当事者でない商談は 404 です。',
});

// ---------------------------------------------------------------------------------------------
// The analysis: GET /api/v1/admin/xba/analyse?from=YYYY-MM&to=YYYY-MM

/** What the analysis counts, each per month, category and branch. */
export const ANALYSIS_SERIES = [
  'need_created',
  'deal_requested',
  'deal_accepted',
  'deal_contracted',
] as const;
export type AnalysisSeries = (typeof ANALYSIS_SERIES)[number];
export const ANALYSIS_SERIES_LABELS: Record<AnalysisSeries, string> = {
  need_created: 'ニーズ登録',
  deal_requested: '商談依頼',
  deal_accepted: '商談開始',
  deal_contracted: '成約',
};
/**
 * The analyse_action master's code (category matching) of a series where it has one: the page
 * names the series with the master's word, so a bank that renames it sees its own.
 */
export const ANALYSIS_SERIES_ACTIONS: Partial<Record<AnalysisSeries, string>> = {
  deal_requested: 'deal_request',
  deal_contracted: 'deal_contract',
};

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
const month = z.string().check(z.regex(MONTH_PATTERN, STAFF_MATCHING_MESSAGES.monthFormat));

/** A month YYYY-MM as a count of months (for arithmetic). */
function monthIndex(value: string): number {
  return Number(value.slice(0, 4)) * 12 + Number(value.slice(5, 7)) - 1;
}
function monthOfIndex(index: number): string {
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}
/** `value` moved by `months` (negative: back). */
export function addMonths(value: string, months: number): string {
  return monthOfIndex(monthIndex(value) + months);
}
/** The months from `from` to `to`, both included, in order. */
export function monthsBetween(from: string, to: string): string[] {
  const first = monthIndex(from);
  const last = monthIndex(to);
  return Array.from({ length: Math.max(last - first + 1, 0) }, (_, index) => monthOfIndex(first + index));
}

export const matchingAnalysisQuerySchema = z.object({ from: z.optional(month), to: z.optional(month) }).check(
  z.superRefine((value, context) => {
    if (value.from === undefined || value.to === undefined) return;
    if (!MONTH_PATTERN.test(value.from) || !MONTH_PATTERN.test(value.to)) return;
    const span = monthIndex(value.to) - monthIndex(value.from) + 1;
    if (span < 1)
      context.addIssue({
        code: 'custom',
        message: STAFF_MATCHING_MESSAGES.periodReversed,
        path: ['to'],
        input: value.to,
      });
    else if (span > ANALYSIS_MAX_MONTHS)
      context.addIssue({
        code: 'custom',
        message: STAFF_MATCHING_MESSAGES.periodTooLong,
        path: ['to'],
        input: value.to,
      });
  }),
);
export type MatchingAnalysisQuery = z.output<typeof matchingAnalysisQuerySchema>;

/**
 * The period a query asks for, `thisMonth` (YYYY-MM in Japan) filling what it leaves out: twelve
 * months ending with `to`, or starting with `from`; neither: the twelve ending this month.
 */
export function analysisPeriodOf(
  query: MatchingAnalysisQuery,
  thisMonth: string,
): { from: string; to: string } {
  const back = ANALYSIS_DEFAULT_MONTHS - 1;
  if (query.from !== undefined && query.to !== undefined) return { from: query.from, to: query.to };
  if (query.from !== undefined) return { from: query.from, to: addMonths(query.from, back) };
  const to = query.to ?? thisMonth;
  return { from: addMonths(to, -back), to };
}

const figuresShape = {
  need_created: z.int(),
  deal_requested: z.int(),
  deal_accepted: z.int(),
  deal_contracted: z.int(),
};
export const analysisFiguresSchema = z.object(figuresShape);
export type AnalysisFigures = z.infer<typeof analysisFiguresSchema>;

export const matchingAnalysisSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every month of the period, in order (none left out: a month with nothing is all 0). */
  months: z.array(z.extend(analysisFiguresSchema, { month: z.string() })),
  /** Every need category, in the pages' order. */
  categories: z.array(z.extend(analysisFiguresSchema, { need_category: needCategorySchema })),
  /**
   * The bank's branches the reader may see, in the branch master's order. A deal counts for the
   * branch of each party of the bank (a deal between two of the bank's branches counts for both).
   */
  branches: z.array(
    z.extend(analysisFiguresSchema, { bb_id: z.nullable(z.int()), bb_name: z.nullable(z.string()) }),
  ),
  /** The bank's figures over the period (each deal once). */
  totals: analysisFiguresSchema,
});
export type MatchingAnalysis = z.infer<typeof matchingAnalysisSchema>;

export const getMatchingAnalysisCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/admin/xba/analyse',
  query: matchingAnalysisQuerySchema,
  result: matchingAnalysisSchema,
  access: 'bank',
  summary: 'マッチング分析',
  description: `金融機関の企業のニーズ登録・商談依頼（当行の企業が依頼した・受けたもの）・商談開始・成約の件数を、月別・カテゴリ別・お取引店別に返します。from・to は YYYY-MM（${ANALYSIS_MAX_MONTHS}か月以内、既定は今月までの${ANALYSIS_DEFAULT_MONTHS}か月）。日付は日本時間で数えます。支店の行員には担当支店の企業の分だけを返します。`,
});

// ---------------------------------------------------------------------------------------------

/** `path?name=value…` of the values given (undefined and empty left out). */
function withQuery(path: string, values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The CSV file's name on the Japan day `day` (YYYY-MM-DD): `{base}-YYYYMMDD.csv`. */
export function staffMatchingExportFileName(base: 'needs' | 'deals', day: string): string {
  return `${base}-${day.replaceAll('-', '')}.csv`;
}

/** How the CSV file and the table say a need's settings. */
export const STAFF_NEED_LABELS = {
  reach: NEED_REACH_LABELS,
  visibility: NEED_VISIBILITY_LABELS,
  publishStatus: NEED_PUBLISH_STATUS_LABELS,
} as const;
