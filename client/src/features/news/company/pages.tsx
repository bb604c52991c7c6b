import type { LoaderFunctionArgs } from '#client/lib/router/index.ts';
import type { ArticleKind } from '#server/contracts/news.ts';
import { dashboardPages } from '#server/contracts/pages/dashboard.ts';
import { newsPages } from '#server/contracts/pages/news.ts';
import type { PageEntry } from '#server/contracts/pages/page-list.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute, type PageRoute } from '#client/lib/client-domain.ts';
import { ARTICLE_PAGE_TITLES, COMPANY_ARTICLE_LIST_PAGES, type ListedArticleKind } from './article-pages.ts';

const DASHBOARD_CRUMB = { label: 'ダッシュボード', to: dashboardPages.company.path };

/** /mypage/{news,column,seminar}: a kind's list (one chunk for the three). */
function listRoute(kind: ListedArticleKind): PageRoute {
  return pageRoute(COMPANY_ARTICLE_LIST_PAGES[kind], {
    handle: { title: ARTICLE_PAGE_TITLES[kind].list, breadcrumbs: [DASHBOARD_CRUMB] } satisfies PageHandle,
    lazy: async () => {
      const { ArticleListPage } = await import('./article-list-page.tsx');
      return { Component: () => <ArticleListPage kind={kind} /> };
    },
  });
}

/** A kind's detail page at each of its pages (one chunk for every kind). */
function detailRoutes(kind: ArticleKind, pages: readonly PageEntry[]): PageRoute[] {
  const crumbs =
    kind === 'partner_information'
      ? [DASHBOARD_CRUMB]
      : [
          DASHBOARD_CRUMB,
          { label: ARTICLE_PAGE_TITLES[kind].list, to: COMPANY_ARTICLE_LIST_PAGES[kind].path },
        ];
  return pages.map((page) =>
    pageRoute(page, {
      handle: { title: ARTICLE_PAGE_TITLES[kind].detail, breadcrumbs: crumbs } satisfies PageHandle,
      lazy: async () => {
        const { ArticleDetailPage } = await import('./article-detail-page.tsx');
        return { Component: () => <ArticleDetailPage kind={kind} /> };
      },
    }),
  );
}

/**
 * /mypage/news, column, seminar, pi and babank (default layout). The route rules of
 * server/contracts/route-access.ts (company_news_read, company_column_read, company_seminar_read,
 * company_babank_read) run before these pages load.
 */
export const companyNewsRoutes = [
  listRoute('news'),
  ...detailRoutes('news', [newsPages.category, newsPages.detail]),
  listRoute('column'),
  ...detailRoutes('column', [newsPages.column]),
  listRoute('seminar'),
  ...detailRoutes('seminar', [newsPages.seminar]),
  ...detailRoutes('partner_information', [newsPages.partnerInformation]),
  pageRoute(newsPages.partnerBanks, {
    handle: { title: '提携銀行一覧', breadcrumbs: [DASHBOARD_CRUMB] } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./partner-bank-page.tsx')).PartnerBankPage }),
  }),
];

/**
 * /news and /news/detail/{id}: the bank's public news (plain layout, no login). They load in their
 * loaders, without the query cache; the loader's code is a chunk of its own, fetched beside the
 * page's (a static import would put the contract's schemas into every page's first visit).
 */
export const publicNewsRoutes = [
  pageRoute(newsPages.publicList, {
    handle: { title: ARTICLE_PAGE_TITLES.news.list } satisfies PageHandle,
    loader: async (args: LoaderFunctionArgs) =>
      (await import('./api/public-news.ts')).publicNewsListLoader(args),
    lazy: async () => ({ Component: (await import('./public-news-list-page.tsx')).PublicNewsListPage }),
  }),
  pageRoute(newsPages.publicDetail, {
    handle: { title: ARTICLE_PAGE_TITLES.news.detail } satisfies PageHandle,
    loader: async (args: LoaderFunctionArgs) =>
      (await import('./api/public-news.ts')).publicNewsDetailLoader(args),
    lazy: async () => ({ Component: (await import('./public-news-detail-page.tsx')).PublicNewsDetailPage }),
  }),
];
