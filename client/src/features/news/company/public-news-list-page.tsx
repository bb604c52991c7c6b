import { useLoaderData, useSearchParams } from '#client/lib/router/index.ts';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { PageFrame } from '#client/components/page-frame.tsx';
import { TablePager } from '#client/components/table/table-pager.tsx';
import type { publicNewsListLoader } from './api/public-news.ts';
import { publicNewsDetailPath } from './article-pages.ts';
import { ArticleList } from './components/article-list.tsx';
import { NewsLoadFailure, Notice } from './components/page-notices.tsx';

/**
 * /news: the bank's published news for everyone, newest first, paged with 前ページ and 次ページ.
 * No login; the route's loader has already read the page (`?page=N`).
 */
export function PublicNewsListPage() {
  const news = useLoaderData<typeof publicNewsListLoader>();
  const [, setParams] = useSearchParams();
  const { bank } = useAppConfig();
  return (
    <PageFrame title={`${bank.name}からのお知らせ`}>
      {!news.loaded && <NewsLoadFailure />}
      {news.loaded && news.list.length === 0 && <Notice>現在お知らせはありません</Notice>}
      {news.loaded && news.list.length > 0 && (
        <ArticleList label="ニュース一覧" items={news.list} detailPath={publicNewsDetailPath} />
      )}
      {news.loaded && news.paging_data.total_pages > 1 && (
        <TablePager
          paging={news.paging_data}
          rowsChoice={false}
          label="ニュースのページ送り"
          onChange={({ page }) => {
            setParams(page > 1 ? { page: String(page) } : {});
            // As the company lists do (use-list-position.ts), without their chunk on this first visit.
            document.scrollingElement?.scrollTo?.({ top: 0 });
          }}
        />
      )}
    </PageFrame>
  );
}
