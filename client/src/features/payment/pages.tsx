import type { RouteObject } from '#client/lib/router/index.ts';
import { CARD_COMPLETED_PATH, CARD_CREATE_PATH } from '#server/contracts/payment-card-paths.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';

const DASHBOARD_CRUMB = { label: 'ダッシュボード', to: '/mypage/dashboard' };

/**
 * The company's payment card (default layout): the registration form and its completion page. Both
 * are exceptions of the card rule (server/contracts/route-access.ts), so a company whose bank asks
 * for a card reaches them before it has one.
 */
export const companyPaymentRoutes: RouteObject[] = [
  {
    path: CARD_CREATE_PATH,
    handle: { title: 'お支払い方法の登録', breadcrumbs: [DASHBOARD_CRUMB] } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./card-create-page.tsx')).CardCreatePage }),
  },
  {
    path: CARD_COMPLETED_PATH,
    handle: { title: 'お支払い方法の登録完了', breadcrumbs: [DASHBOARD_CRUMB] } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./card-completed-page.tsx')).CardCompletedPage }),
  },
];
