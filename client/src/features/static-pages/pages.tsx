import type { PageEntry } from '#server/contracts/pages/page-list.ts';
import { staticPages } from '#server/contracts/pages/static-pages.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute, type PageRoute } from '#client/lib/client-domain.ts';
import type { StaticDocumentSource } from './static-document.ts';

/**
 * One route per static page: the page's title as the route's handle (the layout makes the document
 * title from it) and, loaded on first visit, the page component with that page's document.
 */
function staticPageRoute(
  page: PageEntry,
  title: string,
  loadDocument: () => Promise<StaticDocumentSource>,
): PageRoute {
  return pageRoute(page, {
    handle: { title } satisfies PageHandle,
    lazy: async () => {
      const [{ StaticDocumentPage }, source] = await Promise.all([
        import('./components/static-document-page.tsx'),
        loadDocument(),
      ]);
      return { Component: () => <StaticDocumentPage title={title} source={source} /> };
    },
  });
}

/** The static pages that need no login (spec section 2). */
export const staticPageRoutes = [
  staticPageRoute(
    staticPages.siteTerms,
    '利用規約',
    async () => (await import('./documents/site-terms.ts')).siteTerms,
  ),
  staticPageRoute(
    staticPages.portalTerms,
    'ポータルサービス利用規約',
    async () => (await import('./documents/portal-terms.ts')).portalTerms,
  ),
  staticPageRoute(
    staticPages.rcRules,
    'R&C規約',
    async () => (await import('./documents/rc-rules.ts')).rcRules,
  ),
  staticPageRoute(
    staticPages.matchingTerms,
    'ビジネスマッチング利用規約',
    async () => (await import('./documents/business-matching-terms.ts')).businessMatchingTerms,
  ),
  staticPageRoute(
    staticPages.cookiePolicy,
    'Cookieポリシー',
    async () => (await import('./documents/cookie-policy.ts')).cookiePolicy,
  ),
  staticPageRoute(
    staticPages.suspending,
    'サービス一時停止のお知らせ',
    async () => (await import('./documents/service-suspension.ts')).serviceSuspension,
  ),
];
