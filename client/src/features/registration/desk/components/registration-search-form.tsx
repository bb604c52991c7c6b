import {
  type RegistrationConditions,
  REGISTRATION_STATUSES,
  registrationConditionsSchema,
} from '#server/contracts/registration-desk.ts';
import {
  REGISTRATION_VARIANT_CODES,
  REGISTRATION_VARIANTS,
  type RegistrationVariantCode,
} from '#server/contracts/registration-variants.ts';
import {
  SearchKeyword,
  SearchPanel,
  SearchPeriod,
  SearchSelect,
  useSearchDraft,
} from '#client/components/admin/search-panel.tsx';
import { SearchBranchSelect } from '#client/components/admin/search-branch-select.tsx';
import { conditionDraftOf } from '#client/components/admin/condition-draft.ts';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useRegistrationStatusName } from './registration-status-tag.tsx';

const conditionDraft = conditionDraftOf(registrationConditionsSchema);

/** The keyword's longest (the contract's conditions: 100 characters). */
const KEYWORD_MAX_LENGTH = 100;

/**
 * The variants to search by: those the bank offers (its tenant file), and the one the search in force
 * names should the bank have stopped offering it.
 */
function useSearchableVariants(current: RegistrationVariantCode | undefined) {
  const offered = useAppConfig().registration_variants;
  return REGISTRATION_VARIANT_CODES.filter((code) => offered.includes(code) || code === current).map(
    (code) => ({ value: code, label: REGISTRATION_VARIANTS[code].title }),
  );
}

/**
 * The desk's search (admin spec section 7): 状態, 申込種別, お取引店, 申込日 and a keyword (company
 * name, applicant's name or e-mail address, application number). Searching hands the conditions to
 * the page, which keeps them in the URL; クリア goes back to the whole list.
 */
export function RegistrationSearchForm({
  conditions,
  onSearch,
}: {
  /** The search in force (from the URL): the controls start from it. */
  conditions: RegistrationConditions;
  onSearch: (conditions: RegistrationConditions) => void;
}) {
  const statusName = useRegistrationStatusName();
  const statuses = REGISTRATION_STATUSES.map((status) => ({ value: status, label: statusName(status) }));
  const variants = useSearchableVariants(conditions.variant);
  const { control, search, clear } = useSearchDraft(conditions, { ...conditionDraft, onSearch });

  return (
    <SearchPanel onSearch={search} onClear={clear}>
      <SearchSelect id="registration-search-status" label="状態" options={statuses} {...control('status')} />
      <SearchSelect
        id="registration-search-variant"
        label="申込種別"
        options={variants}
        {...control('variant')}
      />
      <SearchBranchSelect id="registration-search-branch" {...control('bb_id')} />
      <SearchPeriod legend="申込日" from={control('applied_from')} to={control('applied_to')} />
      <SearchKeyword
        id="registration-search-keyword"
        maxLength={KEYWORD_MAX_LENGTH}
        placeholder="企業名・申込者名・メールアドレス・申込番号"
        {...control('keyword')}
      />
    </SearchPanel>
  );
}
