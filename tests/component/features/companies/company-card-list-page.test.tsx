import type { QueryClient } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import { describe, expect, it } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import type { CompanyCardItem } from '#server/contracts/company-cards.ts';
import { buildPagingData } from '#server/contracts/paging.ts';
import { evaluateRouteAccess, isRouteOffered } from '#server/contracts/route-access.ts';
import { CompanyCardListPage } from '#client/features/companies/admin/company-card-list-page.tsx';
import { type MasterList, masterListQueryOptions } from '#client/lib/master-data.ts';
import { createProviders, type FakeApi, fakeApiClient } from '#tests/component/fixtures/render-layout.tsx';
import { requestsTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

const PAGE = '/admin/company/creditcard';
const SEARCH = 'POST /api/v1/company/creditcard/search';

const BRANCHES: MasterList<'bank_branches'> = [
  { bb_id: 1, bb_code: '001', bb_unique_code: 'bb-001', bb_name: '本店営業部' },
  { bb_id: 2, bb_code: '010', bb_unique_code: 'bb-010', bb_name: '駅前支店' },
  { bb_id: 3, bb_code: '040', bb_unique_code: 'bb-040', bb_name: '港町支店' },
];

function preload(queryClient: QueryClient) {
  const { api } = fakeApiClient();
  queryClient.setQueryData(masterListQueryOptions(api, 'bank_branches').queryKey, BRANCHES);
}

/** A row as the search answers it; `change` overrides fields. */
function card(index: number, change: Partial<CompanyCardItem> = {}): CompanyCardItem {
  return {
    company_id: index,
    company_unique_code: `c${String(index).padStart(23, '0')}`,
    company_name: `株式会社みなと食品 ${index}`,
    bb_id: 1,
    bb_name: '本店営業部',
    card_brand: 'VISA',
    card_last4: '4242',
    card_expiry_month: 3,
    card_expiry_year: 2030,
    card_is_expired: false,
    card_holder_name: 'TARO MINATO',
    card_registered_at: '2026-03-31T15:30:00.000Z',
    ...change,
  };
}

const CARDS = Array.from({ length: 60 }, (_, index) => card(index + 1));

function listAnswer(items: readonly CompanyCardItem[], page = 1, rows = 25, total = items.length) {
  return {
    status: 200,
    body: { status: 'success', result: { list: items, paging_data: buildPagingData(total, page, rows) } },
  };
}

function pagedCards(body: unknown) {
  const { page, rows } = body as { page: number; rows: number };
  return listAnswer(CARDS.slice((page - 1) * rows, page * rows), page, rows, CARDS.length);
}

function renderList(
  path = PAGE,
  {
    userType = 'bank_admin',
    api = { [SEARCH]: pagedCards },
  }: { userType?: UserTypeCode; api?: FakeApi } = {},
) {
  const { Providers, fetch, queryClient } = createProviders({ user: fixtureUser(userType), api });
  preload(queryClient);
  const router = createMemoryRouter(
    [
      { path: PAGE, element: <CompanyCardListPage /> },
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

describe('/admin/company/creditcard: the companies’ cards', () => {
  it(
    'shows the columns, the number masked to its last four digits and 期限切れ',
    { timeout: 15_000 },
    async () => {
      const { fetch } = renderList(PAGE, {
        api: {
          [SEARCH]: () =>
            listAnswer([
              card(1),
              card(2, {
                company_name: 'つばめ運輸株式会社',
                bb_id: null,
                bb_name: null,
                card_brand: 'Mastercard',
                card_last4: '0005',
                card_expiry_month: 11,
                card_expiry_year: 2024,
                card_is_expired: true,
                card_holder_name: 'HANAKO TSUBAME',
                card_registered_at: '2024-01-05T00:05:00.000Z',
              }),
            ]),
        },
      });
      const table = await screen.findByRole('table', { name: 'クレジットカード' });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((header) => header.textContent),
      ).toEqual([
        '企業ID',
        '企業名',
        'お取引店',
        'カードブランド',
        'カード番号',
        '有効期限',
        '名義',
        '登録日時',
      ]);
      const first = within(table).getByRole('link', { name: '株式会社みなと食品 1' });
      expect(first.getAttribute('href')).toBe(`/admin/company/detail/${card(1).company_unique_code}`);
      expect(
        within(first.closest('tr')!)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual([
        '1',
        '本店営業部',
        'VISA',
        '**** **** **** 4242',
        '03/2030',
        'TARO MINATO',
        // 2026-03-31T15:30Z is April 1st in Japan.
        '2026/04/01 00:30',
      ]);
      const expiredRow = within(table).getByRole('link', { name: 'つばめ運輸株式会社' }).closest('tr')!;
      expect(
        within(expiredRow)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual([
        '2',
        '—',
        'Mastercard',
        '**** **** **** 0005',
        '11/2024期限切れ',
        'HANAKO TSUBAME',
        '2024/01/05 09:05',
      ]);
      expect(within(table).getAllByText('期限切れ')).toHaveLength(1);
      expect(screen.getByText('全2件中 1〜2件')).toBeInTheDocument();
      expect(searchBodies(fetch)).toEqual([{ rows: 25, page: 1, conditions: {} }]);
    },
  );

  it('sends each condition, keeps the search and the page in the URL, and goes back to them', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderList();
    await screen.findByRole('link', { name: '株式会社みなと食品 1' });
    const search = screen.getByRole('search', { name: '検索条件' });
    await user.type(within(search).getByRole('searchbox', { name: 'キーワード' }), ' みなと ');
    await user.selectOptions(within(search).getByRole('combobox', { name: 'お取引店' }), '港町支店');
    await user.click(within(search).getByRole('checkbox', { name: '期限切れのみ' }));
    await user.click(within(search).getByRole('button', { name: '検索' }));
    expect(urlQuery(router)).toEqual({ keyword: 'みなと', bb_id: '3', expired_only: '1' });
    await screen.findByRole('table');
    expect(searchBodies(fetch).at(-1)).toEqual({
      rows: 25,
      page: 1,
      conditions: { keyword: 'みなと', bb_id: 3, expired_only: true },
    });

    await user.click(screen.getByRole('button', { name: '次ページ' }));
    await screen.findByRole('link', { name: '株式会社みなと食品 26' });
    expect(urlQuery(router)).toEqual({ keyword: 'みなと', bb_id: '3', expired_only: '1', page: '2' });
    expect(searchBodies(fetch).at(-1)).toMatchObject({ page: 2, conditions: { expired_only: true } });

    await user.click(within(search).getByRole('button', { name: 'クリア' }));
    expect(urlQuery(router)).toEqual({});
    expect(searchBodies(fetch).at(-1)).toEqual({ rows: 25, page: 1, conditions: {} });
    expect((within(search).getByRole('checkbox', { name: '期限切れのみ' }) as HTMLInputElement).checked).toBe(
      false,
    );

    // Back: the second page of the search, its controls filled again.
    await act(() => router.navigate(-1));
    await screen.findByRole('link', { name: '株式会社みなと食品 26' });
    expect((within(search).getByRole('checkbox', { name: '期限切れのみ' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((within(search).getByRole('combobox', { name: 'お取引店' }) as HTMLSelectElement).value).toBe('3');
  });

  it('opens a search from the URL, a company’s own link included, and leaves out what the server would refuse', async () => {
    const { fetch } = renderList(
      `${PAGE}?company=c0001&keyword=さくら&expired_only=1&rows=50&page=2&bb_id=x`,
    );
    await screen.findByRole('table');
    expect(searchBodies(fetch)).toEqual([
      { rows: 50, page: 2, conditions: { company: 'c0001', keyword: 'さくら', expired_only: true } },
    ]);
    expect((screen.getByRole('searchbox', { name: 'キーワード' }) as HTMLInputElement).value).toBe('さくら');
    expect((screen.getByRole('combobox', { name: '表示行数' }) as HTMLSelectElement).value).toBe('50');
  });

  it('offers branch staff their own branches to search by', async () => {
    renderList(PAGE, { userType: 'branch_admin' });
    await screen.findByRole('table');
    const branches = within(screen.getByRole('combobox', { name: 'お取引店' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    // The fixture's branch admin works for 本店営業部.
    expect(branches).toEqual(['すべて', '本店営業部']);
  });

  it('says so when the list did not load', async () => {
    renderList(PAGE, { api: { [SEARCH]: () => ({ status: 500, body: { status: 'error', message: 'x' } }) } });
    expect(await screen.findByRole('alert')).toHaveTextContent('クレジットカードの取得に失敗しました。');
  });

  it('is refused (403) and not offered in a bank without card registration', () => {
    const user = fixtureUser('bank_admin');
    const without = { user, features: { enable_credit_card_registration: false } };
    expect(evaluateRouteAccess(PAGE, without)).toMatchObject({
      kind: 'error',
      status: 403,
      message: '権限がありません',
    });
    expect(isRouteOffered(PAGE, without)).toBe(false);
    const withCards = { user, features: { enable_credit_card_registration: true } };
    expect(evaluateRouteAccess(`${PAGE}?company=c1`, withCards)).toEqual({ kind: 'allow' });
    expect(evaluateRouteAccess(PAGE, { ...withCards, user: fixtureUser('branch_user') })).toEqual({
      kind: 'allow',
    });
  });
});
