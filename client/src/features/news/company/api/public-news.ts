import type { LoaderFunctionArgs } from 'react-router';
import { successEnvelope } from '../../../../../../server/contracts/envelope.ts';
import {
  type CompanyArticleDetail,
  companyArticleDetailSchema,
  companyArticleListItemSchema,
} from '../../../../../../server/contracts/news.ts';
import { type ApiClient, resultOf } from '../../../../lib/request/api-client.ts';
import { apiClientRouterContext } from '../../../../lib/request/api-client-context.ts';
import { HttpError, RequestFailedError } from '../../../../lib/request/http-error.ts';
import { listRequest } from '../../../../lib/request/list-request.ts';
import { articleIdOf, pageNumberOf } from '../article-pages.ts';

// The public pages load in their route loaders, without react-query (the 150 kB first-visit budget).

const PUBLIC_NEWS_API_PATH = '/api/v1/public/news';

/** How many news the public list shows per page. */
export const PUBLIC_NEWS_ROWS = 20;

/** GET /api/v1/public/news/search?rows&page: the bank's published news for everyone. */
export function fetchPublicNewsList(api: ApiClient, page: number, signal?: AbortSignal) {
  return listRequest(
    api,
    `${PUBLIC_NEWS_API_PATH}/search`,
    { page, rows: PUBLIC_NEWS_ROWS },
    { itemSchema: companyArticleListItemSchema, method: 'GET', signal },
  );
}

const detailAnswerSchema = successEnvelope(companyArticleDetailSchema);

/** GET /api/v1/public/news/{id}; an item that is not public (or not this bank's) is HttpError(404). */
export async function fetchPublicNewsDetail(
  api: ApiClient,
  articleId: number,
  signal?: AbortSignal,
): Promise<CompanyArticleDetail> {
  const path = `${PUBLIC_NEWS_API_PATH}/${articleId}`;
  return resultOf(
    path,
    await api.request(path, { schema: detailAnswerSchema, signal, onNotFound: 'error-page' }),
  );
}

/** A load the request layer has already reported: the page says ニュースの取得に失敗しました。 */
const LOAD_FAILED = { loaded: false } as const;

/** The loader of /news?page=N: that page of the public news, or the failure to show. */
export async function publicNewsListLoader({ request, context }: LoaderFunctionArgs) {
  const page = pageNumberOf(new URL(request.url).searchParams.get('page'));
  try {
    const news = await fetchPublicNewsList(context.get(apiClientRouterContext), page, request.signal);
    return { loaded: true, ...news } as const;
  } catch (error) {
    if (error instanceof RequestFailedError) return LOAD_FAILED;
    throw error;
  }
}

/** The loader of /news/detail/{id}: the item; an id no public item has is the 404 page. */
export async function publicNewsDetailLoader({ params, request, context }: LoaderFunctionArgs) {
  const articleId = articleIdOf(params.id);
  if (articleId === undefined) throw new HttpError(404);
  try {
    const article = await fetchPublicNewsDetail(
      context.get(apiClientRouterContext),
      articleId,
      request.signal,
    );
    return { loaded: true, article } as const;
  } catch (error) {
    if (error instanceof RequestFailedError) return LOAD_FAILED;
    throw error;
  }
}
