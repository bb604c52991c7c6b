import { matchingPages } from '#server/contracts/pages/matching.ts';
import { matchingNetworkPages } from '#server/contracts/pages/matching-network.ts';
import { pagePath } from '#server/contracts/pages/page-list.ts';
import type { DealSide } from '#server/contracts/matching-deals.ts';

/** The company's own needs. */
export const OWN_NEEDS_PATH = matchingPages.needs.path;
export const NEED_CREATE_PATH = matchingPages.needCreate.path;
/** The search over the needs of the bank's companies and of the matching network. */
export const NEED_SEARCH_PATH = matchingPages.search.path;
/** The deal requests the company sent (商談依頼履歴) and received (商談管理). */
export const SENT_DEALS_PATH = matchingPages.history.path;
export const RECEIVED_DEALS_PATH = matchingPages.received.path;

/** What a need's or a deal's code looks like in a path (as the API's parameters take them). */
export const MATCHING_CODE_PATTERN = /^[0-9a-zA-Z]{1,32}$/;

/** A need of the company's own, on its edit page. */
export function ownNeedPath(caUniqueCode: string): string {
  return pagePath(matchingPages.need, { id: caUniqueCode });
}

/** A published need as other companies read it. */
export function needDetailPath(caUniqueCode: string): string {
  return pagePath(matchingPages.searchDetail, { ca_unique_code: caUniqueCode });
}

/** The deal list of a side: what the company sent, or what it received. */
export function dealListPath(side: DealSide): string {
  return side === 'sender' ? SENT_DEALS_PATH : RECEIVED_DEALS_PATH;
}

/** A deal under the list of the company's side of it. */
export function dealDetailPath(side: DealSide, cmhUniqueCode: string): string {
  return pagePath(side === 'sender' ? matchingPages.historyDetail : matchingPages.receivedDetail, {
    id: cmhUniqueCode,
  });
}

/** The user's favourite needs (お気に入りニーズ). */
export const FAVORITE_NEEDS_PATH = matchingNetworkPages.favourites.path;
/** The bank's running campaigns (キャンペーン). */
export const CAMPAIGNS_PATH = matchingNetworkPages.campaigns.path;
/** The company's requests to its bank to introduce it (マッチングエージェント). */
export const AGENT_PATH = matchingNetworkPages.agent.path;
/** The agent page's query naming the need a request is about (opened from a need's page). */
export const AGENT_NEED_PARAM = 'ca';
/** A company's matching page: its profile (the bank's own companies) and its published needs. */
export function matchingCompanyPath(companyUniqueCode: string): string {
  return pagePath(matchingNetworkPages.company, { company_unique_code: companyUniqueCode });
}

/** The agent page, with the need the request is about when there is one. */
export function agentRequestPath(caUniqueCode?: string): string {
  return caUniqueCode === undefined
    ? AGENT_PATH
    : `${AGENT_PATH}?${AGENT_NEED_PARAM}=${encodeURIComponent(caUniqueCode)}`;
}

/** A need the bank offered the company (AI-assisted), opened in the need form to accept it. */
export function needOfferPath(caUniqueCode: string): string {
  return pagePath(matchingNetworkPages.offer, { id: caUniqueCode });
}
