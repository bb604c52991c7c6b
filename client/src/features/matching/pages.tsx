import { dashboardPages } from '#server/contracts/pages/dashboard.ts';
import { matchingPages } from '#server/contracts/pages/matching.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute } from '#client/lib/client-domain.ts';
import { NEED_SEARCH_PATH, OWN_NEEDS_PATH, RECEIVED_DEALS_PATH, SENT_DEALS_PATH } from './matching-paths.ts';

const DASHBOARD = { label: 'ダッシュボード', to: dashboardPages.company.path };
const OWN_NEEDS_TITLE = '自社ニーズ';
const SEARCH_TITLE = 'ニーズを探す';
const SENT_TITLE = '商談依頼履歴';
const RECEIVED_TITLE = '商談管理';
const DEAL_TITLE = '商談の詳細';

/** Business matching's pages (company layout), each its own chunk. */
export const matchingRoutes = [
  pageRoute(matchingPages.needs, {
    handle: { title: OWN_NEEDS_TITLE, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { OwnNeedListPage } = await import('./needs/own-need-list-page.tsx');
      return { element: <OwnNeedListPage /> };
    },
  }),
  pageRoute(matchingPages.needCreate, {
    handle: {
      title: 'ニーズの登録',
      breadcrumbs: [DASHBOARD, { label: OWN_NEEDS_TITLE, to: OWN_NEEDS_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { NeedCreatePage } = await import('./needs/need-edit-page.tsx');
      return { element: <NeedCreatePage /> };
    },
  }),
  pageRoute(matchingPages.need, {
    handle: {
      title: 'ニーズの編集',
      breadcrumbs: [DASHBOARD, { label: OWN_NEEDS_TITLE, to: OWN_NEEDS_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { NeedEditPage } = await import('./needs/need-edit-page.tsx');
      return { element: <NeedEditPage /> };
    },
  }),
  pageRoute(matchingPages.search, {
    handle: { title: SEARCH_TITLE, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { NeedSearchPage } = await import('./search/need-search-page.tsx');
      return { element: <NeedSearchPage /> };
    },
  }),
  pageRoute(matchingPages.searchDetail, {
    handle: {
      title: 'ニーズの詳細',
      breadcrumbs: [DASHBOARD, { label: SEARCH_TITLE, to: NEED_SEARCH_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { NeedDetailPage } = await import('./search/need-detail-page.tsx');
      return { element: <NeedDetailPage /> };
    },
  }),
  pageRoute(matchingPages.history, {
    handle: { title: SENT_TITLE, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { DealListPage } = await import('./deals/deal-list-page.tsx');
      return { element: <DealListPage key="sender" side="sender" /> };
    },
  }),
  pageRoute(matchingPages.historyDetail, {
    handle: {
      title: DEAL_TITLE,
      breadcrumbs: [DASHBOARD, { label: SENT_TITLE, to: SENT_DEALS_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { DealDetailPage } = await import('./deals/deal-detail-page.tsx');
      return { element: <DealDetailPage /> };
    },
  }),
  pageRoute(matchingPages.received, {
    handle: { title: RECEIVED_TITLE, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { DealListPage } = await import('./deals/deal-list-page.tsx');
      return { element: <DealListPage key="receiver" side="receiver" /> };
    },
  }),
  pageRoute(matchingPages.receivedDetail, {
    handle: {
      title: DEAL_TITLE,
      breadcrumbs: [DASHBOARD, { label: RECEIVED_TITLE, to: RECEIVED_DEALS_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { DealDetailPage } = await import('./deals/deal-detail-page.tsx');
      return { element: <DealDetailPage /> };
    },
  }),
];
