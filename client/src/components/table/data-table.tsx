import {
  type ColumnDef,
  createColumnHelper,
  type Header,
  metaHelper,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useId, useMemo } from 'react';
import styled, { css } from 'styled-components';
import { VisuallyHidden } from '../visually-hidden.ts';

/** What the table shows when a list has no rows (spec wording shared by every staff list). */
export const EMPTY_TABLE_MESSAGE = '該当するデータがありません';

/** How a column is drawn, beside its header and cell. */
export interface DataColumnMeta {
  /** The cell that names its row (a title, a name): a `<th scope="row">`, read out with each cell of the row. */
  rowHeader?: boolean;
  /** Numbers and counts line up at the end. */
  align?: 'start' | 'end';
  /** Dates, statuses and counts stay on one line. */
  nowrap?: boolean;
  /** The narrowest the column gets (a CSS length): a title should not wrap every few characters. */
  minWidth?: string;
}

/**
 * The features every DataTable has: sorting (done by the server; the table only holds the state and
 * draws aria-sort) and the column meta above. Module scope, as TanStack Table wants it stable.
 */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnMeta: metaHelper<DataColumnMeta>(),
});
export type DataTableFeatures = typeof dataTableFeatures;
// The helper erases each column's value type in its array: a table mixes strings, numbers and dates.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;

/** The column helper of a DataTable's rows: `const column = dataColumnHelper<Row>()`. */
export function dataColumnHelper<T extends RowData>() {
  return createColumnHelper<DataTableFeatures, T>();
}

export interface DataTableProps<T extends RowData> {
  /** Names the table for assistive technology (and on screen unless `captionHidden`). */
  caption: ReactNode;
  captionHidden?: boolean;
  /** Stable (module scope or memoised): a new array each render rebuilds the table. */
  columns: readonly DataColumn<T>[];
  data: readonly T[];
  /** A row's key: its id, so a row keeps its DOM node across pages and refreshes. */
  getRowId: (row: T) => string;
  /**
   * Sorting done by the server: the current order and what to ask for when a sortable header is
   * pressed. Columns opt in with `enableSorting: true`; without these props nothing is sortable.
   */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  /** Shown in the table's one cell when there are no rows (default 該当するデータがありません). */
  emptyMessage?: string;
  /** The rows on screen are being replaced (the next page is loading): announced as busy. */
  busy?: boolean;
}

/**
 * The table scrolls sideways inside this box on a narrow screen, never the page: a named region in the
 * tab order, so a keyboard can scroll it too (axe `scrollable-region-focusable`). Positioned, so the
 * visually hidden texts (absolute) of far-right cells are clipped with it instead of widening the page.
 */
const Scroll = styled.div`
  position: relative;
  max-width: 100%;
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Table = styled.table<{ $busy: boolean }>`
  width: 100%;
  border-collapse: collapse;
  background: ${({ theme }) => theme.colors.surface};
  opacity: ${({ $busy }) => ($busy ? 0.6 : 1)};
  transition: opacity 0.15s;

  caption {
    padding: ${({ theme }) => theme.spacing.sm};
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
    text-align: left;
  }
`;

const cellStyle = css<{ $align?: 'start' | 'end'; $nowrap?: boolean }>`
  padding: ${({ theme }) => theme.spacing.sm};
  text-align: ${({ $align }) => ($align === 'end' ? 'right' : 'left')};
  vertical-align: top;
  white-space: ${({ $nowrap }) => ($nowrap ? 'nowrap' : 'normal')};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const HeaderCell = styled.th<{ $align?: 'start' | 'end'; $nowrap?: boolean; $minWidth?: string }>`
  ${cellStyle}
  min-width: ${({ $minWidth }) => $minWidth ?? 'auto'};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  white-space: nowrap;
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const RowHeaderCell = styled.th<{ $align?: 'start' | 'end'; $nowrap?: boolean }>`
  ${cellStyle}
  font-weight: normal;
`;

const Cell = styled.td<{ $align?: 'start' | 'end'; $nowrap?: boolean }>`
  ${cellStyle}
`;

const EmptyCell = styled.td`
  padding: ${({ theme }) => theme.spacing.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
  min-height: 32px;
  padding: 0;
  font: inherit;
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: inherit;
  background: none;
  border: 0;
  cursor: pointer;
`;

const SORT_LABELS = { asc: '昇順', desc: '降順' } as const;

function ariaSortOf(direction: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  if (direction === 'asc') return 'ascending';
  if (direction === 'desc') return 'descending';
  return 'none';
}

function HeaderContent<T extends RowData>({
  header,
  render,
}: {
  header: Header<DataTableFeatures, T, unknown>;
  render: ReactNode;
}) {
  if (!header.column.getCanSort()) return render;
  const direction = header.column.getIsSorted();
  return (
    <SortButton type="button" onClick={header.column.getToggleSortingHandler()}>
      {render}
      <span aria-hidden="true">{direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '⇅'}</span>
      {direction && <VisuallyHidden>（{SORT_LABELS[direction]}）</VisuallyHidden>}
    </SortButton>
  );
}

/**
 * The staff's list table, headless TanStack Table drawn as an accessible HTML table: a caption,
 * column headers with scope, the naming cell of each row as a row header, aria-sort on sortable
 * columns (server-side order), and one full-width cell saying 該当するデータがありません when the
 * list is empty. Pair it with TablePager; paging and sorting belong to the page (they are the
 * server's request), the table only draws.
 */
export function DataTable<T extends RowData>({
  caption,
  captionHidden = false,
  columns,
  data,
  getRowId,
  sorting,
  onSortingChange,
  emptyMessage = EMPTY_TABLE_MESSAGE,
  busy = false,
}: DataTableProps<T>) {
  const sortable = onSortingChange !== undefined;
  const sortingState = useMemo(() => sorting ?? [], [sorting]);
  const table = useTable({
    features: dataTableFeatures,
    columns: columns as DataColumn<T>[],
    data: data as T[],
    getRowId: (row) => getRowId(row),
    manualSorting: true,
    enableSorting: sortable,
    // A column sorts only when it says so: most columns of a staff list are not orders the server knows.
    defaultColumn: { enableSorting: false },
    enableSortingRemoval: false,
    state: { sorting: sortingState },
    onSortingChange: (updater) =>
      onSortingChange?.(typeof updater === 'function' ? updater(sortingState) : updater),
  });
  const rows = table.getRowModel().rows;
  const columnCount = table.getAllLeafColumns().length;
  const captionId = useId();

  return (
    <Scroll role="region" aria-labelledby={captionId} tabIndex={0}>
      <Table $busy={busy} aria-busy={busy || undefined}>
        <caption id={captionId}>
          {captionHidden ? <VisuallyHidden>{caption}</VisuallyHidden> : caption}
        </caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta;
                return (
                  <HeaderCell
                    key={header.id}
                    scope="col"
                    colSpan={header.colSpan > 1 ? header.colSpan : undefined}
                    aria-sort={
                      header.column.getCanSort() ? ariaSortOf(header.column.getIsSorted()) : undefined
                    }
                    $align={meta?.align}
                    $minWidth={meta?.minWidth}
                  >
                    {header.isPlaceholder ? null : (
                      <HeaderContent header={header} render={<table.FlexRender header={header} />} />
                    )}
                  </HeaderCell>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <EmptyCell colSpan={columnCount}>{emptyMessage}</EmptyCell>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => {
                  const meta = cell.column.columnDef.meta;
                  const content = <table.FlexRender cell={cell} />;
                  return meta?.rowHeader ? (
                    <RowHeaderCell key={cell.id} scope="row" $align={meta.align} $nowrap={meta.nowrap}>
                      {content}
                    </RowHeaderCell>
                  ) : (
                    <Cell key={cell.id} $align={meta?.align} $nowrap={meta?.nowrap}>
                      {content}
                    </Cell>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </Table>
    </Scroll>
  );
}
