import {
  NEED_PUBLISH_STATUS_LABELS,
  NEED_PUBLISH_STATUSES,
  NEED_REACH_LABELS,
  NEED_REACHES,
} from '#server/contracts/matching.ts';
import {
  STAFF_MATCHING_KEYWORD_MAX_LENGTH,
  type StaffNeedConditions,
  staffNeedConditionsSchema,
} from '#server/contracts/matching-staff.ts';
import { NEED_CATEGORIES } from '#server/contracts/need-categories.ts';
import {
  SearchKeyword,
  SearchPanel,
  SearchSelect,
  useSearchDraft,
} from '#client/components/admin/search-panel.tsx';
import { SearchBranchSelect } from '#client/components/admin/search-branch-select.tsx';
import { conditionDraftOf } from '#client/components/admin/condition-draft.ts';

const conditionDraft = conditionDraftOf(staffNeedConditionsSchema);

const CATEGORY_OPTIONS = NEED_CATEGORIES.map((category) => ({ value: category.code, label: category.name }));
const STATUS_OPTIONS = NEED_PUBLISH_STATUSES.map((status) => ({
  value: status,
  label: NEED_PUBLISH_STATUS_LABELS[status],
}));
const REACH_OPTIONS = NEED_REACHES.map((reach) => ({ value: reach, label: NEED_REACH_LABELS[reach] }));

/**
 * The needs' search: a keyword (need title or body, company name), カテゴリ, 公開状況, 公開範囲 and
 * お取引店 (a branch member is offered their own branches). Searching hands the conditions to the
 * page, which keeps them in the URL; クリア goes back to the whole list.
 */
export function StaffNeedSearchForm({
  conditions,
  onSearch,
}: {
  conditions: StaffNeedConditions;
  onSearch: (conditions: Partial<StaffNeedConditions>) => void;
}) {
  const { control, search, clear } = useSearchDraft(conditions, { ...conditionDraft, onSearch });
  return (
    <SearchPanel onSearch={search} onClear={clear}>
      <SearchKeyword
        id="staff-need-keyword"
        maxLength={STAFF_MATCHING_KEYWORD_MAX_LENGTH}
        placeholder="ニーズ名・本文・企業名"
        {...control('keyword')}
      />
      <SearchSelect
        id="staff-need-category"
        label="カテゴリ"
        options={CATEGORY_OPTIONS}
        {...control('category')}
      />
      <SearchSelect id="staff-need-status" label="公開状況" options={STATUS_OPTIONS} {...control('status')} />
      <SearchSelect id="staff-need-reach" label="公開範囲" options={REACH_OPTIONS} {...control('reach')} />
      <SearchBranchSelect id="staff-need-branch" {...control('bb_id')} />
    </SearchPanel>
  );
}
