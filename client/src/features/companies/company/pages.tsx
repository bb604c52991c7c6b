import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';

const DASHBOARD = { label: 'ダッシュボード', to: '/mypage/dashboard' };

/** The company's own profile pages (company layout), each its own chunk. */
export const companyProfileRoutes: RouteObject[] = [
  {
    path: '/mypage/company/edit',
    handle: { title: '企業情報の編集', breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { CompanyProfileEditPage } = await import('./company-profile-edit-page.tsx');
      return { element: <CompanyProfileEditPage /> };
    },
  },
  {
    path: '/mypage/mybusiness/edit',
    handle: { title: '事業情報の編集', breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { BusinessProfileEditPage } = await import('./business-profile-edit-page.tsx');
      return { element: <BusinessProfileEditPage /> };
    },
  },
];
