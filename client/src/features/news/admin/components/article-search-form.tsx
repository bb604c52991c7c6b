import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import {
  type ArticleKind,
  BANK_FILTER_LABELS,
  BANK_FILTERS,
  categoriesOfKind,
  KEYWORD_MAX_LENGTH,
  PUBLICATION_STATUS_LABELS,
  PUBLICATION_STATUSES,
} from '#server/contracts/news.ts';
import { type AdminArticleConditions } from '#server/contracts/news-staff.ts';
import { Button } from '#client/components/button/button.tsx';
import { useMasterList } from '#client/lib/master-data.ts';
import { Select, TextInput } from '#client/components/form/form-controls.ts';
import { RadioChoices } from './article-form-controls.tsx';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};

  ${({ theme }) => theme.media.tabletUp} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${({ theme }) => theme.media.pcUp} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Control = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;

  & > label,
  & > legend {
    padding: 0;
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  }
`;

const Period = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;

  input {
    flex: 1 1 10em;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  grid-column: 1 / -1;
  gap: ${({ theme }) => theme.spacing.sm};
  justify-content: flex-end;
`;

/** The conditions as the controls hold them: text, '' for "any". */
interface Draft {
  keyword: string;
  category_code: string;
  status: string;
  publish_from: string;
  publish_to: string;
  target: string;
  bank: string;
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
  };
}

const TARGET_CHOICES = [
  { value: '', label: 'すべて' },
  { value: 'partner', label: 'パートナー企業のみ' },
  { value: 'non_partner', label: 'パートナー企業以外' },
] as const;

const BANK_CHOICES = BANK_FILTERS.map((value) => ({ value, label: BANK_FILTER_LABELS[value] }));

/**
 * The staff list's search (admin spec section 9): キーワード, カテゴリ (news_categories master),
 * ステータス, 公開期間, 対象 and 金融機関. Searching hands the conditions to the page, which keeps
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
  const categories = categoriesOfKind(kind, useMasterList('news_categories'));
  const [draft, setDraft] = useState(() => draftOf(conditions));
  // Back, forward or a link changes the search in force: the controls follow it.
  const [shown, setShown] = useState(conditions);
  if (shown !== conditions) {
    setShown(conditions);
    setDraft(draftOf(conditions));
  }
  const set = (name: keyof Draft) => (value: string) =>
    setDraft((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(conditionsOf(draft));
  };

  return (
    <Form role="search" aria-label="検索条件" onSubmit={submit}>
      <Control>
        <label htmlFor="search-keyword">キーワード</label>
        <TextInput
          id="search-keyword"
          type="search"
          maxLength={KEYWORD_MAX_LENGTH}
          placeholder="タイトル・本文"
          value={draft.keyword}
          onChange={(event) => set('keyword')(event.target.value)}
        />
      </Control>
      <Control>
        <label htmlFor="search-category">カテゴリ</label>
        <Select
          id="search-category"
          value={draft.category_code}
          onChange={(event) => set('category_code')(event.target.value)}
        >
          <option value="">すべて</option>
          {categories.map((category) => (
            <option key={category.code} value={category.code}>
              {category.name}
            </option>
          ))}
        </Select>
      </Control>
      <Control>
        <label htmlFor="search-status">ステータス</label>
        <Select
          id="search-status"
          value={draft.status}
          onChange={(event) => set('status')(event.target.value)}
        >
          <option value="">すべて</option>
          {PUBLICATION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {PUBLICATION_STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
      </Control>
      <Control as="fieldset">
        <legend>公開期間</legend>
        <Period>
          <TextInput
            type="date"
            aria-label="公開期間（から）"
            value={draft.publish_from}
            max={draft.publish_to || undefined}
            onChange={(event) => set('publish_from')(event.target.value)}
          />
          <span aria-hidden="true">〜</span>
          <TextInput
            type="date"
            aria-label="公開期間（まで）"
            value={draft.publish_to}
            min={draft.publish_from || undefined}
            onChange={(event) => set('publish_to')(event.target.value)}
          />
        </Period>
      </Control>
      <Control as="fieldset">
        <legend>対象</legend>
        <RadioChoices
          name="search-target"
          value={draft.target}
          choices={TARGET_CHOICES}
          onChange={set('target')}
        />
      </Control>
      <Control as="fieldset">
        <legend>金融機関</legend>
        <RadioChoices name="search-bank" value={draft.bank} choices={BANK_CHOICES} onChange={set('bank')} />
      </Control>
      <Actions>
        <Button
          type="button"
          onClick={() => {
            setDraft(draftOf({}));
            onSearch({});
          }}
        >
          クリア
        </Button>
        <Button type="submit" $variant="main">
          検索
        </Button>
      </Actions>
    </Form>
  );
}
