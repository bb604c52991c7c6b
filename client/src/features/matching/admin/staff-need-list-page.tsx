import { useMemo } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import {
  searchStaffNeedsCall,
  STAFF_MATCHING_MESSAGES,
  type StaffNeedConditions,
  staffNeedExportUrl,
} from '#server/contracts/matching-staff.ts';
import { ButtonLink } from '#client/components/button/button.tsx';
import { TablePager } from '#client/components/table/table-pager.tsx';
import { useListSearch } from '#client/lib/list-search.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { StaffNeedSearchForm } from './staff-need-search-form.tsx';
import { StaffNeedTable } from './staff-need-table.tsx';
import { companyDealsPath, STAFF_NEEDS_PATH } from './staff-matching-paths.ts';
import {
  NEED_CONDITION_NAMES,
  needConditionsOf,
  replacingConditions,
  staffNeedSearchSchema,
} from './staff-matching-search.ts';

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

/**
 * /admin/company/needs: every need of the bank's companies (private ones and those outside their
 * period included), newest first, searched and paged; the search, the page and the row count live
 * in the URL. CSV ダウンロード downloads every need of the search. From a company's page
 * (`?company=`) the list is that company's, said above the table with a way back to all. Branch
 * staff get their branches' companies only: the server narrows the list and the file alike.
 */
export function StaffNeedListPage() {
  const { search, change, turnPage } = useListSearch(staffNeedSearchSchema);
  const conditions = useMemo(() => needConditionsOf(search), [search]);
  const { data, isError, isPending, isPlaceholderData } = useCallQuery(
    searchStaffNeedsCall,
    { body: { conditions, page: search.page, rows: search.rows } },
    { keepPrevious: true },
  );
  // A new search keeps the company the page was opened for.
  const searchFor = (next: Partial<StaffNeedConditions>) =>
    change(replacingConditions(NEED_CONDITION_NAMES, { ...next, company: conditions.company }));
  const companyName = data?.list[0]?.company_name;

  return (
    <>
      <StaffNeedSearchForm conditions={conditions} onSearch={searchFor} />
      <Toolbar>
        {conditions.company !== undefined && (
          <CompanyFilter>
            {companyName ? `${companyName} のニーズを表示しています。` : '1社のニーズを表示しています。'}{' '}
            <Link to={companyDealsPath(conditions.company)}>この企業の商談</Link>・
            <Link to={STAFF_NEEDS_PATH}>すべての企業のニーズ</Link>
          </CompanyFilter>
        )}
        <ButtonLink as="a" href={staffNeedExportUrl(conditions)} download>
          CSV ダウンロード
        </ButtonLink>
      </Toolbar>
      {isError && <Alert role="alert">{STAFF_MATCHING_MESSAGES.needsLoadFailed}</Alert>}
      {isPending && <Notice role="status">読み込み中</Notice>}
      {data && (
        <>
          <StaffNeedTable items={data.list} busy={isPlaceholderData} />
          <TablePager paging={data.paging_data} onChange={turnPage} />
        </>
      )}
    </>
  );
}
