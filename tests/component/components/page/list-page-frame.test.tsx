import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { createMemoryRouter, RouterProvider } from '#client/lib/router/index.ts';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { type CompanyCardItem, searchCompanyCardsCall } from '#server/contracts/company-cards.ts';
import { buildPagingData, listQuery } from '#server/contracts/paging.ts';
import { SearchKeyword, SearchPanel } from '#client/components/admin/search-panel.tsx';
import { ListPageFrame } from '#client/components/page/list-page-frame.tsx';
import { dataColumnHelper, EMPTY_TABLE_MESSAGE } from '#client/components/table/data-table.tsx';
import { useListSearch } from '#client/lib/list-search.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { createProviders, type FakeApi } from '#tests/component/fixtures/render-layout.tsx';
import { requestsTo } from '#tests/component/fixtures/registration-fixtures.tsx';
import { fixtureUser } from '#tests/component/fixtures/users.ts';

const PAGE = '/admin/company/creditcard';
const SEARCH = 'POST /api/v1/company/creditcard/search';

const searchSchema = listQuery({ keyword: z.optional(z.string()) });
const column = dataColumnHelper<CompanyCardItem>();
const columns = [column.accessor('company_name', { header: '企業名' })];

/** A list page as the frame makes it: its conditions, its call and its columns. */
function CardsPage() {
  const { search, change, turnPage } = useListSearch(searchSchema);
  const conditions = useMemo<{ keyword?: string }>(
    () => (search.keyword ? { keyword: search.keyword } : {}),
    [search.keyword],
  );
  const query = useCallQuery(
    searchCompanyCardsCall,
    { body: { conditions, page: search.page, rows: search.rows } },
    { keepPrevious: true },
  );
  const [keyword, setKeyword] = useState(search.keyword ?? '');
  return (
    <ListPageFrame
      search={
        <SearchPanel
          onSearch={() => change({ keyword: keyword || undefined })}
          onClear={() => change({ keyword: undefined })}
        >
          <SearchKeyword
            id="keyword"
            maxLength={100}
            placeholder="企業名"
            value={keyword}
            onChange={setKeyword}
          />
        </SearchPanel>
      }
      exportUrl={`/api/v1/company/creditcard/export?${new URLSearchParams(conditions.keyword ? { keyword: conditions.keyword } : {}).toString()}`}
      query={query}
      table={{ caption: 'カード', columns, getRowId: (row) => String(row.company_id) }}
      onPage={turnPage}
    />
  );
}

function card(index: number): CompanyCardItem {
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
  };
}
const CARDS = Array.from({ length: 30 }, (_, index) => card(index + 1));

function paged(body: unknown) {
  const { page, rows } = body as { page: number; rows: number };
  return {
    status: 200,
    body: {
      status: 'success',
      result: {
        list: CARDS.slice((page - 1) * rows, page * rows),
        paging_data: buildPagingData(30, page, rows),
      },
    },
  };
}

function renderPage(api: FakeApi = { [SEARCH]: paged }) {
  const { Providers, fetch } = createProviders({ user: fixtureUser('bank_admin'), api });
  const router = createMemoryRouter([{ path: PAGE, element: <CardsPage /> }], { initialEntries: [PAGE] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { fetch, router };
}

describe('ListPageFrame: a staff list of search, table, paging, CSV and its states', () => {
  it(
    'asks the call again with the page and row count the pager chooses (5–500)',
    { timeout: 15_000 },
    async () => {
      const user = userEvent.setup();
      const { fetch } = renderPage();
      const table = await screen.findByRole('table', { name: 'カード' });
      expect(within(table).getAllByRole('row')).toHaveLength(1 + 25);

      await user.selectOptions(screen.getByRole('combobox', { name: '表示行数' }), '5');
      await screen.findByText('全30件中 1〜5件');
      await user.click(screen.getByRole('button', { name: '次ページ' }));
      await screen.findByText('全30件中 6〜10件');
      expect(
        requestsTo(fetch, SEARCH).map(({ body }) => {
          const { page, rows } = body as { page: number; rows: number };
          return { page, rows };
        }),
      ).toEqual([
        { page: 1, rows: 25 },
        { page: 1, rows: 5 },
        { page: 2, rows: 5 },
      ]);
      expect(screen.getByRole('cell', { name: '株式会社みなと食品 6' })).toBeTruthy();
    },
  );

  it('says データ取得に失敗しました as an alert when the list fails to load', async () => {
    renderPage({ [SEARCH]: () => ({ status: 500, body: { status: 'error', message: 'System Error' } }) });
    expect((await screen.findByRole('alert')).textContent).toBe('データ取得に失敗しました');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the table’s empty message when the search finds nothing', async () => {
    renderPage({
      [SEARCH]: () => ({
        status: 200,
        body: { status: 'success', result: { list: [], paging_data: buildPagingData(0, 1, 100) } },
      }),
    });
    const table = await screen.findByRole('table', { name: 'カード' });
    expect(within(table).getByRole('cell').textContent).toBe(EMPTY_TABLE_MESSAGE);
    expect(screen.getByText('0件')).toBeTruthy();
  });

  it('downloads the CSV of the same conditions the list was searched with', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    const { fetch } = renderPage();
    await screen.findByRole('table', { name: 'カード' });
    const csv = () =>
      new URL(
        screen.getByRole('link', { name: 'CSV ダウンロード' }).getAttribute('href')!,
        'http://bank.test',
      );
    expect(csv().searchParams.get('keyword')).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: 'キーワード' }), 'みなと');
    await user.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() => expect(csv().searchParams.get('keyword')).toBe('みなと'));
    const sent = requestsTo(fetch, SEARCH).at(-1)!.body as { conditions: { keyword?: string } };
    expect(sent.conditions.keyword).toBe('みなと');
    expect(csv().pathname).toBe('/api/v1/company/creditcard/export');
    expect(csv().searchParams.get('keyword')).toBe(sent.conditions.keyword);
    expect(screen.getByRole('link', { name: 'CSV ダウンロード' }).hasAttribute('download')).toBe(true);
  });
});
