import { render } from '@testing-library/react';
import {
  createMemoryRouter,
  type RouteObject,
  RouterContextProvider,
  RouterProvider,
} from '#client/lib/router/index.ts';
import type { PublicAppConfig } from '#server/contracts/app-config.ts';
import type { CompanyArticleDetail, CompanyArticleListItem } from '#server/contracts/news.ts';
import { buildPagingData } from '#server/contracts/paging.ts';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import { createChunkReloadGuard } from '#client/app/chunk-reload.ts';
// Loaded up front: the app loads the error page lazily.
import '#client/app/error-pages/error-page.tsx';
import { RouteErrorPage } from '#client/app/error-pages/route-error-page.tsx';
import { DefaultLayout } from '#client/app/layouts/default-layout.tsx';
import { PlainLayout } from '#client/app/layouts/plain-layout.tsx';
import type { BadgeCounts } from '#client/components/navigation/badge-counts.tsx';
import { companyNewsRoutes, publicNewsRoutes } from '#client/features/news/company/pages.tsx';
import { masterListQueryOptions } from '#client/lib/master-data.ts';
import { apiClientRouterContext } from '#client/lib/request/api-client-context.ts';
import { config0182 } from '#tests/component/fixtures/app-configs.ts';
import {
  createProviders,
  type FakeAnswer,
  type FakeApi,
  fakeApiClient,
  setWindowWidth,
  WIDTHS,
  successAnswer,
} from '#tests/component/fixtures/render-layout.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

/** The master lists the pages read, as the server's master data has them. */
export const NEWS_CATEGORIES = [
  { code: 'notice', name: 'お知らせ' },
  { code: 'important', name: '重要なお知らせ' },
  { code: 'maintenance', name: 'メンテナンス' },
];
export const SEMINAR_STATUS_NAMES = [
  { code: 'before_reception', name: '受付前' },
  { code: 'accepting', name: '受付中' },
  { code: 'full', name: '満席' },
  { code: 'reception_closed', name: '受付終了' },
  { code: 'finished', name: '開催終了' },
  { code: 'cancelled', name: '中止' },
];

/** The fake API's successful answer (the fixtures' successAnswer, under the name these tests use). */
export const success = successAnswer;
export const refused = (message: string): FakeAnswer => ({ status: 422, body: { status: 'error', message } });
export const serverError: FakeAnswer = { status: 500, body: { status: 'error', message: 'System Error' } };

/** A list item as GET /api/v1/{segment}/search answers it. */
export function listItem(id: number, change: Partial<CompanyArticleListItem> = {}): CompanyArticleListItem {
  return {
    article_id: id,
    article_kind: 'news',
    article_title: `お知らせ ${id}`,
    category_code: 'notice',
    category_name: 'お知らせ',
    article_publish_start: '2026-04-01',
    article_provider_name: null,
    is_read: true,
    seminar_held_at: null,
    seminar_place: null,
    seminar_status: null,
    seminar_capacity: null,
    seminar_remaining: null,
    ...change,
  };
}

/** A seminar taking applications, as the seminar list answers it. */
export function seminarListItem(
  id: number,
  change: Partial<CompanyArticleListItem> = {},
): CompanyArticleListItem {
  return listItem(id, {
    article_kind: 'seminar',
    article_title: '事業承継セミナー',
    category_code: null,
    category_name: null,
    seminar_held_at: '2026-06-10T05:00:00.000Z',
    seminar_place: '本店 3階 大会議室',
    seminar_status: 'accepting',
    seminar_capacity: 30,
    seminar_remaining: 4,
    ...change,
  });
}

/** An item as GET /api/v1/{segment}/{id} answers it. */
export function detailItem(id: number, change: Partial<CompanyArticleDetail> = {}): CompanyArticleDetail {
  return {
    ...listItem(id),
    article_body: '<p>本文です。</p>',
    article_publish_end: null,
    attachments: [],
    seminar_apply_deadline: null,
    seminar_applied: null,
    ...change,
  };
}

/** A list endpoint over `items` that pages like the server (rows and page from the query). */
export function pagedList(items: readonly CompanyArticleListItem[]) {
  return (_body: unknown, url: URL): FakeAnswer => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const rows = Number(url.searchParams.get('rows') ?? 100);
    return success({
      list: items.slice((page - 1) * rows, page * rows),
      paging_data: buildPagingData(items.length, page, rows),
    });
  };
}

/** The error element of the app's routes: an HttpError's status page (404: 404 Not Found). */
const errorBoundary = () => <RouteErrorPage chunkReload={createChunkReloadGuard(() => {})} />;

export interface CompanyPagesOptions {
  path: string;
  user?: LoggedInUser;
  api?: FakeApi;
  badgeCounts?: Partial<BadgeCounts>;
  config?: PublicAppConfig;
  width?: number;
}

/**
 * The company news pages at `path` inside the company layout (navigation with its badges, page
 * title and breadcrumb, toasts), over a fake API; the master lists are already loaded, as start-up
 * leaves them.
 */
export function renderCompanyPages({
  path,
  user = fixtureUser('company_owner'),
  api = {},
  badgeCounts,
  config = config0182(),
  width = WIDTHS.pc,
}: CompanyPagesOptions) {
  setWindowWidth(width);
  const { Providers, fetch, queryClient } = createProviders({ config, user, api, badgeCounts });
  const { api: client } = fakeApiClient();
  queryClient.setQueryData(masterListQueryOptions(client, 'news_categories').queryKey, NEWS_CATEGORIES);
  queryClient.setQueryData(masterListQueryOptions(client, 'seminar_statuses').queryKey, SEMINAR_STATUS_NAMES);
  const routes: RouteObject[] = [
    {
      HydrateFallback: () => null,
      ErrorBoundary: errorBoundary,
      Component: DefaultLayout,
      children: [{ ErrorBoundary: errorBoundary, children: companyNewsRoutes }],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, fetch, queryClient };
}

/**
 * The public news pages at `path` in the plain layout, for a visitor (no user, no query cache): the
 * loaders find the API client in the router's context, as createAppRouter gives it.
 */
export function renderPublicPages({ path, api = {}, config = config0182() }: CompanyPagesOptions) {
  setWindowWidth(WIDTHS.phone);
  const { Providers } = createProviders({ config, user: null });
  const { api: client, fetch } = fakeApiClient(api);
  const routes: RouteObject[] = [
    {
      HydrateFallback: () => null,
      ErrorBoundary: errorBoundary,
      Component: PlainLayout,
      children: [{ ErrorBoundary: errorBoundary, children: publicNewsRoutes }],
    },
  ];
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    getContext: () => new RouterContextProvider(new Map([[apiClientRouterContext, client]])),
  });
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, fetch };
}

/** The paths the page asked the API for, with their query. */
export function askedUrls(fetch: ReturnType<typeof fakeApiClient>['fetch']): URL[] {
  return fetch.mock.calls.map(([input]) => new URL(String(input), 'http://bank.test'));
}
