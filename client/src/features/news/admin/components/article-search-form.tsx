import {
  type ArticleKind,
  BANK_FILTER_LABELS,
  BANK_FILTERS,
  categoriesOfKind,
  KEYWORD_MAX_LENGTH,
  PARTNER_INFORMATION_STATUSES,
  PUBLICATION_STATUS_LABELS,
  PUBLICATION_STATUSES,
} from '#server/contracts/news.ts';
import { type AdminArticleConditions } from '#server/contracts/news-staff.ts';
import {
  SearchGroup,
  SearchKeyword,
  SearchPanel,
  SearchPeriod,
  SearchSelect,
  useSearchDraft,
} from '#client/components/admin/search-panel.tsx';
import { useMasterList } from '#client/lib/master-data.ts';
import { RadioChoices } from './article-form-controls.tsx';

/** The conditions as the controls hold them: text, '' for "any". */
interface Draft {
  keyword: string;
  category_code: string;
  status: string;
  publish_from: string;
  publish_to: string;
  target: string;
  bank: string;
  pi_status: string;
}

function draftOf(conditions: AdminArticleConditions): Draft {
  return {
    keyword: conditions.keyword ?? '',
    category_code: conditions.category_code ?? '',
    status: conditions.status ?? '',
    publish_from: conditions.publish_from ?? '',
    publish_to: conditions.publish_to ?? '',
    target: conditions.target ?? '',
    bank: conditions.bank ?? 'all',
    pi_status: conditions.pi_status ?? '',
  };
}

/** The draft as conditions: empty controls and "all" ask for nothing. */
function conditionsOf(draft: Draft): AdminArticleConditions {
  const keyword = draft.keyword.trim();
  return {
    keyword: keyword === '' ? undefined : keyword,
    category_code: draft.category_code || undefined,
    status: (PUBLICATION_STATUSES as readonly string[]).includes(draft.status)
      ? (draft.status as AdminArticleConditions['status'])
      : undefined,
    publish_from: draft.publish_from || undefined,
    publish_to: draft.publish_to || undefined,
    target: draft.target === 'partner' || draft.target === 'non_partner' ? draft.target : undefined,
    bank: draft.bank === 'own' || draft.bank === 'other' ? draft.bank : undefined,
    pi_status: (PARTNER_INFORMATION_STATUSES as readonly string[]).includes(draft.pi_status)
      ? (draft.pi_status as AdminArticleConditions['pi_status'])
      : undefined,
  };
}

const TARGET_CHOICES = [
  { value: '', label: 'すべて' },
  { value: 'partner', label: 'パートナー企業のみ' },
  { value: 'non_partner', label: 'パートナー企業以外' },
] as const;

const STATUS_OPTIONS = PUBLICATION_STATUSES.map((value) => ({
  value,
  label: PUBLICATION_STATUS_LABELS[value],
}));

const BANK_CHOICES = BANK_FILTERS.map((value) => ({ value, label: BANK_FILTER_LABELS[value] }));

/**
 * The staff list's search (admin spec section 9): キーワード, カテゴリ (news_categories master),
 * ステータス, 審査状況 (partner information: the partner_information_statuses master), 公開期間, 対象
 * and 金融機関. Searching hands the conditions to the page, which keeps
 * them in the URL; クリア goes back to the whole list.
 */
export function ArticleSearchForm({
  kind,
  conditions,
  onSearch,
}: {
  kind: ArticleKind;
  /** The search in force (from the URL): the controls start from it. */
  conditions: AdminArticleConditions;
  onSearch: (conditions: AdminArticleConditions) => void;
}) {
  // Columns, seminars and partner information do not offer the news-only categories (お知らせ…).
  const categories = categoriesOfKind(kind, useMasterList('news_categories')).map((category) => ({
    value: category.code,
    label: category.name,
  }));
  const reviewStatuses = useMasterList('partner_information_statuses').map((status) => ({
    value: status.code,
    label: status.name,
  }));
  const { control, search, clear } = useSearchDraft(conditions, { draftOf, conditionsOf, onSearch });

  return (
    <SearchPanel onSearch={search} onClear={clear}>
      <SearchKeyword
        id="search-keyword"
        maxLength={KEYWORD_MAX_LENGTH}
        placeholder="タイトル・本文"
        {...control('keyword')}
      />
      <SearchSelect
        id="search-category"
        label="カテゴリ"
        options={categories}
        {...control('category_code')}
      />
      <SearchSelect id="search-status" label="ステータス" options={STATUS_OPTIONS} {...control('status')} />
      {kind === 'partner_information' && (
        <SearchSelect
          id="search-pi-status"
          label="審査状況"
          options={reviewStatuses}
          {...control('pi_status')}
        />
      )}
      <SearchPeriod legend="公開期間" from={control('publish_from')} to={control('publish_to')} />
      <SearchGroup legend="対象">
        <RadioChoices name="search-target" choices={TARGET_CHOICES} {...control('target')} />
      </SearchGroup>
      <SearchGroup legend="金融機関">
        <RadioChoices name="search-bank" choices={BANK_CHOICES} {...control('bank')} />
      </SearchGroup>
    </SearchPanel>
  );
}
