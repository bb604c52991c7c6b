import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { PagingData } from '#server/contracts/paging.ts';
import { ButtonLink } from '#client/components/button/button.tsx';
import { type PagerPosition, TablePager } from '#client/components/table/table-pager.tsx';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.spacing.md};
`;

const CompanyFilter = styled.p`
  flex: 1 1 auto;
  margin: 0;
`;

const Notice = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Alert = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.danger};
`;

interface StaffListFrameProps<T> {
  /** The search form above the list. */
  search: ReactNode;
  /** Said above the table when the list is one company's (`?company=`), with its links. */
  companyFilter?: ReactNode;
  /** The CSV of every row of the search. */
  exportUrl: string;
  /** The list query's state (useCallQuery with keepPrevious). */
  query: {
    data: { list: T[]; paging_data: PagingData } | undefined;
    isError: boolean;
    isPending: boolean;
    isPlaceholderData: boolean;
  };
  loadFailed: string;
  table: (items: T[], busy: boolean) => ReactNode;
  onPage: (next: PagerPosition) => void;
}

/**
 * The frame of the staff's matching lists (/admin/company/needs, /admin/company/matching): the
 * search, the company the list is narrowed to and the CSV download, then the table and its pager.
 */
export function StaffListFrame<T>({
  search,
  companyFilter,
  exportUrl,
  query: { data, isError, isPending, isPlaceholderData },
  loadFailed,
  table,
  onPage,
}: StaffListFrameProps<T>) {
  return (
    <>
      {search}
      <Toolbar>
        {companyFilter !== undefined && <CompanyFilter>{companyFilter}</CompanyFilter>}
        <ButtonLink as="a" href={exportUrl} download>
          CSV ダウンロード
        </ButtonLink>
      </Toolbar>
      {isError && <Alert role="alert">{loadFailed}</Alert>}
      {isPending && <Notice role="status">読み込み中</Notice>}
      {data && (
        <>
          {table(data.list, isPlaceholderData)}
          <TablePager paging={data.paging_data} onChange={onPage} />
        </>
      )}
    </>
  );
}
