import { dashboardPages } from '#server/contracts/pages/dashboard.ts';
import { settingsPages } from '#server/contracts/pages/settings.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute } from '#client/lib/client-domain.ts';

const DASHBOARD = { label: 'ダッシュボード', to: dashboardPages.company.path };
const ACCOUNTS = { label: 'アカウント管理', to: settingsPages.accounts.path };

/** /mypage/setting/account and its pages: the company's users, one user, the business users. */
export const accountSettingRoutes = [
  pageRoute(settingsPages.accounts, {
    handle: { title: 'アカウント管理', breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { AccountListPage } = await import('./account-list-page.tsx');
      return { element: <AccountListPage /> };
    },
  }),
  pageRoute(settingsPages.employee, {
    handle: { title: 'アカウントの編集', breadcrumbs: [DASHBOARD, ACCOUNTS] } satisfies PageHandle,
    lazy: async () => {
      const { AccountEditPage } = await import('./account-edit-page.tsx');
      return { element: <AccountEditPage /> };
    },
  }),
  pageRoute(settingsPages.businessUsers, {
    handle: { title: 'ビジネスユーザー管理', breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { BusinessUserPage } = await import('./business-user-page.tsx');
      return { element: <BusinessUserPage /> };
    },
  }),
];
