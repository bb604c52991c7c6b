/** The bank staff's matching pages (server/contracts/pages/matching-admin.ts) and their names. */
export const STAFF_NEEDS_PATH = '/admin/company/needs';
export const STAFF_NEEDS_LABEL = 'ニーズ一覧';
export const STAFF_DEALS_PATH = '/admin/company/matching';
export const STAFF_DEALS_LABEL = '商談一覧';
export const MATCHING_ANALYSIS_PATH = '/admin/xba/analyse';
export const MATCHING_ANALYSIS_LABEL = 'マッチング分析';

/** What a need's or a deal's code looks like in a path (as the API's parameters take them). */
export const STAFF_MATCHING_CODE_PATTERN = /^[0-9a-zA-Z]{1,32}$/;

/** A need of the bank's company, as its staff read it. */
export function staffNeedDetailPath(caUniqueCode: string): string {
  return `${STAFF_NEEDS_PATH}/detail/${encodeURIComponent(caUniqueCode)}`;
}

/** A deal a company of the bank is a party to, as its staff read it. */
export function staffDealDetailPath(cmhUniqueCode: string): string {
  return `${STAFF_DEALS_PATH}/detail/${encodeURIComponent(cmhUniqueCode)}`;
}

/** The company's page on the bank's desk (the companies domain's /admin/company/detail/{id}). */
export function staffCompanyPath(companyUniqueCode: string): string {
  return `/admin/company/detail/${encodeURIComponent(companyUniqueCode)}`;
}

/** The deals of one company of the bank (its page links them the same way). */
export function companyDealsPath(companyUniqueCode: string): string {
  return `${STAFF_DEALS_PATH}?company=${encodeURIComponent(companyUniqueCode)}`;
}
