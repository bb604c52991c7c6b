import {
  COMPANY_KEYWORD_MAX_LENGTH,
  type CompanyConditions,
  companyConditionsSchema,
} from '#server/contracts/companies.ts';
import {
  SearchKeyword,
  SearchPanel,
  SearchPeriod,
  SearchSelect,
  useSearchDraft,
} from '#client/components/admin/search-panel.tsx';
import { SearchBranchSelect } from '#client/components/admin/search-branch-select.tsx';
import { conditionDraftOf } from '#client/components/admin/condition-draft.ts';
import { useMasterList } from '#client/lib/master-data.ts';

const conditionDraft = conditionDraftOf(companyConditionsSchema);

/** A master list's items as a select's options, by code. */
const optionsOf = (items: readonly { code: string; name: string }[]) =>
  items.map((item) => ({ value: item.code, label: item.name }));

/**
 * The list's search (issue 15): a keyword (company name or kana, corporate number, owner's name,
 * company ID), 企業種別, お取引店, this month's 請求状況, 企業の状態, 登録日 and 最終利用日. Searching
 * hands the conditions to the page, which keeps them in the URL; クリア goes back to the whole list.
 */
export function CompanySearchForm({
  conditions,
  onSearch,
  typeFixed = false,
}: {
  /** The search in force (from the URL): the controls start from it. */
  conditions: CompanyConditions;
  onSearch: (conditions: CompanyConditions) => void;
  /** The page lists one company type (/admin/company/partner): no 企業種別 to choose. */
  typeFixed?: boolean;
}) {
  const companyTypes = optionsOf(useMasterList('company_types'));
  const chargeStatuses = optionsOf(useMasterList('charge_statuses'));
  const companyStatuses = optionsOf(useMasterList('company_statuses'));
  const { control, search, clear } = useSearchDraft(conditions, { ...conditionDraft, onSearch });

  return (
    <SearchPanel onSearch={search} onClear={clear}>
      <SearchKeyword
        id="company-search-keyword"
        maxLength={COMPANY_KEYWORD_MAX_LENGTH}
        placeholder="企業名・カナ・法人番号・オーナー名・企業ID"
        {...control('keyword')}
      />
      {!typeFixed && (
        <SearchSelect
          id="company-search-type"
          label="企業種別"
          options={companyTypes}
          {...control('company_type')}
        />
      )}
      <SearchBranchSelect id="company-search-branch" {...control('bb_id')} />
      <SearchSelect
        id="company-search-charge-status"
        label="請求状況（当月）"
        options={chargeStatuses}
        {...control('charge_status')}
      />
      <SearchSelect
        id="company-search-status"
        label="企業の状態"
        options={companyStatuses}
        {...control('company_status')}
      />
      <SearchPeriod legend="登録日" from={control('registered_from')} to={control('registered_to')} />
      <SearchPeriod legend="最終利用日" from={control('last_used_from')} to={control('last_used_to')} />
    </SearchPanel>
  );
}
