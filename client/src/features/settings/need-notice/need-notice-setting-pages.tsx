import { dashboardPages } from '#server/contracts/pages/dashboard.ts';
import { settingsPages } from '#server/contracts/pages/settings.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute } from '#client/lib/client-domain.ts';

const DASHBOARD = { label: 'ダッシュボード', to: dashboardPages.company.path };

/** /mypage/setting/matching/search: the company's need notices (company layout), its own chunk. */
export const needNoticeSettingRoutes = [
  pageRoute(settingsPages.needNotice, {
    handle: { title: 'ニーズ通知設定', breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { NeedNoticeSettingPage } = await import('./need-notice-setting-page.tsx');
      return { element: <NeedNoticeSettingPage /> };
    },
  }),
];
