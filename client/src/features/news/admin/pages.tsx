import type { ArticleKind } from '#server/contracts/news.ts';
import { dashboardPages } from '#server/contracts/pages/dashboard.ts';
import { adminArticlePages } from '#server/contracts/pages/news.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute, type PageRoute } from '#client/lib/client-domain.ts';
// The company pages' titles name the kinds as the staff's pages do; from their module, which the
// public news pages load anyway, rather than article-paths.ts, which only the staff's pages need.
import { ARTICLE_PAGE_TITLES } from '../company/article-pages.ts';

const DASHBOARD = { label: 'ダッシュボード', to: dashboardPages.admin.path };

/** A kind's three pages: its list, a new item, an item (edit, or read-only for staff who may not change it). */
function articleRoutes(kind: ArticleKind): PageRoute[] {
  const label = ARTICLE_PAGE_TITLES[kind].list;
  const pages = adminArticlePages[kind];
  const list = { label, to: pages.list.path };
  return [
    pageRoute(pages.list, {
      handle: { title: label, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
      lazy: async () => {
        const { ArticleListPage } = await import('./admin-article-list-page.tsx');
        return { element: <ArticleListPage kind={kind} /> };
      },
    }),
    pageRoute(pages.create, {
      handle: { title: `${label}の新規作成`, breadcrumbs: [DASHBOARD, list] } satisfies PageHandle,
      lazy: async () => {
        const { ArticleCreatePage } = await import('./article-edit-page.tsx');
        return { element: <ArticleCreatePage kind={kind} /> };
      },
    }),
    pageRoute(pages.detail, {
      handle: { title: `${label}の詳細`, breadcrumbs: [DASHBOARD, list] } satisfies PageHandle,
      lazy: async () => {
        const { ArticleDetailPage } = await import('./article-edit-page.tsx');
        return { element: <ArticleDetailPage kind={kind} /> };
      },
    }),
  ];
}

/** /admin/news and /admin/xba/{column,seminar,pi}: the staff's pages (admin layout), each page its own chunk. */
export const adminNewsRoutes = (['news', 'column', 'seminar', 'partner_information'] as const).flatMap(
  articleRoutes,
);
