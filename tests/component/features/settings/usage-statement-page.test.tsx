import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UsageStatement } from '#server/contracts/usage-statement.ts';
import { usageStatementRoutes } from '#client/features/settings/usage-statement/pages.tsx';
import { masterListQueryOptions } from '#client/lib/master-data.ts';
import { FIXTURE_BANKS, withOptions } from '#tests/component/fixtures/app-configs.ts';
import { type FakeApi, fakeApiClient, successAnswer } from '#tests/component/fixtures/render-layout.tsx';
import { renderRegistrationPages, requestsTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

const PAGE = '/mypage/setting/invoice';
const LIST = 'GET /api/v1/setting/invoice';

/** The charge_statuses master as the server seeds it (server/db/master-data/code-lists.ts). */
const CHARGE_STATUSES = [
  { code: 'unbilled', name: '未請求', color: '#757575', is_closed: false },
  { code: 'billed', name: '請求済み', color: '#1565C0', is_closed: false },
  { code: 'unpaid', name: '未入金', color: '#C62828', is_closed: false },
  { code: 'paid', name: '入金済み', color: '#2E7D32', is_closed: true },
  { code: 'waived', name: '請求免除', color: '#6D4C41', is_closed: true },
  { code: 'cancelled', name: '取消', color: '#424242', is_closed: true },
];

const RECENT: UsageStatement = {
  year: null,
  from_month: '2025-12',
  to_month: null,
  years: [2026, 2025, 2024],
  total: 9900,
  months: [
    {
      month: '2026-11',
      total: 4400,
      status: 'unpaid',
      charges: [
        {
          charge_id: 31,
          charge_kind: 'subscription',
          charge_amount: 5500,
          charge_status: 'unpaid',
          charge_note: null,
        },
        {
          charge_id: 32,
          charge_kind: 'adjust',
          charge_amount: -1100,
          charge_status: 'billed',
          charge_note: '10月分の日割り返金',
        },
        {
          charge_id: 33,
          charge_kind: 'pay_per_use',
          charge_amount: 3300,
          charge_status: 'cancelled',
          charge_note: null,
        },
      ],
    },
    {
      month: '2026-10',
      total: 5500,
      status: 'paid',
      charges: [
        {
          charge_id: 21,
          charge_kind: 'subscription',
          charge_amount: 5500,
          charge_status: 'paid',
          charge_note: null,
        },
      ],
    },
  ],
};

const YEAR_2024: UsageStatement = {
  year: 2024,
  from_month: '2024-01',
  to_month: '2024-12',
  years: [2026, 2025, 2024],
  total: 5500,
  months: [
    {
      month: '2024-03',
      total: 5500,
      status: 'paid',
      charges: [
        {
          charge_id: 3,
          charge_kind: 'subscription',
          charge_amount: 5500,
          charge_status: 'paid',
          charge_note: null,
        },
      ],
    },
  ],
};

/** The list by the year asked (`?year=`), as the server answers it. */
const statementApi = (
  byYear: Record<string, UsageStatement> = { '': RECENT, '2024': YEAR_2024 },
): FakeApi => ({
  [LIST]: (_body, url) => {
    const found = byYear[url.searchParams.get('year') ?? ''];
    return found
      ? successAnswer(found)
      : successAnswer({ ...RECENT, year: Number(url.searchParams.get('year')), months: [], total: 0 });
  },
});

function renderPage({
  api = statementApi(),
  path = PAGE,
  bank = FIXTURE_BANKS[0],
}: { api?: FakeApi; path?: string; bank?: (typeof FIXTURE_BANKS)[number] } = {}) {
  const rendered = renderRegistrationPages({
    routes: usageStatementRoutes,
    path,
    // The page's rule is the layout's; here the page alone, for a bank that offers it.
    config: withOptions(bank.config(), { features: { available_invoice: true } }),
    user: fixtureUser('company_owner'),
    api,
  });
  const { api: client } = fakeApiClient();
  rendered.queryClient.setQueryData(
    masterListQueryOptions(client, 'charge_statuses').queryKey,
    CHARGE_STATUSES,
  );
  return rendered;
}

/** The body rows of the months' table, each as its cells' text. */
async function monthRows(name: string): Promise<string[][]> {
  const table = await screen.findByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

const periodSelect = () => screen.getByRole('combobox', { name: '表示する期間' });

beforeAll(async () => {
  await import('#client/features/settings/usage-statement/usage-statement-page.tsx');
}, 30_000);

describe.each(FIXTURE_BANKS)('/mypage/setting/invoice on bank $code', (bank) => {
  it('shows the recent months, newest first, with each entry, its status, the month’s total and its statement', async () => {
    renderPage({ bank });
    expect(await monthRows('2025年12月以降のご利用明細')).toEqual([
      [
        '2026年11月',
        '月額利用料5,500円未入金調整-1,100円請求済み10月分の日割り返金従量課金3,300円取消',
        '未入金',
        '4,400円',
        'ご利用明細書（PDF）',
      ],
      ['2026年10月', '月額利用料5,500円入金済み', '入金済み', '5,500円', 'ご利用明細書（PDF）'],
    ]);
    expect(
      screen.getByText(`${bank.config().bank.name}が登録した月ごとのご利用料金です。`, { exact: false }),
    );
    const facts = screen.getAllByRole('definition').map((item) => item.textContent);
    expect(facts).toEqual(['2025年12月以降', '9,900円']);
    expect(screen.getByText(/状態が「取消」の明細は合計に含みません。/)).toBeInTheDocument();
  });
});

describe('/mypage/setting/invoice', () => {
  it('offers each month’s statement as a PDF download link named with its month', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: '2025年12月以降のご利用明細' });
    const link = within(table).getByRole('link', { name: '2026年11月のご利用明細書（PDF）' });
    expect(link).toHaveAttribute('href', '/api/v1/setting/invoice/statement?month=2026-11');
    expect(link).toHaveAttribute('download');
    expect(within(table).getByRole('link', { name: '2026年10月のご利用明細書（PDF）' })).toHaveAttribute(
      'href',
      '/api/v1/setting/invoice/statement?month=2026-10',
    );
  });

  it('shows a year chosen in 表示する期間, asked of the server and kept in the URL', async () => {
    const { fetch, router, user } = renderPage();
    await monthRows('2025年12月以降のご利用明細');
    expect(
      within(periodSelect())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['直近12か月', '2026年', '2025年', '2024年']);

    await user.selectOptions(periodSelect(), '2024年');
    expect(await monthRows('2024年1月〜12月のご利用明細')).toEqual([
      ['2024年3月', '月額利用料5,500円入金済み', '入金済み', '5,500円', 'ご利用明細書（PDF）'],
    ]);
    expect(router.state.location.search).toBe('?year=2024');
    expect(requestsTo(fetch, LIST).map(({ url }) => url.search)).toEqual(['', '?year=2024']);

    await user.selectOptions(periodSelect(), '直近12か月');
    await monthRows('2025年12月以降のご利用明細');
    expect(router.state.location.search).toBe('');
  });

  it('opens on the year the URL names', async () => {
    const { fetch } = renderPage({ path: `${PAGE}?year=2024` });
    expect(await monthRows('2024年1月〜12月のご利用明細')).toHaveLength(1);
    expect(periodSelect()).toHaveValue('2024');
    expect(requestsTo(fetch, LIST).map(({ url }) => url.search)).toEqual(['?year=2024']);
  });

  it('says so when the period has no charges, and offers no download', async () => {
    renderPage({ path: `${PAGE}?year=2019` });
    const table = await screen.findByRole('table', { name: '2019年1月〜12月のご利用明細' });
    expect(within(table).getByText('この期間のご利用明細はありません。')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    // A year the company has no charges in stays chosen.
    expect(periodSelect()).toHaveValue('2019');
  });

  it('says ご利用明細の取得に失敗しました。 when the months cannot be loaded', async () => {
    renderPage({
      api: { [LIST]: () => ({ status: 500, body: { status: 'error', message: 'System Error' } }) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('ご利用明細の取得に失敗しました。');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByRole('table')).toBeNull();
  });
});
