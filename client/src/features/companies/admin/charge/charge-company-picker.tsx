import { useState } from 'react';
import styled from 'styled-components';
import {
  CHARGE_COMPANY_KEYWORD_MAX_LENGTH,
  CHARGE_COMPANY_LOOKUP_LIMIT,
  CHARGE_MESSAGES,
  type ChargeCompany,
} from '#server/contracts/company-charges.ts';
import { SearchField, SearchKeyword, SearchPanel } from '#client/components/admin/search-panel.tsx';
import { Select } from '#client/components/form/form-controls.ts';
import { useChargeCompanyLookup } from './company-charge-calls.ts';

const Alert = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.danger};
`;

const companyLabel = (company: ChargeCompany) => `${company.company_name}（${company.company_unique_code}）`;

/**
 * The company whose charges are shown: a keyword (name, kana or code; 検索 looks it up, クリア
 * empties it) and the matching companies to choose from, at most 20. The chosen company stays a
 * choice even when the search no longer finds it.
 */
export function ChargeCompanyPicker({
  chosen,
  onChoose,
}: {
  /** The company on the page now, if any (from the URL). */
  chosen: ChargeCompany | undefined;
  onChoose: (companyUniqueCode: string | undefined) => void;
}) {
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const { data, isError } = useChargeCompanyLookup(keyword);
  const found = data?.list ?? [];
  const choices =
    chosen && !found.some((company) => company.company_unique_code === chosen.company_unique_code)
      ? [chosen, ...found]
      : found;

  return (
    <SearchPanel
      onSearch={() => setKeyword(draft.trim())}
      onClear={() => {
        setDraft('');
        setKeyword('');
      }}
    >
      <SearchKeyword
        id="charge-company-keyword"
        maxLength={CHARGE_COMPANY_KEYWORD_MAX_LENGTH}
        placeholder="企業名・企業名カナ・企業コード"
        value={draft}
        onChange={setDraft}
      />
      <SearchField id="charge-company" label="企業">
        <Select
          id="charge-company"
          value={chosen?.company_unique_code ?? ''}
          onChange={(event) => onChoose(event.target.value || undefined)}
        >
          <option value="">
            {found.length === CHARGE_COMPANY_LOOKUP_LIMIT
              ? `選択してください（先頭の${CHARGE_COMPANY_LOOKUP_LIMIT}件）`
              : '選択してください'}
          </option>
          {choices.map((company) => (
            <option key={company.company_unique_code} value={company.company_unique_code}>
              {companyLabel(company)}
            </option>
          ))}
        </Select>
      </SearchField>
      {isError && <Alert role="alert">{CHARGE_MESSAGES.lookupFailed}</Alert>}
    </SearchPanel>
  );
}
