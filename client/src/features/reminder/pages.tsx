import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';

/** The password reminder and its completion page (spec section 2); neither needs a login. */
export const reminderRoutes: RouteObject[] = [
  {
    path: '/reminder',
    handle: { title: 'パスワードの再設定' } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./reminder-page.tsx')).ReminderPage }),
  },
  {
    path: '/reminder/completed',
    handle: { title: 'パスワード再設定完了' } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./reminder-completed-page.tsx')).ReminderCompletedPage }),
  },
];

/** A portal member's account, enabled from the approval mail (register layout, no footer). */
export const portalEnableRoutes: RouteObject[] = [
  {
    path: '/register/portal/enable',
    handle: { title: 'ポータル会員アカウントの有効化' } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./portal-enable-pages.tsx')).PortalEnablePage }),
  },
  {
    path: '/register/portal/enabled',
    handle: { title: 'ポータル会員アカウントの有効化完了' } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./portal-enable-pages.tsx')).PortalEnabledPage }),
  },
];
