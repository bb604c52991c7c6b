import { type PageList, pagesIn } from './page-list.ts';

/** The static documents that need no login (client/src/features/static-pages). */
export const staticPages: PageList = pagesIn('plain', [
  '/page/rule',
  '/page/rule_portal',
  '/page/rule_rc',
  '/page/bm_rule',
  '/page/cookie_policy',
  '/page/suspending',
]);
