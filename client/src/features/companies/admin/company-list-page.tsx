import { useMemo } from 'react';
import {
  COMPANY_LIST_MESSAGES,
  type CompanyConditions,
  companyExportUrl,
  searchCompaniesCall,
} from '#server/contracts/companies.ts';
import type { CompanyTypeCode } from '#server/contracts/account-types.ts';
import { ListPageFrame } from '#client/components/page/list-page-frame.tsx';
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
  const query = useCallQuery(
    searchCompaniesCall,
    { body: { conditions, page: search.page, rows: search.rows, sort } },
    { keepPrevious: true },
  );
  const searchFor = (next: CompanyConditions) => change(replacingConditions(next));
  const exportUrl = companyExportUrl({ ...conditions, sort: sort.column, order: sort.order });

  return (
    <ListPageFrame
      search={
        <CompanySearchForm
          conditions={conditions}
          onSearch={searchFor}
          typeFixed={companyType !== undefined}
        />
      }
      exportUrl={exportUrl}
      query={query}
      loadFailed={COMPANY_LIST_MESSAGES.loadFailed}
      table={(items, busy) => (
        <CompanyTable
          items={items}
          busy={busy}
          sorting={sorting}
          onSortingChange={(next) => {
            const order = sortChangeOf(next);
            if (order) change(order);
          }}
        />
      )}
      onPage={turnPage}
    />
  );
}
