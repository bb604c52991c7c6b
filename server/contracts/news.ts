// zod/mini: the company pages and the admin forms parse and validate with these (see theme-tokens.ts).
import * as z from 'zod/mini';
import type { BankUserType, CompanyTypeCode } from './account-types.ts';
import { defineCall, defineFileCall } from './call.ts';
import { listResultSchema } from './paging.ts';
import { MESSAGES } from './messages.ts';
import type { RouteRuleId } from './route-access.ts';
export {
  ARTICLE_KINDS,
  type ArticleKind,
  articleIdParamsSchema,
  type CompanyArticleDetail,
  type CompanyArticleListItem,
  type CompanyArticleSearchQuery,
  companyArticleConditionsSchema,
  companyArticleDetailSchema,
  companyArticleListItemSchema,
  companyArticleListSchema,
  companyArticleSearchQuerySchema,
  FILE_KINDS,
  FILES_PATH,
  type FileKind,
  NEWS_FETCH_FAILED_MESSAGE,
  publicNewsDetailCall,
  publicNewsSearchCall,
  publicNewsSearchQuerySchema,
  SEMINAR_STATUSES,
  type SeminarStatus,
  type UploadedFile,
  uploadedFileSchema,
} from './news-public.ts';
import {
  type ArticleKind,
  articleIdParamsSchema,
  companyArticleDetailSchema,
  companyArticleListSchema,
  companyArticleListItemSchema,
  companyArticleSearchQuerySchema,
  FILES_PATH,
  type FileKind,
  SEMINAR_STATUSES,
} from './news-public.ts';

/**
 * The news domain: what a bank publishes to its companies. Four kinds share one shape (an
 * "article": title, rich-text body, category, visibility, publication period, target, files):
 * - news (/admin/news → /mypage/news, the public /news),
 * - columns, seminars and partner information (/admin/xba/... → /mypage/column, /mypage/seminar,
 *   /mypage/pi), seminars adding a date, place, capacity and application deadline.
 * The partner-bank list (/mypage/babank) belongs to the domain too.
 *
 * One schema per call, shared by the server's routes and the client's pages and forms. This module
 * holds the kinds' words and rules and the company side; the kinds themselves, a reader's view of
 * an item and the public news are news-public.ts (re-exported here), the staff's side news-staff.ts.
 */

export const ARTICLE_KIND_LABELS: Record<ArticleKind, string> = {
  news: 'ニュース',
  column: 'コラム',
  seminar: 'セミナー',
  partner_information: 'パートナー情報',
};

/** The API path segment of each kind, company side (`/api/v1/{segment}`) and staff side (`/api/v1/admin/{segment}`). */
export const ARTICLE_API_SEGMENTS: Record<ArticleKind, string> = {
  news: 'news',
  column: 'column',
  seminar: 'seminar',
  partner_information: 'pi',
};

// ---------------------------------------------------------------------------------------------
// Limits and codes

export const ARTICLE_TITLE_MAX_LENGTH = 100;
/** The body is sanitised HTML; the limit counts its characters, markup included. */
export const ARTICLE_BODY_MAX_LENGTH = 20000;
export const ARTICLE_PROVIDER_NAME_MAX_LENGTH = 100;
export const SEMINAR_PLACE_MAX_LENGTH = 200;
export const SEMINAR_CAPACITY_MAX = 100000;
export const KEYWORD_MAX_LENGTH = 100;
/** How many items the dashboard's "recent" blocks show (GET /api/v1/news/recent and the others). */
export const RECENT_ARTICLES_COUNT = 5;

/** Visibility (spec section 9): 1 public, 0 private. A private item is seen by the bank's staff only. */
export const VISIBILITY = { public: 1, private: 0 } as const;
export type Visibility = (typeof VISIBILITY)[keyof typeof VISIBILITY];
export const VISIBILITY_LABELS: Record<Visibility, string> = { 1: '公開', 0: '非公開' };

/**
 * The news_categories that belong to news only (お知らせ, 重要なお知らせ, 新機能, メンテナンス,
 * 銀行からのお知らせ): columns, seminars and partner information neither offer nor accept them.
 */
export const NEWS_ONLY_CATEGORY_CODES: readonly string[] = [
  'notice',
  'important',
  'new_feature',
  'maintenance',
  'bank',
];
/** Whether an item of `kind` may carry the category `code` (that the master holds it is checked apart). */
export function categoryFitsKind(kind: ArticleKind, code: string): boolean {
  return kind === 'news' || !NEWS_ONLY_CATEGORY_CODES.includes(code);
}
/** The master's categories a kind's pages offer (its form's select and its list's filter). */
export function categoriesOfKind<T extends { code: string }>(
  kind: ArticleKind,
  categories: readonly T[],
): T[] {
  return categories.filter((category) => categoryFitsKind(kind, category.code));
}

/** Which companies an item is for (admin spec section 9: partner only or non-partner only). */
export const ARTICLE_TARGETS = ['all', 'partner', 'non_partner'] as const;
export type ArticleTarget = (typeof ARTICLE_TARGETS)[number];
export const ARTICLE_TARGET_LABELS: Record<ArticleTarget, string> = {
  all: 'すべての企業',
  partner: 'パートナー企業のみ',
  non_partner: 'パートナー企業以外',
};
/** The target a company of this type falls under (normal and BA portal companies are non-partners). */
export function targetOfCompanyType(companyType: CompanyTypeCode): Exclude<ArticleTarget, 'all'> {
  return companyType === 'partner' ? 'partner' : 'non_partner';
}

/**
 * Where an item came from (admin spec section 9's bank filter: all, own 1, other 0): written by the
 * bank's own staff, or provided to the bank by the portal's operator (the provider is named on it).
 * Provided items are edited only by system_admin.
 */
export const BANK_FILTERS = ['all', 'own', 'other'] as const;
export type BankFilter = (typeof BANK_FILTERS)[number];
export const BANK_FILTER_LABELS: Record<BankFilter, string> = {
  all: 'すべて',
  own: '自行',
  other: '他行・運営',
};

/**
 * An item's publication status, worked out from its visibility and period on the day (in Japan):
 * private → 非公開; public before its start → 公開前; within the period → 公開中; after its end → 公開終了.
 */
export const PUBLICATION_STATUSES = ['private', 'scheduled', 'published', 'ended'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];
export const PUBLICATION_STATUS_LABELS: Record<PublicationStatus, string> = {
  private: '非公開',
  scheduled: '公開前',
  published: '公開中',
  ended: '公開終了',
};

/** Partner information's review status (master list partner_information_statuses, admin spec section 4). */
export const PARTNER_INFORMATION_STATUSES = [
  'REVIEWING',
  'BEFORE_PUBLISHING',
  'PUBLISHING',
  'AFTER_PUBLISHING',
  'DISAPPROVAL',
  'CANCELLED',
] as const;
export type PartnerInformationStatus = (typeof PARTNER_INFORMATION_STATUSES)[number];

/**
 * Staff who only read the news domain's items (list, detail, preview, applicants): they may not
 * create, edit or delete (server/api/news/staff-permissions.ts has the whole rule; the staff pages
 * hide 新規作成 for them with this list).
 */
export const READ_ONLY_STAFF_TYPES = ['branch_user'] as const satisfies readonly BankUserType[];
export function mayCreateArticles(userType: BankUserType): boolean {
  return !(READ_ONLY_STAFF_TYPES as readonly BankUserType[]).includes(userType);
}

// ---------------------------------------------------------------------------------------------
// Files (attachments and images in the body)

/** Upload size constants of spec section 9: attachments up to 10 MB, images up to 5 MB. */
export const FILE_MAX_BYTES: Record<FileKind, number> = { attachment: 10485760, image: 5242880 };
export const ATTACHMENTS_PER_ARTICLE_MAX = 10;
/** Types are told by the file's content, never by its name or the browser's word. */
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const ATTACHMENT_CONTENT_TYPES = [
  'application/pdf',
  ...IMAGE_CONTENT_TYPES,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;
export const FILE_CONTENT_TYPES: Record<FileKind, readonly string[]> = {
  attachment: ATTACHMENT_CONTENT_TYPES,
  image: IMAGE_CONTENT_TYPES,
};
export const FILE_NAME_MAX_LENGTH = 255;
export function fileTooLargeMessage(kind: FileKind): string {
  return `ファイルサイズは${FILE_MAX_BYTES[kind] / 1048576}MB以内にしてください`;
}
export const FILE_TYPE_REFUSED_MESSAGE = 'このファイル形式はアップロードできません';
export const FILE_MISSING_MESSAGE = 'ファイルを選択してください';
export const TOO_MANY_ATTACHMENTS_MESSAGE = `添付ファイルは${ATTACHMENTS_PER_ARTICLE_MAX}件までです`;
/** An attachment code the staff's form sent that is not an upload of this bank. */
export const UNKNOWN_FILE_MESSAGE = 'ファイルが見つかりません。もう一度アップロードしてください';

/**
 * GET FILES_PATH/{file_unique_code}: a file's bytes, for whoever may see its item. Its upload, the
 * staff's, is uploadArticleFileCall (news-files.ts).
 */
export const articleFileCall = /* @__PURE__ */ defineFileCall({
  domain: 'news',
  method: 'GET',
  path: `${FILES_PATH}/:file_unique_code`,
  params: z.object({ file_unique_code: z.string() }),
  access: 'public',
  answers: 'file',
  summary: 'ファイルの取得',
  description:
    'アップロードされたファイルの中身を返します。金融機関の職員はその金融機関のすべてのファイルを、企業ユーザーは開くことのできる記事（公開中・対象が合うもので、その種類の閲覧権限 company_news_read などがあるもの）のファイルを、だれでもログインなしで見られるニュースのファイルを読めます。それ以外は、ファイルがあるかどうかを伝えないよう、すべて 404 です。添付ファイルはダウンロード（attachment）、画像はそのまま表示（inline）されます。',
});

// ---------------------------------------------------------------------------------------------
// Messages

export const ARTICLE_SAVED_MESSAGE = MESSAGES.saved;
export const ARTICLE_DELETED_MESSAGE = '削除しました';
export const PUBLISH_END_BEFORE_START_MESSAGE = '公開終了日は公開開始日以降の日付を入力してください';
export const DEADLINE_AFTER_SEMINAR_MESSAGE = '申込期限は開催日以前の日付を入力してください';
export const SEMINAR_APPLIED_MESSAGE = 'セミナーに申し込みました';
export const SEMINAR_FULL_MESSAGE = '定員に達したため、お申し込みいただけません';
export const SEMINAR_CLOSED_MESSAGE = '申込受付期間外のため、お申し込みいただけません';
export const SEMINAR_ALREADY_APPLIED_MESSAGE = 'このセミナーにはすでにお申し込み済みです';
/** DELETE /api/v1/seminar/{id}/apply: an application withdrawn before the deadline. */
export const SEMINAR_APPLICATION_WITHDRAWN_MESSAGE = 'セミナーのお申し込みを取り消しました';
export const SEMINAR_NOT_APPLIED_MESSAGE = 'このセミナーにはお申し込みいただいていません';
export const SEMINAR_WITHDRAWAL_CLOSED_MESSAGE = '申込期限を過ぎたため、お申し込みを取り消せません';
/** An edit may not lower a seminar's capacity below the applications it already holds. */
export function seminarCapacityBelowAppliedMessage(appliedCount: number): string {
  return `申込済みの人数（${appliedCount}名）より少ない定員は設定できません`;
}
/** A provided item (bank filter "other") that only system_admin may change. */
export const PROVIDED_ARTICLE_LOCKED_MESSAGE = '運営から提供された記事は変更できません';

// ---------------------------------------------------------------------------------------------
// The company side: GET /api/v1/{segment}/search, /api/v1/{segment}/{id}, /api/v1/news/recent

export const recentArticlesSchema = z.object({ list: z.array(companyArticleListItemSchema) });

/**
 * What applying to a seminar (POST /api/v1/seminar/{id}/apply) and withdrawing (DELETE) answer:
 * the seminar as it stands after the change, so the page updates without reading it again.
 */
export const seminarApplicationResultSchema = z.object({
  seminar_applied: z.boolean(),
  seminar_capacity: z.int(),
  seminar_remaining: z.int(),
  seminar_status: z.enum(SEMINAR_STATUSES),
});
export type SeminarApplicationResult = z.infer<typeof seminarApplicationResultSchema>;

// ---------------------------------------------------------------------------------------------
// Partner banks (/mypage/babank): GET /api/v1/babank/search

export const partnerBankSchema = z.object({
  babank_id: z.int(),
  babank_code: z.string(),
  babank_name: z.string(),
  babank_description: z.nullable(z.string()),
  babank_url: z.nullable(z.string()),
});
export type PartnerBank = z.infer<typeof partnerBankSchema>;
export const partnerBankListSchema = listResultSchema(partnerBankSchema);
/** GET with rows and page as query parameters, as the article lists take them. */
export const partnerBankSearchQuerySchema = z.pick(companyArticleSearchQuerySchema, {
  rows: true,
  page: true,
});

// ---------------------------------------------------------------------------------------------
// The calls (decision 0067): one definition each, served by server/api/news/ and fetched by the
// pages. Each kind has the same calls under its own path segment. The staff's calls are in
// news-staff.ts (a company page loads none of them); their create and edit, whose bodies are the
// form's rules, in news-form.ts.

/** One value per kind, made by `make` (the kinds' calls differ only in their path and words). */
export function byKind<T>(make: (kind: ArticleKind) => T): { [K in ArticleKind]: T } {
  return {
    news: make('news'),
    column: make('column'),
    seminar: make('seminar'),
    partner_information: make('partner_information'),
  };
}

/**
 * The page rule each kind's company calls share with its pages (the permission of its menu entry).
 * Partner information has no permission of its own: any logged-in company user may read it.
 */
const COMPANY_KIND_RULES: Record<ArticleKind, RouteRuleId | undefined> = {
  news: 'news',
  column: 'column',
  seminar: 'seminar',
  partner_information: undefined,
};

/** /api/v1/{segment}: a company user's list, recent block and detail of one kind. */
export const companyArticleCalls = /* @__PURE__ */ byKind((kind) => {
  const base = `/api/v1/${ARTICLE_API_SEGMENTS[kind]}` as const;
  const label = ARTICLE_KIND_LABELS[kind];
  const rule = COMPANY_KIND_RULES[kind];
  const seminar = kind === 'seminar';
  return {
    search: defineCall({
      domain: 'news',
      method: 'GET',
      path: `${base}/search`,
      query: companyArticleSearchQuerySchema,
      result: companyArticleListSchema,
      access: 'company',
      rule,
      summary: `${label}の一覧（企業）`,
      description: seminar
        ? '公開中のセミナーを、開催前のもの（upcoming、既定）は開催日の近い順に、upcoming=false ならすべてを開催日の新しい順に返します。各行に既読（is_read）を付けます。'
        : `公開中の${label}を公開開始日の新しい順に返します。各行に既読（is_read）を付け、only_unread=true なら未読だけを返します（total_rows が未読件数）。`,
    }),
    recent: defineCall({
      domain: 'news',
      method: 'GET',
      path: `${base}/recent`,
      result: recentArticlesSchema,
      access: 'company',
      rule,
      summary: `最新の${label}（ダッシュボード）`,
      description: seminar
        ? `これから開催されるセミナーを開催日の近い順に${RECENT_ARTICLES_COUNT}件まで返します。`
        : `公開中の${label}を新しい順に${RECENT_ARTICLES_COUNT}件まで返します。`,
    }),
    detail: defineCall({
      domain: 'news',
      method: 'GET',
      path: `${base}/:id`,
      params: articleIdParamsSchema,
      result: companyArticleDetailSchema,
      access: 'company',
      rule,
      summary: `${label}の詳細（企業）`,
      description: `${label}の本文と添付ファイルを返し、このユーザーの既読にします。見られない記事（他行・非公開・公開期間外・対象外）は 404 です。${seminar ? '定員・残席・申込期限・申込済みかどうかと状態も返します。' : ''}`,
    }),
  };
});

/** Applying to a seminar and withdrawing: the same path, the same answer (the seminar after it). */
export const applyToSeminarCall = /* @__PURE__ */ defineCall({
  domain: 'news',
  method: 'POST',
  path: '/api/v1/seminar/:id/apply',
  params: articleIdParamsSchema,
  result: seminarApplicationResultSchema,
  access: 'company',
  rule: 'seminar',
  summary: 'セミナーへの申込み',
  description:
    '受付中のセミナーに申し込みます。満席・受付期間外（中止・申込期限後・開催後）・申込済みは 422 で、申込みは記録されません。定員を超えて受け付けることはありません。',
});
export const withdrawFromSeminarCall = /* @__PURE__ */ defineCall({
  ...applyToSeminarCall,
  method: 'DELETE',
  summary: 'セミナーの申込み取消し',
  description:
    '申込期限まで（開催前）なら自分の申込みを取り消し、席を戻します。申し込んでいない・期限後は 422 です。',
});

/** /api/v1/babank/search: the partner banks (提携金融機関) of /mypage/babank. */
export const partnerBankSearchCall = /* @__PURE__ */ defineCall({
  domain: 'news',
  method: 'GET',
  path: '/api/v1/babank/search',
  query: partnerBankSearchQuerySchema,
  result: partnerBankListSchema,
  access: 'company',
  rule: 'babank',
  summary: '提携金融機関の一覧',
  description: '金融機関が提携している金融機関を、金融機関の定めた順に返します。',
});
