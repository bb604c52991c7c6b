import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';

/** /admin/company/user: act as another user of the bank (admin layout; system and bank admins). */
export const userSwitchRoutes: RouteObject[] = [
  {
    path: '/admin/company/user',
    handle: {
      title: 'ユーザー一覧',
      breadcrumbs: [{ label: 'ダッシュボード', to: '/admin/dashboard' }],
    } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./user-switch-page.tsx')).UserSwitchPage }),
  },
];
