import { matchingAdminPages } from '#server/contracts/pages/matching-admin.ts';
import { pagePath } from '#server/contracts/pages/page-list.ts';

/** The bank staff's matching pages and their names. */
export const STAFF_NEEDS_PATH = matchingAdminPages.needs.path;
export const STAFF_NEEDS_LABEL = 'ニーズ一覧';
export const STAFF_DEALS_PATH = matchingAdminPages.deals.path;
export const STAFF_DEALS_LABEL = '商談一覧';
export const MATCHING_ANALYSIS_PATH = matchingAdminPages.analysis.path;
export const MATCHING_ANALYSIS_LABEL = 'マッチング分析';

/** What a need's or a deal's code looks like in a path (as the API's parameters take them). */
export const STAFF_MATCHING_CODE_PATTERN = /^[0-9a-zA-Z]{1,32}$/;

/** A need of the bank's company, as its staff read it. */
export function staffNeedDetailPath(caUniqueCode: string): string {
  return pagePath(matchingAdminPages.need, { id: caUniqueCode });
}

/** A deal a company of the bank is a party to, as its staff read it. */
export function staffDealDetailPath(cmhUniqueCode: string): string {
  return pagePath(matchingAdminPages.deal, { id: cmhUniqueCode });
}

/** The deals of one company of the bank (its page links them the same way). */
export function companyDealsPath(companyUniqueCode: string): string {
  return `${STAFF_DEALS_PATH}?company=${encodeURIComponent(companyUniqueCode)}`;
}
