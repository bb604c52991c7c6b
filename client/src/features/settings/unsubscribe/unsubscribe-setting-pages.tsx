import { dashboardPages } from '#server/contracts/pages/dashboard.ts';
import { settingsPages } from '#server/contracts/pages/settings.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute } from '#client/lib/client-domain.ts';
import { UNSUBSCRIBE_SETTING_PATH } from './unsubscribe-setting-paths.ts';

const DASHBOARD = { label: 'ダッシュボード', to: dashboardPages.company.path };
const TITLE = '退会';

/**
 * /mypage/setting/unsubscribe and /compleated (company layout), each its own chunk. The page rule
 * `unsubscribe` (enable_unsubscribe_route and company_setting_account_write) guards both.
 */
export const unsubscribeSettingRoutes = [
  pageRoute(settingsPages.unsubscribe, {
    handle: { title: TITLE, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { UnsubscribeSettingPage } = await import('./unsubscribe-setting-page.tsx');
      return { element: <UnsubscribeSettingPage /> };
    },
  }),
  pageRoute(settingsPages.unsubscribeCompleted, {
    handle: {
      title: '退会のお申し込み完了',
      breadcrumbs: [DASHBOARD, { label: TITLE, to: UNSUBSCRIBE_SETTING_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { UnsubscribeCompletedPage } = await import('./unsubscribe-completed-page.tsx');
      return { element: <UnsubscribeCompletedPage /> };
    },
  }),
];
