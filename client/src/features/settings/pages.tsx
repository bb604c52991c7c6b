import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { accountSettingRoutes } from './account/account-pages.tsx';
import { chatRemarkTemplateRoutes } from './chat-remark-template/chat-remark-template-pages.tsx';
import { identityLinkRoutes } from './identity-link/identity-link-pages.tsx';
import { needNoticeSettingRoutes } from './need-notice/need-notice-setting-pages.tsx';
import { partnerInformationSettingRoutes } from './partner-information/partner-information-pages.tsx';
import { unsubscribeSettingRoutes } from './unsubscribe/unsubscribe-setting-pages.tsx';
import { usageStatementRoutes } from './usage-statement/pages.tsx';

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
  ...accountSettingRoutes,
  ...chatRemarkTemplateRoutes,
  ...needNoticeSettingRoutes,
  ...usageStatementRoutes,
  ...unsubscribeSettingRoutes,
  ...partnerInformationSettingRoutes,
];

/** /disconnect/broker and /email/confirm (plain layout). */
export const settingsPlainRoutes: RouteObject[] = [
  ...identityLinkRoutes,
  {
    // EMAIL_CHANGE_CONFIRM_PAGE_PATH: the contract's schemas stay out of the routes' chunk.
    path: '/email/confirm',
    handle: { title: 'メールアドレス変更の確認' } satisfies PageHandle,
    lazy: async () => ({
      Component: (await import('./email-change/email-change-confirm-page.tsx')).EmailChangeConfirmPage,
    }),
  },
];
