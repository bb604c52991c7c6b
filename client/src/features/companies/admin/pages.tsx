import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { COMPANY_DESK_LABEL, COMPANY_DESK_PATH } from './company-desk-paths.ts';

const DASHBOARD = { label: 'ダッシュボード', to: '/admin/dashboard' };
const DESK = { label: COMPANY_DESK_LABEL, to: COMPANY_DESK_PATH };

/** /admin/company and its pages (admin layout), each page its own chunk. */
export const companyDeskRoutes: RouteObject[] = [
  {
    path: COMPANY_DESK_PATH,
    handle: { title: COMPANY_DESK_LABEL, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { CompanyListPage } = await import('./company-list-page.tsx');
      return { element: <CompanyListPage /> };
    },
  },
  {
    // The menu's パートナー企業: the list of the partner companies only.
    path: `${COMPANY_DESK_PATH}/partner`,
    handle: { title: 'パートナー企業', breadcrumbs: [DASHBOARD, DESK] } satisfies PageHandle,
    lazy: async () => {
      const { CompanyListPage } = await import('./company-list-page.tsx');
      return { element: <CompanyListPage companyType="partner" /> };
    },
  },
  {
    path: `${COMPANY_DESK_PATH}/detail/:id`,
    handle: { title: '企業の詳細', breadcrumbs: [DASHBOARD, DESK] } satisfies PageHandle,
    lazy: async () => {
      const { CompanyDetailPage } = await import('./company-detail-page.tsx');
      return { element: <CompanyDetailPage /> };
    },
  },
  {
    path: `${COMPANY_DESK_PATH}/create`,
    handle: { title: '企業の新規作成', breadcrumbs: [DASHBOARD, DESK] } satisfies PageHandle,
    lazy: async () => {
      const { CompanyCreatePage } = await import('./company-create-page.tsx');
      return { element: <CompanyCreatePage /> };
    },
  },
  {
    path: `${COMPANY_DESK_PATH}/bulk-create`,
    handle: { title: '企業の一括作成', breadcrumbs: [DASHBOARD, DESK] } satisfies PageHandle,
    lazy: async () => {
      const { CompanyBulkCreatePage } = await import('./company-bulk-create-page.tsx');
      return { element: <CompanyBulkCreatePage /> };
    },
  },
  {
    path: `${COMPANY_DESK_PATH}/charge`,
    handle: { title: '月額利用料', breadcrumbs: [DASHBOARD, DESK] } satisfies PageHandle,
    lazy: async () => {
      const { CompanyChargePage } = await import('./company-charge-page.tsx');
      return { element: <CompanyChargePage /> };
    },
  },
  {
    path: `${COMPANY_DESK_PATH}/creditcard`,
    handle: { title: 'クレジットカード', breadcrumbs: [DASHBOARD, DESK] } satisfies PageHandle,
    lazy: async () => {
      const { CompanyCardListPage } = await import('./company-card-list-page.tsx');
      return { element: <CompanyCardListPage /> };
    },
  },
];
