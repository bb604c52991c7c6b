import { definePages } from './page-list.ts';

/** Business matching's further pages: favourites, company pages, campaigns, agent, agreement, desk. */
export const matchingNetworkPages = {
  ...definePages('default', {
    favourites: { path: '/mypage/matching/favca', rule: 'matching_read' },
    company: { path: '/mypage/matching/company/{company_unique_code}', rule: 'matching_read' },
    campaigns: { path: '/mypage/matching/campaign', rule: 'matching_read' },
    agent: { path: '/mypage/matching/agent', rule: 'matching_read' },
    offer: { path: '/mypage/mybusiness/needs/offer/{id}', rule: 'my_needs' },
  }),
  ...definePages('plain', { agreement: '/ncba/bm/agreement/{unique_code}' }),
  ...definePages('admin', {
    network: '/admin/ncba/bm',
    campaignDesk: { path: '/admin/matching/campaign', rule: 'matching_campaigns' },
    campaignEdit: { path: '/admin/matching/campaign/edit/{id}', rule: 'matching_campaigns' },
    agentDesk: '/admin/matching/agent',
    aiNeeds: '/admin/company/needs/ai',
  }),
};
