import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import type {
  StaffDealDetail,
  StaffDealListItem,
  StaffNeedDetail,
  StaffNeedListItem,
} from '#server/contracts/matching-staff.ts';
import { matchingAdminRoutes } from '#client/features/matching/admin-pages.tsx';
import { type MasterList, type MasterListName, masterListQueryOptions } from '#client/lib/master-data.ts';
import {
  createProviders,
  type FakeApi,
  fakeApiClient,
  successAnswer,
} from '#tests/component/fixtures/render-layout.tsx';
import { ErrorStatus, requestsTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';
import { MATCHING_LISTS, paged } from './matching-fixtures.tsx';

/**
 * The bank staff's matching lists and details (/admin/company/needs, /admin/company/matching and
 * their detail pages), as the real lazy routes render them over a fake API.
 */

const NEED_SEARCH = 'POST /api/v1/admin/company/needs/search';
const DEAL_SEARCH = 'POST /api/v1/admin/company/matching/search';
const NEED_CODE = 'ca0001';
const DEAL_CODE = 'cmh0001';

const BRANCHES: MasterList<'bank_branches'> = [
  { bb_id: 1, bb_code: '001', bb_unique_code: 'bb-001', bb_name: '本店営業部' },
  { bb_id: 2, bb_code: '010', bb_unique_code: 'bb-010', bb_name: '駅前支店' },
  { bb_id: 6, bb_code: '050', bb_unique_code: 'bb-050', bb_name: '法人営業部' },
];

function need(change: Partial<StaffNeedListItem> = {}): StaffNeedListItem {
  return {
    ca_unique_code: NEED_CODE,
    company_unique_code: 'company0006',
    company_name: '株式会社ミライテック・ソリューションズ',
    bb_id: 6,
    bb_name: '法人営業部',
    need_title: '中古のフォークリフトを買いたい',
    need_category: 'buy',
    need_reach: 'nationwide',
    need_visibility: 1,
    need_publish_status: 'PUBLISHING',
    need_period_start: '2026-04-01',
    need_period_end: null,
    need_deal_count: 2,
    need_created_at: '2026-03-31T15:30:00.000Z',
    need_updated_at: '2026-04-02T01:00:00.000Z',
    ...change,
  };
}

function deal(change: Partial<StaffDealListItem> = {}): StaffDealListItem {
  return {
    cmh_unique_code: DEAL_CODE,
    cmh_request_type: 'estimate',
    cmh_status: 'requested',
    ca_unique_code: NEED_CODE,
    need_title: '中古のフォークリフトを買いたい',
    need_category: 'buy',
    sender_company_unique_code: 'company0158',
    sender_company_name: 'さくら精工株式会社',
    sender_bank_code: '0158',
    sender_bank_name: 'やまぶき銀行',
    sender_is_own_bank: false,
    sender_bb_name: null,
    receiver_company_unique_code: 'company0006',
    receiver_company_name: '株式会社ミライテック・ソリューションズ',
    receiver_bank_code: '0182',
    receiver_bank_name: 'しおさい銀行',
    receiver_is_own_bank: true,
    receiver_bb_name: '法人営業部',
    message_count: 3,
    cmh_created_at: '2026-04-05T01:00:00.000Z',
    cmh_updated_at: '2026-04-06T01:00:00.000Z',
    ...change,
  };
}

function renderStaff(
  path: string,
  { api = {}, userType = 'bank_admin' }: { api?: FakeApi; userType?: UserTypeCode } = {},
) {
  const { Providers, fetch, queryClient } = createProviders({ user: fixtureUser(userType), api });
  const { api: client } = fakeApiClient();
  const lists: Partial<{ [K in MasterListName]: MasterList<K> }> = {
    ...MATCHING_LISTS,
    bank_branches: BRANCHES,
  };
  for (const [name, items] of Object.entries(lists))
    queryClient.setQueryData(masterListQueryOptions(client, name as MasterListName).queryKey, items);
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: ErrorStatus,
        HydrateFallback: () => null,
        children: [...matchingAdminRoutes, { path: '*', element: <p>ほかのページ</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { fetch, router, user: userEvent.setup() };
}

const urlQuery = (router: ReturnType<typeof renderStaff>['router']) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));
const cellsOf = (row: HTMLElement) =>
  [...within(row).queryAllByRole('rowheader'), ...within(row).getAllByRole('cell')].map(
    (cell) => cell.textContent,
  );

beforeAll(async () => {
  await import('#client/features/matching/admin/staff-need-list-page.tsx');
  await import('#client/features/matching/admin/staff-need-detail-page.tsx');
  await import('#client/features/matching/admin/staff-deal-list-page.tsx');
  await import('#client/features/matching/admin/staff-deal-detail-page.tsx');
}, 30_000);

describe('/admin/company/needs', () => {
  it('lists the needs with the columns, each opening the need, its company opening the company', async () => {
    renderStaff('/admin/company/needs', {
      api: {
        [NEED_SEARCH]: () =>
          paged([
            need(),
            need({
              ca_unique_code: 'ca0002',
              company_unique_code: 'company0001',
              company_name: 'さくら精工株式会社',
              bb_id: null,
              bb_name: null,
              need_title: '遊休設備を売りたい',
              need_category: 'sell',
              need_reach: 'bank',
              need_visibility: 0,
              need_publish_status: 'PRIVATE',
              need_period_end: '2026-06-30',
              need_deal_count: 0,
            }),
          ]),
      },
    });
    const table = await screen.findByRole('table', { name: 'ニーズ一覧' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      '企業名',
      'お取引店',
      'ニーズ名',
      'カテゴリ',
      '公開範囲',
      '公開設定',
      '公開状況',
      '掲載期間',
      '商談依頼数',
      '登録日',
      '更新日',
    ]);
    const title = within(table).getByRole('link', { name: '中古のフォークリフトを買いたい' });
    expect(title).toHaveAttribute('href', `/admin/company/needs/detail/${NEED_CODE}`);
    expect(
      within(table).getByRole('link', { name: '株式会社ミライテック・ソリューションズ' }),
    ).toHaveAttribute('href', '/admin/company/detail/company0006');
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('法人営業部');
    expect(first).toHaveTextContent('買いたい');
    expect(first).toHaveTextContent('全国');
    expect(first).toHaveTextContent('公開中');
    expect(first).toHaveTextContent('2026/04/01〜');
    // 2026-03-31T15:30Z is April 1st in Japan.
    expect(first).toHaveTextContent('2026/04/01');
    expect(cellsOf(second!)).toContain('—');
    expect(second).toHaveTextContent('当行のみ');
    expect(second).toHaveTextContent('非公開');
    expect(second).toHaveTextContent('2026/04/01〜2026/06/30');
  });

  it('searches with the form, keeps the search in the URL and the CSV link, and pages', async () => {
    const { fetch, router, user } = renderStaff('/admin/company/needs', {
      api: { [NEED_SEARCH]: () => paged([need()], 60) },
    });
    await screen.findByRole('table', { name: 'ニーズ一覧' });
    const form = screen.getByRole('search', { name: '検索条件' });
    await user.type(within(form).getByLabelText('キーワード'), 'フォークリフト');
    await user.selectOptions(within(form).getByLabelText('カテゴリ'), '買いたい');
    await user.selectOptions(within(form).getByLabelText('公開状況'), '公開中');
    await user.selectOptions(
      within(form).getByLabelText('公開範囲'),
      '全国（ビジネスマッチングに参加する全金融機関）',
    );
    await user.selectOptions(within(form).getByLabelText('お取引店'), '法人営業部');
    await user.click(within(form).getByRole('button', { name: '検索' }));
    await waitFor(() =>
      expect(urlQuery(router)).toEqual({
        keyword: 'フォークリフト',
        category: 'buy',
        status: 'PUBLISHING',
        reach: 'nationwide',
        bb_id: '6',
      }),
    );
    await waitFor(() =>
      expect(requestsTo(fetch, NEED_SEARCH).at(-1)?.body).toEqual({
        conditions: {
          keyword: 'フォークリフト',
          category: 'buy',
          status: 'PUBLISHING',
          reach: 'nationwide',
          bb_id: 6,
        },
        page: 1,
        rows: 25,
      }),
    );
    const download = screen.getByRole('link', { name: 'CSV ダウンロード' });
    expect(download).toHaveAttribute(
      'href',
      `/api/v1/admin/company/needs/export.csv?keyword=${encodeURIComponent('フォークリフト')}&category=buy&status=PUBLISHING&reach=nationwide&bb_id=6`,
    );
    expect(download).toHaveAttribute('download');
    await user.click(screen.getByRole('button', { name: '次ページ' }));
    await waitFor(() => expect(urlQuery(router).page).toBe('2'));
    await waitFor(() =>
      expect((requestsTo(fetch, NEED_SEARCH).at(-1)?.body as { page: number }).page).toBe(2),
    );
    await user.click(within(form).getByRole('button', { name: 'クリア' }));
    await waitFor(() => expect(urlQuery(router)).toEqual({}));
  });

  it('offers a branch member their own branches only', async () => {
    renderStaff('/admin/company/needs', { userType: 'branch_user', api: { [NEED_SEARCH]: () => paged([]) } });
    await screen.findByText('該当するデータがありません');
    const branch = screen.getByLabelText('お取引店');
    expect(
      within(branch)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['すべて', '本店営業部']);
  });

  it('lists one company’s needs when opened from its page, and leads back to all', async () => {
    const { fetch } = renderStaff('/admin/company/needs?company=company0006', {
      api: { [NEED_SEARCH]: () => paged([need()]) },
    });
    expect(
      await screen.findByText(/株式会社ミライテック・ソリューションズ のニーズを表示しています/),
    ).toBeVisible();
    expect(requestsTo(fetch, NEED_SEARCH)[0]?.body).toMatchObject({ conditions: { company: 'company0006' } });
    expect(screen.getByRole('link', { name: 'すべての企業のニーズ' })).toHaveAttribute(
      'href',
      '/admin/company/needs',
    );
    expect(screen.getByRole('link', { name: 'この企業の商談' })).toHaveAttribute(
      'href',
      '/admin/company/matching?company=company0006',
    );
    expect(screen.getByRole('link', { name: 'CSV ダウンロード' })).toHaveAttribute(
      'href',
      '/api/v1/admin/company/needs/export.csv?company=company0006',
    );
  });

  it('says so when the list does not load', async () => {
    renderStaff('/admin/company/needs', {
      api: { [NEED_SEARCH]: () => ({ status: 500, body: { status: 'error', message: 'x' } }) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('ニーズ一覧の取得に失敗しました。');
  });
});

describe('/admin/company/needs/detail/{id}', () => {
  const detail = (change: Partial<StaffNeedDetail> = {}): StaffNeedDetail => ({
    ...need(),
    need_industry_codes: ['09'],
    need_area_codes: [],
    need_body: '2トンクラスを2台探しています。',
    need_image_count: 1,
    deals: [
      {
        cmh_unique_code: DEAL_CODE,
        cmh_request_type: 'estimate',
        cmh_status: 'requested',
        sender_company_name: 'さくら精工株式会社',
        sender_bank_code: '0158',
        sender_bank_name: 'やまぶき銀行',
        sender_is_own_bank: false,
        cmh_created_at: '2026-04-05T01:00:00.000Z',
        cmh_updated_at: '2026-04-05T01:00:00.000Z',
      },
    ],
    ...change,
  });

  it('shows the need, its company and the deal requests it received', async () => {
    renderStaff(`/admin/company/needs/detail/${NEED_CODE}`, {
      api: { [`GET /api/v1/admin/company/needs/${NEED_CODE}`]: () => successAnswer(detail()) },
    });
    expect(await screen.findByRole('heading', { name: '中古のフォークリフトを買いたい' })).toBeVisible();
    expect(screen.getByText('2トンクラスを2台探しています。')).toBeVisible();
    expect(screen.getByText('食料品製造業')).toBeVisible();
    expect(screen.getByText('全国（地域を問わない）')).toBeVisible();
    const deals = screen.getByRole('table', { name: '受けた商談依頼' });
    const link = within(deals).getByRole('link', { name: 'さくら精工株式会社' });
    expect(link).toHaveAttribute('href', `/admin/company/matching/detail/${DEAL_CODE}`);
    expect(deals).toHaveTextContent('やまぶき銀行');
    expect(deals).toHaveTextContent('見積依頼');
    expect(deals).toHaveTextContent('商談依頼中');
  });

  it('is the 404 page for a need the staff member may not see', async () => {
    renderStaff(`/admin/company/needs/detail/${NEED_CODE}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('エラー 404');
  });

  it('is the 404 page for a code that is no code', async () => {
    renderStaff('/admin/company/needs/detail/not-a-code');
    expect(await screen.findByRole('alert')).toHaveTextContent('エラー 404');
  });
});

describe('/admin/company/matching', () => {
  it('lists the deals with both companies and banks; the bank’s own company opens its page', async () => {
    renderStaff('/admin/company/matching', {
      api: {
        [DEAL_SEARCH]: () =>
          paged([
            deal(),
            deal({
              cmh_unique_code: 'cmh0002',
              cmh_status: 'contracted',
              cmh_request_type: 'deal',
              sender_company_unique_code: 'company0001',
              sender_bank_code: '0182',
              sender_bank_name: 'しおさい銀行',
              sender_is_own_bank: true,
              sender_bb_name: '本店営業部',
            }),
          ]),
      },
    });
    const table = await screen.findByRole('table', { name: '商談一覧' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'ニーズ名',
      '依頼元の企業',
      '依頼先の企業',
      '依頼内容',
      '状況',
      'メッセージ数',
      '依頼日',
      '更新日',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: '中古のフォークリフトを買いたい' })).toHaveAttribute(
      'href',
      `/admin/company/matching/detail/${DEAL_CODE}`,
    );
    // Another bank's company: its public name and its bank, no link.
    expect(within(first!).queryByRole('link', { name: 'さくら精工株式会社' })).toBeNull();
    expect(first).toHaveTextContent('さくら精工株式会社やまぶき銀行');
    expect(first).toHaveTextContent('当行・法人営業部');
    expect(first).toHaveTextContent('見積依頼');
    expect(first).toHaveTextContent('商談依頼中');
    expect(within(second!).getByRole('link', { name: 'さくら精工株式会社' })).toHaveAttribute(
      'href',
      '/admin/company/detail/company0001',
    );
    expect(second).toHaveTextContent('成約');
  });

  it('searches by keyword, status, request type, side, branch and period, in the URL and the CSV link', async () => {
    const { fetch, router, user } = renderStaff('/admin/company/matching', {
      api: { [DEAL_SEARCH]: () => paged([deal()]) },
    });
    await screen.findByRole('table', { name: '商談一覧' });
    const form = screen.getByRole('search', { name: '検索条件' });
    await user.type(within(form).getByLabelText('キーワード'), 'さくら');
    await user.selectOptions(within(form).getByLabelText('状況'), '商談中');
    await user.selectOptions(within(form).getByLabelText('依頼内容'), '見積依頼');
    await user.selectOptions(within(form).getByLabelText('当行の企業'), '当行の企業が受けたもの');
    await user.selectOptions(within(form).getByLabelText('お取引店'), '本店営業部');
    await user.type(within(form).getByLabelText('依頼日（から）'), '2026-04-01');
    await user.type(within(form).getByLabelText('依頼日（まで）'), '2026-04-30');
    await user.click(within(form).getByRole('button', { name: '検索' }));
    const wanted = {
      keyword: 'さくら',
      status: 'negotiating',
      request_type: 'estimate',
      side: 'received',
      bb_id: '1',
      created_from: '2026-04-01',
      created_to: '2026-04-30',
    };
    await waitFor(() => expect(urlQuery(router)).toEqual(wanted));
    await waitFor(() =>
      expect(requestsTo(fetch, DEAL_SEARCH).at(-1)?.body).toEqual({
        conditions: { ...wanted, bb_id: 1 },
        page: 1,
        rows: 25,
      }),
    );
    const download = new URL(
      screen.getByRole('link', { name: 'CSV ダウンロード' }).getAttribute('href')!,
      'http://bank.test',
    );
    expect(download.pathname).toBe('/api/v1/admin/company/matching/export.csv');
    expect(Object.fromEntries(download.searchParams)).toEqual(wanted);
  });
});

describe('/admin/company/matching/detail/{id}', () => {
  const detail: StaffDealDetail = {
    ...deal({ cmh_status: 'negotiating' }),
    messages: [
      {
        message_side: 'sender',
        message_kind: 'request',
        message_body: '月200個程度の加工をお願いできますか。',
        message_user_name: null,
        message_created_at: '2026-04-05T01:00:00.000Z',
      },
      {
        message_side: 'receiver',
        message_kind: 'accept',
        message_body: '',
        message_user_name: '田中 直樹',
        message_created_at: '2026-04-06T01:00:00.000Z',
      },
    ],
  };

  it('shows both parties and the messages, naming the writer on the bank’s own side only', async () => {
    renderStaff(`/admin/company/matching/detail/${DEAL_CODE}`, {
      api: {
        [`GET /api/v1/admin/company/matching/${DEAL_CODE}`]: () => successAnswer(detail),
      },
    });
    const summary = await screen.findByRole('region', { name: '商談の概要' });
    expect(within(summary).getByRole('link', { name: '中古のフォークリフトを買いたい' })).toHaveAttribute(
      'href',
      `/admin/company/needs/detail/${NEED_CODE}`,
    );
    expect(summary).toHaveTextContent('やまぶき銀行');
    expect(summary).toHaveTextContent('しおさい銀行（当行・法人営業部）');
    expect(summary).toHaveTextContent('商談中');
    const messages = screen.getByRole('region', { name: 'やりとり（2件）' });
    const [request, accept] = within(messages).getAllByRole('listitem');
    expect(request).toHaveTextContent('依頼元：さくら精工株式会社');
    expect(request).not.toHaveTextContent('（');
    expect(request).toHaveTextContent('商談依頼');
    expect(request).toHaveTextContent('月200個程度の加工をお願いできますか。');
    expect(accept).toHaveTextContent('依頼先：株式会社ミライテック・ソリューションズ（田中 直樹）');
    expect(accept).toHaveTextContent('商談開始');
    // Staff read; nothing to answer with.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is the 404 page for a deal the bank is no party to', async () => {
    renderStaff(`/admin/company/matching/detail/${DEAL_CODE}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('エラー 404');
  });
});
