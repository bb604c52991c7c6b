import { useMemo } from 'react';
import { Link } from '#client/lib/router/index.ts';
import {
  searchStaffDealsCall,
  STAFF_MATCHING_MESSAGES,
  type StaffDealConditions,
  staffDealExportUrl,
} from '#server/contracts/matching-staff.ts';
import { useListSearch } from '#client/lib/list-search.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { ListPageFrame } from '#client/components/page/list-page-frame.tsx';
import { StaffDealSearchForm } from './staff-deal-search-form.tsx';
import { StaffDealTable } from './staff-deal-table.tsx';
import { STAFF_DEALS_PATH } from './staff-matching-paths.ts';
import {
  DEAL_CONDITION_NAMES,
  dealConditionsOf,
  replacingConditions,
  staffDealSearchSchema,
} from './staff-matching-search.ts';

/**
 * /admin/company/matching: every deal request a company of the bank sent or received, whichever
 * bank the other company is of, last changed first, searched and paged (the search in the URL),
 * with both companies and their banks. CSV ダウンロード downloads every deal of the search. From a
 * company's page (`?company=`) the list is that company's deals. Branch staff get the deals whose
 * party of the bank is of their branches: the server narrows the list and the file alike.
 */
export function StaffDealListPage() {
  const { search, change, turnPage } = useListSearch(staffDealSearchSchema);
  const conditions = useMemo(() => dealConditionsOf(search), [search]);
  const query = useCallQuery(
    searchStaffDealsCall,
    { body: { conditions, page: search.page, rows: search.rows } },
    { keepPrevious: true },
  );
  const searchFor = (next: Partial<StaffDealConditions>) =>
    change(replacingConditions(DEAL_CONDITION_NAMES, { ...next, company: conditions.company }));
  const company = conditions.company;
  const first = query.data?.list[0];
  const companyName =
    company === undefined || first === undefined
      ? undefined
      : first.sender_is_own_bank && first.sender_company_unique_code === company
        ? first.sender_company_name
        : first.receiver_company_name;

  return (
    <ListPageFrame
      search={<StaffDealSearchForm conditions={conditions} onSearch={searchFor} />}
      toolbarNote={
        company === undefined ? undefined : (
          <>
            {companyName ? `${companyName} の商談を表示しています。` : '1社の商談を表示しています。'}{' '}
            <Link to={STAFF_DEALS_PATH}>すべての企業の商談</Link>
          </>
        )
      }
      exportUrl={staffDealExportUrl(conditions)}
      query={query}
      loadFailed={STAFF_MATCHING_MESSAGES.dealsLoadFailed}
      table={(items, busy) => <StaffDealTable items={items} busy={busy} />}
      onPage={turnPage}
    />
  );
}
