import { useMemo } from 'react';
import styled from 'styled-components';
import {
  COMPANY_LIST_MESSAGES,
  type CompanyConditions,
  companyExportUrl,
  searchCompaniesCall,
} from '#server/contracts/companies.ts';
import type { CompanyTypeCode } from '#server/contracts/account-types.ts';
import { ButtonLink } from '#client/components/button/button.tsx';
import { TablePager } from '#client/components/table/table-pager.tsx';
import { useListSearch } from '#client/lib/list-search.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { CompanySearchForm } from './list/company-search-form.tsx';
import {
  companySearchSchema,
  conditionsOfSearch,
  replacingConditions,
  sortChangeOf,
  sortingOf,
  sortOfSearch,
} from './list/company-search-params.ts';
import { CompanyTable } from './list/company-table.tsx';

const Toolbar = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.spacing.md};
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
 * /admin/company: the bank's companies with the spec's columns, searched, sorted by any column (a
 * header pressed asks the server; 0 ascending, 1 descending) and paged. The search, the order and
 * the page live in the URL, so reload, back and forward keep them and a search can be shared as a
 * link. CSV ダウンロード downloads every company of the search in that order. Branch staff get
 * their branches' companies only: the server narrows both. With `companyType` the page lists that
 * type only (/admin/company/partner: パートナー企業).
 */
export function CompanyListPage({ companyType }: { companyType?: CompanyTypeCode } = {}) {
  const { search, change, turnPage } = useListSearch(companySearchSchema);
  const conditions = useMemo(
    () => ({ ...conditionsOfSearch(search), ...(companyType ? { company_type: companyType } : {}) }),
    [search, companyType],
  );
  const sort = useMemo(() => sortOfSearch(search), [search]);
  const sorting = useMemo(() => sortingOf(sort), [sort]);
  const { data, isError, isPending, isPlaceholderData } = useCallQuery(
    searchCompaniesCall,
    { body: { conditions, page: search.page, rows: search.rows, sort } },
    { keepPrevious: true },
  );
  const searchFor = (next: CompanyConditions) => change(replacingConditions(next));
  const exportUrl = companyExportUrl({ ...conditions, sort: sort.column, order: sort.order });

  return (
    <>
      <CompanySearchForm conditions={conditions} onSearch={searchFor} typeFixed={companyType !== undefined} />
      <Toolbar>
        <ButtonLink as="a" href={exportUrl} download>
          CSV ダウンロード
        </ButtonLink>
      </Toolbar>
      {isError && <Alert role="alert">{COMPANY_LIST_MESSAGES.loadFailed}</Alert>}
      {isPending && <Notice role="status">読み込み中</Notice>}
      {data && (
        <>
          <CompanyTable
            items={data.list}
            busy={isPlaceholderData}
            sorting={sorting}
            onSortingChange={(next) => {
              const order = sortChangeOf(next);
              if (order) change(order);
            }}
          />
          <TablePager paging={data.paging_data} onChange={turnPage} />
        </>
      )}
    </>
  );
}
