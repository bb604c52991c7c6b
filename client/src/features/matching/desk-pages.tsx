import { dashboardPages } from '#server/contracts/pages/dashboard.ts';
import { matchingNetworkPages } from '#server/contracts/pages/matching-network.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { pageRoute } from '#client/lib/client-domain.ts';
import { STAFF_NEEDS_LABEL, STAFF_NEEDS_PATH } from './admin/staff-matching-paths.ts';
import {
  AGENT_DESK_LABEL,
  AGREEMENT_DESK_LABEL,
  AI_NEED_LABEL,
  CAMPAIGN_DESK_LABEL,
  CAMPAIGN_DESK_PATH,
} from './desk/matching-desk-paths.ts';

const DASHBOARD = { label: 'ダッシュボード', to: dashboardPages.admin.path };

/**
 * The bank's matching desk (admin layout): the companies' agreements, the campaigns, the agent
 * requests and the AI-assisted needs, each page its own chunk.
 */
export const matchingDeskRoutes = [
  pageRoute(matchingNetworkPages.network, {
    handle: { title: AGREEMENT_DESK_LABEL, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { AgreementListPage } = await import('./desk/agreement-list-page.tsx');
      return { element: <AgreementListPage /> };
    },
  }),
  pageRoute(matchingNetworkPages.campaignDesk, {
    handle: { title: CAMPAIGN_DESK_LABEL, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { CampaignListPage } = await import('./desk/campaign-list-page.tsx');
      return { element: <CampaignListPage /> };
    },
  }),
  pageRoute(matchingNetworkPages.campaignEdit, {
    handle: {
      title: 'キャンペーンの編集',
      breadcrumbs: [DASHBOARD, { label: CAMPAIGN_DESK_LABEL, to: CAMPAIGN_DESK_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { CampaignEditPage } = await import('./desk/campaign-edit-page.tsx');
      return { element: <CampaignEditPage /> };
    },
  }),
  pageRoute(matchingNetworkPages.agentDesk, {
    handle: { title: AGENT_DESK_LABEL, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { StaffAgentRequestPage } = await import('./desk/staff-agent-request-page.tsx');
      return { element: <StaffAgentRequestPage /> };
    },
  }),
  pageRoute(matchingNetworkPages.aiNeeds, {
    handle: {
      title: AI_NEED_LABEL,
      breadcrumbs: [DASHBOARD, { label: STAFF_NEEDS_LABEL, to: STAFF_NEEDS_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { AiNeedWritingPage } = await import('./desk/ai-need-writing-page.tsx');
      return { element: <AiNeedWritingPage /> };
    },
  }),
];
