/** The bank's matching desk (server/contracts/pages/matching-network.ts, admin layout) and its names. */
export const AGREEMENT_DESK_PATH = '/admin/ncba/bm';
export const AGREEMENT_DESK_LABEL = 'ビジネスマッチング契約';
export const CAMPAIGN_DESK_PATH = '/admin/matching/campaign';
export const CAMPAIGN_DESK_LABEL = 'マッチングキャンペーン';
export const AGENT_DESK_PATH = '/admin/matching/agent';
export const AGENT_DESK_LABEL = 'エージェント依頼';
export const AI_NEED_PATH = '/admin/company/needs/ai';
export const AI_NEED_LABEL = 'AIでニーズを作成';

/** The edit page's id of a campaign not yet saved. */
export const NEW_CAMPAIGN_ID = 'new';

/** A campaign's edit page (NEW_CAMPAIGN_ID for a new one). */
export function campaignEditPath(campaignUniqueCode: string): string {
  return `${CAMPAIGN_DESK_PATH}/edit/${encodeURIComponent(campaignUniqueCode)}`;
}
