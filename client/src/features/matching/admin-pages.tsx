import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import {
  MATCHING_ANALYSIS_LABEL,
  MATCHING_ANALYSIS_PATH,
  STAFF_DEALS_LABEL,
  STAFF_DEALS_PATH,
  STAFF_NEEDS_LABEL,
  STAFF_NEEDS_PATH,
} from './admin/staff-matching-paths.ts';

const DASHBOARD = { label: 'ダッシュボード', to: '/admin/dashboard' };
const COMPANY_DESK = { label: '企業一覧', to: '/admin/company' };

/**
 * Business matching's staff pages (admin layout): the needs and the deals of the bank's companies,
 * and the matching analysis, each page its own chunk (the analysis' chunk alone carries the charts).
 */
export const matchingAdminRoutes: RouteObject[] = [
  {
    path: STAFF_NEEDS_PATH,
    handle: { title: STAFF_NEEDS_LABEL, breadcrumbs: [DASHBOARD, COMPANY_DESK] } satisfies PageHandle,
    lazy: async () => {
      const { StaffNeedListPage } = await import('./admin/staff-need-list-page.tsx');
      return { element: <StaffNeedListPage /> };
    },
  },
  {
    path: `${STAFF_NEEDS_PATH}/detail/:id`,
    handle: {
      title: 'ニーズの詳細',
      breadcrumbs: [DASHBOARD, { label: STAFF_NEEDS_LABEL, to: STAFF_NEEDS_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { StaffNeedDetailPage } = await import('./admin/staff-need-detail-page.tsx');
      return { element: <StaffNeedDetailPage /> };
    },
  },
  {
    path: STAFF_DEALS_PATH,
    handle: { title: STAFF_DEALS_LABEL, breadcrumbs: [DASHBOARD, COMPANY_DESK] } satisfies PageHandle,
    lazy: async () => {
      const { StaffDealListPage } = await import('./admin/staff-deal-list-page.tsx');
      return { element: <StaffDealListPage /> };
    },
  },
  {
    path: `${STAFF_DEALS_PATH}/detail/:id`,
    handle: {
      title: '商談の詳細',
      breadcrumbs: [DASHBOARD, { label: STAFF_DEALS_LABEL, to: STAFF_DEALS_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { StaffDealDetailPage } = await import('./admin/staff-deal-detail-page.tsx');
      return { element: <StaffDealDetailPage /> };
    },
  },
  {
    path: MATCHING_ANALYSIS_PATH,
    handle: { title: MATCHING_ANALYSIS_LABEL, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { MatchingAnalysisPage } = await import('./admin/matching-analysis-page.tsx');
      return { element: <MatchingAnalysisPage /> };
    },
  },
];
