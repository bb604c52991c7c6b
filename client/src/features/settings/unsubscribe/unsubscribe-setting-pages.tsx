import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { UNSUBSCRIBE_COMPLETED_PATH, UNSUBSCRIBE_SETTING_PATH } from './unsubscribe-setting-paths.ts';

const DASHBOARD = { label: 'ダッシュボード', to: '/mypage/dashboard' };
const TITLE = '退会';

/**
 * /mypage/setting/unsubscribe and /compleated (company layout), each its own chunk. The page rule
 * `unsubscribe` (enable_unsubscribe_route and company_setting_account_write) guards both.
 */
export const unsubscribeSettingRoutes: RouteObject[] = [
  {
    path: UNSUBSCRIBE_SETTING_PATH,
    handle: { title: TITLE, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { UnsubscribeSettingPage } = await import('./unsubscribe-setting-page.tsx');
      return { element: <UnsubscribeSettingPage /> };
    },
  },
  {
    path: UNSUBSCRIBE_COMPLETED_PATH,
    handle: {
      title: '退会のお申し込み完了',
      breadcrumbs: [DASHBOARD, { label: TITLE, to: UNSUBSCRIBE_SETTING_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { UnsubscribeCompletedPage } = await import('./unsubscribe-completed-page.tsx');
      return { element: <UnsubscribeCompletedPage /> };
    },
  },
];
