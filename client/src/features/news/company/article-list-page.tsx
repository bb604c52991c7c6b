import { useId } from 'react';
import styled from 'styled-components';
import { ChoiceLabel, Select } from '#client/components/form/form-controls.ts';
import { TablePager } from '#client/components/table/table-pager.tsx';
import { useMasterList } from '#client/lib/master-data.ts';
import { companyArticleCalls, type CompanyArticleSearchQuery } from '#server/contracts/news.ts';
import { newsPages } from '#server/contracts/pages/news.ts';
import { type PageEntry, pagePath } from '#server/contracts/pages/page-list.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import {
  ARTICLE_PAGE_TITLES,
  EMPTY_LIST_MESSAGES,
  LIST_ROWS_OPTIONS,
  type ListedArticleKind,
  NOTHING_UNREAD_MESSAGES,
} from './article-pages.ts';
import { ArticleList } from './components/article-list.tsx';
import { Loading, NewsLoadFailure, Notice } from './components/page-notices.tsx';
import { SeminarFacts } from './components/seminar-facts.tsx';
import { useSeminarStatusLabel } from './components/use-seminar-status-label.ts';
import { useListPosition } from './use-list-position.ts';

/** Each listed kind's item page. */
const ARTICLE_DETAIL_PAGES: Record<ListedArticleKind, PageEntry> = {
  news: newsPages.detail,
  column: newsPages.column,
  seminar: newsPages.seminar,
};

/** The filters in the URL under the search call's own names (`?category_code=notice&only_unread=true`). */
const CATEGORY_PARAM = 'category_code' satisfies keyof CompanyArticleSearchQuery;
const UNREAD_PARAM = 'only_unread' satisfies keyof CompanyArticleSearchQuery;

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.lg}`};
  align-items: center;
  margin-bottom: ${({ theme }) => theme.spacing.md};
`;

const CategoryField = styled.div`
  display: flex;
  flex: 1 1 16em;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;
  max-width: 26em;

  label {
    flex: none;
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  }
`;

/** The news categories of the news_categories master, as a choice. */
function CategoryChoice({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const categories = useMasterList('news_categories');
  const id = useId();
  return (
    <CategoryField>
      <label htmlFor={id}>カテゴリ</label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">すべてのカテゴリ</option>
        {categories.map((category) => (
          <option key={category.code} value={category.code}>
            {category.name}
          </option>
        ))}
      </Select>
    </CategoryField>
  );
}

/**
 * /mypage/news, /mypage/column and /mypage/seminar: the items the user may read, newest first
 * (seminars: those still to be held, soonest first), paged with 前ページ, 次ページ and 表示行数
 * (25, 50, 100, 500). Unread items carry a 未読 label and a bold title; news can be filtered by
 * category, news and columns to the unread ones. Page, rows and filters live in the URL.
 */
export function ArticleListPage({ kind }: { kind: ListedArticleKind }) {
  const { params, page, rows, change, turnPage } = useListPosition();
  const category = kind === 'news' ? (params.get(CATEGORY_PARAM) ?? '') : '';
  const onlyUnread = kind !== 'seminar' && params.get(UNREAD_PARAM) === 'true';
  const query = {
    page,
    rows,
    [CATEGORY_PARAM]: category || undefined,
    [UNREAD_PARAM]: onlyUnread || undefined,
    // The seminar list shows the seminars still to be held.
    upcoming: kind === 'seminar' || undefined,
  };
  const { data, isError, isPending } = useCallQuery(
    companyArticleCalls[kind].search,
    { query },
    { keepPrevious: true },
  );
  const statusLabel = useSeminarStatusLabel();

  const title = ARTICLE_PAGE_TITLES[kind].list;
  return (
    <>
      {kind !== 'seminar' && (
        <Filters role="search" aria-label={`${title}の絞り込み`}>
          {kind === 'news' && (
            <CategoryChoice
              value={category}
              onChange={(code) => change({ filters: { [CATEGORY_PARAM]: code } })}
            />
          )}
          <ChoiceLabel>
            <input
              type="checkbox"
              checked={onlyUnread}
              onChange={(event) =>
                change({ filters: { [UNREAD_PARAM]: event.target.checked ? 'true' : '' } })
              }
            />
            未読のみ表示
          </ChoiceLabel>
        </Filters>
      )}
      {isError && <NewsLoadFailure />}
      {isPending && <Loading />}
      {data && data.list.length === 0 && (
        <Notice>{onlyUnread ? NOTHING_UNREAD_MESSAGES[kind] : EMPTY_LIST_MESSAGES[kind]}</Notice>
      )}
      {data && data.list.length > 0 && (
        <ArticleList
          label={`${title}一覧`}
          items={data.list}
          detailPath={(articleId) => pagePath(ARTICLE_DETAIL_PAGES[kind], { id: articleId })}
          details={
            kind === 'seminar'
              ? (item) => <SeminarFacts seminar={item} statusLabel={statusLabel} />
              : undefined
          }
        />
      )}
      {data && data.paging_data.total_rows > 0 && (
        <TablePager
          paging={data.paging_data}
          rowsOptions={LIST_ROWS_OPTIONS}
          label={`${title}のページ送り`}
          onChange={turnPage}
        />
      )}
    </>
  );
}
