import { keepPreviousData, queryOptions, type QueryClient, useQuery } from '@tanstack/react-query';
import { successEnvelope } from '../../../../../../server/contracts/envelope.ts';
import {
  ARTICLE_API_SEGMENTS,
  type ArticleKind,
  type CompanyArticleDetail,
  companyArticleDetailSchema,
  companyArticleListItemSchema,
  partnerBankSchema,
  type SeminarApplicationResult,
  seminarApplicationResultSchema,
} from '../../../../../../server/contracts/news.ts';
import { type ApiClient, resultOf } from '../../../../lib/request/api-client.ts';
import { useApiClient } from '../../../../lib/request/api-client-context.ts';
import { HttpError } from '../../../../lib/request/http-error.ts';
import { listRequest } from '../../../../lib/request/list-request.ts';
import { saveRequest } from '../../../../lib/request/save-request.ts';

/** A list page's position and filter, as its URL holds them. */
export interface ArticleListSearch {
  page: number;
  rows: number;
  /** A news_categories code; undefined for every category. */
  categoryCode?: string;
  /** Only the items the user has not opened yet. */
  onlyUnread?: boolean;
}

const apiPath = (kind: ArticleKind, rest: string) => `/api/v1/${ARTICLE_API_SEGMENTS[kind]}${rest}`;

/** Query keys, domain first: invalidating ['news', kind] reaches that kind's lists and items. */
export const articleKeys = {
  kind: (kind: ArticleKind) => ['news', kind] as const,
  lists: (kind: ArticleKind) => ['news', kind, 'list'] as const,
  list: (kind: ArticleKind, search: ArticleListSearch) => ['news', kind, 'list', search] as const,
  detail: (kind: ArticleKind, articleId: number) => ['news', kind, 'detail', articleId] as const,
  partnerBanks: (page: number, rows: number) => ['news', 'babank', 'list', { page, rows }] as const,
};

/**
 * GET /api/v1/{segment}/search?rows&page&category_code&only_unread: a page of the items the user may
 * read, each with is_read. The seminar list asks for the seminars still to be held.
 */
export function fetchArticleList(
  api: ApiClient,
  kind: ArticleKind,
  { page, rows, categoryCode, onlyUnread }: ArticleListSearch,
  signal?: AbortSignal,
) {
  return listRequest(
    api,
    apiPath(kind, '/search'),
    {
      page,
      rows,
      conditions: {
        category_code: categoryCode,
        only_unread: onlyUnread ? true : undefined,
        upcoming: kind === 'seminar' ? true : undefined,
      },
    },
    { itemSchema: companyArticleListItemSchema, method: 'GET', signal },
  );
}

export function articleListQuery(api: ApiClient, kind: ArticleKind, search: ArticleListSearch) {
  return queryOptions({
    queryKey: articleKeys.list(kind, search),
    queryFn: ({ signal }) => fetchArticleList(api, kind, search, signal),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useArticleList(kind: ArticleKind, search: ArticleListSearch) {
  return useQuery(articleListQuery(useApiClient(), kind, search));
}

const detailAnswerSchema = successEnvelope(companyArticleDetailSchema);

/**
 * GET /api/v1/{segment}/{id}: the item, which the server marks read for this user. An item that does
 * not exist, or is not this user's to see, is HttpError(404): the page becomes the 404 page.
 */
export async function fetchArticleDetail(
  api: ApiClient,
  kind: ArticleKind,
  articleId: number,
  signal?: AbortSignal,
): Promise<CompanyArticleDetail> {
  const path = apiPath(kind, `/${articleId}`);
  return resultOf(
    path,
    await api.request(path, { schema: detailAnswerSchema, signal, onNotFound: 'error-page' }),
  );
}

export function articleDetailQuery(api: ApiClient, kind: ArticleKind, articleId: number) {
  return queryOptions({
    queryKey: articleKeys.detail(kind, articleId),
    queryFn: ({ signal }) => fetchArticleDetail(api, kind, articleId, signal),
  });
}

const isNotFound = (error: Error) => error instanceof HttpError && error.status === 404;

/** The item; a 404 is thrown to the route's error page, any other failure stays with the page. */
export function useArticleDetail(kind: ArticleKind, articleId: number) {
  return useQuery({ ...articleDetailQuery(useApiClient(), kind, articleId), throwOnError: isNotFound });
}

/** GET /api/v1/babank/search?rows&page: the partner banks. */
export function fetchPartnerBanks(api: ApiClient, page: number, rows: number, signal?: AbortSignal) {
  return listRequest(
    api,
    '/api/v1/babank/search',
    { page, rows },
    { itemSchema: partnerBankSchema, method: 'GET', signal },
  );
}

export function usePartnerBanks(page: number, rows: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: articleKeys.partnerBanks(page, rows),
    queryFn: ({ signal }) => fetchPartnerBanks(api, page, rows, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /api/v1/seminar/{id}/apply (apply) and DELETE (withdraw): the seminar's seats as they stand
 * afterwards, or the server's refusal (422: full, outside the reception period, already applied,
 * past the withdrawal deadline). The body is an empty object: the API takes JSON.
 */
export function changeSeminarApplication(api: ApiClient, articleId: number, change: 'apply' | 'withdraw') {
  return saveRequest(
    api,
    apiPath('seminar', `/${articleId}/apply`),
    {},
    { method: change === 'apply' ? 'POST' : 'DELETE', resultSchema: seminarApplicationResultSchema },
  );
}

/** Puts an application's answer into the cached seminar, and lets the seminar lists load again. */
export function applySeminarChange(
  queryClient: QueryClient,
  articleId: number,
  result: SeminarApplicationResult,
): Promise<void> {
  queryClient.setQueryData(
    articleKeys.detail('seminar', articleId),
    (detail: CompanyArticleDetail | undefined) => (detail ? { ...detail, ...result } : detail),
  );
  return queryClient.invalidateQueries({ queryKey: articleKeys.lists('seminar') });
}
