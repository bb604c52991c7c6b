import {
  CHARGE_STATUS_URGENCY,
  COMPANY_KEYWORD_MAX_LENGTH,
  type CompanyConditions,
} from '#server/contracts/companies.ts';
import { COMPANY_STATUSES } from '#server/contracts/company-detail.ts';
import { COMPANY_TYPE_CODES } from '#server/contracts/account-types.ts';
import {
  SearchKeyword,
  SearchPanel,
  SearchPeriod,
  SearchSelect,
  useSearchDraft,
} from '#client/components/admin/search-panel.tsx';
import { useSearchableBranches } from '#client/components/admin/searchable-branches.ts';
import { useMasterList } from '#client/lib/master-data.ts';

/** The conditions as the controls hold them: text, '' for "any". */
interface Draft {
  keyword: string;
  company_type: string;
  bb_id: string;
  charge_status: string;
  company_status: string;
  registered_from: string;
  registered_to: string;
  last_used_from: string;
  last_used_to: string;
}

function draftOf(conditions: CompanyConditions): Draft {
  return {
    keyword: conditions.keyword ?? '',
    company_type: conditions.company_type ?? '',
    bb_id: conditions.bb_id === undefined ? '' : String(conditions.bb_id),
    charge_status: conditions.charge_status ?? '',
    company_status: conditions.company_status ?? '',
    registered_from: conditions.registered_from ?? '',
    registered_to: conditions.registered_to ?? '',
    last_used_from: conditions.last_used_from ?? '',
    last_used_to: conditions.last_used_to ?? '',
  };
}

const oneOf = <T extends string>(values: readonly T[], value: string): T | undefined =>
  (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** The draft as conditions: an empty control asks for nothing. */
function conditionsOf(draft: Draft): CompanyConditions {
  const keyword = draft.keyword.trim();
  const branch = Number(draft.bb_id);
  return {
    keyword: keyword === '' ? undefined : keyword,
    company_type: oneOf(COMPANY_TYPE_CODES, draft.company_type),
    bb_id: Number.isInteger(branch) && branch > 0 ? branch : undefined,
    charge_status: oneOf(CHARGE_STATUS_URGENCY, draft.charge_status),
    company_status: oneOf(COMPANY_STATUSES, draft.company_status),
    registered_from: draft.registered_from || undefined,
    registered_to: draft.registered_to || undefined,
    last_used_from: draft.last_used_from || undefined,
    last_used_to: draft.last_used_to || undefined,
  };
}

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
  const branches = useSearchableBranches();
  const { control, search, clear } = useSearchDraft(conditions, { draftOf, conditionsOf, onSearch });

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
      <SearchSelect id="company-search-branch" label="お取引店" options={branches} {...control('bb_id')} />
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
