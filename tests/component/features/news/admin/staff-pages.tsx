import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  createMemoryRouter,
  isRouteErrorResponse,
  RouterProvider,
  useRouteError,
} from '#client/lib/router/index.ts';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import type { AdminArticleDetail, AdminArticleListItem } from '#server/contracts/news-staff.ts';
import { buildPagingData } from '#server/contracts/paging.ts';
import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { adminNewsRoutes } from '#client/features/news/admin/pages.tsx';
import { HttpError } from '#client/lib/request/http-error.ts';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import { createProviders, type FakeApi, successAnswer } from '#tests/component/fixtures/render-layout.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';
import '#tests/component/components/rich-text/jsdom-layout.ts';

/** The master lists the staff pages read, as the server seeds them (server/db/master-data/code-lists.ts). */
export const MASTER_LISTS = {
  news_categories: [
    { code: 'notice', name: 'お知らせ' },
    { code: 'important', name: '重要なお知らせ' },
    { code: 'seminar', name: 'セミナー・イベント' },
  ],
  seminar_statuses: [
    { code: 'before_reception', name: '受付前' },
    { code: 'accepting', name: '受付中' },
    { code: 'full', name: '満席' },
    { code: 'reception_closed', name: '受付終了' },
    { code: 'finished', name: '開催終了' },
    { code: 'cancelled', name: '中止' },
  ],
  partner_information_statuses: [
    { code: 'REVIEWING', name: '審査中' },
    { code: 'BEFORE_PUBLISHING', name: '公開前' },
    { code: 'PUBLISHING', name: '公開中' },
    { code: 'AFTER_PUBLISHING', name: '公開終了' },
    { code: 'DISAPPROVAL', name: '否認' },
    { code: 'CANCELLED', name: '取消' },
  ],
};

/** Start-up loaded the master lists before the layout appeared: the query cache already holds them. */
export function seedMasterLists(queryClient: QueryClient): void {
  for (const [name, list] of Object.entries(MASTER_LISTS)) queryClient.setQueryData(['master', name], list);
}

/** A list row as the staff API answers it; `change` overrides fields. */
export function listItem(id: number, change: Partial<AdminArticleListItem> = {}): AdminArticleListItem {
  return {
    article_id: id,
    article_kind: 'news',
    article_title: `お知らせ ${id}`,
    category_code: 'notice',
    category_name: 'お知らせ',
    article_visibility: 1,
    article_publish_start: '2026-04-01',
    article_publish_end: null,
    article_target: 'all',
    article_is_own_bank: true,
    article_provider_name: null,
    publication_status: 'published',
    pi_status: null,
    article_company_name: null,
    seminar_held_at: null,
    seminar_capacity: null,
    seminar_applied_count: null,
    seminar_status: null,
    author_name: '渡辺 真理子',
    can_edit: true,
    article_updated_at: '2026-04-01T01:00:00.000Z',
    ...change,
  };
}

/** An item's detail as GET /api/v1/admin/{segment}/{id} answers it. */
export function detailItem(id: number, change: Partial<AdminArticleDetail> = {}): AdminArticleDetail {
  return {
    ...listItem(id),
    article_body: '<p>窓口の営業時間が変わります。</p>',
    pi_review_note: null,
    seminar_place: null,
    seminar_apply_deadline: null,
    seminar_is_cancelled: false,
    attachments: [],
    ...change,
  };
}

/** A list answer of `items`, paged like the server. */
export function listAnswer(
  items: readonly AdminArticleListItem[],
  page = 1,
  rows = 25,
  total = items.length,
) {
  return {
    status: 200,
    body: { status: 'success', result: { list: items, paging_data: buildPagingData(total, page, rows) } },
  };
}

/** The fake API's successful answer (the fixtures' successAnswer, under the name these tests use). */
export const success = successAnswer;

/** Shows the status of an error a page threw (HttpError 403 / 404), as the app's error page would. */
function ErrorStatus() {
  const error = useRouteError();
  const status = error instanceof HttpError ? error.status : isRouteErrorResponse(error) ? error.status : 500;
  return <p role="alert">エラー {status}</p>;
}

export interface StaffPageOptions {
  userType?: UserTypeCode;
  api?: FakeApi;
  bank?: (typeof FIXTURE_BANKS)[number];
}

/**
 * The staff's news pages (the real routes, lazily loaded as in the app) at `path`, inside the app's
 * providers, for a staff member of bank 0182 by default; the fake API answers `api`.
 */
export function renderStaffPage(
  path: string,
  { userType = 'bank_admin', api = {}, bank = FIXTURE_BANKS[0] }: StaffPageOptions = {},
) {
  const { Providers, fetch, queryClient } = createProviders({
    config: bank.config(),
    user: fixtureUser(userType),
    api,
  });
  seedMasterLists(queryClient);
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorStatus,
        children: [...adminNewsRoutes, { path: '*', element: <p>ほかのページ</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <Providers>
      <RouterProvider router={router} />
      <ToastViewport />
      <OverlaySpinner />
    </Providers>,
  );
  return { ...view, router, fetch, queryClient };
}

/**
 * Loads the pages' chunks (and the editor's, TipTap being a large import) before the tests, so a
 * test waits for its data, not for a first import on a busy machine. Call in beforeAll.
 */
export async function preloadStaffPages(): Promise<void> {
  await Promise.all([
    import('#client/features/news/admin/admin-article-list-page.tsx'),
    import('#client/features/news/admin/article-edit-page.tsx'),
    import('#client/components/rich-text/rich-text-editor.tsx'),
  ]);
}

/** The JSON bodies the page sent to `METHOD path`, in order. */
export function sentBodies(fetch: ReturnType<typeof renderStaffPage>['fetch'], method: string, path: string) {
  return fetch.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method && new URL(String(input), 'http://bank.test').pathname === path,
    )
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body));
}
