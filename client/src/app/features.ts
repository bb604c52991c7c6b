import type { RouteObject } from '#client/lib/router/index.ts';
import type { PageLayout } from '#server/contracts/pages/page-list.ts';
import type { ClientDomain } from '../lib/client-domain.ts';
import type { DashboardWidgets } from '../lib/dashboard-widgets.tsx';
import { dashboardDomain } from '../features/dashboard/feature.ts';
import { homeDomain } from '../features/home/feature.ts';
import { newsWidgets } from '../features/news/widgets.ts';

/**
 * The eager domains of the portal, client half: the router takes each layout's pages from here,
 * so their route tables are in every first visit. Only what a first visit itself needs belongs
 * here (the home page, the dashboards and their widgets); every other domain is lazy
 * (lazy-domains.ts, by area; `npm run domain:new` adds one to lazy-admin-domains.ts). The server
 * half is server/domains.ts; tests/unit/app/domain-lists.test.ts keeps the two alike.
 */
export const CLIENT_DOMAINS: readonly ClientDomain[] = [homeDomain, dashboardDomain, newsWidgets];

/** Every domain's pages of one layout, in the manifest's order. */
export function pagesOfLayout(
  layout: PageLayout,
  domains: readonly ClientDomain[] = CLIENT_DOMAINS,
): RouteObject[] {
  return domains.flatMap((domain) => domain.pages[layout] ?? []);
}

/** Every domain's dashboard widgets, in the manifest's order (the dashboards show them). */
export function dashboardWidgetsOf(domains: readonly ClientDomain[] = CLIENT_DOMAINS): DashboardWidgets {
  return {
    company: domains.flatMap((domain) => domain.widgets?.company ?? []),
    admin: domains.flatMap((domain) => domain.widgets?.admin ?? []),
  };
}
