import type { MenuItem } from './menu-item.ts';
import { companiesPages } from './pages/companies.ts';
import { dashboardPages } from './pages/dashboard.ts';
import { homePages } from './pages/home.ts';
import { inquiryPages } from './pages/inquiry.ts';
import { adminArticlePages, newsPages } from './pages/news.ts';
import { paymentPages } from './pages/payment.ts';
import {
  applicationPages,
  registrationDeskPages,
  registrationPages,
  upgradePages,
} from './pages/registration.ts';
import { reminderPages } from './pages/reminder.ts';
import { settingsPages } from './pages/settings.ts';
import { couponsPages } from './pages/coupons.ts';
import { websitesPages } from './pages/websites.ts';
import { staticPages } from './pages/static-pages.ts';
import { userPages } from './pages/user.ts';
import { definePages, type PageEntry, type PageList, type PageSet, pagesOf } from './pages/page-list.ts';
import { matchesPathPattern } from './path-pattern.ts';
import { EXTERNAL_SERVICE_PATHS, isLiveLinkTo, pathOfLink, withLiveLinks } from './live-links.ts';

export { EXTERNAL_SERVICE_PATHS };
import { matchingPages } from './pages/matching.ts';
import { matchingAdminPages } from './pages/matching-admin.ts';
import { matchingNetworkPages } from './pages/matching-network.ts';

/**
 * The page table: every page path the app answers, with the layout that draws it (issue 12 item 5,
 * "no dead links"). Plain data, so both sides read it: the gateway answers a page navigation that
 * no entry matches with 404 (server/web/routes.ts), and the menus (this side's and the browser's),
 * the dashboard shortcuts and the footers offer only links to a page listed here. The browser's
 * router lists the same pages in its feature routes; a component test
 * (tests/component/app/page-table.test.tsx) fails when the two differ.
 *
 * Patterns are route-access.ts's: `/a/b` is that path, `{id}` one segment (the router's `:id`).
 *
 * A domain defines its pages in pages/<domain>.ts (`definePages`, decision 0114) and adds the set to
 * PAGE_SETS below (`npm run domain:new` writes both); its menu entries, shortcuts and links then
 * appear by themselves.
 */

/**
 * The areas' own paths: the router sends /mypage and /admin on to their dashboards. (A path under
 * an area that no page answers is the 404 page inside the area's layout; that is no page.)
 */
const areaPages = {
  ...definePages('default', { companyArea: '/mypage' }),
  ...definePages('admin', { adminArea: '/admin' }),
};

/** Every domain's pages; a new domain adds its set here. */
const PAGE_SETS: readonly PageSet[] = [
  areaPages,
  homePages,
  staticPages,
  inquiryPages,
  dashboardPages,
  userPages,
  newsPages,
  ...Object.values(adminArticlePages),
  paymentPages,
  reminderPages,
  registrationPages,
  applicationPages,
  ...Object.values(upgradePages),
  registrationDeskPages,
  companiesPages,
  settingsPages,
  websitesPages,
  couponsPages,
  matchingPages,
  matchingAdminPages,
  matchingNetworkPages,
  // domain:new adds page sets above this line
];

export const PAGE_TABLE: PageList = pagesOf(...PAGE_SETS);

/** The page a path (with or without query and fragment) opens, or undefined when none answers it. */
export function findPage(location: string, table: PageList = PAGE_TABLE): PageEntry | undefined {
  const pathname = pathOfLink(location);
  return table.find((page) => matchesPathPattern(pathname, page.path));
}

/** Whether a page answers the path: what the gateway asks before it answers 200 or 404. */
export function isPagePath(location: string, table: PageList = PAGE_TABLE): boolean {
  return findPage(location, table) !== undefined;
}

/**
 * Whether a link leads somewhere live: a page of the table, an external service's app path, or an
 * address outside the app (anything not starting with a single `/`).
 */
export function isLiveLink(link: string, table: PageList = PAGE_TABLE): boolean {
  return isLiveLinkTo(link, (path) => isPagePath(path, table));
}

/** A menu without the entries whose link no page of the table answers (live-links.ts withLiveLinks). */
export function withExistingPages(items: readonly MenuItem[], table: PageList = PAGE_TABLE): MenuItem[] {
  return withLiveLinks(items, (path) => isPagePath(path, table));
}
