import { defineClientDomain } from '#client/lib/client-domain.ts';
import { adminDashboardRoutes, companyDashboardRoutes } from './pages.tsx';

/** The two dashboards. */
export const dashboardDomain = defineClientDomain({
  name: 'dashboard',
  pages: { default: companyDashboardRoutes, admin: adminDashboardRoutes },
});
