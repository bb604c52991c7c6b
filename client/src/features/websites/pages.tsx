import type { LoaderFunctionArgs, RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';

const DASHBOARD = { label: 'ダッシュボード', to: '/mypage/dashboard' };

/** /mypage/setting/website (company layout): the company's homepage editor, its own chunk. */
export const websiteSettingRoutes: RouteObject[] = [
  {
    path: '/mypage/setting/website',
    handle: { title: 'ホームページ管理', breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { WebsiteSettingPage } = await import('./setting/website-setting-page.tsx');
      return { element: <WebsiteSettingPage /> };
    },
  },
];

/**
 * /hp/{company_unique_code}: a company's public homepage, for everyone (no login), in the empty
 * layout (no app bar: the page is the company's, decision 0089). It loads in its loader; the
 * loader's code is a chunk of its own, fetched beside the page's.
 */
export const websitePublicRoutes: RouteObject[] = [
  {
    path: '/hp/:id',
    // The company's name replaces it once the site has loaded (the page sets the document title).
    handle: { title: 'ホームページ' } satisfies PageHandle,
    loader: async (args: LoaderFunctionArgs) =>
      (await import('./public/public-website-loader.ts')).publicWebsiteLoader(args),
    lazy: async () => ({ Component: (await import('./public/public-website-page.tsx')).PublicWebsitePage }),
  },
];
