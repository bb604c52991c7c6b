import { matchingNetworkPages } from '#server/contracts/pages/matching-network.ts';
import { pagePath } from '#server/contracts/pages/page-list.ts';

/** The bank's matching desk (admin layout) and its names. */
export const AGREEMENT_DESK_PATH = matchingNetworkPages.network.path;
export const AGREEMENT_DESK_LABEL = 'ビジネスマッチング契約';
export const CAMPAIGN_DESK_PATH = matchingNetworkPages.campaignDesk.path;
export const CAMPAIGN_DESK_LABEL = 'マッチングキャンペーン';
export const AGENT_DESK_PATH = matchingNetworkPages.agentDesk.path;
export const AGENT_DESK_LABEL = 'エージェント依頼';
export const AI_NEED_PATH = matchingNetworkPages.aiNeeds.path;
export const AI_NEED_LABEL = 'AIでニーズを作成';

/** The edit page's id of a campaign not yet saved. */
export const NEW_CAMPAIGN_ID = 'new';

/** A campaign's edit page (NEW_CAMPAIGN_ID for a new one). */
export function campaignEditPath(campaignUniqueCode: string): string {
  return pagePath(matchingNetworkPages.campaignEdit, { id: campaignUniqueCode });
}
