import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { type ReviewedServiceOffer, SERVICE_OFFER_MESSAGES } from '#server/contracts/service-offer.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { OverlaySpinner } from '#client/components/feedback/overlay.tsx';
import { ToastViewport } from '#client/components/feedback/toast.tsx';
import { couponAdminRoutes } from '#client/features/coupons/pages.tsx';
import { masterListQueryOptions } from '#client/lib/master-data.ts';
import { FIXTURE_BANKS } from '#tests/component/fixtures/app-configs.ts';
import {
  createProviders,
  type FakeApi,
  fakeApiClient,
  successAnswer,
} from '#tests/component/fixtures/render-layout.tsx';
import {
  ErrorStatus,
  errorOf,
  factOf,
  requestsTo,
  sentTo,
} from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

const PAGE = '/admin/xba/cso';
const CODE = '0123456789abcdef0123456789abcdef';
const OTHER_CODE = 'bb'.repeat(16);
const LIST_CALL = 'GET /api/v1/admin/cso';
const DETAIL_CALL = `GET /api/v1/admin/cso/${CODE}`;
const APPROVE_CALL = `POST /api/v1/admin/cso/${CODE}/approve`;
const DISAPPROVE_CALL = `POST /api/v1/admin/cso/${CODE}/disapprove`;
const UPDATED_AT = '2025-04-02T01:00:00.123Z';

const LISTS = {
  cso_categories: [
    { code: 'business', name: 'ビジネスサービス' },
    { code: 'leisure', name: 'レジャー・エンタメ' },
  ],
  cso_statuses: [
    { code: 'REVIEWING', name: '審査中' },
    { code: 'APPROVED', name: '承認済み' },
    { code: 'DISAPPROVAL', name: '否認' },
    { code: 'CANCELLED', name: '取消' },
  ],
  cso_publish_statuses: [
    { code: 'BEFORE_PUBLISHING', name: '公開前' },
    { code: 'PUBLISHING', name: '公開中' },
    { code: 'AFTER_PUBLISHING', name: '公開終了' },
  ],
} as const;

function reviewed(change: Partial<ReviewedServiceOffer> = {}): ReviewedServiceOffer {
  return {
    cso_unique_code: CODE,
    cso_title: '工場見学と金属加工体験',
    cso_body: '当社の工場を見学し、\n金属加工を体験いただけます。',
    cso_category: 'leisure',
    cso_benefit: '見学・体験無料',
    cso_target: '従業員とそのご家族',
    cso_publish_start: '2025-04-10',
    cso_publish_end: null,
    cso_status: 'REVIEWING',
    cso_publish_status: null,
    cso_image: null,
    cso_review_note: null,
    cso_reviewed_at: null,
    cso_created_at: '2025-04-01T01:00:00.000Z',
    cso_updated_at: UPDATED_AT,
    company_unique_code: 'company-10',
    company_name: 'さくら精工株式会社',
    bb_name: '本店営業部',
    cso_reviewer_name: null,
    ...change,
  };
}

const PUBLISHED = reviewed({
  cso_unique_code: OTHER_CODE,
  cso_title: 'IT相談 初回無料',
  cso_category: 'business',
  cso_status: 'APPROVED',
  cso_publish_status: 'PUBLISHING',
  cso_publish_start: '2025-03-01',
  cso_publish_end: '2025-06-30',
  company_name: '株式会社ミライテック・ソリューションズ',
  cso_reviewed_at: '2025-03-01T00:00:00.000Z',
  cso_reviewer_name: '渡辺 真理子',
});

const paged = (list: ReviewedServiceOffer[]) =>
  successAnswer({
    list,
    paging_data: {
      total_rows: list.length,
      total_pages: 1,
      page: 1,
      rows: 25,
      is_first_page: true,
      prev_page: null,
      is_last_page: true,
      next_page: null,
    },
  });

function renderPage(
  path: string,
  { api = {}, userType = 'bank_admin' }: { api?: FakeApi; userType?: UserTypeCode } = {},
) {
  const { Providers, fetch, queryClient } = createProviders({
    config: FIXTURE_BANKS[0].config(),
    user: fixtureUser(userType),
    api: {
      [LIST_CALL]: () => paged([reviewed(), PUBLISHED]),
      [DETAIL_CALL]: () => successAnswer(reviewed()),
      ...api,
    },
  });
  const { api: client } = fakeApiClient();
  for (const [name, list] of Object.entries(LISTS))
    queryClient.setQueryData(
      masterListQueryOptions(client, name as keyof typeof LISTS).queryKey,
      list as never,
    );
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorStatus,
        HydrateFallback: () => null,
        children: [...couponAdminRoutes, { path: '*', element: <p>ほかのページ</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
      <ToastViewport />
      <OverlaySpinner />
    </Providers>,
  );
  return { fetch, router, user: userEvent.setup() };
}

const detail = () => screen.findByRole('region', { name: '工場見学と金属加工体験' });
const note = () => screen.getByRole('textbox', { name: '企業へのコメント' });

beforeAll(async () => {
  await import('#client/features/coupons/review/coupon-review-page.tsx');
}, 30_000);

describe('/admin/xba/cso', () => {
  it('lists the companies’ offers with their company, category, statuses and period', async () => {
    renderPage(PAGE);
    const table = await screen.findByRole('table', { name: 'クーポンの一覧' });
    const [header, first, second] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['タイトル', '企業名', 'カテゴリ', '審査状況', '公開状況', '公開期間', '更新日時']);
    expect(first).toHaveTextContent('さくら精工株式会社');
    expect(first).toHaveTextContent('レジャー・エンタメ');
    expect(first).toHaveTextContent('審査中');
    expect(first).toHaveTextContent('2025年4月10日〜');
    expect(within(first!).getByRole('link', { name: '工場見学と金属加工体験' })).toHaveAttribute(
      'href',
      `${PAGE}?cso=${CODE}`,
    );
    expect(second).toHaveTextContent('承認済み');
    expect(second).toHaveTextContent('公開中');
    expect(second).toHaveTextContent('2025年3月1日〜2025年6月30日');
  });

  it('searches by status, from the first page', async () => {
    const { fetch, router, user } = renderPage(`${PAGE}?page=2`);
    await screen.findByRole('table', { name: 'クーポンの一覧' });
    await user.selectOptions(screen.getByRole('combobox', { name: '審査状況' }), 'REVIEWING');
    await user.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=REVIEWING'));
    await waitFor(() =>
      expect(requestsTo(fetch, LIST_CALL).at(-1)?.url.searchParams.get('status')).toBe('REVIEWING'),
    );
    expect(requestsTo(fetch, LIST_CALL).at(-1)?.url.searchParams.get('page')).toBe('1');
  });

  it('says データ取得に失敗しました when the list fails to load', async () => {
    renderPage(PAGE, {
      api: { [LIST_CALL]: () => ({ status: 500, body: { status: 'error', message: 'x' } }) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loadFailed);
  });

  it('opens an offer above the list with what the company wrote', async () => {
    const { router, user } = renderPage(PAGE);
    await user.click(await screen.findByRole('link', { name: '工場見学と金属加工体験' }));
    const panel = await detail();
    expect(router.state.location.search).toBe(`?cso=${CODE}`);
    expect(factOf(panel, '企業名')).toBe('さくら精工株式会社');
    expect(factOf(panel, '取引店')).toBe('本店営業部');
    expect(factOf(panel, 'カテゴリ')).toBe('レジャー・エンタメ');
    expect(factOf(panel, '特典内容')).toBe('見学・体験無料');
    expect(factOf(panel, '対象')).toBe('従業員とそのご家族');
    expect(factOf(panel, '公開期間')).toBe('2025年4月10日〜');
    expect(factOf(panel, '本文')).toBe('当社の工場を見学し、\n金属加工を体験いただけます。');
    expect(factOf(panel, '審査状況')).toBe('審査中');
    expect(document.activeElement).toBe(
      within(panel).getByRole('heading', { name: '工場見学と金属加工体験' }),
    );
    await user.click(within(panel).getByRole('button', { name: '閉じる' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('region', { name: '工場見学と金属加工体験' })).not.toBeInTheDocument();
  });

  it('approves with an optional note: the note and the offer as read are sent, 承認しました is said', async () => {
    let approved = false;
    const { fetch, user } = renderPage(`${PAGE}?cso=${CODE}`, {
      api: {
        [DETAIL_CALL]: () =>
          successAnswer(
            approved
              ? reviewed({ cso_status: 'APPROVED', cso_publish_status: 'BEFORE_PUBLISHING' })
              : reviewed(),
          ),
        [APPROVE_CALL]: () => {
          approved = true;
          return successAnswer(reviewed({ cso_status: 'APPROVED' }), SERVICE_OFFER_MESSAGES.approved);
        },
      },
    });
    const panel = await detail();
    await user.type(note(), 'ご協力ありがとうございます。');
    await user.click(within(panel).getByRole('button', { name: '承認する' }));
    expect(await screen.findByText('クーポンを承認しました')).toBeInTheDocument();
    expect(sentTo(fetch, APPROVE_CALL)).toEqual([
      { cso_review_note: 'ご協力ありがとうございます。', cso_updated_at: UPDATED_AT },
    ]);
    await waitFor(() => expect(factOf(panel, '審査状況')).toBe('承認済み'));
    expect(factOf(panel, '公開状況')).toBe('公開前');
    // An approved offer can still be disapproved, not approved again.
    expect(within(panel).queryByRole('button', { name: '承認する' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: '否認する' })).toBeInTheDocument();
  });

  it('requires a note to disapprove, under the note, and sends nothing without one', async () => {
    const { fetch, user } = renderPage(`${PAGE}?cso=${CODE}`, {
      api: {
        [DISAPPROVE_CALL]: () =>
          successAnswer(reviewed({ cso_status: 'DISAPPROVAL' }), SERVICE_OFFER_MESSAGES.disapproved),
      },
    });
    const panel = await detail();
    await user.click(within(panel).getByRole('button', { name: '否認する' }));
    expect(errorOf(note())).toBe(VALIDATION_MESSAGES.required);
    expect(document.activeElement).toBe(note());
    expect(requestsTo(fetch, DISAPPROVE_CALL)).toEqual([]);
    await user.type(note(), '利用条件を記載してください。');
    expect(errorOf(note())).toBeUndefined();
    await user.click(within(panel).getByRole('button', { name: '否認する' }));
    expect(await screen.findByText('クーポンを否認しました')).toBeInTheDocument();
    expect(sentTo(fetch, DISAPPROVE_CALL)).toEqual([
      { cso_review_note: '利用条件を記載してください。', cso_updated_at: UPDATED_AT },
    ]);
  });

  it('says why a decision was refused (the company changed the offer since it was shown)', async () => {
    const { user } = renderPage(`${PAGE}?cso=${CODE}`, {
      api: {
        [APPROVE_CALL]: () => ({
          status: 422,
          body: { status: 'error', message: SERVICE_OFFER_MESSAGES.changedSinceRead },
        }),
      },
    });
    const panel = await detail();
    await user.click(within(panel).getByRole('button', { name: '承認する' }));
    expect(await screen.findByText('クーポンの承認に失敗しました')).toBeInTheDocument();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
      'このクーポンは表示した後に企業が変更しました。内容を確認してから、もう一度操作してください。',
    );
  });

  it.each(['branch_admin', 'branch_user'] as const)(
    'shows the %s the offer without the decision',
    async (userType) => {
      renderPage(`${PAGE}?cso=${CODE}`, { userType });
      const panel = await detail();
      expect(within(panel).queryByRole('button', { name: '承認する' })).not.toBeInTheDocument();
      expect(within(panel).queryByRole('button', { name: '否認する' })).not.toBeInTheDocument();
      expect(panel).toHaveTextContent('審査（承認・否認）はシステム管理者・金融機関管理者が行います。');
    },
  );

  it('says in place that an offer of the URL is not there', async () => {
    renderPage(`${PAGE}?cso=${CODE}`, {
      api: { [DETAIL_CALL]: () => ({ status: 404, body: { status: 'error', message: MESSAGES.notFound } }) },
    });
    expect(await screen.findByText('このクーポンは見つかりませんでした。')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'クーポンの一覧' })).toBeInTheDocument();
  });
});
