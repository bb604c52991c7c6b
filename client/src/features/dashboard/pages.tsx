import { dashboardPages } from '#server/contracts/pages/dashboard.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute } from '#client/lib/client-domain.ts';

const handle = { title: 'ダッシュボード' } satisfies PageHandle;

/** /mypage/dashboard and /admin/dashboard: the two areas' landing pages. */
export const dashboardRoutes = [
  pageRoute(dashboardPages.company, {
    handle,
    lazy: async () => ({ Component: (await import('./company-dashboard-page.tsx')).CompanyDashboardPage }),
  }),
  pageRoute(dashboardPages.admin, {
    handle,
    lazy: async () => ({ Component: (await import('./admin-dashboard-page.tsx')).AdminDashboardPage }),
  }),
];
