import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';

const DASHBOARD = { label: 'ダッシュボード', to: '/mypage/dashboard' };

/** /mypage/setting/matching/search: the company's need notices (company layout), its own chunk. */
export const needNoticeSettingRoutes: RouteObject[] = [
  {
    path: '/mypage/setting/matching/search',
    handle: { title: 'ニーズ通知設定', breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { NeedNoticeSettingPage } = await import('./need-notice-setting-page.tsx');
      return { element: <NeedNoticeSettingPage /> };
    },
  },
];
