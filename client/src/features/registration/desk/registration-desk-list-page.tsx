import { useMemo } from 'react';
import type { RegistrationConditions } from '#server/contracts/registration-desk.ts';
import { ListPageFrame } from '#client/components/page/list-page-frame.tsx';
import { useListSearch } from '#client/lib/list-search.ts';
import { useRegistrationList } from './api/registration-desk-calls.ts';
import { RegistrationSearchForm } from './components/registration-search-form.tsx';
import { RegistrationTable } from './components/registration-table.tsx';
import {
  conditionsOfSearch,
  registrationSearchSchema,
  replacingConditions,
} from './registration-search-params.ts';

/**
 * /admin/companyregister: the bank's company registration applications, newest first, searched and
 * paged (branch staff get their branches' only: the server narrows the list). The search lives in
 * the URL, so reload, back and forward keep it and a search can be shared as a link. Each number
 * opens its application for the admins, who decide it there.
 */
export function RegistrationDeskListPage() {
  const { search, change, turnPage } = useListSearch(registrationSearchSchema);
  const conditions = useMemo(() => conditionsOfSearch(search), [search]);
  const query = useRegistrationList({
    conditions,
    page: search.page,
    rows: search.rows,
  });
  const searchFor = (next: RegistrationConditions) => change(replacingConditions(next));

  return (
    <ListPageFrame
      search={<RegistrationSearchForm conditions={conditions} onSearch={searchFor} />}
      query={query}
      table={(items, busy) => <RegistrationTable items={items} busy={busy} />}
      onPage={turnPage}
    />
  );
}
