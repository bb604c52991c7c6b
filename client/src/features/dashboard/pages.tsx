import type { RouteObject } from 'react-router';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';

const handle = { title: 'ダッシュボード' } satisfies PageHandle;

/** /mypage/dashboard: the company area's landing page (default layout). */
export const companyDashboardRoutes: RouteObject[] = [
  {
    path: '/mypage/dashboard',
    handle,
    lazy: async () => ({ Component: (await import('./company-dashboard-page.tsx')).CompanyDashboardPage }),
  },
];

/** /admin/dashboard: the admin area's landing page (admin layout). */
export const adminDashboardRoutes: RouteObject[] = [
  {
    path: '/admin/dashboard',
    handle,
    lazy: async () => ({ Component: (await import('./admin-dashboard-page.tsx')).AdminDashboardPage }),
  },
];
