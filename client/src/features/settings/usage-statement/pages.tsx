import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';

const DASHBOARD = { label: 'ダッシュボード', to: '/mypage/dashboard' };

/**
 * /mypage/setting/invoice (company layout, its own chunk): the company's usage statements. The
 * route rule invoice_settings (server/contracts/route-access.ts) shows everyone else the 403 page.
 */
export const usageStatementRoutes: RouteObject[] = [
  {
    path: '/mypage/setting/invoice',
    handle: { title: 'ご利用明細', breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { UsageStatementPage } = await import('./usage-statement-page.tsx');
      return { element: <UsageStatementPage /> };
    },
  },
];
