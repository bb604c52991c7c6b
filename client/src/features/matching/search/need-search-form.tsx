import { useState } from 'react';
import styled from 'styled-components';
import * as z from 'zod/mini';
import {
  KEYWORD_MAX_LENGTH,
  KEYWORD_MAX_WORDS,
  KEYWORD_MIN_LENGTH,
  type NeedSearchQuery,
  needSearchQuerySchema,
  SEARCH_ORDER_LABELS,
  SEARCH_ORDERS,
  SEARCH_SCOPE_LABELS,
  SEARCH_SCOPES,
  type SearchOrder,
} from '#server/contracts/matching.ts';
import { isNeedCategoryCode, NEED_CATEGORIES } from '#server/contracts/need-categories.ts';
import { specErrorMap } from '#server/contracts/zod-error-map.ts';
import {
  SearchField,
  SearchGroup,
  SearchPanel,
  useSearchDraft,
} from '#client/components/admin/search-panel.tsx';
import { Choices } from '#client/components/form/code-choices.tsx';
import { ChoiceLabel, Select, TextInput } from '#client/components/form/form-controls.ts';
import { prefecturesByRegion } from '#client/components/form/prefecture-codes-field.tsx';
import { useMasterList } from '#client/lib/master-data.ts';

/** The conditions of a search, without its page. */
export type NeedSearchConditions = Omit<NeedSearchQuery, 'page' | 'rows'>;

interface SearchDraft {
  keyword: string;
  category: string;
  industry_code: string;
  area_code: string;
  scope: string;
  order: string;
}

const KEYWORD_ID = 'need-search-keyword';

const HintText = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.danger};
`;

/** The order a search takes when none is asked for: relevance with a keyword, newest without (the call's rule). */
export function defaultOrderOf(keyword: string | undefined): SearchOrder {
  return keyword?.trim() ? 'relevance' : 'newest';
}

/** Why a keyword cannot be searched (a word under two characters, too many words), checked by the call's own schema. */
function keywordRefusal(keyword: string): string | undefined {
  const entered = keyword.trim() === '' ? undefined : keyword;
  const result = z.safeParse(needSearchQuerySchema.shape.keyword, entered, { error: specErrorMap });
  return result.success ? undefined : result.error.issues[0]?.message;
}

function draftOf(conditions: Partial<NeedSearchConditions>): SearchDraft {
  return {
    keyword: conditions.keyword ?? '',
    category: conditions.category ?? '',
    industry_code: conditions.industry_code ?? '',
    area_code: conditions.area_code ?? '',
    scope: conditions.scope ?? 'nationwide',
    order: conditions.order ?? '',
  };
}

function conditionsOf(draft: SearchDraft): NeedSearchConditions {
  const keyword = draft.keyword.trim() || undefined;
  const order = SEARCH_ORDERS.find((value) => value === draft.order);
  return {
    keyword,
    category: isNeedCategoryCode(draft.category) ? draft.category : undefined,
    industry_code: draft.industry_code || undefined,
    area_code: draft.area_code || undefined,
    scope: SEARCH_SCOPES.find((value) => value === draft.scope) ?? 'nationwide',
    // The order that is the default for the keyword is left out of the URL.
    order: order === defaultOrderOf(keyword) ? undefined : order,
  };
}

export interface NeedSearchFormProps {
  /** The search in force (the URL's). */
  conditions: NeedSearchConditions;
  /** The bank takes part in the network: 全国 or 当行のみ may be chosen. */
  inNetwork: boolean;
  onSearch(conditions: NeedSearchConditions): void;
}

/**
 * The search's conditions: a keyword (words of two characters or more, told under the box before
 * anything is sent), a category, a classification (JSIC 中分類 under its 大分類), a prefecture, the
 * scope where the bank takes part in the network, and the order. The controls hold a draft until
 * 検索; the search in force lives in the URL, so back and forward return to it.
 */
export function NeedSearchForm({ conditions, inNetwork, onSearch }: NeedSearchFormProps) {
  const majors = useMasterList('ba_ca_types');
  const prefectures = useMasterList('prefectures');
  const [keywordError, setKeywordError] = useState<string>();
  const draft = useSearchDraft(conditions, {
    draftOf,
    conditionsOf,
    onSearch: (next) => onSearch(conditionsOf(draftOf(next))),
  });
  const keyword = draft.control('keyword');
  const category = draft.control('category');
  const industry = draft.control('industry_code');
  const area = draft.control('area_code');
  const scope = draft.control('scope');
  const order = draft.control('order');

  const search = () => {
    const refusal = keywordRefusal(keyword.value);
    setKeywordError(refusal);
    if (refusal) {
      document.getElementById(KEYWORD_ID)?.focus();
      return;
    }
    draft.search();
  };

  return (
    <SearchPanel
      onSearch={search}
      onClear={() => {
        setKeywordError(undefined);
        draft.clear();
      }}
    >
      <SearchField id={KEYWORD_ID} label="キーワード">
        <TextInput
          id={KEYWORD_ID}
          type="search"
          maxLength={KEYWORD_MAX_LENGTH}
          placeholder="例: 冷凍 食品"
          value={keyword.value}
          aria-invalid={keywordError !== undefined}
          aria-describedby={`${KEYWORD_ID}-hint${keywordError ? ` ${KEYWORD_ID}-error` : ''}`}
          onChange={(event) => {
            keyword.onChange(event.target.value);
            // Once told, the message follows what is typed.
            if (keywordError) setKeywordError(keywordRefusal(event.target.value));
          }}
        />
        <HintText id={`${KEYWORD_ID}-hint`}>
          {KEYWORD_MIN_LENGTH}文字以上の語を空白で区切って{KEYWORD_MAX_WORDS}
          語まで（すべてを含むニーズを探します）
        </HintText>
        {keywordError && <ErrorText id={`${KEYWORD_ID}-error`}>{keywordError}</ErrorText>}
      </SearchField>
      <SearchField id="need-search-category" label="カテゴリ">
        <Select
          id="need-search-category"
          value={category.value}
          onChange={(event) => category.onChange(event.target.value)}
        >
          <option value="">すべて</option>
          {NEED_CATEGORIES.map((item) => (
            <option key={item.code} value={item.code}>
              {item.name}
            </option>
          ))}
        </Select>
      </SearchField>
      <SearchField id="need-search-industry" label="業種">
        <Select
          id="need-search-industry"
          value={industry.value}
          onChange={(event) => industry.onChange(event.target.value)}
        >
          <option value="">すべて</option>
          {majors.map((major) => (
            <optgroup key={major.code} label={major.name}>
              {major.children.map((middle) => (
                <option key={middle.code} value={middle.code}>
                  {middle.name}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </SearchField>
      <SearchField id="need-search-area" label="エリア">
        <Select
          id="need-search-area"
          value={area.value}
          onChange={(event) => area.onChange(event.target.value)}
        >
          <option value="">すべて</option>
          {[...prefecturesByRegion(prefectures)].map(([region, members]) => (
            <optgroup key={region} label={region}>
              {members.map((prefecture) => (
                <option key={prefecture.code} value={prefecture.code}>
                  {prefecture.name}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </SearchField>
      {inNetwork && (
        <SearchGroup legend="検索範囲">
          <Choices>
            {SEARCH_SCOPES.map((value) => (
              <ChoiceLabel key={value}>
                <input
                  type="radio"
                  name="need-search-scope"
                  value={value}
                  checked={scope.value === value}
                  onChange={() => scope.onChange(value)}
                />
                {SEARCH_SCOPE_LABELS[value]}
              </ChoiceLabel>
            ))}
          </Choices>
        </SearchGroup>
      )}
      <SearchField id="need-search-order" label="並び順">
        <Select
          id="need-search-order"
          value={order.value || defaultOrderOf(keyword.value)}
          onChange={(event) => order.onChange(event.target.value)}
        >
          {SEARCH_ORDERS.map((value) => (
            <option key={value} value={value}>
              {SEARCH_ORDER_LABELS[value]}
            </option>
          ))}
        </Select>
      </SearchField>
    </SearchPanel>
  );
}
