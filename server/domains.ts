import { companiesDomain } from './api/companies/domain.ts';
import { dashboardDomain } from './api/dashboard/domain.ts';
import { inquiryDomain } from './api/inquiry/domain.ts';
import type { ServerDomain } from './api/kit/server-domain.ts';
import { manualDomain } from './api/manual/domain.ts';
import { newsDomain } from './api/news/domain.ts';
import { paymentDomain } from './api/payment/domain.ts';
import { registrationDomain } from './api/registration/domain.ts';
import { reminderDomain } from './api/reminder/domain.ts';
import { settingsDomain } from './api/settings/domain.ts';
import { couponsDomain } from './api/coupons/domain.ts';
import { websitesDomain } from './api/websites/domain.ts';
import { matchingDomain } from './api/matching/domain.ts';

/**
 * The domains of the portal, server half: server/app.ts registers their routes, the badge route
 * their counters, the demo seed their data, in this order. The client half
 * (client/src/app/lazy-domains.ts, or features.ts for the eager ones) names the same domains;
 * tests/unit/app/domain-lists.test.ts keeps the lists alike, the one-sided domains named there.
 * `npm run domain:new` adds a line here.
 */
export const SERVER_DOMAINS: readonly ServerDomain[] = [
  inquiryDomain,
  newsDomain,
  manualDomain,
  dashboardDomain,
  paymentDomain,
  reminderDomain,
  registrationDomain,
  companiesDomain,
  settingsDomain,
  websitesDomain,
  couponsDomain,
  matchingDomain,
  // domain:new adds server domains above this line
];
