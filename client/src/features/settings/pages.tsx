import type { RouteObject } from 'react-router';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';

const DASHBOARD = { label: 'ダッシュボード', to: '/mypage/dashboard' };

/** /mypage/setting pages (company layout), each its own chunk. */
export const settingsRoutes: RouteObject[] = [
  {
    path: '/mypage/setting/profile',
    handle: { title: 'プロフィール', breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { ProfileSettingPage } = await import('./profile/profile-setting-page.tsx');
      return { element: <ProfileSettingPage /> };
    },
  },
  {
    path: '/mypage/setting/password',
    handle: { title: 'パスワード変更', breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { PasswordSettingPage } = await import('./password/password-setting-page.tsx');
      return { element: <PasswordSettingPage /> };
    },
  },
];
