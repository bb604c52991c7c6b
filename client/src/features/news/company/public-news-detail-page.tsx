import { useLoaderData } from '#client/lib/router/index.ts';
import { PageFrame } from '#client/components/page-frame.tsx';
import type { publicNewsDetailLoader } from './api/public-news.ts';
import { PUBLIC_NEWS_PATH } from './article-pages.ts';
import { ArticleView } from './components/article-view.tsx';
import { NewsLoadFailure } from './components/page-notices.tsx';

/**
 * /news/detail/{id}: one public news item of this bank, for everyone (no login). The loader has read
 * it; an id that is no published public item of this bank is the 404 page.
 */
export function PublicNewsDetailPage() {
  const news = useLoaderData<typeof publicNewsDetailLoader>();
  if (!news.loaded)
    return (
      <PageFrame title="ニュース">
        <NewsLoadFailure />
      </PageFrame>
    );
  // The item's title is the page's heading.
  return (
    <PageFrame>
      <ArticleView
        article={news.article}
        titleLevel={1}
        back={{ to: PUBLIC_NEWS_PATH, label: 'ニュース一覧へ戻る' }}
      />
    </PageFrame>
  );
}
