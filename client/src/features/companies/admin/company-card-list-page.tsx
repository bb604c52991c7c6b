import { useMemo } from 'react';
import {
  COMPANY_CARD_MESSAGES,
  type CompanyCardConditions,
  searchCompanyCardsCall,
} from '#server/contracts/company-cards.ts';
import { ListPageFrame } from '#client/components/page/list-page-frame.tsx';
import { useListSearch } from '#client/lib/list-search.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { CompanyCardSearchForm } from './cards/company-card-search-form.tsx';
import {
  companyCardSearchSchema,
  conditionsOfCardSearch,
  replacingCardConditions,
} from './cards/company-card-search-params.ts';
import { CompanyCardTable } from './cards/company-card-table.tsx';

/**
 * /admin/company/creditcard (banks with enable_credit_card_registration: the route rule
 * company_credit_cards): the bank's companies with a card on file, newest registration first,
 * searched and paged. The search and the page live in the URL, so reload, back and forward keep
 * them; the company's page links here for that company alone (`?company=`). Branch staff get their
 * branches' companies only: the server narrows the list.
 */
export function CompanyCardListPage() {
  const { search, change, turnPage } = useListSearch(companyCardSearchSchema);
  const conditions = useMemo(() => conditionsOfCardSearch(search), [search]);
  const query = useCallQuery(
    searchCompanyCardsCall,
    { body: { conditions, page: search.page, rows: search.rows } },
    { keepPrevious: true },
  );
  const searchFor = (next: Partial<CompanyCardConditions>) => change(replacingCardConditions(next));

  return (
    <ListPageFrame
      search={<CompanyCardSearchForm conditions={conditions} onSearch={searchFor} />}
      query={query}
      loadFailed={COMPANY_CARD_MESSAGES.loadFailed}
      table={(items, busy) => <CompanyCardTable items={items} busy={busy} />}
      onPage={turnPage}
    />
  );
}
