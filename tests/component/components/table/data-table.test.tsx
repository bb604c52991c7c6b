import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { buildPagingData, TABLE_ROWS_OPTIONS } from '#server/contracts/paging.ts';
import { DataTable, dataColumnHelper, EMPTY_TABLE_MESSAGE } from '#client/components/table/data-table.tsx';
import { type PagerPosition, TablePager } from '#client/components/table/table-pager.tsx';
import type { SortingState } from '@tanstack/react-table';
import { Themed } from '#tests/component/lib/themed.tsx';

interface Branch {
  code: string;
  name: string;
  companies: number;
}

const column = dataColumnHelper<Branch>();
const COLUMNS = column.columns([
  column.accessor('name', { header: '支店名', meta: { rowHeader: true } }),
  column.accessor('code', { header: '店番', meta: { nowrap: true } }),
  column.accessor('companies', {
    header: '企業数',
    enableSorting: true,
    meta: { align: 'end' },
    cell: (info) => `${info.getValue()}社`,
  }),
]);

const BRANCHES: Branch[] = [
  { code: '001', name: '本店営業部', companies: 120 },
  { code: '002', name: '駅前支店', companies: 45 },
];

function SortableBranches({ onSort }: { onSort: (sorting: SortingState) => void }) {
  const [sorting, setSorting] = useState<SortingState>([]);
  return (
    <DataTable
      caption="支店一覧"
      columns={COLUMNS}
      data={BRANCHES}
      getRowId={(row) => row.code}
      sorting={sorting}
      onSortingChange={(next) => {
        setSorting(next);
        onSort(next);
      }}
    />
  );
}

describe('DataTable: the staff lists’ table', () => {
  it('scrolls inside a box named by its caption that a keyboard can reach, so a phone page keeps its width', async () => {
    render(
      <Themed>
        <DataTable
          caption="支店一覧"
          captionHidden
          columns={COLUMNS}
          data={BRANCHES}
          getRowId={(row) => row.code}
        />
      </Themed>,
    );
    const box = screen.getByRole('region', { name: '支店一覧' });
    expect(within(box).getByRole('table', { name: '支店一覧' })).toBeInTheDocument();
    await userEvent.tab();
    expect(box).toHaveFocus();
  });

  it('names itself with its caption, heads columns with scope and each row with its naming cell', () => {
    render(
      <Themed>
        <DataTable caption="支店一覧" columns={COLUMNS} data={BRANCHES} getRowId={(row) => row.code} />
      </Themed>,
    );
    const table = screen.getByRole('table', { name: '支店一覧' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['支店名', '店番', '企業数']);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    const rowHeader = within(table).getByRole('rowheader', { name: '駅前支店' });
    expect(rowHeader.getAttribute('scope')).toBe('row');
    expect(within(rowHeader.closest('tr')!).getByText('45社')).toBeInTheDocument();
    // Nothing is sortable unless the page sorts on the server.
    expect(headers.some((header) => header.hasAttribute('aria-sort'))).toBe(false);
  });

  it('says 該当するデータがありません across the whole table when the list is empty', () => {
    render(
      <Themed>
        <DataTable caption="支店一覧" columns={COLUMNS} data={[]} getRowId={(row) => row.code} />
      </Themed>,
    );
    const cell = screen.getByRole('cell', { name: EMPTY_TABLE_MESSAGE });
    expect(EMPTY_TABLE_MESSAGE).toBe('該当するデータがありません');
    expect(cell.getAttribute('colspan')).toBe('3');
  });

  it('marks a sortable column with aria-sort and asks the page for the order when pressed', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    render(
      <Themed>
        <SortableBranches onSort={onSort} />
      </Themed>,
    );
    const header = screen.getByRole('columnheader', { name: /企業数/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: '支店名' }).hasAttribute('aria-sort')).toBe(false);

    await user.click(within(header).getByRole('button'));
    const [[sorting]] = onSort.mock.calls as [[SortingState]];
    expect(sorting).toHaveLength(1);
    expect(sorting[0]?.id).toBe('companies');
    expect(header.getAttribute('aria-sort')).toBe(sorting[0]?.desc ? 'descending' : 'ascending');

    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe(sorting[0]?.desc ? 'ascending' : 'descending');
  });
});

function renderPager(totalRows: number, page: number, rows = 25) {
  const onChange = vi.fn<(next: PagerPosition) => void>();
  render(
    <Themed>
      <TablePager paging={buildPagingData(totalRows, page, rows)} onChange={onChange} />
    </Themed>,
  );
  const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
  return { onChange, previous: button('前ページ'), next: button('次ページ') };
}

describe('TablePager: 前ページ, 次ページ and 表示行数', () => {
  it('offers the spec’s page sizes under 表示行数, showing the current one', () => {
    renderPager(120, 1);
    const select = screen.getByRole('combobox', { name: '表示行数' }) as HTMLSelectElement;
    expect([...select.options].map((option) => Number(option.value))).toEqual([...TABLE_ROWS_OPTIONS]);
    expect([...TABLE_ROWS_OPTIONS]).toEqual([5, 10, 25, 50, 100, 500]);
    expect(select.value).toBe('25');
    expect(screen.getByText('全120件中 1〜25件')).toBeInTheDocument();
  });

  it('disables 前ページ on the first page', () => {
    const first = renderPager(60, 1);
    expect(first.previous.disabled).toBe(true);
    expect(first.next.disabled).toBe(false);
  });

  it('disables 次ページ on the last page, and shows where the rows sit', () => {
    const last = renderPager(60, 3);
    expect(last.previous.disabled).toBe(false);
    expect(last.next.disabled).toBe(true);
    expect(screen.getByText('全60件中 51〜60件')).toBeInTheDocument();
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
  });

  it('disables both on a single page and an empty list', () => {
    const empty = renderPager(0, 1);
    expect(empty.previous.disabled).toBe(true);
    expect(empty.next.disabled).toBe(true);
    expect(screen.getByText('0件')).toBeInTheDocument();
  });

  it('asks for the next and previous page, and for page 1 with a new row count', async () => {
    const user = userEvent.setup();
    const { onChange, previous, next } = renderPager(120, 2);
    await user.click(next);
    expect(onChange).toHaveBeenLastCalledWith({ page: 3, rows: 25 });
    await user.click(previous);
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, rows: 25 });
    await user.selectOptions(screen.getByRole('combobox', { name: '表示行数' }), '100');
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, rows: 100 });
  });
});
