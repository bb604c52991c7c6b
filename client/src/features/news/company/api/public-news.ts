import type { LoaderFunctionArgs } from '#client/lib/router/index.ts';
import { publicNewsDetailCall, publicNewsSearchCall } from '#server/contracts/news-public.ts';
import { apiClientRouterContext } from '#client/lib/request/api-client-context.ts';
import { fetchCall } from '#client/lib/request/fetch-call.ts';
import { HttpError, RequestFailedError } from '#client/lib/request/http-error.ts';
import { articleIdOf, pageNumberOf } from '../article-pages.ts';

// The public pages load in their route loaders, without react-query (the 150 kB first-visit budget).

/** How many news the public list shows per page. */
export const PUBLIC_NEWS_ROWS = 20;

/** A load the request layer has already reported: the page says ニュースの取得に失敗しました。 */
const LOAD_FAILED = { loaded: false } as const;

/** The loader of /news?page=N: that page of the public news, or the failure to show. */
export async function publicNewsListLoader({ request, context }: LoaderFunctionArgs) {
  const page = pageNumberOf(new URL(request.url).searchParams.get('page'));
  try {
    const news = await fetchCall(
      context.get(apiClientRouterContext),
      publicNewsSearchCall,
      { query: { page, rows: PUBLIC_NEWS_ROWS } },
      { signal: request.signal },
    );
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
    const article = await fetchCall(
      context.get(apiClientRouterContext),
      publicNewsDetailCall,
      { params: { id: articleId } },
      { signal: request.signal, onNotFound: 'error-page' },
    );
    return { loaded: true, article } as const;
  } catch (error) {
    if (error instanceof RequestFailedError) return LOAD_FAILED;
    throw error;
  }
}
