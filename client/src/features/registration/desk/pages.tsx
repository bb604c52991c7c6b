import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { REGISTRATION_DESK_LABEL, REGISTRATION_DESK_PATH } from './registration-desk-paths.ts';

const DASHBOARD = { label: 'ダッシュボード', to: '/admin/dashboard' };

/**
 * /admin/companyregister and /admin/companyregister/detail/{id}: the bank's desk for company
 * registration applications (admin layout), each page its own chunk.
 */
export const deskRoutes: RouteObject[] = [
  {
    path: REGISTRATION_DESK_PATH,
    handle: { title: REGISTRATION_DESK_LABEL, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { RegistrationDeskListPage } = await import('./registration-desk-list-page.tsx');
      return { element: <RegistrationDeskListPage /> };
    },
  },
  {
    path: `${REGISTRATION_DESK_PATH}/detail/:id`,
    handle: {
      title: `${REGISTRATION_DESK_LABEL}の詳細`,
      breadcrumbs: [DASHBOARD, { label: REGISTRATION_DESK_LABEL, to: REGISTRATION_DESK_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { RegistrationDetailPage } = await import('./registration-detail-page.tsx');
      return { element: <RegistrationDetailPage /> };
    },
  },
];
