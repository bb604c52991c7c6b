import { companiesPages } from '#server/contracts/pages/companies.ts';
import { pagePath } from '#server/contracts/pages/page-list.ts';

/** The bank's company desk: its list's path and name (the menu's 企業一覧). */
export const COMPANY_DESK_PATH = companiesPages.list.path;
export const COMPANY_DESK_LABEL = '企業一覧';

/** A company's detail page. */
export const companyDetailPath = (companyUniqueCode: string) =>
  pagePath(companiesPages.detail, { id: companyUniqueCode });
