import {
  STAFF_DEAL_SIDE_LABELS,
  STAFF_DEAL_SIDES,
  STAFF_MATCHING_KEYWORD_MAX_LENGTH,
  type StaffDealConditions,
  staffDealConditionsSchema,
} from '#server/contracts/matching-staff.ts';
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

const conditionDraft = conditionDraftOf(staffDealConditionsSchema);

const SIDE_OPTIONS = STAFF_DEAL_SIDES.map((side) => ({ value: side, label: STAFF_DEAL_SIDE_LABELS[side] }));
const optionsOf = (items: readonly { code: string; name: string }[]) =>
  items.map((item) => ({ value: item.code, label: item.name }));

/**
 * The deals' search: a keyword (need title, either company's name), 状況 and 依頼内容 (the
 * cmh_statuses and cmh_request_types masters), 当行の企業 (sent, received; すべて: both), お取引店 of
 * the bank's party and 依頼日. Searching hands the conditions to the page, which keeps them in the URL.
 */
export function StaffDealSearchForm({
  conditions,
  onSearch,
}: {
  conditions: StaffDealConditions;
  onSearch: (conditions: Partial<StaffDealConditions>) => void;
}) {
  const statuses = optionsOf(useMasterList('cmh_statuses'));
  const requestTypes = optionsOf(useMasterList('cmh_request_types'));
  const { control, search, clear } = useSearchDraft(conditions, { ...conditionDraft, onSearch });
  return (
    <SearchPanel onSearch={search} onClear={clear}>
      <SearchKeyword
        id="staff-deal-keyword"
        maxLength={STAFF_MATCHING_KEYWORD_MAX_LENGTH}
        placeholder="ニーズ名・企業名"
        {...control('keyword')}
      />
      <SearchSelect id="staff-deal-status" label="状況" options={statuses} {...control('status')} />
      <SearchSelect
        id="staff-deal-request-type"
        label="依頼内容"
        options={requestTypes}
        {...control('request_type')}
      />
      <SearchSelect id="staff-deal-side" label="当行の企業" options={SIDE_OPTIONS} {...control('side')} />
      <SearchBranchSelect id="staff-deal-branch" {...control('bb_id')} />
      <SearchPeriod legend="依頼日" from={control('created_from')} to={control('created_to')} />
    </SearchPanel>
  );
}
