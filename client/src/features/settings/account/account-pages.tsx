import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';

const DASHBOARD = { label: 'ダッシュボード', to: '/mypage/dashboard' };
const ACCOUNTS = { label: 'アカウント管理', to: '/mypage/setting/account' };

/** /mypage/setting/account and its pages: the company's users, one user, the business users. */
export const accountSettingRoutes: RouteObject[] = [
  {
    path: '/mypage/setting/account',
    handle: { title: 'アカウント管理', breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { AccountListPage } = await import('./account-list-page.tsx');
      return { element: <AccountListPage /> };
    },
  },
  {
    path: '/mypage/setting/account/employee/:id',
    handle: { title: 'アカウントの編集', breadcrumbs: [DASHBOARD, ACCOUNTS] } satisfies PageHandle,
    lazy: async () => {
      const { AccountEditPage } = await import('./account-edit-page.tsx');
      return { element: <AccountEditPage /> };
    },
  },
  {
    path: '/mypage/setting/account/businessuser',
    handle: { title: 'ビジネスユーザー管理', breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { BusinessUserPage } = await import('./business-user-page.tsx');
      return { element: <BusinessUserPage /> };
    },
  },
];
