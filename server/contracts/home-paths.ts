/**
 * Where each side's users land (spec section 4: the dashboards). Apart from route-access.ts, which
 * sends people there, so the router and the top page can name them without loading the rule table
 * into every first visit (the route guard loads it lazily; tests/e2e/script-budget.test.ts).
 */
export const COMPANY_HOME_PATH = '/mypage/dashboard';
export const ADMIN_HOME_PATH = '/admin/dashboard';
