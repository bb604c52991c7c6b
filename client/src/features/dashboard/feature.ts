import { defineClientDomain } from '#client/lib/client-domain.ts';
import { dashboardRoutes } from './pages.tsx';

/** The two dashboards. */
export const dashboardDomain = defineClientDomain({ name: 'dashboard', routes: dashboardRoutes });
