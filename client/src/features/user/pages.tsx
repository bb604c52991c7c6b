import { dashboardPages } from '#server/contracts/pages/dashboard.ts';
import { userPages } from '#server/contracts/pages/user.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute } from '#client/lib/client-domain.ts';

/** /admin/company/user: act as another user of the bank (admin layout; system and bank admins). */
export const userSwitchRoutes = [
  pageRoute(userPages.switch, {
    handle: {
      title: 'ユーザー一覧',
      breadcrumbs: [{ label: 'ダッシュボード', to: dashboardPages.admin.path }],
    } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./user-switch-page.tsx')).UserSwitchPage }),
  }),
];
