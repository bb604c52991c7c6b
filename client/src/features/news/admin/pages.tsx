import type { RouteObject } from '#client/lib/router/index.ts';
import type { ArticleKind } from '#server/contracts/news.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { ARTICLE_LIST_PATHS, ARTICLE_PAGE_LABELS, articleCreatePath } from './article-paths.ts';

const DASHBOARD = { label: 'ダッシュボード', to: '/admin/dashboard' };

/** A kind's three pages: its list, a new item, an item (edit, or read-only for staff who may not change it). */
function articleRoutes(kind: ArticleKind): RouteObject[] {
  const label = ARTICLE_PAGE_LABELS[kind];
  const listPath = ARTICLE_LIST_PATHS[kind];
  const list = { label, to: listPath };
  return [
    {
      path: listPath,
      handle: { title: label, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
      lazy: async () => {
        const { ArticleListPage } = await import('./admin-article-list-page.tsx');
        return { element: <ArticleListPage kind={kind} /> };
      },
    },
    {
      path: articleCreatePath(kind),
      handle: { title: `${label}の新規作成`, breadcrumbs: [DASHBOARD, list] } satisfies PageHandle,
      lazy: async () => {
        const { ArticleCreatePage } = await import('./article-edit-page.tsx');
        return { element: <ArticleCreatePage kind={kind} /> };
      },
    },
    {
      path: `${listPath}/detail/:articleId`,
      handle: { title: `${label}の詳細`, breadcrumbs: [DASHBOARD, list] } satisfies PageHandle,
      lazy: async () => {
        const { ArticleDetailPage } = await import('./article-edit-page.tsx');
        return { element: <ArticleDetailPage kind={kind} /> };
      },
    },
  ];
}

/** /admin/news and /admin/xba/{column,seminar,pi}: the staff's pages (admin layout), each page its own chunk. */
export const adminNewsRoutes: RouteObject[] = (
  ['news', 'column', 'seminar', 'partner_information'] as const
).flatMap(articleRoutes);
