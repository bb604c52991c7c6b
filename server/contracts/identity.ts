// zod/mini: the browser parses these answers (see theme-tokens.ts).
import * as z from 'zod/mini';

/**
 * The gateway's login routes and the identity calls of platform spec section 7 and admin spec
 * section 7 that the browser makes. The login itself runs on the server (backend for frontend):
 * the browser only ever holds the HttpOnly session cookie.
 */

/** Page routes served by the gateway itself, not by the React app. */
export const LOGIN_PATH = '/login';
export const CALLBACK_PATH = '/callback';
export const LOGOUT_PATH = '/logout';

/** /login?r=PATH: where to go after login (a same-origin path only). */
export const LOGIN_REDIRECT_PARAM = 'r';
/** /logout?to=login: land on /login instead of the top page. */
export const LOGOUT_TO_PARAM = 'to';
/**
 * /login?switch_back=1: end an impersonation and return to the admin (the banner's link). Like
 * /logout, the GET answers a page that POSTs it: nothing ends on a GET.
 */
export const SWITCH_BACK_PARAM = 'switch_back';

/** GET: the logged-in user (loggedInUserSchema in logged-in-user.ts); 401 when nobody is logged in. */
export const CURRENT_USER_PATH = '/api/v1/user/me';

/** GET: the navigation menu of the user's side, already filtered for the user (menuAnswerSchema in menu.ts). */
export const MENU_PATH = '/api/v1/menu';

/** GET (system and bank admins): users of the admin's bank one may switch into; query keyword, page, rows. */
export const SWITCHABLE_USERS_PATH = '/api/v1/user/switchable';
export const switchableUserSchema = z.object({
  user_unique_code: z.string(),
  user_login_id: z.string(),
  user_name: z.string(),
  user_type: z.string(),
  user_type_name: z.string(),
  company_name: z.nullable(z.string()),
});
export type SwitchableUser = z.infer<typeof switchableUserSchema>;

/**
 * POST { user_unique_code } (system and bank admins): act as that user of the same bank. The answer
 * names the admin, whom the browser keeps as the switch-from marker (spec section 3,
 * user_switch_from), and where to go next.
 */
export const USER_SWITCH_PATH = '/api/v1/user/switch';
export const userSwitchRequestSchema = z.object({ user_unique_code: z.string().check(z.minLength(1)) });
export const userSwitchAnswerSchema = z.object({
  user_switch_from: z.string(),
  redirect_to: z.string(),
});

/** GET: redirects the logged-in user to the bank's support desk with a signed token (500 on failure). */
export const SUPPORT_DESK_PATH = '/api/v1/support_desk/sso';
