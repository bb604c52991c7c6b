import { definePages } from './page-list.ts';

/** The static documents that need no login (client/src/features/static-pages). */
export const staticPages = definePages('plain', {
  siteTerms: '/page/rule',
  portalTerms: '/page/rule_portal',
  rcRules: '/page/rule_rc',
  matchingTerms: '/page/bm_rule',
  cookiePolicy: '/page/cookie_policy',
  suspending: '/page/suspending',
});
