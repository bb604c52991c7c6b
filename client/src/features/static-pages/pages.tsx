import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import type { StaticDocumentSource } from './static-document.ts';

/**
 * One route per static page: the page's title as the route's handle (the layout makes the document
 * title from it) and, loaded on first visit, the page component with that page's document.
 */
function staticPageRoute(
  path: string,
  title: string,
  loadDocument: () => Promise<StaticDocumentSource>,
): RouteObject {
  return {
    path,
    handle: { title } satisfies PageHandle,
    lazy: async () => {
      const [{ StaticDocumentPage }, source] = await Promise.all([
        import('./components/static-document-page.tsx'),
        loadDocument(),
      ]);
      return { Component: () => <StaticDocumentPage title={title} source={source} /> };
    },
  };
}

/** The static pages that need no login (spec section 2). */
export const staticPageRoutes: RouteObject[] = [
  staticPageRoute(
    '/page/rule',
    '利用規約',
    async () => (await import('./documents/site-terms.ts')).siteTerms,
  ),
  staticPageRoute(
    '/page/rule_portal',
    'ポータルサービス利用規約',
    async () => (await import('./documents/portal-terms.ts')).portalTerms,
  ),
  staticPageRoute('/page/rule_rc', 'R&C規約', async () => (await import('./documents/rc-rules.ts')).rcRules),
  staticPageRoute(
    '/page/bm_rule',
    'ビジネスマッチング利用規約',
    async () => (await import('./documents/business-matching-terms.ts')).businessMatchingTerms,
  ),
  staticPageRoute(
    '/page/cookie_policy',
    'Cookieポリシー',
    async () => (await import('./documents/cookie-policy.ts')).cookiePolicy,
  ),
  staticPageRoute(
    '/page/suspending',
    'サービス一時停止のお知らせ',
    async () => (await import('./documents/service-suspension.ts')).serviceSuspension,
  ),
];
