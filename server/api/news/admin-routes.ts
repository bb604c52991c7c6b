import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type FieldErrors, success, successEnvelope } from '../../contracts/envelope.ts';
import {
  adminArticleDetailSchema,
  adminArticleListSchema,
  adminArticleSearchRequestSchema,
  ARTICLE_BODY_MAX_LENGTH,
  ARTICLE_DELETED_MESSAGE,
  ARTICLE_KIND_LABELS,
  ARTICLE_SAVED_MESSAGE,
  type ArticleKind,
  articlePreviewRequestSchema,
  articlePreviewResultSchema,
  articleSaveResultSchema,
  type ArticleWarnings,
  type PartnerInformationStatus,
  seminarApplicantsSchema,
  seminarCapacityBelowAppliedMessage,
} from '../../contracts/news.ts';
import {
  type ArticleFields,
  articleFieldsSchema,
  articleSaveRequestSchema,
  clockBeforeAnyDate,
  INVALID_CHOICE_MESSAGE,
  type StoredArticleDates,
} from '../../contracts/news-form.ts';
import { buildPagingData } from '../../contracts/paging.ts';
import { characterCount } from '../../contracts/text-length.ts';
import {
  isEmptyValue,
  japanDateString,
  maxLengthMessage,
  parseDateValue,
  publicationEndWarning,
  VALIDATION_MESSAGES,
} from '../../contracts/validation.ts';
import { specErrorMap } from '../../contracts/zod-error-map.ts';
import type { DbTransaction } from '../../db/database.ts';
import { forbidden, MESSAGES, notFound, unauthorized, unprocessable } from '../../errors.ts';
import { fieldErrorsFromIssues } from '../../plugins/request-validation.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import {
  type ArticleColumns,
  deleteStaffArticle,
  findStaffArticle,
  insertStaffArticle,
  listSeminarApplicants,
  type LockedArticle,
  lockStaffArticle,
  newsCategoryExists,
  searchStaffArticles,
  staffArticleExists,
  type StaffViewer,
  updateStaffArticle,
} from './admin-queries.ts';
import { attachFilesToArticle, deleteStoredFiles, storageKeysOfArticle } from './article-files.ts';
import { articleClockAt } from './company-queries.ts';
import { articleIdParamsSchema } from './company-routes.ts';
import { hasVisibleContent, imageCodesOf, sanitizeArticleBody } from '../kit/sanitize-rich-text.ts';
import { decideStaffArticleAction, type StaffArticleDecision } from './staff-permissions.ts';
import { articleViewerOf } from './visibility.ts';

/** Field errors of the save request are keyed by their path in it: `fields.article_title`. */
const field = (name: keyof ArticleFields) => `fields.${name}`;

/** The staff member asking. The route's access already refused everyone but bank staff. */
async function staffOf(app: FastifyInstance, request: FastifyRequest): Promise<StaffViewer> {
  const viewer = await articleViewerOf(request);
  // A staff account disabled since the login reads as a visitor.
  if (viewer.kind !== 'staff') throw unauthorized();
  return viewer;
}

function requireAllowed(decision: StaffArticleDecision): void {
  if (!decision.allowed) throw forbidden(decision.message);
}

/**
 * The body as it will be stored, and its field errors: sanitised first (../kit/sanitize-rich-text.ts), then
 * judged as companies will see it: nothing visible left is nothing entered, and the length limit
 * counts the sanitised markup (links gain target and rel when sanitised).
 */
function sanitisedBody(html: string): { body: string; errors: FieldErrors } {
  const body = sanitizeArticleBody(html);
  if (!hasVisibleContent(body))
    return { body, errors: { [field('article_body')]: [VALIDATION_MESSAGES.required] } };
  if (characterCount(body) > ARTICLE_BODY_MAX_LENGTH)
    return { body, errors: { [field('article_body')]: [maxLengthMessage(ARTICLE_BODY_MAX_LENGTH)] } };
  return { body, errors: {} };
}

/** Empty text (a cleared control) is stored as no value. */
function textOrNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || isEmptyValue(value) ? null : value;
}

/** A date as entered (2025-04-01, 2025/4/1, or with a time) as the day in Japan the column holds. */
function dayOf(value: string | null | undefined): string | null {
  const date = value ? parseDateValue(value) : undefined;
  return date ? japanDateString(date) : null;
}

/** The row's columns from the form's fields; seminar and partner-information fields for their kind only. */
function articleColumnsOf(kind: ArticleKind, fields: ArticleFields, body: string): ArticleColumns {
  const isSeminar = kind === 'seminar';
  const publishStart = dayOf(fields.article_publish_start);
  // The schema refused an unreadable start, so this holds a day.
  if (publishStart === null) throw new Error('a validated publication start that reads as no day');
  return {
    article_title: fields.article_title,
    article_body: body,
    category_code: textOrNull(fields.category_code),
    article_visibility: fields.article_visibility,
    article_publish_start: publishStart,
    article_publish_end: dayOf(fields.article_publish_end),
    article_target: fields.article_target,
    article_provider_name: textOrNull(fields.article_provider_name),
    pi_status: kind === 'partner_information' ? (fields.pi_status as PartnerInformationStatus) : null,
    seminar_held_at:
      isSeminar && fields.seminar_held_at ? (parseDateValue(fields.seminar_held_at) ?? null) : null,
    seminar_place: isSeminar ? textOrNull(fields.seminar_place) : null,
    seminar_capacity:
      isSeminar && typeof fields.seminar_capacity === 'number' ? fields.seminar_capacity : null,
    seminar_apply_deadline: isSeminar ? dayOf(fields.seminar_apply_deadline) : null,
    seminar_is_cancelled: isSeminar && fields.seminar_is_cancelled === true,
  };
}

/** Warnings that do not stop the save: the publication ends within 30 days. */
function articleWarningsOf(fields: ArticleFields, now: Date): ArticleWarnings {
  const warning = fields.article_publish_end
    ? publicationEndWarning(fields.article_publish_end, now)
    : undefined;
  return warning ? { article_publish_end: [warning] } : {};
}

/** What a save (create or edit) answers: the item's id, its warnings and 登録が完了しました. */
function savedAnswer(articleId: number, fields: ArticleFields, now: Date) {
  return success({ article_id: articleId, warnings: articleWarningsOf(fields, now) }, ARTICLE_SAVED_MESSAGE);
}

/**
 * The checks a save makes beyond its schema, all answered together: the sanitised body, the
 * category in the news_categories master, and (on an edit) the rules that depend on the stored
 * item. Throws 422 with the field errors (checks only the server can make: the page shows them);
 * answers the body to store.
 */
async function checkedBody(
  tx: DbTransaction,
  fields: ArticleFields,
  storedErrors: FieldErrors = {},
): Promise<string> {
  const { body, errors } = sanitisedBody(fields.article_body);
  const category = textOrNull(fields.category_code);
  if (category !== null && !(await newsCategoryExists(tx, category)))
    errors[field('category_code')] = [INVALID_CHOICE_MESSAGE];
  const all = mergeFieldErrors(storedErrors, errors);
  if (Object.keys(all).length > 0) throw unprocessable(MESSAGES.saveFailed, all);
  return body;
}

function mergeFieldErrors(...sources: FieldErrors[]): FieldErrors {
  const merged: FieldErrors = {};
  for (const source of sources)
    for (const [name, messages] of Object.entries(source)) (merged[name] ??= []).push(...messages);
  return merged;
}

/** What the edit form's date rules compare with: the dates the item holds (StoredArticleDates). */
function storedDatesOf(article: LockedArticle): StoredArticleDates {
  return {
    article_publish_end: article.article_publish_end,
    seminar_held_at: article.seminar_held_at?.toISOString() ?? null,
    seminar_apply_deadline: article.seminar_apply_deadline,
  };
}

/**
 * The edit's rules that depend on the stored item: the past-date rules judge only dates that were
 * changed (the contract's StoredArticleDates; PUT's own schema leaves them to this check), and a
 * seminar's capacity may not fall below the applications it holds.
 */
function storedItemErrors(
  kind: ArticleKind,
  fields: ArticleFields,
  stored: LockedArticle,
  now: Date,
): FieldErrors {
  const parsed = z.safeParse(
    articleFieldsSchema(kind, () => now, storedDatesOf(stored)),
    fields,
    {
      error: specErrorMap,
    },
  );
  const errors: FieldErrors = {};
  if (!parsed.success)
    for (const [name, messages] of Object.entries(fieldErrorsFromIssues(parsed.error.issues)))
      errors[`fields.${name}`] = messages;
  if (
    kind === 'seminar' &&
    typeof fields.seminar_capacity === 'number' &&
    fields.seminar_capacity < stored.seminar_applied_count
  )
    errors[field('seminar_capacity')] = [seminarCapacityBelowAppliedMessage(stored.seminar_applied_count)];
  return errors;
}

/**
 * /api/v1/admin/{segment} for one kind (news, column, seminar, pi): the staff's list, detail,
 * create, edit, delete and preview, and a seminar's applicants. Every call is the bank's staff
 * only, inside the bank's row-level security; an id of another bank or another kind is a 404.
 * Who may change what is decideStaffArticleAction (staff-permissions.ts).
 */
export const articleAdminRoutes: FastifyPluginAsyncZod<{
  kind: ArticleKind;
  storage: FileStorage;
}> = async (app, { kind, storage }) => {
  const label = ARTICLE_KIND_LABELS[kind];
  const config = { access: 'bank' as const };
  const tags = ['news'];

  /**
   * A role that may create nothing may change nothing either (branch_user): refused before its
   * body is validated, so it learns 403 rather than the form's field errors.
   */
  async function refuseReadOnlyStaff(request: FastifyRequest): Promise<void> {
    requireAllowed(decideStaffArticleAction(await staffOf(app, request), 'create'));
  }

  /**
   * An edit or a delete of a stored item, in one transaction: the item of this kind and bank is
   * locked (404 when there is none), the staff member's right to change it checked (403), then
   * `change` runs and answers the storage keys of files whose rows it removed; their bytes are
   * deleted only after the transaction commits, so a change that fails loses no file.
   */
  async function changeStoredArticle(
    request: FastifyRequest,
    articleId: number,
    change: (tx: DbTransaction, stored: LockedArticle) => Promise<string[]>,
  ): Promise<void> {
    const staff = await staffOf(app, request);
    const removedKeys = await request.inBank(async (tx) => {
      const stored = await lockStaffArticle(tx, kind, staff, articleId);
      if (!stored) throw notFound();
      requireAllowed(decideStaffArticleAction(staff, 'change', stored));
      return change(tx, stored);
    });
    await deleteStoredFiles(storage, removedKeys, request.log);
  }

  app.post(
    '/search',
    {
      config,
      schema: {
        tags,
        summary: `${label}の一覧（行員）`,
        description: `${label}を更新日時の新しい順に返します。キーワード（タイトル・本文）、カテゴリ、ステータス（非公開・公開前・公開中・公開終了、日本時間の今日で判定）、公開期間（重なり）、対象、自行/他行・運営で絞り込めます。各行の can_edit はこの行員が編集・削除できるかです。`,
        body: adminArticleSearchRequestSchema,
        response: { 200: successEnvelope(adminArticleListSchema) },
      },
    },
    async (request) => {
      const staff = await staffOf(app, request);
      const { rows, page, conditions = {} } = request.body;
      const { list, totalRows } = await request.inBank((tx) =>
        searchStaffArticles(tx, kind, staff, { conditions, page, rows }, articleClockAt()),
      );
      return success({ list, paging_data: buildPagingData(totalRows, page, rows) });
    },
  );

  app.post(
    '/preview',
    {
      config,
      schema: {
        tags,
        summary: `${label}本文のプレビュー`,
        description: '本文を保存時と同じ規則で無害化して返します。企業に表示されるのはこの内容です。',
        body: articlePreviewRequestSchema,
        response: { 200: successEnvelope(articlePreviewResultSchema) },
      },
    },
    async (request) => success({ article_body: sanitizeArticleBody(request.body.article_body) }),
  );

  app.get(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: `${label}の詳細（行員）`,
        description: `非公開のものも含め、この金融機関の${label}を返します（本文は保存済みの無害化された内容、添付ファイル付き）。`,
        params: articleIdParamsSchema,
        response: { 200: successEnvelope(adminArticleDetailSchema) },
      },
    },
    async (request) => {
      const staff = await staffOf(app, request);
      const article = await request.inBank((tx) =>
        findStaffArticle(tx, kind, staff, request.params.id, articleClockAt()),
      );
      if (!article) throw notFound();
      return success(article);
    },
  );

  app.post(
    '',
    {
      config,
      preValidation: refuseReadOnlyStaff,
      schema: {
        tags,
        summary: `${label}の登録`,
        description:
          '本文は保存前に無害化されます。公開終了日が30日以内なら warnings に「30日以内に公開が終了します」を返します（登録は行われます）。システム管理者・銀行管理者・支店管理者のみ。',
        body: articleSaveRequestSchema(kind),
        response: { 200: successEnvelope(articleSaveResultSchema) },
      },
    },
    async (request) => {
      const staff = await staffOf(app, request);
      const now = new Date();
      const { fields, attachment_file_codes } = request.body;
      const { articleId, removedKeys } = await request.inBank(async (tx) => {
        const body = await checkedBody(tx, fields);
        const id = await insertStaffArticle(tx, kind, staff.userId, articleColumnsOf(kind, fields, body));
        const keys = await attachFilesToArticle(tx, {
          articleId: id,
          attachmentCodes: attachment_file_codes,
          imageCodes: imageCodesOf(body),
        });
        return { articleId: id, removedKeys: keys };
      });
      await deleteStoredFiles(storage, removedKeys, request.log);
      return savedAnswer(articleId, fields, now);
    },
  );

  app.put(
    '/:id',
    {
      config,
      preValidation: refuseReadOnlyStaff,
      schema: {
        tags,
        summary: `${label}の更新`,
        description:
          '本文は保存前に無害化されます。過去日の判定は変更した日付だけに行います（公開が終了した記事もそのまま修正できます）。セミナーの定員は申込済みの人数より少なくできません。支店管理者は自分が登録したものだけ、運営提供の記事はシステム管理者だけが更新できます。',
        params: articleIdParamsSchema,
        // The past-date rules need the stored item: they are checked in the handler (storedItemErrors).
        body: articleSaveRequestSchema(kind, clockBeforeAnyDate),
        response: { 200: successEnvelope(articleSaveResultSchema) },
      },
    },
    async (request) => {
      const now = new Date();
      const { fields, attachment_file_codes } = request.body;
      const articleId = request.params.id;
      await changeStoredArticle(request, articleId, async (tx, stored) => {
        const body = await checkedBody(tx, fields, storedItemErrors(kind, fields, stored, now));
        await updateStaffArticle(tx, articleId, articleColumnsOf(kind, fields, body));
        return attachFilesToArticle(tx, {
          articleId,
          attachmentCodes: attachment_file_codes,
          imageCodes: imageCodesOf(body),
        });
      });
      return savedAnswer(articleId, fields, now);
    },
  );

  app.delete(
    '/:id',
    {
      config,
      preValidation: refuseReadOnlyStaff,
      schema: {
        tags,
        summary: `${label}の削除`,
        description:
          '既読・申込・添付ファイルも一緒に削除します。支店管理者は自分が登録したものだけ、運営提供の記事はシステム管理者だけが削除できます。',
        params: articleIdParamsSchema,
        response: { 200: successEnvelope(z.object({ article_id: z.int() })) },
      },
    },
    async (request) => {
      const articleId = request.params.id;
      await changeStoredArticle(request, articleId, async (tx) => {
        // Read before the delete: the file rows go with the item (ON DELETE CASCADE).
        const keys = await storageKeysOfArticle(tx, articleId);
        await deleteStaffArticle(tx, articleId);
        return keys;
      });
      return success({ article_id: articleId }, ARTICLE_DELETED_MESSAGE);
    },
  );

  if (kind === 'seminar')
    app.get(
      '/:id/applications',
      {
        config,
        schema: {
          tags,
          summary: 'セミナーの申込者一覧',
          description: '申込んだ企業・ユーザーを申込日時の新しい順に返します。',
          params: articleIdParamsSchema,
          response: { 200: successEnvelope(seminarApplicantsSchema) },
        },
      },
      async (request) => {
        const staff = await staffOf(app, request);
        const articleId = request.params.id;
        const list = await request.inBank(async (tx) => {
          if (!(await staffArticleExists(tx, kind, staff, articleId))) throw notFound();
          return listSeminarApplicants(tx, articleId);
        });
        return success({ list });
      },
    );
};
