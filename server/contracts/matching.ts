// zod/mini: the matching pages validate their forms with these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { type CallUpload, callPath, defineCall, defineFileCall } from './call.ts';
import { japanDateString } from './japan-day.ts';
import { MESSAGES } from './messages.ts';
import { FILE_MISSING_MESSAGE, FILE_TYPE_REFUSED_MESSAGE, IMAGE_CONTENT_TYPES } from './news.ts';
import { NEED_CATEGORY_CODES } from './need-categories.ts';
import { listQuery, pagedAnswer } from './paging.ts';
import { parseDateValue, validationRules } from './validation.ts';

/**
 * Business matching (issue 17, decision 0092): a company's needs (ca, "company ads": what it wants
 * to sell, buy, rent, lease or have built), the search over the needs of the bank's companies and,
 * nationwide, of every bank of the matching network, and the need pages others read.
 *
 * - A company writes its needs at /mypage/mybusiness/needs (company_matching_write): title,
 *   category, business classifications (JSIC 中分類), areas (prefectures; none: anywhere), body,
 *   images, period, visibility (1 public, 0 private) and reach (the bank's companies, or
 *   nationwide when the bank takes part in the network: tenant file nationwide_matching).
 * - A public need is published from its first day to its last (Japan's calendar).
 * - Others find it at /mypage/matching/search (keyword, category, classification, area, bank,
 *   newest or relevance) and read it at search/detail/{ca_unique_code}; a company never finds its
 *   own needs. A need of another bank is read through the nationwide projection only: its public
 *   fields, the company's public name and prefecture, and its bank's name.
 */

// ---------------------------------------------------------------------------------------------
// Limits, codes and messages

export const NEED_TITLE_MAX_LENGTH = 100;
export const NEED_BODY_MAX_LENGTH = 4000;
/** Classifications one need names: enough for a diversified small company, few enough to mean something. */
export const NEED_INDUSTRY_CODES_MAX = 5;
/** Every prefecture may be named. */
export const NEED_AREA_CODES_MAX = 47;
/** How many needs one company keeps (decision 0092): a catalogue, not a feed. */
export const NEEDS_PER_COMPANY_MAX = 100;
export const NEED_IMAGES_MAX = 4;
export const NEED_IMAGE_MAX_BYTES = 2097152;
export const NEED_IMAGE_FILE_FIELD = 'file';
/** Told by the file's content, never by its name or the browser's word. */
export const NEED_IMAGE_CONTENT_TYPES = IMAGE_CONTENT_TYPES;

/** A search keyword: words of two characters or more (after NFKC), at most five, AND-ed. */
export const KEYWORD_MIN_LENGTH = 2;
export const KEYWORD_MAX_WORDS = 5;
export const KEYWORD_MAX_LENGTH = 100;

export const NEED_VISIBILITIES = [1, 0] as const;
export const NEED_VISIBILITY_LABELS = { 1: '公開', 0: '非公開' } as const;
export const NEED_REACHES = ['bank', 'nationwide'] as const;
export type NeedReach = (typeof NEED_REACHES)[number];
export const NEED_REACH_LABELS: Record<NeedReach, string> = {
  bank: '当行のお取引先企業のみ',
  nationwide: '全国（ビジネスマッチングに参加する全金融機関）',
};

/** Where a need's days stand on a day: private needs are never published. */
export const NEED_PUBLISH_STATUSES = [
  'PRIVATE',
  'BEFORE_PUBLISHING',
  'PUBLISHING',
  'AFTER_PUBLISHING',
] as const;
export type NeedPublishStatus = (typeof NEED_PUBLISH_STATUSES)[number];
export const NEED_PUBLISH_STATUS_LABELS: Record<NeedPublishStatus, string> = {
  PRIVATE: '非公開',
  BEFORE_PUBLISHING: '公開前',
  PUBLISHING: '公開中',
  AFTER_PUBLISHING: '公開終了',
};

/** Which needs a search covers: the bank's own companies', or every need the network shows the company. */
export const SEARCH_SCOPES = ['nationwide', 'own'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];
export const SEARCH_SCOPE_LABELS: Record<SearchScope, string> = {
  nationwide: '全国',
  own: '当行のみ',
};
export const SEARCH_ORDERS = ['newest', 'relevance'] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];
export const SEARCH_ORDER_LABELS: Record<SearchOrder, string> = {
  newest: '新着順',
  relevance: '関連度順',
};

/** Not in the spec's tables: the portal's words for what only the matching pages say. */
export const MATCHING_MESSAGES = {
  saved: MESSAGES.saved,
  deleted: 'ニーズを削除しました',
  invalidChoice: '選択肢の中から選んでください',
  periodEndBeforeStart: '掲載終了日は掲載開始日以降の日付を入力してください',
  tooManyIndustries: `業種は${NEED_INDUSTRY_CODES_MAX}つまで選べます`,
  limitReached: `ニーズは1社につき${NEEDS_PER_COMPANY_MAX}件まで登録できます。不要なニーズを削除してから登録してください。`,
  nationwideUnavailable:
    '全国への公開は、ビジネスマッチングの全国ネットワークに参加している金融機関でのみ選べます',
  keywordTooShort: `キーワードは${KEYWORD_MIN_LENGTH}文字以上で入力してください`,
  keywordTooMany: `キーワードは${KEYWORD_MAX_WORDS}つまで入力できます`,
  searchFailed: 'ニーズの検索に失敗しました',
  imagesFull: `画像は${NEED_IMAGES_MAX}枚まで登録できます`,
  imageDeleted: '画像を削除しました',
  imageMissing: FILE_MISSING_MESSAGE,
  imageTypeRefused: FILE_TYPE_REFUSED_MESSAGE,
  imageTooLarge: `ファイルサイズは${NEED_IMAGE_MAX_BYTES / 1048576}MB以内にしてください`,
} as const;

/** A keyword's words: split at white space (full-width too), each in NFKC and lower case. */
export function keywordWords(keyword: string | undefined): string[] {
  if (keyword === undefined) return [];
  return keyword
    .normalize('NFKC')
    .toLowerCase()
    .split(/\s+/u)
    .filter((word) => word !== '');
}

/**
 * Where a need stands on `today` (YYYY-MM-DD in Japan): a private need is PRIVATE; a public one is
 * published from its first day to its last (no last day: until it is made private or deleted).
 */
export function needPublishStatusOf(
  need: { need_visibility: number; need_period_start: string; need_period_end: string | null },
  today: string,
): NeedPublishStatus {
  if (need.need_visibility !== 1) return 'PRIVATE';
  if (today < need.need_period_start) return 'BEFORE_PUBLISHING';
  if (need.need_period_end !== null && today > need.need_period_end) return 'AFTER_PUBLISHING';
  return 'PUBLISHING';
}

// ---------------------------------------------------------------------------------------------
// The images' paths: their upload and their bytes are calls (uploadNeedImageCall, needImageFileCall)

const CODE_PATTERN = /^[0-9a-zA-Z]{1,32}$/;
const codeSchema = z.string().check(z.regex(CODE_PATTERN));

export const needParamsSchema = z.object({ ca_unique_code: codeSchema });
export const needImageParamsSchema = z.object({ ca_unique_code: codeSchema, file_unique_code: codeSchema });

/** DELETE: takes one image away. */
export const NEED_IMAGE_DELETE_ROUTE = '/api/v1/mybusiness/needs/:ca_unique_code/images/:file_unique_code';

export function needImageDeletePath(caUniqueCode: string, fileUniqueCode: string): string {
  return NEED_IMAGE_DELETE_ROUTE.replace(':ca_unique_code', encodeURIComponent(caUniqueCode)).replace(
    ':file_unique_code',
    encodeURIComponent(fileUniqueCode),
  );
}
/** Where an image's bytes are read (needImageFileCall), for whoever may read the need. */
export function needImageUrl(caUniqueCode: string, fileUniqueCode: string): string {
  return callPath(needImageFileCall, { ca_unique_code: caUniqueCode, file_unique_code: fileUniqueCode });
}

export const needImageSchema = z.object({ file_unique_code: z.string(), file_url: z.string() });
export type NeedImage = z.infer<typeof needImageSchema>;

// ---------------------------------------------------------------------------------------------
// The company's form

const MASTER_CODE_PATTERN = /^[0-9]{2}$/;
const masterCode = z.string().check(z.regex(MASTER_CODE_PATTERN, MATCHING_MESSAGES.invalidChoice));

/** A readable day as the date column keeps it (YYYY-MM-DD in Japan); empty as null. */
function asCalendarDay(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  const date = parseDateValue(value);
  return date === undefined ? null : japanDateString(date);
}

/** A clock at the earliest instant a Date holds: for it no date lies in the past. */
const clockBeforeAnyDate = () => new Date(-8.64e15);

/** Codes sent twice kept once, in code order (as the masters list them). */
const codeList = (max: number, tooMany: string) =>
  z.pipe(
    z.array(masterCode).check(z.maxLength(max, tooMany)),
    z.transform((codes) => [...new Set(codes)].sort()),
  );

/**
 * A need as the company's form holds it and the saves take it. Whether the classifications and
 * areas are in their masters, and whether nationwide may be chosen, are the server's checks.
 */
export function needFieldsSchema(now: () => Date = () => new Date()) {
  const rules = validationRules({ now });
  const anyDay = validationRules({ now: clockBeforeAnyDate });
  return z
    .object({
      need_title: rules.text({ required: true, maxLength: NEED_TITLE_MAX_LENGTH }),
      need_category: z.enum(NEED_CATEGORY_CODES, MATCHING_MESSAGES.invalidChoice),
      need_industry_codes: codeList(NEED_INDUSTRY_CODES_MAX, MATCHING_MESSAGES.tooManyIndustries),
      need_area_codes: codeList(NEED_AREA_CODES_MAX, MATCHING_MESSAGES.invalidChoice),
      need_body: rules.text({ required: true, maxLength: NEED_BODY_MAX_LENGTH, multiline: true }),
      need_period_start: z.pipe(
        anyDay.notPastDate({ required: true }),
        z.transform((value) => asCalendarDay(value) ?? value),
      ),
      need_period_end: z.pipe(rules.notPastDate(), z.transform(asCalendarDay)),
      need_visibility: z.union([z.literal(1), z.literal(0)], MATCHING_MESSAGES.invalidChoice),
      need_reach: z.enum(NEED_REACHES, MATCHING_MESSAGES.invalidChoice),
    })
    .check(
      z.superRefine((value, context) => {
        const end = value.need_period_end;
        if (end !== null && end < value.need_period_start)
          context.addIssue({
            code: 'custom',
            message: MATCHING_MESSAGES.periodEndBeforeStart,
            path: ['need_period_end'],
            input: end,
          });
      }),
    );
}
export type NeedFields = z.output<ReturnType<typeof needFieldsSchema>>;

// ---------------------------------------------------------------------------------------------
// What the calls answer

const needCategorySchema = z.enum(NEED_CATEGORY_CODES);

/** A need as its company reads it. */
export const ownNeedSchema = z.object({
  ca_unique_code: z.string(),
  need_title: z.string(),
  need_category: needCategorySchema,
  need_industry_codes: z.array(z.string()),
  need_area_codes: z.array(z.string()),
  need_body: z.string(),
  need_images: z.array(needImageSchema),
  need_period_start: z.string(),
  need_period_end: z.nullable(z.string()),
  need_visibility: z.number(),
  need_reach: z.enum(NEED_REACHES),
  need_publish_status: z.enum(NEED_PUBLISH_STATUSES),
  /** Deal requests the need received (open or closed). */
  need_deal_count: z.number(),
  need_created_at: z.string(),
  need_updated_at: z.string(),
});
export type OwnNeed = z.infer<typeof ownNeedSchema>;

/**
 * A published need as another company reads it (search results, detail, favourites, company
 * page): the nationwide projection's public fields and no more. The JSON keys are the contract of
 * what crosses banks (tests/api/matching compares them).
 */
export const publishedNeedSchema = z.object({
  ca_unique_code: z.string(),
  need_title: z.string(),
  need_category: needCategorySchema,
  need_industry_codes: z.array(z.string()),
  need_area_codes: z.array(z.string()),
  need_body: z.string(),
  need_images: z.array(needImageSchema),
  need_period_start: z.string(),
  need_period_end: z.nullable(z.string()),
  need_is_nationwide: z.boolean(),
  need_updated_at: z.string(),
  company_unique_code: z.string(),
  company_name: z.string(),
  company_prefecture_code: z.nullable(z.string()),
  bank_code: z.string(),
  bank_name: z.string(),
  /** The need is of a company of the reader's own bank. */
  is_own_bank: z.boolean(),
});
export type PublishedNeed = z.infer<typeof publishedNeedSchema>;

/** The detail page's need: the published need, and where the reader stands with it. */
export const needDetailSchema = z.extend(publishedNeedSchema, {
  is_favorite: z.boolean(),
  /** The reader's company's open deal request on this need, if any. */
  open_cmh_unique_code: z.nullable(z.string()),
});
export type NeedDetail = z.infer<typeof needDetailSchema>;

// ---------------------------------------------------------------------------------------------
// The company's own needs: /mypage/mybusiness/needs (company_matching_write)

const OWN_RULE = 'my_needs' as const;

export const listOwnNeedsCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/mybusiness/needs',
  query: listQuery({}),
  result: pagedAnswer(ownNeedSchema),
  access: 'company',
  member: true,
  rule: OWN_RULE,
  summary: '自社ニーズの一覧',
  description: `自社のニーズを更新の新しい順に返します（非公開・公開前・公開終了のものも）。1社${NEEDS_PER_COMPANY_MAX}件まで。`,
});

export const getOwnNeedCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/mybusiness/needs/:ca_unique_code',
  params: needParamsSchema,
  result: ownNeedSchema,
  access: 'company',
  member: true,
  rule: OWN_RULE,
  summary: '自社ニーズの取得',
  description: 'ほかの企業のニーズは 404 です。',
});

export const createNeedCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'POST',
  path: '/api/v1/mybusiness/needs',
  body: needFieldsSchema(),
  result: ownNeedSchema,
  access: 'company',
  member: true,
  rule: OWN_RULE,
  summary: 'ニーズの登録',
  description:
    '自社のニーズを登録します。業種・地域がマスタにないもの、全国ネットワークに参加していない金融機関での全国公開、1社の上限を超える登録は 422 です。',
});

export const updateNeedCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'PUT',
  path: '/api/v1/mybusiness/needs/:ca_unique_code',
  params: needParamsSchema,
  body: needFieldsSchema(),
  result: ownNeedSchema,
  access: 'company',
  member: true,
  rule: OWN_RULE,
  summary: 'ニーズの保存',
});

export const deleteNeedCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'DELETE',
  path: '/api/v1/mybusiness/needs/:ca_unique_code',
  params: needParamsSchema,
  result: z.object({ ca_unique_code: z.string() }),
  access: 'company',
  member: true,
  rule: OWN_RULE,
  summary: 'ニーズの削除',
  description: 'ニーズを削除します。受けた商談依頼は、依頼時のニーズ名とともに残ります。',
});

// ---------------------------------------------------------------------------------------------
// The search: /mypage/matching/search (the three permissions together) and the need pages

const keywordSchema = z.optional(
  z.string().check(
    z.maxLength(KEYWORD_MAX_LENGTH),
    z.refine((keyword) => keywordWords(keyword).every((word) => word.length >= KEYWORD_MIN_LENGTH), {
      message: MATCHING_MESSAGES.keywordTooShort,
    }),
    z.refine((keyword) => keywordWords(keyword).length <= KEYWORD_MAX_WORDS, {
      message: MATCHING_MESSAGES.keywordTooMany,
    }),
  ),
);
const optionalMasterCode = z.optional(
  z.union([z.literal(''), z.string().check(z.regex(MASTER_CODE_PATTERN, MATCHING_MESSAGES.invalidChoice))]),
);

export const needSearchQuerySchema = listQuery({
  keyword: keywordSchema,
  category: z.optional(z.union([z.literal(''), needCategorySchema])),
  industry_code: optionalMasterCode,
  area_code: optionalMasterCode,
  scope: z._default(z.enum(SEARCH_SCOPES), 'nationwide'),
  /** Default: relevance with a keyword, newest without. */
  order: z.optional(z.enum(SEARCH_ORDERS)),
});
export type NeedSearchQuery = z.output<typeof needSearchQuerySchema>;

export const searchNeedsCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/ca/search',
  query: needSearchQuerySchema,
  result: pagedAnswer(publishedNeedSchema),
  access: 'company',
  member: true,
  rule: 'matching_search',
  summary: 'ニーズ検索',
  description:
    '公開中のニーズを検索します。keyword は2文字以上の語（空白区切り、5語まで、すべてを含むもの）、category・industry_code・area_code（地域を問わないニーズも含む）で絞り込みます。scope=own は当行の企業のニーズのみ、nationwide は全国公開のニーズも含みます。自社のニーズは返しません。',
});

export const getNeedCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/ca/:ca_unique_code',
  params: needParamsSchema,
  result: needDetailSchema,
  access: 'company',
  member: true,
  rule: 'matching_read',
  summary: 'ニーズの詳細',
  description:
    '公開中のニーズ1件を返します。当行の企業のもの、または全国ネットワークで全国公開されたものに限り、非公開・掲載期間外・ほかの金融機関の当行限定のニーズは 404 です。',
});

/** A need's one image file: at most NEED_IMAGE_MAX_BYTES, its type told by its content. */
export const NEED_IMAGE_UPLOAD: CallUpload = {
  field: NEED_IMAGE_FILE_FIELD,
  missingMessage: MATCHING_MESSAGES.imageMissing,
  limits: {
    maxBytes: NEED_IMAGE_MAX_BYTES,
    contentTypes: NEED_IMAGE_CONTENT_TYPES,
    messages: { tooLarge: MATCHING_MESSAGES.imageTooLarge, typeRefused: MATCHING_MESSAGES.imageTypeRefused },
  },
};

export const uploadNeedImageCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'POST',
  path: '/api/v1/mybusiness/needs/:ca_unique_code/images',
  params: needParamsSchema,
  upload: NEED_IMAGE_UPLOAD,
  result: ownNeedSchema,
  access: 'company',
  member: true,
  rule: OWN_RULE,
  summary: 'ニーズの画像の追加',
  description: `自社のニーズに画像（${NEED_IMAGE_MAX_BYTES / 1048576}MBまで: PNG、JPEG、GIF、WebP）を multipart/form-data の \`file\` で1枚加えます（${NEED_IMAGES_MAX}枚まで）。形式はファイルの中身で判定します。`,
});

/**
 * An image's bytes. No rule of its own: the image follows the need's rights, the own need's read
 * call's rule or the published need's (the read asks both: which one lets the asker in depends on
 * the need).
 */
export const needImageFileCall = /* @__PURE__ */ defineFileCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/ca/:ca_unique_code/images/:file_unique_code',
  params: needImageParamsSchema,
  access: 'company',
  answers: 'file',
  summary: 'ニーズの画像の取得',
  description:
    'ニーズの画像を返します（そのまま表示: inline）。ニーズの企業の利用者で自社のニーズを開ける人（company_matching_write）と、公開中のニーズが届く企業（当行の企業、全国公開なら全国ネットワークの企業）の利用者でニーズの詳細を開ける人（company_matching_read）が読めます。それ以外は、画像があるかどうかを伝えないよう、すべて 404 です。',
});

export const deleteNeedImageCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'DELETE',
  path: '/api/v1/mybusiness/needs/:ca_unique_code/images/:file_unique_code',
  params: needImageParamsSchema,
  result: ownNeedSchema,
  access: 'company',
  member: true,
  rule: OWN_RULE,
  summary: 'ニーズの画像の削除',
});

// ---------------------------------------------------------------------------------------------
// Favourites (/mypage/matching/favca) and a company's matching page (/mypage/matching/company/{code})

export const FAVORITE_MESSAGES = {
  added: 'お気に入りに登録しました',
  removed: 'お気に入りから外しました',
  limitReached: 'お気に入りは500件まで登録できます。不要なものを外してから登録してください。',
} as const;
/** How many favourites a user keeps. */
export const FAVORITES_PER_USER_MAX = 500;

export const listFavoriteNeedsCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/favca',
  query: listQuery({}),
  result: pagedAnswer(publishedNeedSchema),
  access: 'company',
  member: true,
  rule: 'matching_read',
  summary: 'お気に入りニーズの一覧',
  description:
    'ログイン中の利用者がお気に入りに登録した、公開中のニーズを登録の新しい順に返します（公開が終わったものは出ません）。',
});

export const addFavoriteNeedCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'POST',
  path: '/api/v1/favca/:ca_unique_code',
  params: needParamsSchema,
  result: z.object({ ca_unique_code: z.string(), is_favorite: z.boolean() }),
  access: 'company',
  member: true,
  rule: 'matching_read',
  summary: 'ニーズをお気に入りに登録',
  description: '読める公開中のニーズに限ります（ほかは 404）。登録済みなら何もしません。',
});

export const removeFavoriteNeedCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'DELETE',
  path: '/api/v1/favca/:ca_unique_code',
  params: needParamsSchema,
  result: z.object({ ca_unique_code: z.string(), is_favorite: z.boolean() }),
  access: 'company',
  member: true,
  rule: 'matching_read',
  summary: 'ニーズをお気に入りから外す',
});

export const companyParamsSchema = z.object({ company_unique_code: codeSchema });

/**
 * A company as another company's matching page shows it: its public name and prefecture, its bank,
 * and — for a company of the reader's own bank only — its business profile and homepage; then its
 * published needs the reader can see.
 */
export const matchingCompanySchema = z.object({
  company_unique_code: z.string(),
  company_name: z.string(),
  company_prefecture_code: z.nullable(z.string()),
  bank_code: z.string(),
  bank_name: z.string(),
  is_own_bank: z.boolean(),
  /** The bank's own companies only (null for another bank's): 事業内容, 製品・サービス, 強み. */
  profile: z.nullable(
    z.object({
      industry_middle_code: z.nullable(z.string()),
      business_description: z.string(),
      business_products: z.string(),
      business_strengths: z.string(),
      business_area_codes: z.array(z.string()),
      employee_count: z.nullable(z.number()),
      established_on: z.nullable(z.string()),
      /** The company's homepage on the portal, when published (/hp/{code}). */
      homepage_path: z.nullable(z.string()),
    }),
  ),
  needs: z.array(publishedNeedSchema),
});
export type MatchingCompany = z.infer<typeof matchingCompanySchema>;

export const getMatchingCompanyCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/matching/company/:company_unique_code',
  params: companyParamsSchema,
  result: matchingCompanySchema,
  access: 'company',
  member: true,
  rule: 'matching_read',
  summary: '企業ページ（ビジネスマッチング）',
  description:
    '当行の企業なら公開プロフィールと公開中のニーズを、全国ネットワークのほかの金融機関の企業なら全国公開中のニーズがある場合に限り、公開名・都道府県・金融機関名とそのニーズを返します。それ以外は 404 です。',
});
