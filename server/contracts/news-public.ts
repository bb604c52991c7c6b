// zod/mini, as news.ts (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { listResultSchema } from './paging.ts';

/**
 * What the public news pages (/news, /news/detail/{id}) load of the news domain: the kinds, a
 * reader's view of an item and the two public calls. news.ts, which holds the rest of the company
 * side and re-exports all of this, stays out of a visitor's first visit (1.6 kB gzipped of /news
 * and /news/detail).
 */

export const ARTICLE_KINDS = ['news', 'column', 'seminar', 'partner_information'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

/**
 * A seminar's status (master list seminar_statuses), worked out when asked: cancelled by the staff,
 * held (its date passed), reception closed (deadline passed), full, not yet open (publication not
 * started), or accepting.
 */
export const SEMINAR_STATUSES = [
  'before_reception',
  'accepting',
  'full',
  'reception_closed',
  'finished',
  'cancelled',
] as const;
export type SeminarStatus = (typeof SEMINAR_STATUSES)[number];

export const FILE_KINDS = ['attachment', 'image'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** Where files are read: GET /api/v1/files/{file_unique_code} (the body's images point here too). */
export const FILES_PATH = '/api/v1/files';

export const uploadedFileSchema = z.object({
  file_unique_code: z.string(),
  file_kind: z.enum(FILE_KINDS),
  file_name: z.string(),
  file_content_type: z.string(),
  file_size: z.int(),
  /** Where the browser reads it (FILES_PATH/{code}). */
  file_url: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** Platform spec section 8: any failure to read the news. */
export const NEWS_FETCH_FAILED_MESSAGE = 'ニュースの取得に失敗しました。';

/** An item's id in a path: a positive int4 (anything else can name no item). */
export const articleIdParamsSchema = z.object({
  id: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2147483647)),
});

export const companyArticleConditionsSchema = z.object({
  category_code: z.optional(z.string().check(z.maxLength(40))),
  /** Only items the user has not opened yet: total_rows is the unread count (the news badge). */
  only_unread: z.optional(
    z.pipe(
      z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]),
      z.transform((value) => value === true || value === 'true' || value === '1'),
    ),
  ),
  /** Seminars only: those still to be held (the default on the list) or all of them. */
  upcoming: z.optional(
    z.pipe(
      z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]),
      z.transform((value) => value === true || value === 'true' || value === '1'),
    ),
  ),
});
/** GET with query parameters: rows, page and the conditions flat (as listRequest sends them). */
export const companyArticleSearchQuerySchema = z.extend(
  z.object({
    rows: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(500)), 100),
    page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  }),
  companyArticleConditionsSchema.shape,
);
export type CompanyArticleSearchQuery = z.output<typeof companyArticleSearchQuerySchema>;

export const companyArticleListItemSchema = z.object({
  article_id: z.int(),
  article_kind: z.enum(ARTICLE_KINDS),
  article_title: z.string(),
  category_code: z.nullable(z.string()),
  category_name: z.nullable(z.string()),
  article_publish_start: z.string(),
  article_provider_name: z.nullable(z.string()),
  /** False until this user opens it. Always true for a visitor of the public pages. */
  is_read: z.boolean(),
  seminar_held_at: z.nullable(z.string()),
  seminar_place: z.nullable(z.string()),
  seminar_status: z.nullable(z.enum(SEMINAR_STATUSES)),
  /** Seminars: the capacity and the seats left (the seminar list shows them); null for other kinds. */
  seminar_capacity: z.nullable(z.int()),
  seminar_remaining: z.nullable(z.int()),
});
export type CompanyArticleListItem = z.infer<typeof companyArticleListItemSchema>;
export const companyArticleListSchema = listResultSchema(companyArticleListItemSchema);

export const companyArticleDetailSchema = z.extend(companyArticleListItemSchema, {
  article_body: z.string(),
  article_publish_end: z.nullable(z.string()),
  attachments: z.array(uploadedFileSchema),
  seminar_apply_deadline: z.nullable(z.string()),
  /** Whether this user has applied (seminars). */
  seminar_applied: z.nullable(z.boolean()),
});
export type CompanyArticleDetail = z.infer<typeof companyArticleDetailSchema>;

/** The public news list (GET /api/v1/public/news/search): no reader, so no unread condition. */
export const publicNewsSearchQuerySchema = z.pick(companyArticleSearchQuerySchema, {
  rows: true,
  page: true,
  category_code: true,
});

/** /api/v1/public/news: the bank's public news, without login (/news, /news/detail/{id}). */
export const publicNewsSearchCall = /* @__PURE__ */ defineCall({
  domain: 'news',
  method: 'GET',
  path: '/api/v1/public/news/search',
  query: publicNewsSearchQuerySchema,
  result: companyArticleListSchema,
  access: 'public',
  summary: '公開ニュースの一覧',
  description:
    'ログインなしで見られるニュース（公開中・すべての企業向け）を公開開始日の新しい順に返します。カテゴリで絞り込めます。',
});
export const publicNewsDetailCall = /* @__PURE__ */ defineCall({
  domain: 'news',
  method: 'GET',
  path: '/api/v1/public/news/:id',
  params: articleIdParamsSchema,
  result: companyArticleDetailSchema,
  access: 'public',
  summary: '公開ニュースの詳細',
  description:
    'ログインなしで見られるニュースの本文と添付ファイルを返します。それ以外（他行・非公開・公開期間外・対象を限った記事・ニュース以外）は 404 です。',
});
