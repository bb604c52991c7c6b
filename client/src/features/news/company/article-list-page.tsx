import { useId } from 'react';
import styled from 'styled-components';
import { TablePager } from '../../../components/table/table-pager.tsx';
import { useMasterList } from '../../../lib/master-data.ts';
import { useArticleList } from './api/company-articles.ts';
import {
  ARTICLE_PAGE_TITLES,
  companyArticleDetailPath,
  EMPTY_LIST_MESSAGES,
  LIST_ROWS_OPTIONS,
  type ListedArticleKind,
} from './article-pages.ts';
import { ArticleList } from './components/article-list.tsx';
import { Loading, NewsLoadFailure, Notice } from './components/page-notices.tsx';
import { SeminarFacts } from './components/seminar-facts.tsx';
import { useSeminarStatusLabel } from './components/use-seminar-status-label.ts';
import { useListPosition } from './use-list-position.ts';

/** The query name of the news list's category filter. */
const CATEGORY_PARAM = 'category';

const Filter = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;
  margin-bottom: ${({ theme }) => theme.spacing.md};

  label {
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  }

  select {
    flex: 1 1 12em;
    max-width: 20em;
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.spacing.sm};
    font: inherit;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;

/** The news categories (master news_categories) to filter by, kept in `?category=`. */
function CategoryFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (code: string) => void;
}) {
  const categories = useMasterList('news_categories');
  const id = useId();
  return (
    <Filter role="search" aria-label="ニュースの絞り込み">
      <label htmlFor={id}>カテゴリ</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">すべてのカテゴリ</option>
        {categories.map((category) => (
          <option key={category.code} value={category.code}>
            {category.name}
          </option>
        ))}
      </select>
    </Filter>
  );
}

/**
 * /mypage/news, /mypage/column and /mypage/seminar: the items the user may read, newest first
 * (seminars: those still to be held, soonest first), paged with 前ページ, 次ページ and 表示行数
 * (25, 50, 100, 500). Unread items carry a 未読 label and a bold title; news can be filtered by
 * category. Page, rows and category live in the URL.
 */
export function ArticleListPage({ kind }: { kind: ListedArticleKind }) {
  const { params, page, rows, change, turnPage } = useListPosition();
  const category = params.get(CATEGORY_PARAM);
  const search = { page, rows, categoryCode: kind === 'news' && category ? category : undefined };
  const { data, isError, isPending } = useArticleList(kind, search);
  const statusLabel = useSeminarStatusLabel();

  const title = ARTICLE_PAGE_TITLES[kind].list;
  return (
    <>
      {kind === 'news' && (
        <CategoryFilter
          value={search.categoryCode}
          onChange={(code) => change({ filters: { [CATEGORY_PARAM]: code } })}
        />
      )}
      {isError && <NewsLoadFailure />}
      {isPending && <Loading />}
      {data && data.list.length === 0 && <Notice>{EMPTY_LIST_MESSAGES[kind]}</Notice>}
      {data && data.list.length > 0 && (
        <ArticleList
          label={`${title}一覧`}
          items={data.list}
          detailPath={(articleId) => companyArticleDetailPath(kind, articleId)}
          details={
            kind === 'seminar'
              ? (item) => <SeminarFacts seminar={item} statusLabel={statusLabel} />
              : undefined
          }
        />
      )}
      {data && data.pagingData.total_rows > 0 && (
        <TablePager
          paging={data.pagingData}
          rowsOptions={LIST_ROWS_OPTIONS}
          label={`${title}のページ送り`}
          onChange={turnPage}
        />
      )}
    </>
  );
}
