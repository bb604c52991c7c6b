import { useId } from 'react';
import styled from 'styled-components';
import { type PagingData, TABLE_ROWS_OPTIONS } from '#server/contracts/paging.ts';
import { Button } from '../button/button.tsx';

/** Spec section 9's labels of a table's paging. */
export const PAGER_LABELS = { next: '次ページ', previous: '前ページ', rows: '表示行数' } as const;

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.lg};
  align-items: center;
  justify-content: space-between;
  margin-top: ${({ theme }) => theme.spacing.md};
`;

const Summary = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;
`;

const RowsLabel = styled.label`
  display: inline-flex;
  gap: ${({ theme }) => theme.spacing.xs};
  align-items: center;

  select {
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.spacing.sm};
    font: inherit;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;

const PagePosition = styled.span`
  min-width: 5em;
  text-align: center;
`;

export interface PagerPosition {
  page: number;
  rows: number;
}

export interface TablePagerProps {
  /** The list answer's paging_data. */
  paging: PagingData;
  /** The page and row count to show next (a new row count comes with page 1). */
  onChange: (next: PagerPosition) => void;
  /** False hides the 表示行数 choice (a list of fixed size). */
  rowsChoice?: boolean;
  /** The choices of 表示行数 (spec section 9: 5, 10, 25, 50, 100, 500). */
  rowsOptions?: readonly number[];
  /** Names the navigation landmark when a page has more than one list. */
  label?: string;
}

/** 「全120件中 26〜50件」: where the rows on screen sit in the whole list. */
function rangeText({ total_rows: total, page, rows }: PagingData): string {
  if (total === 0) return '0件';
  const first = Math.min((page - 1) * rows + 1, total);
  const last = Math.min(page * rows, total);
  return `全${total}件中 ${first}〜${last}件`;
}

/**
 * The paging under a DataTable, read from the server's paging_data: the range shown, 前ページ and
 * 次ページ (disabled on the first and last page), the page position and 表示行数. A new row count
 * starts again from page 1, so the rows on screen never point past the end.
 */
export function TablePager({
  paging,
  onChange,
  rowsChoice = true,
  rowsOptions = TABLE_ROWS_OPTIONS,
  label = 'ページ送り',
}: TablePagerProps) {
  const rowsId = useId();
  const lastPage = Math.max(paging.total_pages, 1);
  return (
    <Bar aria-label={label}>
      <Summary aria-live="polite">{rangeText(paging)}</Summary>
      <Controls>
        <Button
          type="button"
          disabled={paging.prev_page === null}
          onClick={() => paging.prev_page !== null && onChange({ page: paging.prev_page, rows: paging.rows })}
        >
          {PAGER_LABELS.previous}
        </Button>
        <PagePosition>
          {Math.min(paging.page, lastPage)} / {lastPage}
        </PagePosition>
        <Button
          type="button"
          disabled={paging.next_page === null}
          onClick={() => paging.next_page !== null && onChange({ page: paging.next_page, rows: paging.rows })}
        >
          {PAGER_LABELS.next}
        </Button>
        {rowsChoice && (
          <RowsLabel htmlFor={rowsId}>
            {PAGER_LABELS.rows}
            <select
              id={rowsId}
              value={paging.rows}
              onChange={(event) => onChange({ page: 1, rows: Number(event.target.value) })}
            >
              {rowsOptions.map((rows) => (
                <option key={rows} value={rows}>
                  {rows}件
                </option>
              ))}
            </select>
          </RowsLabel>
        )}
      </Controls>
    </Bar>
  );
}
