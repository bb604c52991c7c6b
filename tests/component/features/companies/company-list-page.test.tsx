import type { QueryClient } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { describe, expect, it } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import type { CompanyListItem } from '#server/contracts/companies.ts';
import { buildPagingData } from '#server/contracts/paging.ts';
import { CompanyListPage } from '#client/features/companies/admin/company-list-page.tsx';
import { type MasterList, masterListQueryOptions } from '#client/lib/master-data.ts';
import { createProviders, type FakeApi, fakeApiClient } from '#tests/component/fixtures/render-layout.tsx';
import { requestsTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

const SEARCH = 'POST /api/v1/company/search';

type ListName = 'company_types' | 'charge_statuses' | 'company_statuses' | 'bank_branches';

/** The master lists the list reads, as the server seeds them (server/db/master-data/, demo branches). */
const MASTER_LISTS: { [K in ListName]: MasterList<K> } = {
  company_types: [
    { code: 'normal', name: '一般企業' },
    { code: 'partner', name: 'パートナー企業' },
    { code: 'baportal', name: 'BAポータル企業' },
  ],
  charge_statuses: [
    { code: 'unbilled', name: '未請求', color: '#757575', is_closed: false },
    { code: 'billed', name: '請求済み', color: '#1565C0', is_closed: false },
    { code: 'unpaid', name: '未入金', color: '#C62828', is_closed: false },
    { code: 'paid', name: '入金済み', color: '#2E7D32', is_closed: true },
  ],
  company_statuses: [
    { code: 'active', name: '利用中' },
    { code: 'suspended', name: '利用停止中' },
    { code: 'unsubscribe_reserved', name: '退会予約中' },
    { code: 'unsubscribed', name: '退会済み' },
  ],
  bank_branches: [
    { bb_id: 1, bb_code: '001', bb_unique_code: 'bb-001', bb_name: '本店営業部' },
    { bb_id: 2, bb_code: '010', bb_unique_code: 'bb-010', bb_name: '駅前支店' },
    { bb_id: 3, bb_code: '040', bb_unique_code: 'bb-040', bb_name: '港町支店' },
  ],
};

function preload(queryClient: QueryClient) {
  const { api } = fakeApiClient();
  for (const name of Object.keys(MASTER_LISTS) as ListName[])
    queryClient.setQueryData(masterListQueryOptions(api, name).queryKey, MASTER_LISTS[name]);
}

/** A list row as the search answers it; `change` overrides fields. */
function company(index: number, change: Partial<CompanyListItem> = {}): CompanyListItem {
  return {
    company_id: index,
    company_unique_code: `c${String(index).padStart(23, '0')}`,
    company_name: `株式会社みなと食品 ${index}`,
    company_type: 'normal',
    owner_name: '小林 洋子',
    bb_id: 1,
    bb_name: '本店営業部',
    need_count: 2,
    coupon_count: 1,
    user_count: 4,
    business_user_count: 1,
    homepage_published: true,
    recruitment_published: false,
    charge_amount: 5500,
    charge_status: 'billed',
    company_created_at: '2026-03-31T15:30:00.000Z',
    company_last_used_at: '2026-04-10T01:00:00.000Z',
    unsubscribe_requested_at: null,
    ...change,
  };
}

const COMPANIES = Array.from({ length: 60 }, (_, index) => company(index + 1));

function listAnswer(items: readonly CompanyListItem[], page = 1, rows = 25, total = items.length) {
  return {
    status: 200,
    body: { status: 'success', result: { list: items, paging_data: buildPagingData(total, page, rows) } },
  };
}

function pagedCompanies(body: unknown) {
  const { page, rows } = body as { page: number; rows: number };
  return listAnswer(COMPANIES.slice((page - 1) * rows, page * rows), page, rows, COMPANIES.length);
}

/** The list page at `path` inside the app's providers, for a staff member; the fake API answers `api`. */
function renderList(
  path = '/admin/company',
  {
    userType = 'bank_admin',
    api = { [SEARCH]: pagedCompanies },
  }: { userType?: UserTypeCode; api?: FakeApi } = {},
) {
  const { Providers, fetch, queryClient } = createProviders({ user: fixtureUser(userType), api });
  preload(queryClient);
  const router = createMemoryRouter(
    [
      { path: '/admin/company', element: <CompanyListPage /> },
      { path: '/admin/company/partner', element: <CompanyListPage companyType="partner" /> },
      { path: '*', element: <p>ほかのページ</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, fetch };
}

const searchBodies = (fetch: ReturnType<typeof renderList>['fetch']) =>
  requestsTo(fetch, SEARCH).map(({ body }) => body);
const urlQuery = (router: ReturnType<typeof renderList>['router']) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));
/** A header's words, without the sort arrow and the order read out to screen readers. */
const headerText = (header: HTMLElement) => (header.textContent ?? '').replace(/[▲▼⇅]|（[^）]*）$/gu, '');
const headerNamed = (name: string) =>
  screen.getAllByRole('columnheader').find((header) => headerText(header) === name)!;

const DEFAULT_SORT = { column: 'company_created_at', order: 1 };

describe('/admin/company: the company list', () => {
  it(
    'shows the spec’s columns, each company opening its page, 未入金 in its master colour',
    { timeout: 15_000 },
    async () => {
      const { fetch } = renderList('/admin/company', {
        api: {
          [SEARCH]: () =>
            listAnswer([
              company(1),
              company(2, {
                company_name: 'つばめ運輸株式会社',
                company_type: 'partner',
                owner_name: null,
                bb_id: null,
                bb_name: null,
                homepage_published: false,
                recruitment_published: true,
                charge_amount: 11000,
                charge_status: 'unpaid',
                company_last_used_at: null,
                unsubscribe_requested_at: '2026-04-02T00:00:00.000Z',
              }),
              company(3, { charge_amount: null, charge_status: null }),
            ]),
        },
      });
      const table = await screen.findByRole('table', { name: '企業一覧' });
      expect(within(table).getAllByRole('columnheader').map(headerText)).toEqual([
        '企業ID',
        '企業名',
        '企業種別',
        'オーナー名',
        'お取引店',
        'ニーズ数',
        'クーポン数',
        '利用者数',
        'ビジネスユーザー数',
        'ホームページ公開',
        '求人',
        '月額利用料',
        '請求状況',
        '登録日',
        '最終利用日',
        '退会申請日',
      ]);
      const first = within(table).getByRole('link', { name: '株式会社みなと食品 1' });
      expect(first.getAttribute('href')).toBe(`/admin/company/detail/${company(1).company_unique_code}`);
      expect(
        within(first.closest('tr')!)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual([
        '1',
        '一般企業',
        '小林 洋子',
        '本店営業部',
        '2',
        '1',
        '4',
        '1',
        '公開',
        '非公開',
        '5,500円',
        '請求済み',
        // 2026-03-31T15:30Z is April 1st in Japan.
        '2026/04/01',
        '2026/04/10',
        '—',
      ]);
      const unpaidRow = within(table).getByRole('link', { name: 'つばめ運輸株式会社' }).closest('tr')!;
      expect(
        within(unpaidRow)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual([
        '2',
        'パートナー企業',
        '—',
        '—',
        '2',
        '1',
        '4',
        '1',
        '非公開',
        '公開',
        '11,000円',
        '未入金',
        '2026/04/01',
        '—',
        '2026/04/02',
      ]);
      expect(within(unpaidRow).getByText('未入金')).toHaveStyle({ color: '#C62828' });
      expect(within(table).getByText('請求済み')).toHaveStyle({ color: '#1565C0' });
      const noCharge = within(table).getByRole('link', { name: '株式会社みなと食品 3' }).closest('tr')!;
      expect(within(noCharge).getAllByRole('cell')[10]?.textContent).toBe('—');
      expect(within(noCharge).getAllByRole('cell')[11]?.textContent).toBe('—');
      expect(screen.getByText('全3件中 1〜3件')).toBeInTheDocument();
      expect(searchBodies(fetch)).toEqual([{ rows: 25, page: 1, conditions: {}, sort: DEFAULT_SORT }]);
      expect(headerNamed('登録日').getAttribute('aria-sort')).toBe('descending');
    },
  );

  it(
    'sorts by a header pressed, 0 ascending then 1 descending, the order in the URL',
    { timeout: 15_000 },
    async () => {
      const user = userEvent.setup();
      const { fetch, router } = renderList('/admin/company?page=2');
      await screen.findByRole('link', { name: '株式会社みなと食品 26' });
      await user.click(within(headerNamed('企業名')).getByRole('button'));
      await screen.findByRole('link', { name: '株式会社みなと食品 1' });
      expect(urlQuery(router)).toEqual({ sort: 'company_name', order: '0' });
      expect(searchBodies(fetch).at(-1)).toEqual({
        rows: 25,
        page: 1,
        conditions: {},
        sort: { column: 'company_name', order: 0 },
      });
      expect(headerNamed('企業名').getAttribute('aria-sort')).toBe('ascending');
      expect(headerNamed('登録日').getAttribute('aria-sort')).toBe('none');

      await user.click(within(headerNamed('企業名')).getByRole('button'));
      expect(urlQuery(router)).toEqual({ sort: 'company_name', order: '1' });
      expect(searchBodies(fetch).at(-1)).toMatchObject({ sort: { column: 'company_name', order: 1 } });
      expect(headerNamed('企業名').getAttribute('aria-sort')).toBe('descending');

      // Back: the order before.
      await act(() => router.navigate(-1));
      expect(headerNamed('企業名').getAttribute('aria-sort')).toBe('ascending');
    },
  );

  it(
    'opens a search and an order from the URL, and the CSV link downloads the same',
    { timeout: 15_000 },
    async () => {
      const { fetch } = renderList(
        '/admin/company?keyword=みなと&company_type=partner&bb_id=2&charge_status=unpaid&company_status=active&registered_from=2026-04-01&last_used_to=2026-04-30&sort=user_count&order=1&rows=50',
      );
      await screen.findByRole('table');
      const conditions = {
        keyword: 'みなと',
        company_type: 'partner',
        bb_id: 2,
        charge_status: 'unpaid',
        company_status: 'active',
        registered_from: '2026-04-01',
        last_used_to: '2026-04-30',
      };
      expect(searchBodies(fetch)).toEqual([
        { rows: 50, page: 1, conditions, sort: { column: 'user_count', order: 1 } },
      ]);
      expect(headerNamed('利用者数').getAttribute('aria-sort')).toBe('descending');
      const valueOf = (name: string) => (screen.getByRole('combobox', { name }) as HTMLSelectElement).value;
      expect(valueOf('企業種別')).toBe('partner');
      expect(valueOf('お取引店')).toBe('2');
      expect(valueOf('請求状況（当月）')).toBe('unpaid');
      expect(valueOf('企業の状態')).toBe('active');
      expect(valueOf('表示行数')).toBe('50');
      const link = screen.getByRole('link', { name: 'CSV ダウンロード' });
      expect(link.hasAttribute('download')).toBe(true);
      const href = new URL(link.getAttribute('href')!, 'http://bank.test');
      expect(href.pathname).toBe('/api/v1/company/export');
      expect(Object.fromEntries(href.searchParams)).toEqual({
        ...conditions,
        bb_id: '2',
        sort: 'user_count',
        order: '1',
      });
    },
  );

  it(
    'sends each search condition, keeps them in the URL and keeps the order',
    { timeout: 15_000 },
    async () => {
      const user = userEvent.setup();
      const { fetch, router } = renderList('/admin/company?sort=charge_status&order=0');
      await screen.findByRole('table');
      const search = screen.getByRole('search', { name: '検索条件' });
      await user.type(within(search).getByRole('searchbox', { name: 'キーワード' }), ' 佐藤 ');
      await user.selectOptions(within(search).getByRole('combobox', { name: '企業種別' }), 'パートナー企業');
      await user.selectOptions(within(search).getByRole('combobox', { name: 'お取引店' }), '港町支店');
      await user.selectOptions(within(search).getByRole('combobox', { name: '請求状況（当月）' }), '未入金');
      await user.selectOptions(within(search).getByRole('combobox', { name: '企業の状態' }), '退会予約中');
      await user.type(within(search).getByLabelText('登録日（から）'), '2026-04-01');
      await user.type(within(search).getByLabelText('登録日（まで）'), '2026-04-30');
      await user.type(within(search).getByLabelText('最終利用日（から）'), '2026-05-01');
      await user.type(within(search).getByLabelText('最終利用日（まで）'), '2026-05-31');
      await user.click(within(search).getByRole('button', { name: '検索' }));
      await screen.findByRole('table');
      const conditions = {
        keyword: '佐藤',
        company_type: 'partner',
        bb_id: 3,
        charge_status: 'unpaid',
        company_status: 'unsubscribe_reserved',
        registered_from: '2026-04-01',
        registered_to: '2026-04-30',
        last_used_from: '2026-05-01',
        last_used_to: '2026-05-31',
      };
      expect(searchBodies(fetch).at(-1)).toEqual({
        rows: 25,
        page: 1,
        conditions,
        sort: { column: 'charge_status', order: 0 },
      });
      expect(urlQuery(router)).toEqual({ ...conditions, bb_id: '3', sort: 'charge_status', order: '0' });

      await user.click(within(search).getByRole('button', { name: 'クリア' }));
      expect(urlQuery(router)).toEqual({ sort: 'charge_status', order: '0' });
    },
  );

  it('leaves out a hand-edited condition or order the server would refuse', async () => {
    const { fetch } = renderList(
      '/admin/company?company_type=bank&charge_status=late&registered_from=2026-02-30&sort=password&order=3&keyword=株主',
    );
    await screen.findByRole('table');
    expect(searchBodies(fetch)).toEqual([
      { rows: 25, page: 1, conditions: { keyword: '株主' }, sort: DEFAULT_SORT },
    ]);
  });

  it('pages with 次ページ and 表示行数 (5 to 500), each in the URL', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderList();
    await screen.findByRole('link', { name: '株式会社みなと食品 1' });
    expect(
      within(screen.getByRole('combobox', { name: '表示行数' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5件', '10件', '25件', '50件', '100件', '500件']);
    await user.click(screen.getByRole('button', { name: '次ページ' }));
    expect(await screen.findByRole('link', { name: '株式会社みなと食品 26' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    await user.selectOptions(screen.getByRole('combobox', { name: '表示行数' }), '100');
    expect(await screen.findByRole('link', { name: '株式会社みなと食品 60' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?rows=100');
    expect(searchBodies(fetch).at(-1)).toEqual({ rows: 100, page: 1, conditions: {}, sort: DEFAULT_SORT });
  });

  it('says 企業一覧の取得に失敗しました。 when the list does not load', async () => {
    renderList('/admin/company', { api: { [SEARCH]: () => ({ status: 500, body: { status: 'error' } }) } });
    expect((await screen.findByRole('alert')).textContent).toBe('企業一覧の取得に失敗しました。');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it.each(['branch_admin', 'branch_user'] as const)(
    'offers a %s only their own branches to search by',
    async (userType) => {
      renderList('/admin/company', { userType });
      const branches = await screen.findByRole('combobox', { name: 'お取引店' });
      expect(
        within(branches)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['すべて', '本店営業部']);
    },
  );
});

describe('/admin/company/partner: the partner companies', () => {
  it('asks for the partner type whatever the URL says, and offers no 企業種別 to choose', async () => {
    const user = userEvent.setup();
    const { fetch } = renderList('/admin/company/partner?company_type=normal');
    await screen.findByRole('table', { name: '企業一覧' });
    expect(screen.queryByRole('combobox', { name: '企業種別' })).not.toBeInTheDocument();
    expect(searchBodies(fetch).at(-1)).toMatchObject({ conditions: { company_type: 'partner' } });

    await user.type(screen.getByRole('searchbox', { name: 'キーワード' }), 'ミライ');
    await user.click(screen.getByRole('button', { name: '検索' }));
    await act(async () => {});
    expect(searchBodies(fetch).at(-1)).toMatchObject({
      conditions: { company_type: 'partner', keyword: 'ミライ' },
    });
  });
});
