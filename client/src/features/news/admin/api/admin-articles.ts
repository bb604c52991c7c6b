import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { successEnvelope } from '../../../../../../server/contracts/envelope.ts';
import {
  type AdminArticleConditions,
  adminArticleDetailSchema,
  adminArticleListItemSchema,
  ARTICLE_API_SEGMENTS,
  type ArticleKind,
  articlePreviewResultSchema,
  articleSaveResultSchema,
  FILE_UPLOAD_PATH,
  type FileKind,
  seminarApplicantsSchema,
  uploadedFileSchema,
} from '../../../../../../server/contracts/news.ts';
import { type ArticleSaveRequest } from '../../../../../../server/contracts/news-form.ts';
import { type ApiClient, resultOf } from '../../../../lib/request/api-client.ts';
import { useApiClient } from '../../../../lib/request/api-client-context.ts';
import { listRequest } from '../../../../lib/request/list-request.ts';
import { saveRequest } from '../../../../lib/request/save-request.ts';

/** A staff list's search, as its URL holds it: the conditions and the position in the list. */
export interface AdminArticleSearch {
  conditions: AdminArticleConditions;
  page: number;
  rows: number;
}

const adminPath = (kind: ArticleKind, rest = '') => `/api/v1/admin/${ARTICLE_API_SEGMENTS[kind]}${rest}`;

/**
 * Query keys, domain first. Everything of the staff side of a kind sits under ['news', 'admin', kind],
 * so a save or delete invalidates that kind's lists and items (and nothing else).
 */
export const adminArticleKeys = {
  kind: (kind: ArticleKind) => ['news', 'admin', kind] as const,
  list: (kind: ArticleKind, search: AdminArticleSearch) => ['news', 'admin', kind, 'list', search] as const,
  detail: (kind: ArticleKind, articleId: number) => ['news', 'admin', kind, 'detail', articleId] as const,
  applicants: (articleId: number) => ['news', 'admin', 'seminar', 'applicants', articleId] as const,
};

/** POST /api/v1/admin/{segment}/search { rows, page, conditions }: a page of the bank's items. */
export function fetchAdminArticles(
  api: ApiClient,
  kind: ArticleKind,
  { conditions, page, rows }: AdminArticleSearch,
  signal?: AbortSignal,
) {
  return listRequest(
    api,
    adminPath(kind, '/search'),
    { page, rows, conditions },
    { itemSchema: adminArticleListItemSchema, signal },
  );
}

export function adminArticlesQuery(api: ApiClient, kind: ArticleKind, search: AdminArticleSearch) {
  return queryOptions({
    queryKey: adminArticleKeys.list(kind, search),
    queryFn: ({ signal }) => fetchAdminArticles(api, kind, search, signal),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminArticles(kind: ArticleKind, search: AdminArticleSearch) {
  return useQuery(adminArticlesQuery(useApiClient(), kind, search));
}

const detailAnswerSchema = successEnvelope(adminArticleDetailSchema);

/**
 * GET /api/v1/admin/{segment}/{id}: the item with its body and attachments. An id that is not the
 * bank's (or not of this kind) is HttpError(404): the page becomes the 404 page.
 */
export async function fetchAdminArticle(
  api: ApiClient,
  kind: ArticleKind,
  articleId: number,
  signal?: AbortSignal,
) {
  const path = adminPath(kind, `/${articleId}`);
  return resultOf(
    path,
    await api.request(path, { schema: detailAnswerSchema, signal, onNotFound: 'error-page' }),
  );
}

export function adminArticleQuery(api: ApiClient, kind: ArticleKind, articleId: number) {
  return queryOptions({
    queryKey: adminArticleKeys.detail(kind, articleId),
    queryFn: ({ signal }) => fetchAdminArticle(api, kind, articleId, signal),
  });
}

/**
 * POST /api/v1/admin/{segment} (a new item) or PUT …/{id}: answers the item's id and the warnings
 * to show (the 30-day warning), or the field errors keyed `fields.{name}`.
 */
export function saveAdminArticle(
  api: ApiClient,
  kind: ArticleKind,
  articleId: number | undefined,
  request: ArticleSaveRequest,
) {
  return articleId === undefined
    ? saveRequest(api, adminPath(kind), request, { resultSchema: articleSaveResultSchema })
    : saveRequest(api, adminPath(kind, `/${articleId}`), request, {
        method: 'PUT',
        resultSchema: articleSaveResultSchema,
      });
}

/** DELETE /api/v1/admin/{segment}/{id}: the item with its reads, applications and files. */
export function deleteAdminArticle(api: ApiClient, kind: ArticleKind, articleId: number) {
  return saveRequest(api, adminPath(kind, `/${articleId}`), undefined, { method: 'DELETE' });
}

const previewAnswerSchema = successEnvelope(articlePreviewResultSchema);

/** POST /api/v1/admin/{segment}/preview: the body sanitised as companies will see it. */
export async function previewArticleBody(api: ApiClient, kind: ArticleKind, articleBody: string) {
  const path = adminPath(kind, '/preview');
  const answer = await api.request(path, {
    method: 'POST',
    body: { article_body: articleBody },
    schema: previewAnswerSchema,
  });
  return resultOf(path, answer).article_body;
}

const applicantsAnswerSchema = successEnvelope(seminarApplicantsSchema);

/** GET /api/v1/admin/seminar/{id}/applications: who applied, newest first. */
export async function fetchSeminarApplicants(api: ApiClient, articleId: number, signal?: AbortSignal) {
  const path = adminPath('seminar', `/${articleId}/applications`);
  return resultOf(path, await api.request(path, { schema: applicantsAnswerSchema, signal })).list;
}

export function useSeminarApplicants(articleId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: adminArticleKeys.applicants(articleId),
    queryFn: ({ signal }) => fetchSeminarApplicants(api, articleId, signal),
  });
}

/**
 * POST /api/v1/admin/files, multipart `kind` then `file` (the server reads the kind first): the
 * stored upload, or the refusal (too large, a type its content is not allowed to be).
 */
export function uploadArticleFile(api: ApiClient, kind: FileKind, file: File) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  return saveRequest(api, FILE_UPLOAD_PATH, form, { resultSchema: uploadedFileSchema });
}
