/** The bank's company desk: its list's path and name (the menu's 企業一覧). */
export const COMPANY_DESK_PATH = '/admin/company';
export const COMPANY_DESK_LABEL = '企業一覧';

/** A company's detail page. */
export const companyDetailPath = (companyUniqueCode: string) =>
  `${COMPANY_DESK_PATH}/detail/${encodeURIComponent(companyUniqueCode)}`;
