import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import {
  AGENT_PATH,
  CAMPAIGNS_PATH,
  FAVORITE_NEEDS_PATH,
  MATCHING_COMPANY_PATH,
  NEED_SEARCH_PATH,
  OWN_NEEDS_PATH,
} from './matching-paths.ts';

const DASHBOARD = { label: 'ダッシュボード', to: '/mypage/dashboard' };

/**
 * Business matching's further company pages (company layout): favourites, a company's page, the
 * running campaigns, the agent and the acceptance of a need the bank offered, each its own chunk.
 */
export const matchingNetworkRoutes: RouteObject[] = [
  {
    path: FAVORITE_NEEDS_PATH,
    handle: { title: 'お気に入りニーズ', breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { FavoriteNeedListPage } = await import('./network/favorite-need-list-page.tsx');
      return { element: <FavoriteNeedListPage /> };
    },
  },
  {
    path: `${MATCHING_COMPANY_PATH}/:company_unique_code`,
    handle: {
      title: '企業ページ',
      breadcrumbs: [DASHBOARD, { label: 'ニーズを探す', to: NEED_SEARCH_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { MatchingCompanyPage } = await import('./network/matching-company-page.tsx');
      return { element: <MatchingCompanyPage /> };
    },
  },
  {
    path: CAMPAIGNS_PATH,
    handle: { title: 'キャンペーン', breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { RunningCampaignPage } = await import('./network/running-campaign-page.tsx');
      return { element: <RunningCampaignPage /> };
    },
  },
  {
    path: AGENT_PATH,
    handle: { title: 'マッチングエージェント', breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { AgentRequestPage } = await import('./network/agent-request-page.tsx');
      return { element: <AgentRequestPage /> };
    },
  },
  {
    path: `${OWN_NEEDS_PATH}/offer/:id`,
    handle: {
      title: 'ご提案のニーズの確認',
      breadcrumbs: [DASHBOARD, { label: '自社ニーズ', to: OWN_NEEDS_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { NeedOfferAcceptPage } = await import('./needs/need-offer-accept-page.tsx');
      return { element: <NeedOfferAcceptPage /> };
    },
  },
];
