import { useMemo } from 'react';
import { Link } from '#client/lib/router/index.ts';
import {
  searchStaffNeedsCall,
  STAFF_MATCHING_MESSAGES,
  type StaffNeedConditions,
  staffNeedExportUrl,
} from '#server/contracts/matching-staff.ts';
import { useListSearch } from '#client/lib/list-search.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { ListPageFrame } from '#client/components/page/list-page-frame.tsx';
import { StaffNeedSearchForm } from './staff-need-search-form.tsx';
import { StaffNeedTable } from './staff-need-table.tsx';
import { companyDealsPath, STAFF_NEEDS_PATH } from './staff-matching-paths.ts';
import {
  NEED_CONDITION_NAMES,
  needConditionsOf,
  replacingConditions,
  staffNeedSearchSchema,
} from './staff-matching-search.ts';

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
  const query = useCallQuery(
    searchStaffNeedsCall,
    { body: { conditions, page: search.page, rows: search.rows } },
    { keepPrevious: true },
  );
  // A new search keeps the company the page was opened for.
  const searchFor = (next: Partial<StaffNeedConditions>) =>
    change(replacingConditions(NEED_CONDITION_NAMES, { ...next, company: conditions.company }));
  const companyName = query.data?.list[0]?.company_name;

  return (
    <ListPageFrame
      search={<StaffNeedSearchForm conditions={conditions} onSearch={searchFor} />}
      toolbarNote={
        conditions.company === undefined ? undefined : (
          <>
            {companyName ? `${companyName} のニーズを表示しています。` : '1社のニーズを表示しています。'}{' '}
            <Link to={companyDealsPath(conditions.company)}>この企業の商談</Link>・
            <Link to={STAFF_NEEDS_PATH}>すべての企業のニーズ</Link>
          </>
        )
      }
      exportUrl={staffNeedExportUrl(conditions)}
      query={query}
      loadFailed={STAFF_MATCHING_MESSAGES.needsLoadFailed}
      table={(items, busy) => <StaffNeedTable items={items} busy={busy} />}
      onPage={turnPage}
    />
  );
}
