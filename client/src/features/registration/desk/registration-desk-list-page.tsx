import { useMemo } from 'react';
import styled from 'styled-components';
import type { RegistrationConditions } from '#server/contracts/registration-desk.ts';
import { TablePager } from '#client/components/table/table-pager.tsx';
import { useListSearch } from '#client/lib/list-search.ts';
import { LOAD_FAILED_MESSAGE } from '#client/lib/save-flow.ts';
import { useRegistrationList } from './api/registration-desk-calls.ts';
import { RegistrationSearchForm } from './components/registration-search-form.tsx';
import { RegistrationTable } from './components/registration-table.tsx';
import {
  conditionsOfSearch,
  registrationSearchSchema,
  replacingConditions,
} from './registration-search-params.ts';

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
 * /admin/companyregister: the bank's company registration applications, newest first, searched and
 * paged (branch staff get their branches' only: the server narrows the list). The search lives in
 * the URL, so reload, back and forward keep it and a search can be shared as a link. Each number
 * opens its application for the admins, who decide it there.
 */
export function RegistrationDeskListPage() {
  const { search, change, turnPage } = useListSearch(registrationSearchSchema);
  const conditions = useMemo(() => conditionsOfSearch(search), [search]);
  const { data, isError, isPending, isPlaceholderData } = useRegistrationList({
    conditions,
    page: search.page,
    rows: search.rows,
  });
  const searchFor = (next: RegistrationConditions) => change(replacingConditions(next));

  return (
    <>
      <RegistrationSearchForm conditions={conditions} onSearch={searchFor} />
      {isError && <Alert role="alert">{LOAD_FAILED_MESSAGE}</Alert>}
      {isPending && <Notice role="status">読み込み中</Notice>}
      {data && (
        <>
          <RegistrationTable items={data.list} busy={isPlaceholderData} />
          <TablePager paging={data.paging_data} onChange={turnPage} />
        </>
      )}
    </>
  );
}
