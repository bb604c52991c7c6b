import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageHandle } from '#client/components/page-header/page-handle.ts';
import { STAFF_NEEDS_LABEL, STAFF_NEEDS_PATH } from './admin/staff-matching-paths.ts';
import {
  AGENT_DESK_LABEL,
  AGENT_DESK_PATH,
  AGREEMENT_DESK_LABEL,
  AGREEMENT_DESK_PATH,
  AI_NEED_LABEL,
  AI_NEED_PATH,
  CAMPAIGN_DESK_LABEL,
  CAMPAIGN_DESK_PATH,
} from './desk/matching-desk-paths.ts';

const DASHBOARD = { label: 'ダッシュボード', to: '/admin/dashboard' };

/**
 * The bank's matching desk (admin layout): the companies' agreements, the campaigns, the agent
 * requests and the AI-assisted needs, each page its own chunk.
 */
export const matchingDeskRoutes: RouteObject[] = [
  {
    path: AGREEMENT_DESK_PATH,
    handle: { title: AGREEMENT_DESK_LABEL, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { AgreementListPage } = await import('./desk/agreement-list-page.tsx');
      return { element: <AgreementListPage /> };
    },
  },
  {
    path: CAMPAIGN_DESK_PATH,
    handle: { title: CAMPAIGN_DESK_LABEL, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { CampaignListPage } = await import('./desk/campaign-list-page.tsx');
      return { element: <CampaignListPage /> };
    },
  },
  {
    path: `${CAMPAIGN_DESK_PATH}/edit/:id`,
    handle: {
      title: 'キャンペーンの編集',
      breadcrumbs: [DASHBOARD, { label: CAMPAIGN_DESK_LABEL, to: CAMPAIGN_DESK_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { CampaignEditPage } = await import('./desk/campaign-edit-page.tsx');
      return { element: <CampaignEditPage /> };
    },
  },
  {
    path: AGENT_DESK_PATH,
    handle: { title: AGENT_DESK_LABEL, breadcrumbs: [DASHBOARD] } satisfies PageHandle,
    lazy: async () => {
      const { StaffAgentRequestPage } = await import('./desk/staff-agent-request-page.tsx');
      return { element: <StaffAgentRequestPage /> };
    },
  },
  {
    path: AI_NEED_PATH,
    handle: {
      title: AI_NEED_LABEL,
      breadcrumbs: [DASHBOARD, { label: STAFF_NEEDS_LABEL, to: STAFF_NEEDS_PATH }],
    } satisfies PageHandle,
    lazy: async () => {
      const { AiNeedWritingPage } = await import('./desk/ai-need-writing-page.tsx');
      return { element: <AiNeedWritingPage /> };
    },
  },
];
