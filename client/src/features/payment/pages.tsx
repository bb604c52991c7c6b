import { dashboardPages } from '#server/contracts/pages/dashboard.ts';
import { paymentPages } from '#server/contracts/pages/payment.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute } from '#client/lib/client-domain.ts';

const DASHBOARD_CRUMB = { label: 'ダッシュボード', to: dashboardPages.company.path };

/**
 * The company's payment card (default layout): the registration form and its completion page. Both
 * are exceptions of the card rule (server/contracts/route-access.ts), so a company whose bank asks
 * for a card reaches them before it has one.
 */
export const companyPaymentRoutes = [
  pageRoute(paymentPages.card, {
    handle: { title: 'お支払い方法の登録', breadcrumbs: [DASHBOARD_CRUMB] } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./card-create-page.tsx')).CardCreatePage }),
  }),
  pageRoute(paymentPages.cardCompleted, {
    handle: { title: 'お支払い方法の登録完了', breadcrumbs: [DASHBOARD_CRUMB] } satisfies PageHandle,
    lazy: async () => ({ Component: (await import('./card-completed-page.tsx')).CardCompletedPage }),
  }),
];
