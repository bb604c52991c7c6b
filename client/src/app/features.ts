import type { RouteObject } from 'react-router';
import type { PageLayout } from '#server/contracts/pages/page-list.ts';
import type { ClientDomain } from '../lib/client-domain.ts';
import type { DashboardWidgets } from '../lib/dashboard-widgets.tsx';
import { dashboardDomain } from '../features/dashboard/feature.ts';
import { homeDomain } from '../features/home/feature.ts';
import { inquiryDomain } from '../features/inquiry/feature.ts';
import { newsDomain } from '../features/news/feature.ts';
import { paymentDomain } from '../features/payment/feature.ts';
import { registrationDomain } from '../features/registration/feature.ts';
import { reminderDomain } from '../features/reminder/feature.ts';
import { staticPagesDomain } from '../features/static-pages/feature.ts';
import { userDomain } from '../features/user/feature.ts';

/**
 * The domains of the portal, client half: the router takes each layout's pages from here. The
 * server half is server/domains.ts. `npm run domain:new` adds a line here.
 */
export const CLIENT_DOMAINS: readonly ClientDomain[] = [
  homeDomain,
  staticPagesDomain,
  inquiryDomain,
  dashboardDomain,
  userDomain,
  newsDomain,
  paymentDomain,
  reminderDomain,
  registrationDomain,
  // domain:new adds client domains above this line
];

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
