import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import {
  NEED_CREATE_PATH,
  NEED_SEARCH_PATH,
  OWN_NEEDS_PATH,
  RECEIVED_DEALS_PATH,
  SENT_DEALS_PATH,
} from './matching-paths.ts';

const DASHBOARD = { label: 'ダッシュボード', to: '/mypage/dashboard' };
const OWN_NEEDS_TITLE = '自社ニーズ';
const SEARCH_TITLE = 'ニーズを探す';
const SENT_TITLE = '商談依頼履歴';
const RECEIVED_TITLE = '商談管理';
const DEAL_TITLE = '商談の詳細';

/** Business matching's pages (company layout), each its own chunk. */
export const matchingRoutes: RouteObject[] = [
  {
    path: OWN_NEEDS_PATH,
    handle: { title: OWN_NEEDS_TITLE, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { OwnNeedListPage } = await import('./needs/own-need-list-page.tsx');
      return { element: <OwnNeedListPage /> };
    },
  },
  {
    path: NEED_CREATE_PATH,
    handle: {
      title: 'ニーズの登録',
      breadcrumbs: [DASHBOARD, { label: OWN_NEEDS_TITLE, to: OWN_NEEDS_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { NeedCreatePage } = await import('./needs/need-edit-page.tsx');
      return { element: <NeedCreatePage /> };
    },
  },
  {
    path: `${OWN_NEEDS_PATH}/:id`,
    handle: {
      title: 'ニーズの編集',
      breadcrumbs: [DASHBOARD, { label: OWN_NEEDS_TITLE, to: OWN_NEEDS_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { NeedEditPage } = await import('./needs/need-edit-page.tsx');
      return { element: <NeedEditPage /> };
    },
  },
  {
    path: NEED_SEARCH_PATH,
    handle: { title: SEARCH_TITLE, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { NeedSearchPage } = await import('./search/need-search-page.tsx');
      return { element: <NeedSearchPage /> };
    },
  },
  {
    path: `${NEED_SEARCH_PATH}/detail/:ca_unique_code`,
    handle: {
      title: 'ニーズの詳細',
      breadcrumbs: [DASHBOARD, { label: SEARCH_TITLE, to: NEED_SEARCH_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { NeedDetailPage } = await import('./search/need-detail-page.tsx');
      return { element: <NeedDetailPage /> };
    },
  },
  {
    path: SENT_DEALS_PATH,
    handle: { title: SENT_TITLE, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { DealListPage } = await import('./deals/deal-list-page.tsx');
      return { element: <DealListPage key="sender" side="sender" /> };
    },
  },
  {
    path: `${SENT_DEALS_PATH}/detail/:id`,
    handle: {
      title: DEAL_TITLE,
      breadcrumbs: [DASHBOARD, { label: SENT_TITLE, to: SENT_DEALS_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { DealDetailPage } = await import('./deals/deal-detail-page.tsx');
      return { element: <DealDetailPage /> };
    },
  },
  {
    path: RECEIVED_DEALS_PATH,
    handle: { title: RECEIVED_TITLE, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { DealListPage } = await import('./deals/deal-list-page.tsx');
      return { element: <DealListPage key="receiver" side="receiver" /> };
    },
  },
  {
    path: `${RECEIVED_DEALS_PATH}/detail/:id`,
    handle: {
      title: DEAL_TITLE,
      breadcrumbs: [DASHBOARD, { label: RECEIVED_TITLE, to: RECEIVED_DEALS_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { DealDetailPage } = await import('./deals/deal-detail-page.tsx');
      return { element: <DealDetailPage /> };
    },
  },
];
