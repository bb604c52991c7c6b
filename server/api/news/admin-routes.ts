import type { FastifyInstance } from 'fastify';
import { codeListHas } from '#server/db/select-code-list.ts';
import { newsCategories } from '#server/db/schema/master-lists.ts';
import { z } from 'zod';
import type { AnyCall } from '#server/contracts/call.ts';
import type { FieldErrors } from '#server/contracts/envelope.ts';
import {
  ARTICLE_BODY_MAX_LENGTH,
  ARTICLE_DELETED_MESSAGE,
  ARTICLE_SAVED_MESSAGE,
  type ArticleKind,
  categoryFitsKind,
  type PartnerInformationStatus,
  seminarCapacityBelowAppliedMessage,
} from '#server/contracts/news.ts';
import {
  type ArticleWarnings,
  seminarApplicantsCall,
  staffArticleCalls,
} from '#server/contracts/news-staff.ts';
import {
  type ArticleFields,
  articleFieldsSchema,
  articleSaveCalls,
  INVALID_CHOICE_MESSAGE,
  type StoredArticleDates,
} from '#server/contracts/news-form.ts';
import { pagedResult } from '#server/contracts/paging.ts';
import { PARTNER_INFORMATION_SETTING_MESSAGES } from '#server/contracts/partner-information-setting.ts';
import { characterCount } from '#server/contracts/text-length.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import {
  isEmptyValue,
  maxLengthMessage,
  parseDateValue,
  publicationEndWarning,
  VALIDATION_MESSAGES,
} from '#server/contracts/validation.ts';
import { specErrorMap } from '#server/contracts/zod-error-map.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { forbidden, MESSAGES, notFound, unprocessable } from '#server/errors.ts';
import { fieldErrorsFromIssues } from '#server/plugins/request-validation.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { type CallContext, serveCall } from '../kit/serve-call.ts';
import { articleObject } from './article-object.ts';
import { articleSaveExample } from './save-example.ts';
import { hasVisibleContent, imageCodesOf, sanitizeArticleBody } from '../kit/sanitize-rich-text.ts';
import {
  type ArticleColumns,
  deleteStaffArticle,
  findStaffArticle,
  insertStaffArticle,
  listSeminarApplicants,
  type LockedArticle,
  lockStaffArticle,
  searchStaffArticles,
  staffArticleExists,
  type StaffViewer,
  updateStaffArticle,
} from './admin-queries.ts';
import { attachFilesToArticle, storageKeysOfArticle } from './article-files.ts';
import { deleteStoredFiles } from '../kit/uploaded-files.ts';
import { articleClockAt } from './article-clock.ts';
import {
  decideStaffArticleAction,
  refuseReadOnlyStaff,
  type StaffArticleDecision,
} from './staff-permissions.ts';

/** Field errors of the save request are keyed by their path in it: `fields.article_title`. */
const field = (name: keyof ArticleFields) => `fields.${name}`;

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

/** What a save (create or edit) answers: the item's id and its warnings (with 登録が完了しました). */
function savedResult(articleId: number, fields: ArticleFields, now: Date) {
  return { article_id: articleId, warnings: articleWarningsOf(fields, now) };
}

/**
 * The checks a save makes beyond its schema, all answered together: the sanitised body, the
 * category in the news_categories master (and, for a kind other than news, not a news-only one), and (on an edit) the rules that depend on the stored
 * item. Throws 422 with the field errors (checks only the server can make: the page shows them);
 * answers the body to store.
 */
async function checkedBody(
  tx: DbTransaction,
  kind: ArticleKind,
  fields: ArticleFields,
  storedErrors: FieldErrors = {},
): Promise<string> {
  const { body, errors } = sanitisedBody(fields.article_body);
  const category = textOrNull(fields.category_code);
  if (
    category !== null &&
    (!categoryFitsKind(kind, category) || !(await codeListHas(tx, newsCategories, category)))
  )
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
export function serveStaffArticleCalls(app: FastifyInstance, kind: ArticleKind, storage: FileStorage): void {
  const calls = staffArticleCalls[kind];
  const saves = articleSaveCalls[kind];
  /** A role that may create nothing may change nothing either (branch_user): refused before its body is read. */
  const writeOptions = { onRequest: refuseReadOnlyStaff };
  /** Files whose rows a change removed lose their bytes once the transaction has committed. */
  const deleteFilesAfterCommit = (context: CallContext<AnyCall>, keys: string[]) =>
    context.afterCommit(() => deleteStoredFiles(storage, keys, context.request.log));

  /** The stored item of this kind and bank, locked (404 when there is none) and the staff's to change (403). */
  async function lockedForChange(tx: DbTransaction, staff: StaffViewer, articleId: number) {
    const stored = await lockStaffArticle(tx, kind, staff, articleId);
    if (!stored) throw notFound();
    requireAllowed(decideStaffArticleAction(staff, 'change', stored));
    return stored;
  }

  serveCall(app, calls.search, async ({ tx, viewer, body: { rows, page, conditions = {} } }) => {
    const { list, totalRows } = await searchStaffArticles(
      tx,
      kind,
      viewer,
      { conditions, page, rows },
      articleClockAt(),
    );
    return pagedResult(list, totalRows, { page, rows });
  });

  serveCall(app, calls.preview, async ({ body }) => ({
    article_body: sanitizeArticleBody(body.article_body),
  }));

  serveCall(
    app,
    calls.detail,
    async ({ tx, viewer, params }) => {
      const article = await findStaffArticle(tx, kind, viewer, params.id, articleClockAt());
      if (!article) throw notFound();
      return article;
    },
    { object: articleObject(kind) },
  );

  serveCall(
    app,
    saves.create,
    async (context) => {
      const { tx, viewer, body } = context;
      const { fields, attachment_file_codes } = body;
      const articleBody = await checkedBody(tx, kind, fields);
      const articleId = await insertStaffArticle(
        tx,
        kind,
        viewer.userId,
        articleColumnsOf(kind, fields, articleBody),
      );
      const removed = await attachFilesToArticle(tx, {
        articleId,
        attachmentCodes: attachment_file_codes,
        imageCodes: imageCodesOf(articleBody),
      });
      deleteFilesAfterCommit(context, removed);
      return savedResult(articleId, fields, new Date());
    },
    {
      ...writeOptions,
      message: ARTICLE_SAVED_MESSAGE,
      audit: { action: 'CREATE', target: (_, result) => result.article_id },
    },
  );

  serveCall(
    app,
    saves.update,
    async (context) => {
      const { tx, viewer, params, body } = context;
      const now = new Date();
      const { fields, attachment_file_codes } = body;
      const stored = await lockedForChange(tx, viewer, params.id);
      // A partner company's own text: the bank approves or disapproves it (admin-partner-review-routes.ts).
      if (stored.article_company_id !== null)
        throw forbidden(PARTNER_INFORMATION_SETTING_MESSAGES.partnerWrittenLocked);
      const articleBody = await checkedBody(tx, kind, fields, storedItemErrors(kind, fields, stored, now));
      await updateStaffArticle(tx, params.id, articleColumnsOf(kind, fields, articleBody));
      const removed = await attachFilesToArticle(tx, {
        articleId: params.id,
        attachmentCodes: attachment_file_codes,
        imageCodes: imageCodesOf(articleBody),
      });
      deleteFilesAfterCommit(context, removed);
      return savedResult(params.id, fields, now);
    },
    {
      ...writeOptions,
      message: ARTICLE_SAVED_MESSAGE,
      audit: { action: 'UPDATE' },
      object: articleObject(kind),
      example: { body: articleSaveExample(kind) },
    },
  );

  serveCall(
    app,
    calls.remove,
    async (context) => {
      const { tx, viewer, params } = context;
      await lockedForChange(tx, viewer, params.id);
      // Read before the delete: the file rows go with the item (ON DELETE CASCADE).
      const keys = await storageKeysOfArticle(tx, params.id);
      await deleteStaffArticle(tx, params.id);
      deleteFilesAfterCommit(context, keys);
      return { article_id: params.id };
    },
    {
      ...writeOptions,
      message: ARTICLE_DELETED_MESSAGE,
      audit: { action: 'DELETE' },
      object: articleObject(kind),
    },
  );

  if (kind === 'seminar')
    serveCall(
      app,
      seminarApplicantsCall,
      async ({ tx, viewer, params }) => {
        if (!(await staffArticleExists(tx, kind, viewer, params.id))) throw notFound();
        return { list: await listSeminarApplicants(tx, params.id) };
      },
      { object: articleObject(kind) },
    );
}
