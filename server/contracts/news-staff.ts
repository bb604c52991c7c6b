// zod/mini, as news.ts: the staff's pages and forms parse and validate with these.
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import {
  ARTICLE_API_SEGMENTS,
  ARTICLE_BODY_MAX_LENGTH,
  ARTICLE_KIND_LABELS,
  ARTICLE_KINDS,
  ARTICLE_TARGETS,
  articleIdParamsSchema,
  BANK_FILTERS,
  byKind,
  KEYWORD_MAX_LENGTH,
  PARTNER_INFORMATION_STATUSES,
  PUBLICATION_STATUSES,
  SEMINAR_STATUSES,
  uploadedFileSchema,
} from './news.ts';
import { listRequestSchema, listResultSchema } from './paging.ts';

/**
 * The news domain as the bank's staff work it (/admin/news, /admin/xba/...): their list, detail,
 * preview, delete, the seminar's applicants and the dashboard's blocks. Apart from news.ts (the
 * kinds, the company side and the public news) so that a company page loads none of it; the
 * create and edit, whose bodies are the form's rules, are in news-form.ts.
 */

/**
 * Warnings shown beside a field that do not stop the save (spec section 5): a publication end
 * within 30 days. Answered by the save as `result.warnings` and computed live by the form.
 */
export const articleWarningsSchema = z.record(z.string(), z.array(z.string()));
export type ArticleWarnings = z.infer<typeof articleWarningsSchema>;

// ---------------------------------------------------------------------------------------------
// The staff's list: POST /api/v1/admin/{segment}/search { rows, page, conditions }

export const adminArticleConditionsSchema = z.object({
  keyword: z.optional(z.string().check(z.maxLength(KEYWORD_MAX_LENGTH))),
  category_code: z.optional(z.string().check(z.maxLength(40))),
  status: z.optional(z.enum(PUBLICATION_STATUSES)),
  /** Items whose publication period overlaps [from, to] (YYYY-MM-DD, either may be left out). */
  publish_from: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
  publish_to: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
  target: z.optional(z.enum(['partner', 'non_partner'])),
  bank: z.optional(z.enum(BANK_FILTERS)),
  /**
   * Items whose publication end falls on or before this day (YYYY-MM-DD); items without an end are
   * left out. With status "published" and today + 30 days: what the admin dashboard lists as ending
   * soon (the 30-day warning's items).
   */
  publish_end_to: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
  /** Seminars only: those still to be held (the admin dashboard's next seminars). */
  upcoming: z.optional(z.boolean()),
  /** Partner information only: its review status (審査中 are the items waiting for the bank). */
  pi_status: z.optional(z.enum(PARTNER_INFORMATION_STATUSES)),
});
export type AdminArticleConditions = z.infer<typeof adminArticleConditionsSchema>;
export const adminArticleSearchRequestSchema = listRequestSchema(adminArticleConditionsSchema);

export const adminArticleListItemSchema = z.object({
  article_id: z.int(),
  article_kind: z.enum(ARTICLE_KINDS),
  article_title: z.string(),
  category_code: z.nullable(z.string()),
  category_name: z.nullable(z.string()),
  article_visibility: z.union([z.literal(0), z.literal(1)]),
  article_publish_start: z.string(),
  article_publish_end: z.nullable(z.string()),
  article_target: z.enum(ARTICLE_TARGETS),
  article_is_own_bank: z.boolean(),
  article_provider_name: z.nullable(z.string()),
  publication_status: z.enum(PUBLICATION_STATUSES),
  pi_status: z.nullable(z.enum(PARTNER_INFORMATION_STATUSES)),
  /**
   * The partner company that wrote it itself (/mypage/setting/information; the bank only reviews
   * it); null for an item the bank's staff wrote or the operator provided.
   */
  article_company_name: z.nullable(z.string()),
  seminar_held_at: z.nullable(z.string()),
  seminar_capacity: z.nullable(z.int()),
  seminar_applied_count: z.nullable(z.int()),
  seminar_status: z.nullable(z.enum(SEMINAR_STATUSES)),
  author_name: z.nullable(z.string()),
  /** Whether this staff member may edit and delete it (role rules, README). */
  can_edit: z.boolean(),
  article_updated_at: z.string(),
});
export type AdminArticleListItem = z.infer<typeof adminArticleListItemSchema>;
export const adminArticleListSchema = listResultSchema(adminArticleListItemSchema);

export const adminArticleDetailSchema = z.extend(adminArticleListItemSchema, {
  article_body: z.string(),
  /** Partner information: the reason the bank gave when it disapproved it; null otherwise. */
  pi_review_note: z.nullable(z.string()),
  seminar_place: z.nullable(z.string()),
  seminar_apply_deadline: z.nullable(z.string()),
  seminar_is_cancelled: z.boolean(),
  attachments: z.array(uploadedFileSchema),
});
export type AdminArticleDetail = z.infer<typeof adminArticleDetailSchema>;

/** What a save answers: the item's id and the warnings to show (empty when none). */
export const articleSaveResultSchema = z.object({ article_id: z.int(), warnings: articleWarningsSchema });

/** POST /api/v1/admin/{segment}/preview: the body as companies will see it (sanitised). */
export const articlePreviewRequestSchema = z.object({
  article_body: z.string().check(z.maxLength(ARTICLE_BODY_MAX_LENGTH * 2)),
});
export const articlePreviewResultSchema = z.object({ article_body: z.string() });

/** A seminar's applicants (GET /api/v1/admin/seminar/{id}/applications). */
export const seminarApplicationSchema = z.object({
  company_name: z.string(),
  user_name: z.string(),
  applied_at: z.string(),
});
export const seminarApplicantsSchema = z.object({ list: z.array(seminarApplicationSchema) });

// ---------------------------------------------------------------------------------------------
// The staff's calls

/** How many items of each kind the staff dashboard reads for a block (a block shows five). */
export const STAFF_DASHBOARD_ROWS_PER_KIND = 10;

/**
 * GET /api/v1/admin/article_dashboard: the staff dashboard's three article blocks in one call, each
 * read as the staff's search of each kind reads it (the same visibility): published items of every
 * kind whose publication ends within 30 days, upcoming seminars (soonest first), and the items of
 * every kind updated last.
 */
export const staffArticleDashboardCall = /* @__PURE__ */ defineCall({
  domain: 'news',
  method: 'GET',
  path: '/api/v1/admin/article_dashboard',
  result: z.object({
    ending_soon: z.array(adminArticleListItemSchema),
    upcoming_seminars: z.array(adminArticleListItemSchema),
    recently_updated: z.array(adminArticleListItemSchema),
  }),
  access: 'bank',
  summary: 'ダッシュボードの記事（公開終了が近いもの・開催予定のセミナー・最近の更新）',
  description:
    '各種別（ニュース・コラム・セミナー・パートナー情報）について、行員の一覧と同じ見え方で、公開中で公開終了日が30日以内のもの、開催予定のセミナー（開催日の近い順）、更新日時の新しいものを、種別ごとに10件まで返します。',
});

/** /api/v1/admin/{segment}: the staff's list, preview, detail and delete of one kind. */
export const staffArticleCalls = /* @__PURE__ */ byKind((kind) => {
  const base = `/api/v1/admin/${ARTICLE_API_SEGMENTS[kind]}` as const;
  const label = ARTICLE_KIND_LABELS[kind];
  return {
    search: defineCall({
      domain: 'news',
      method: 'POST',
      reads: true,
      path: `${base}/search`,
      body: adminArticleSearchRequestSchema,
      result: adminArticleListSchema,
      access: 'bank',
      summary: `${label}の一覧（行員）`,
      description: `${label}を更新日時の新しい順に返します。キーワード（タイトル・本文）、カテゴリ、ステータス（非公開・公開前・公開中・公開終了、日本時間の今日で判定）、公開期間（重なり）、対象、自行/他行・運営で絞り込めます。各行の can_edit はこの行員が編集・削除できるかです。`,
    }),
    preview: defineCall({
      domain: 'news',
      method: 'POST',
      reads: true,
      path: `${base}/preview`,
      body: articlePreviewRequestSchema,
      result: articlePreviewResultSchema,
      access: 'bank',
      summary: `${label}本文のプレビュー`,
      description: '本文を保存時と同じ規則で無害化して返します。企業に表示されるのはこの内容です。',
    }),
    detail: defineCall({
      domain: 'news',
      method: 'GET',
      path: `${base}/:id`,
      params: articleIdParamsSchema,
      result: adminArticleDetailSchema,
      access: 'bank',
      summary: `${label}の詳細（行員）`,
      description: `非公開のものも含め、この金融機関の${label}を返します（本文は保存済みの無害化された内容、添付ファイル付き）。`,
    }),
    remove: defineCall({
      domain: 'news',
      method: 'DELETE',
      path: `${base}/:id`,
      params: articleIdParamsSchema,
      result: z.object({ article_id: z.int() }),
      access: 'bank',
      summary: `${label}の削除`,
      description:
        '既読・申込・添付ファイルも一緒に削除します。支店管理者は自分が登録したものだけ、運営提供の記事はシステム管理者だけが削除できます。',
    }),
  };
});

export const seminarApplicantsCall = /* @__PURE__ */ defineCall({
  domain: 'news',
  method: 'GET',
  path: '/api/v1/admin/seminar/:id/applications',
  params: articleIdParamsSchema,
  result: seminarApplicantsSchema,
  access: 'bank',
  summary: 'セミナーの申込者一覧',
  description: '申込んだ企業・ユーザーを申込日時の新しい順に返します。',
});
