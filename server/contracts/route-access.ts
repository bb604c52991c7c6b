import {
  ADMIN_USER_TYPES,
  type CompanyTypeCode,
  hasAllPermissions,
  isBankUser,
  isCompanyUser,
  OWNER_USER_TYPES,
  type PermissionCode,
  type UserGroup,
  type UserTypeCode,
} from './account-types.ts';
import { LOGIN_PATH, LOGIN_REDIRECT_PARAM } from './identity.ts';
import { CARD_COMPLETED_PATH, CARD_CREATE_PATH } from './payment-card-paths.ts';
import { ADMIN_HOME_PATH, COMPANY_HOME_PATH } from './home-paths.ts';
import { MESSAGES } from './messages.ts';
import { SWITCHING_USER_TYPES } from './user-switch.ts';
import type { COMPANY_TYPE_RULES, MenuItem } from './menu-item.ts';
import { matchesPathPattern, type PathPattern } from './path-pattern.ts';

/**
 * Who may open which page (platform spec sections 4 and 6, admin spec sections 2, 4 and 6): the
 * rules as data, keyed by stable ids, and one evaluator. The browser runs it before a page of the
 * company or admin layout renders; the gateway runs named rules on API routes (`evaluateRule`), so
 * a page and the API behind it refuse the same people.
 *
 * Path patterns: `/a/b` matches that path; `{id}` matches one segment; a final `**` matches the
 * path itself and anything below it (`/mypage/**` matches /mypage and /mypage/news/3). A trailing
 * slash is ignored. A path no rule names is open.
 */

export type { PathPattern };
export { matchesPathPattern };

/** What an evaluation answers: go on, go elsewhere, or show the error page. */
export type RouteAccessDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; rule: RouteRuleId }
  | { kind: 'error'; status: 403 | 404 | 422; message: string; rule: RouteRuleId };

/** The user as the rules read it: LoggedInUser (logged-in-user.ts) fits, and so does a session's user. */
export interface RouteAccessUser {
  user_type: UserTypeCode;
  company_type: CompanyTypeCode | null;
  user_is_super_user: boolean;
  /** Anything but an array denies every permission requirement (spec section 6). */
  permitted_actions: unknown;
  /** Bank staff: whether the request came from the bank's allowed addresses. */
  is_permitted_ipaddress: boolean;
  /** Bank staff outside office hours: the message the page shows instead. */
  offhour_message: string | null;
  /** A company user: the company has a payment card registered (meets the bank's card requirement). */
  company_is_payment_method_filled?: boolean;
}

export interface RouteAccessSubject {
  /** The logged-in user, or null for a visitor. */
  user: RouteAccessUser | null;
  /** The bank's feature flags (app config `features`). */
  features: Readonly<Record<string, boolean>>;
  /**
   * Whether the user has agreed to the forum's / the mall's terms. Unknown (undefined) counts as not
   * agreed: the service is active only after agreement (spec section 4), and the policy page, which
   * is always open, is where agreement is read and given.
   */
  forumAgreed?: boolean;
  mallAgreed?: boolean;
}

/** Spec section 8: the error pages' messages. */
export const ACCESS_MESSAGES = {
  forbidden: '権限がありません',
  /** The unsubscribe variant "adds a period". */
  forbiddenUnsubscribe: '権限がありません。',
  notPermittedDevice: 'この端末からはアクセスできません。',
  /** Admin spec section 8: the bulk-create check's failure. */
  pageNotFound: MESSAGES.notFound,
} as const;

/** Where the rules send people (spec section 4). */
export { ADMIN_HOME_PATH, COMPANY_HOME_PATH };
export { CARD_COMPLETED_PATH, CARD_CREATE_PATH };
export const FORUM_POLICY_PATH = '/mypage/forum/policy';
export const MALL_POLICY_PATH = '/mypage/mall/policy';

/** What a rule asks for; every listed condition must hold. */
export interface RouteRequirement {
  /** A logged-in user. (Every condition below but `cardOnFile` also needs one.) */
  login?: true;
  /** The user works on this side of the portal. */
  userGroup?: UserGroup;
  /** Bank staff come from an allowed address (company users pass). */
  permittedAddress?: true;
  /** Bank staff are inside office hours: no offhour_message (company users pass). */
  officeHours?: true;
  /**
   * A company user has a card on file when the bank asks for one: not (check_payment_method_filled
   * and not is_payment_method_filled), where the user's company having registered a card
   * (company_is_payment_method_filled) counts as filled. Visitors and bank staff pass: they have no
   * company to pay.
   */
  cardOnFile?: true;
  /** Feature flags that must all be on. */
  features?: readonly string[];
  /** Account types allowed (a user-type rule; a super user is no exception). */
  userTypes?: readonly UserTypeCode[];
  /** Company types: a type to include or `!type` to exclude (as menu entries say it). */
  companyTypes?: readonly (typeof COMPANY_TYPE_RULES)[number][];
  /** Permissions that must all be held (hasAllPermissions: a super user passes). */
  permissions?: readonly PermissionCode[];
  /** The terms of this service are agreed to. */
  agreed?: 'forum' | 'mall';
}

/** What happens when a requirement fails. */
export type RouteDenial =
  /** To /login?r=<the wanted path with its query>. */
  | { kind: 'login' }
  | { kind: 'redirect'; to: string }
  | { kind: 'error'; status: 403 | 404 | 422; message: string }
  /** 422 with the user's own offhour_message. */
  | { kind: 'offhour-message' };

export interface RouteRule {
  paths: readonly PathPattern[];
  /** Paths under `paths` the rule leaves alone. */
  except?: readonly PathPattern[];
  require: RouteRequirement;
  otherwise: RouteDenial;
  /**
   * 'session': the rule is about the visit as a whole (login, the side of the portal, the bank's
   * device and hours, the card, agreeing to terms); 'page': the page is not for this user. A menu
   * hides the entries whose page a 'page' rule denies (isRouteOffered).
   */
  scope: 'session' | 'page';
}

const FORBIDDEN = { kind: 'error', status: 403, message: ACCESS_MESSAGES.forbidden } as const;
const COMPANY_HOME = { kind: 'redirect', to: COMPANY_HOME_PATH } as const;

const ADMINS = ADMIN_USER_TYPES;
const OWNERS = OWNER_USER_TYPES;

/** The pages that need a login (spec section 2: everything but the public and registration routes). */
const LOGIN_ONLY_PATHS = ['/mypage/**', '/admin/**', '/chat/**', '/fukuri', '/invoice'] as const;

/** A permission rule for company pages the menu names (spec section 6); 403 without it. */
function needs(
  paths: readonly PathPattern[],
  permissions: readonly PermissionCode[],
  extra: Omit<RouteRequirement, 'permissions'> = {},
): RouteRule {
  return { paths, require: { ...extra, permissions }, otherwise: FORBIDDEN, scope: 'page' };
}

/**
 * The rules, in the order they are checked: the first rule whose paths match and whose requirement
 * fails decides. Session rules first (login, the bank's device and hours, the side of the portal,
 * the card), then the pages' own rules.
 */
export const ROUTE_RULES = {
  // Spec section 4: not logged in goes to /login with the wanted path.
  login: {
    paths: LOGIN_ONLY_PATHS,
    require: { login: true },
    otherwise: { kind: 'login' },
    scope: 'session',
  },
  // Bank staff need an allowed address and no off-hours message on every logged-in page (422).
  bank_device: {
    paths: LOGIN_ONLY_PATHS,
    require: { permittedAddress: true },
    otherwise: { kind: 'error', status: 422, message: ACCESS_MESSAGES.notPermittedDevice },
    scope: 'session',
  },
  bank_office_hours: {
    paths: LOGIN_ONLY_PATHS,
    require: { officeHours: true },
    otherwise: { kind: 'offhour-message' },
    scope: 'session',
  },
  // Company users are sent from /admin to their dashboard, bank staff from /mypage to theirs.
  admin_side: {
    paths: ['/admin/**'],
    require: { userGroup: 'bank' },
    otherwise: COMPANY_HOME,
    scope: 'session',
  },
  company_side: {
    paths: ['/mypage/**'],
    require: { userGroup: 'company' },
    otherwise: { kind: 'redirect', to: ADMIN_HOME_PATH },
    scope: 'session',
  },
  // A card required but missing: every page but login, logout, the card pages and the policy pages
  // goes to the card form. /callback is part of logging in.
  card_on_file: {
    paths: ['/**'],
    except: [
      LOGIN_PATH,
      '/logout',
      '/callback',
      CARD_CREATE_PATH,
      CARD_COMPLETED_PATH,
      '/page/**',
      FORUM_POLICY_PATH,
      MALL_POLICY_PATH,
    ],
    require: { cardOnFile: true },
    otherwise: { kind: 'redirect', to: CARD_CREATE_PATH },
    scope: 'session',
  },

  // Services with a flag and account types (spec section 6).
  subsidy_support: {
    paths: ['/mypage/subsidy/applysupport/**'],
    require: {
      features: ['enable_subsidy_support'],
      userTypes: ['company_owner', 'company_user', 'partner_company_owner'],
    },
    otherwise: FORBIDDEN,
    scope: 'page',
  },
  forum: {
    paths: ['/mypage/forum/**'],
    require: { features: ['enable_forum'], userTypes: OWNERS },
    otherwise: COMPANY_HOME,
    scope: 'page',
  },
  forum_agreement: {
    paths: ['/mypage/forum/**'],
    except: [FORUM_POLICY_PATH],
    require: { agreed: 'forum' },
    otherwise: { kind: 'redirect', to: FORUM_POLICY_PATH },
    scope: 'session',
  },
  // The spec gives the mall no denial of its own: it is treated as the forum (to the dashboard).
  mall: {
    paths: ['/mypage/mall/**'],
    require: { features: ['enable_mall'], userTypes: [...OWNERS, 'company_user'] },
    otherwise: COMPANY_HOME,
    scope: 'page',
  },
  mall_agreement: {
    paths: ['/mypage/mall/**'],
    except: [MALL_POLICY_PATH],
    require: { agreed: 'mall' },
    otherwise: { kind: 'redirect', to: MALL_POLICY_PATH },
    scope: 'session',
  },
  // Attendance is the owners' service; its application page is how users and employees ask for it.
  attendance: {
    paths: ['/mypage/chanto-attendance/**'],
    except: ['/mypage/chanto-attendance/application/**'],
    require: { features: ['enable_attendance'], userTypes: OWNERS },
    otherwise: FORBIDDEN,
    scope: 'page',
  },
  attendance_application: {
    paths: ['/mypage/chanto-attendance/application/**'],
    require: { features: ['enable_attendance'], userTypes: ['company_user', 'company_employee'] },
    otherwise: FORBIDDEN,
    scope: 'page',
  },
  invoice_settings: {
    paths: ['/mypage/setting/invoice/**'],
    require: {
      features: ['available_invoice'],
      userTypes: ['company_owner', 'company_user'],
      companyTypes: ['!partner'],
    },
    otherwise: FORBIDDEN,
    scope: 'page',
  },
  // The company's own request to leave: the bank's flag, and the owners' account permission (as
  // its menu entry); either missing answers the spec's unsubscribe variant.
  unsubscribe: {
    paths: ['/mypage/setting/unsubscribe/**'],
    require: { features: ['enable_unsubscribe_route'], permissions: ['company_setting_account_write'] },
    otherwise: { kind: 'error', status: 403, message: ACCESS_MESSAGES.forbiddenUnsubscribe },
    scope: 'page',
  },

  // Matching (spec section 6).
  matching_search: needs(
    ['/mypage/matching/search/**'],
    ['company_setting_matching_write', 'company_setting_company_write', 'company_matching_read'],
  ),
  matching_received: needs(['/mypage/matching/received_history/**'], ['company_matching_read']),
  matching_read: needs(
    [
      '/mypage/matching/history/**',
      '/mypage/matching/favca/**',
      '/mypage/matching/campaign/**',
      '/mypage/matching/company/**',
      '/mypage/matching/agent/**',
    ],
    ['company_matching_read'],
  ),
  // Issue 17: writing needs is company_matching_write's (ビジネスマッチングの利用).
  my_needs: needs(['/mypage/mybusiness/needs/**'], ['company_matching_write']),
  my_business: needs(['/mypage/mybusiness/edit/**'], ['company_setting_company_write']),

  // Company pages gated by the permission their menu entry names.
  news: needs(['/mypage/news/**', '/mypage/cmc/**'], ['company_news_read']),
  column: needs(['/mypage/column/**'], ['company_column_read']),
  seminar: needs(['/mypage/seminar/**'], ['company_seminar_read']),
  chat: needs(['/chat/**'], ['company_chat_read']),
  bachat: needs(['/mypage/bachat/**'], ['company_bachat_read']),
  babank: needs(['/mypage/babank/**'], ['company_babank_read']),
  safety_confirmation: needs(['/mypage/sc/**'], ['company_survey_read']),
  subsidy_search: needs(['/mypage/subsidy/search/**', '/mypage/subsidy/detail/**'], ['company_subsidy_read']),
  support_document: needs(['/mypage/support/document/**'], ['company_support_document_read']),
  crowdfunding: needs(['/mypage/crowdfunding/**'], ['company_campfire_list_read'], {
    features: ['enable_campfire'],
  }),
  succession_consultation: needs(
    ['/mypage/succession', '/mypage/succession/completed'],
    ['company_succession_write'],
    {
      features: ['enable_business_succession'],
    },
  ),
  succession_tools: {
    paths: ['/mypage/succession/**'],
    require: { features: ['enable_business_succession'] },
    otherwise: FORBIDDEN,
    scope: 'page',
  },
  company_settings: needs(['/mypage/company/edit/**'], ['company_setting_company_write']),
  account_settings: {
    ...needs(['/mypage/setting/account/**'], ['company_setting_account_write']),
    // Business users have a setting of their own (its menu condition needs the partner limit).
    except: ['/mypage/setting/account/businessuser/**'],
  },
  website_settings: needs(['/mypage/setting/website/**'], ['company_setting_website_write']),
  need_notification_settings: needs(['/mypage/setting/matching/**'], ['company_setting_matching_write']),
  coupon_settings: needs(['/mypage/setting/service/offer/**'], ['company_setting_coupon_write']),
  partner_information_settings: needs(
    ['/mypage/setting/information/**'],
    ['company_setting_partner_information_write'],
    { companyTypes: ['partner'] },
  ),
  chat_template_settings: needs(['/mypage/setting/chat_remark_template/**'], ['company_chat_read']),

  // Admin pages for system_admin and bank_admin only (admin spec sections 2 and 6), and acting as
  // another user of the bank (its page and its API).
  company_register_detail: {
    paths: ['/admin/companyregister/detail/**'],
    require: { userTypes: ADMINS },
    otherwise: FORBIDDEN,
    scope: 'page',
  },
  newsletter: {
    paths: ['/admin/newsletter/**'],
    require: { userTypes: ADMINS },
    otherwise: FORBIDDEN,
    scope: 'page',
  },
  // The bank's company desk (issue 15): creating companies, one or many, and recording charges are
  // for system and bank admins. Bulk create's own check (admin spec section 2) answers the 404 page.
  company_bulk_create: {
    paths: ['/admin/company/bulk-create/**'],
    require: { userTypes: ADMINS },
    otherwise: { kind: 'error', status: 404, message: ACCESS_MESSAGES.pageNotFound },
    scope: 'page',
  },
  company_admin_desk: {
    paths: ['/admin/company/create/**', '/admin/company/charge/**'],
    require: { userTypes: ADMINS },
    otherwise: FORBIDDEN,
    scope: 'page',
  },
  // Matching campaigns (issue 17) are the admins' to run, as their calls (access admin) say.
  matching_campaigns: {
    paths: ['/admin/matching/campaign/**'],
    require: { userTypes: ADMINS },
    otherwise: FORBIDDEN,
    scope: 'page',
  },
  // The companies' registered cards: for the banks that take cards (the menu entry's flag hides the
  // link only; this refuses the page and its search alike).
  company_credit_cards: {
    paths: ['/admin/company/creditcard/**'],
    require: { features: ['enable_credit_card_registration'] },
    otherwise: FORBIDDEN,
    scope: 'page',
  },
  user_switch: {
    paths: ['/admin/company/user/**'],
    require: { userTypes: SWITCHING_USER_TYPES },
    otherwise: FORBIDDEN,
    scope: 'page',
  },
} as const satisfies Record<string, RouteRule>;

export type RouteRuleId = keyof typeof ROUTE_RULES;

const RULE_ENTRIES = Object.entries(ROUTE_RULES) as [RouteRuleId, RouteRule][];

// ---------------------------------------------------------------------------------------------
// Matching

function ruleApplies(rule: RouteRule, pathname: string): boolean {
  return (
    rule.paths.some((pattern) => matchesPathPattern(pathname, pattern)) &&
    !(rule.except ?? []).some((pattern) => matchesPathPattern(pathname, pattern))
  );
}

// ---------------------------------------------------------------------------------------------
// Requirements

/**
 * True when a company user's bank asks for a card (the tenant's check_payment_method_filled) and it
 * is not filled: neither the bank's is_payment_method_filled nor the user's company's own card.
 */
export function isCardRequiredAndMissing(
  user: Pick<RouteAccessUser, 'user_type' | 'company_is_payment_method_filled'> | null,
  features: Readonly<Record<string, boolean>>,
): boolean {
  return (
    user !== null &&
    isCompanyUser(user.user_type) &&
    features.check_payment_method_filled === true &&
    features.is_payment_method_filled !== true &&
    user.company_is_payment_method_filled !== true
  );
}

function matchesCompanyTypes(
  rules: NonNullable<RouteRequirement['companyTypes']>,
  companyType: CompanyTypeCode | null,
): boolean {
  const included = rules.filter((rule) => !rule.startsWith('!'));
  const excluded = rules.filter((rule) => rule.startsWith('!')).map((rule) => rule.slice(1));
  if (companyType !== null && excluded.includes(companyType)) return false;
  return included.length === 0 || (companyType !== null && (included as string[]).includes(companyType));
}

function needsUser(requirement: RouteRequirement): boolean {
  return Object.keys(requirement).some((key) => key !== 'cardOnFile');
}

function meets(requirement: RouteRequirement, subject: RouteAccessSubject): boolean {
  const { user, features } = subject;
  if (user === null) return !needsUser(requirement);
  const bankUser = isBankUser(user.user_type);
  if (requirement.userGroup === 'bank' && !bankUser) return false;
  if (requirement.userGroup === 'company' && !isCompanyUser(user.user_type)) return false;
  if (requirement.permittedAddress && bankUser && !user.is_permitted_ipaddress) return false;
  if (requirement.officeHours && bankUser && user.offhour_message) return false;
  if (requirement.cardOnFile && isCardRequiredAndMissing(user, features)) return false;
  if (requirement.features?.some((flag) => features[flag] !== true)) return false;
  if (requirement.userTypes && !requirement.userTypes.includes(user.user_type)) return false;
  if (requirement.companyTypes && !matchesCompanyTypes(requirement.companyTypes, user.company_type))
    return false;
  if (
    requirement.permissions &&
    !hasAllPermissions(
      { isSuperUser: user.user_is_super_user, permittedActions: user.permitted_actions },
      requirement.permissions,
    )
  )
    return false;
  if (requirement.agreed === 'forum' && subject.forumAgreed !== true) return false;
  if (requirement.agreed === 'mall' && subject.mallAgreed !== true) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Evaluation

/** /login?r=<wanted>: where a visitor goes to log in first (a same-origin path). */
export function loginRedirectPath(wanted: string): string {
  return `${LOGIN_PATH}?${LOGIN_REDIRECT_PARAM}=${encodeURIComponent(wanted)}`;
}

function decide(
  id: RouteRuleId,
  denial: RouteDenial,
  subject: RouteAccessSubject,
  wanted: string,
): RouteAccessDecision {
  switch (denial.kind) {
    case 'login':
      return { kind: 'redirect', to: loginRedirectPath(wanted), rule: id };
    case 'redirect':
      return { kind: 'redirect', to: denial.to, rule: id };
    case 'error':
      return { kind: 'error', status: denial.status, message: denial.message, rule: id };
    case 'offhour-message':
      return { kind: 'error', status: 422, message: subject.user?.offhour_message ?? '', rule: id };
  }
}

/** The path part of a location (`/a/b?x=1#y` → `/a/b`), without a trailing slash. */
function pathnameOf(location: string): string {
  const path = location.split(/[?#]/, 1)[0] ?? '/';
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

const ALLOW: RouteAccessDecision = { kind: 'allow' };

/**
 * Checks one named rule, whatever the path: what an API route that "needs rule X" asks. A visitor
 * (no user) meets only rules that need no one; otherwise they get the login rule's answer.
 * `wanted` is the path a login redirect would come back to.
 */
export function evaluateRule(
  id: RouteRuleId,
  subject: RouteAccessSubject,
  wanted = '/',
): RouteAccessDecision {
  const rule: RouteRule = ROUTE_RULES[id];
  if (subject.user === null && needsUser(rule.require)) {
    return decide('login', ROUTE_RULES.login.otherwise, subject, wanted);
  }
  return meets(rule.require, subject) ? ALLOW : decide(id, rule.otherwise, subject, wanted);
}

/**
 * Whether the user may open `location` (a path with its query, as in /mypage/news?page=2): the
 * first rule, in ROUTE_RULES order, that applies to the path and is not met decides. A login
 * redirect carries the whole location back (r=).
 */
export function evaluateRouteAccess(location: string, subject: RouteAccessSubject): RouteAccessDecision {
  const pathname = pathnameOf(location);
  for (const [id, rule] of RULE_ENTRIES) {
    if (!ruleApplies(rule, pathname)) continue;
    if (subject.user === null && needsUser(rule.require)) {
      return decide('login', ROUTE_RULES.login.otherwise, subject, location);
    }
    if (!meets(rule.require, subject)) return decide(id, rule.otherwise, subject, location);
  }
  return ALLOW;
}

/** The ids of the rules that apply to a path (for a server route to name, or to explain a decision). */
export function rulesForPath(location: string): RouteRuleId[] {
  const pathname = pathnameOf(location);
  return RULE_ENTRIES.filter(([, rule]) => ruleApplies(rule, pathname)).map(([id]) => id);
}

/**
 * Whether a menu may offer a link to `location`: no 'page' rule denies it. Session rules (login, the
 * card, agreeing to terms, the bank's device) do not hide entries: the page is the user's, they have
 * something to do first.
 */
export function isRouteOffered(location: string, subject: RouteAccessSubject): boolean {
  if (subject.user === null) return true;
  const pathname = pathnameOf(location);
  return RULE_ENTRIES.every(
    ([, rule]) => rule.scope !== 'page' || !ruleApplies(rule, pathname) || meets(rule.require, subject),
  );
}

/**
 * A menu without the entries whose page a 'page' rule denies the user (spec: routes and menu hide
 * what the rules deny); a group left without entries goes too. Links that leave for another site
 * are not pages of the portal and stay.
 */
export function withoutDeniedPages(items: readonly MenuItem[], subject: RouteAccessSubject): MenuItem[] {
  return items.flatMap((item) => {
    if (item.link?.startsWith('/') && !isRouteOffered(item.link, subject)) return [];
    if (!item.sub || item.sub.length === 0) return [item];
    const sub = withoutDeniedPages(item.sub, subject);
    return sub.length === 0 ? [] : [{ ...item, sub }];
  });
}
