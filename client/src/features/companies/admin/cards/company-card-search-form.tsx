import styled from 'styled-components';
import {
  COMPANY_CARD_KEYWORD_MAX_LENGTH,
  type CompanyCardConditions,
} from '#server/contracts/company-cards.ts';
import {
  SearchGroup,
  SearchKeyword,
  SearchPanel,
  useSearchDraft,
} from '#client/components/admin/search-panel.tsx';
import { SearchBranchSelect } from '#client/components/admin/search-branch-select.tsx';

const CheckboxLabel = styled.label`
  display: inline-flex;
  gap: ${({ theme }) => theme.spacing.xs};
  align-items: center;
`;

/** The conditions as the controls hold them: text, '' for "any" ('1' for the ticked box). */
interface Draft {
  keyword: string;
  bb_id: string;
  expired_only: string;
  /** The company the page was opened for (from its page): kept, though no control shows it. */
  company: string;
}

function draftOf(conditions: Partial<CompanyCardConditions>): Draft {
  return {
    keyword: conditions.keyword ?? '',
    bb_id: conditions.bb_id === undefined ? '' : String(conditions.bb_id),
    expired_only: conditions.expired_only ? '1' : '',
    company: conditions.company ?? '',
  };
}

/** The draft as conditions: an empty control asks for nothing. */
function conditionsOf(draft: Draft): CompanyCardConditions {
  const keyword = draft.keyword.trim();
  const branch = Number(draft.bb_id);
  return {
    keyword: keyword === '' ? undefined : keyword,
    bb_id: Number.isInteger(branch) && branch > 0 ? branch : undefined,
    expired_only: draft.expired_only === '1' ? true : undefined,
    company: draft.company === '' ? undefined : draft.company,
  };
}

/**
 * The card list's search: a keyword (the company's name or kana), お取引店 and 期限切れのみ.
 * Searching hands the conditions to the page, which keeps them in the URL; クリア goes back to every
 * card.
 */
export function CompanyCardSearchForm({
  conditions,
  onSearch,
}: {
  /** The search in force (from the URL): the controls start from it. */
  conditions: CompanyCardConditions;
  onSearch: (conditions: Partial<CompanyCardConditions>) => void;
}) {
  const { control, search, clear } = useSearchDraft(conditions, { draftOf, conditionsOf, onSearch });
  const expiredOnly = control('expired_only');

  return (
    <SearchPanel onSearch={search} onClear={clear}>
      <SearchKeyword
        id="company-card-search-keyword"
        maxLength={COMPANY_CARD_KEYWORD_MAX_LENGTH}
        placeholder="企業名・企業名カナ"
        {...control('keyword')}
      />
      <SearchBranchSelect id="company-card-search-branch" {...control('bb_id')} />
      <SearchGroup legend="有効期限">
        <CheckboxLabel>
          <input
            type="checkbox"
            checked={expiredOnly.value === '1'}
            onChange={(event) => expiredOnly.onChange(event.target.checked ? '1' : '')}
          />
          期限切れのみ
        </CheckboxLabel>
      </SearchGroup>
    </SearchPanel>
  );
}
