import { dashboardPages } from '#server/contracts/pages/dashboard.ts';
import { settingsPages } from '#server/contracts/pages/settings.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute } from '#client/lib/client-domain.ts';

const DASHBOARD = { label: 'ダッシュボード', to: dashboardPages.company.path };

/**
 * /mypage/setting/invoice (company layout, its own chunk): the company's usage statements. The
 * route rule invoice_settings (server/contracts/route-access.ts) shows everyone else the 403 page.
 */
export const usageStatementRoutes = [
  pageRoute(settingsPages.invoice, {
    handle: { title: 'ご利用明細', breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { UsageStatementPage } = await import('./usage-statement-page.tsx');
      return { element: <UsageStatementPage /> };
    },
  }),
];
