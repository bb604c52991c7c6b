import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { PagingData } from '#server/contracts/paging.ts';
import type { RowData } from '@tanstack/react-table';
import { ButtonLink } from '../button/button.tsx';
import { DataTable, type DataTableProps } from '../table/data-table.tsx';
import { type PagerPosition, TablePager } from '../table/table-pager.tsx';
import { PageToolbar } from './page-text.ts';
import { QueryState, type QueryStateQuery } from './query-state.tsx';

/** The label of a list's download of every row of its search. */
export const CSV_DOWNLOAD_LABEL = 'CSV ダウンロード';

const ToolbarNote = styled.p`
  flex: 1 1 auto;
  margin: 0;
`;

/** A list call's answer: the rows of the page and the server's paging_data. */
export interface ListAnswer<T> {
  list: T[];
  paging_data: PagingData;
}

/** The shared table of the rows: DataTable's props but the rows and busy, which the frame gives. */
export type ListTable<T extends RowData> = Omit<DataTableProps<T>, 'data' | 'busy'>;

export interface ListPageFrameProps<T extends RowData> {
  /** The search panel above the list (its conditions are the list's and the CSV's). */
  search?: ReactNode;
  /** Buttons at the start of the toolbar, before the CSV download (新規作成). */
  actions?: ReactNode;
  /** Said at the toolbar's start: what the list is narrowed to (`?company=`), with its links. */
  toolbarNote?: ReactNode;
  /** The CSV of every row of the search, as the list's conditions say; none hides the button. */
  exportUrl?: string;
  /** The list query (useCallQuery with keepPrevious, so the page stays while the next one loads). */
  query: QueryStateQuery<ListAnswer<T>> & { isPlaceholderData: boolean };
  /** Said when the list fails to load; the spec's データ取得に失敗しました unless the domain has its own. */
  loadFailed?: string;
  /**
   * The table of the page's rows: the DataTable's caption, columns and row id (its own empty message
   * says 該当するデータがありません), or a render function for a list drawn otherwise (cards).
   */
  table: ListTable<T> | ((items: T[], busy: boolean) => ReactNode);
  /** The pager's change of page or row count (5–500): the page asks the call again with it. */
  onPage: (next: PagerPosition) => void;
  /** Names the pager when a page has more than one list. */
  pagerLabel?: string;
}

/**
 * The frame of a staff list page (decision 0110): the search panel, a toolbar with the page's
 * buttons and the CSV download of the same conditions, the load states, the table and its pager.
 * A list page is then its columns, its call and its conditions.
 */
export function ListPageFrame<T extends RowData>({
  search,
  actions,
  toolbarNote,
  exportUrl,
  query,
  loadFailed,
  table,
  onPage,
  pagerLabel,
}: ListPageFrameProps<T>) {
  const hasToolbar = actions !== undefined || toolbarNote !== undefined || exportUrl !== undefined;
  return (
    <>
      {search}
      {hasToolbar && (
        <PageToolbar>
          {toolbarNote !== undefined && <ToolbarNote>{toolbarNote}</ToolbarNote>}
          {actions}
          {exportUrl !== undefined && (
            <ButtonLink as="a" href={exportUrl} download>
              {CSV_DOWNLOAD_LABEL}
            </ButtonLink>
          )}
        </PageToolbar>
      )}
      <QueryState query={query} loadFailed={loadFailed}>
        {(data) => (
          <>
            {typeof table === 'function' ? (
              table(data.list, query.isPlaceholderData)
            ) : (
              <DataTable {...table} data={data.list} busy={query.isPlaceholderData} />
            )}
            <TablePager paging={data.paging_data} onChange={onPage} label={pagerLabel} />
          </>
        )}
      </QueryState>
    </>
  );
}
