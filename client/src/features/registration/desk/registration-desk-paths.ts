import { pagePath } from '#server/contracts/pages/page-list.ts';
import { registrationDeskPages } from '#server/contracts/pages/registration.ts';

// The router's module: no contract schemas here, so they stay out of the first visit's script (the
// pages import the contract themselves, in their own chunks).

/** Admin spec section 2: the bank's desk for company registration applications. */
export const REGISTRATION_DESK_PATH = registrationDeskPages.desk.path;

/** The desk's name on its pages, in the menu and on the dashboard. */
export const REGISTRATION_DESK_LABEL = '企業登録申請';

/** One application's page (system and bank admins only: route-access.ts, company_register_detail). */
export function registrationDetailPath(crUniqueCode: string): string {
  return pagePath(registrationDeskPages.detail, { id: crUniqueCode });
}
