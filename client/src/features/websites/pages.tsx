import type { LoaderFunctionArgs } from '#client/lib/router/index.ts';
import { dashboardPages } from '#server/contracts/pages/dashboard.ts';
import { websitesPages } from '#server/contracts/pages/websites.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute } from '#client/lib/client-domain.ts';

const DASHBOARD = { label: 'ダッシュボード', to: dashboardPages.company.path };

/** /mypage/setting/website (company layout): the company's homepage editor, its own chunk. */
export const websiteSettingRoutes = [
  pageRoute(websitesPages.editor, {
    handle: { title: 'ホームページ管理', breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { WebsiteSettingPage } = await import('./setting/website-setting-page.tsx');
      return { element: <WebsiteSettingPage /> };
    },
  }),
];

/**
 * /hp/{company_unique_code}: a company's public homepage, for everyone (no login), in the empty
 * layout (no app bar: the page is the company's, decision 0089). It loads in its loader; the
 * loader's code is a chunk of its own, fetched beside the page's.
 */
export const websitePublicRoutes = [
  pageRoute(websitesPages.homepage, {
    // The company's name replaces it once the site has loaded (the page sets the document title).
    handle: { title: 'ホームページ' } satisfies PageHandle,
    loader: async (args: LoaderFunctionArgs) =>
      (await import('./public/public-website-loader.ts')).publicWebsiteLoader(args),
    lazy: async () => ({ Component: (await import('./public/public-website-page.tsx')).PublicWebsitePage }),
  }),
];
