// zod/mini: the browser parses the server's menu with this schema (see theme-tokens.ts).
import * as z from 'zod/mini';
import { hasAllPermissions, type CompanyTypeCode, type UserTypeCode } from './account-types.ts';
import { type MenuBadge, type MenuCondition, type MenuItem, menuItemSchema } from './menu-item.ts';
import { type IsPagePath, withLiveLinks } from './live-links.ts';
import { type RouteAccessUser, withoutDeniedPages } from './route-access.ts';

/**
 * Navigation menus (platform spec sections 2, 3 and 6; admin spec sections 2 and 3): the rules over
 * the entries of menu-item.ts — the one filter that both the server (menu endpoint) and the browser
 * (layouts) run. The menus themselves are data, in menu-data.ts.
 */

// ---------------------------------------------------------------------------------------------
// Filtering

/** What the filter knows about the user and the bank. */
export interface MenuContext {
  userType: UserTypeCode;
  /** null for bank staff (they have no company). */
  companyType: CompanyTypeCode | null;
  /** user_is_super_user: passes every permission requirement (not user or company type rules). */
  isSuperUser: boolean;
  /** The user's permitted actions; anything but an array fails every permission requirement. */
  permittedActions: unknown;
  /** The app config's feature flags. */
  features: Readonly<Record<string, boolean>>;
  conditions: Readonly<Partial<Record<MenuCondition, boolean>>>;
}

/**
 * The filter context for a logged-in user and the bank's app config. The bank's partner
 * business-user limit (app config partner_company_user_limit, what GET
 * /api/v1/setting/partner_company_user_limit answers a partner company) counts for partner
 * companies only: another company's limit is 0.
 */
export function menuContextOf(
  user: {
    user_type: UserTypeCode;
    company_type: CompanyTypeCode | null;
    user_is_super_user: boolean;
    permitted_actions: unknown;
    disable_chat: boolean;
  },
  config: { features: Readonly<Record<string, boolean>>; partner_company_user_limit?: number },
): MenuContext {
  const subject = { isSuperUser: user.user_is_super_user, permittedActions: user.permitted_actions };
  return {
    userType: user.user_type,
    companyType: user.company_type,
    isSuperUser: user.user_is_super_user,
    permittedActions: user.permitted_actions,
    features: config.features,
    conditions: {
      chat_enabled: !user.disable_chat,
      business_user_setting:
        (config.features.enable_business_user === true &&
          hasAllPermissions(subject, ['company_setting_businessuser_write'])) ||
        (user.company_type === 'partner' && (config.partner_company_user_limit ?? 0) > 0),
    },
  };
}

function matchesCompanyType(rules: readonly string[], companyType: CompanyTypeCode | null): boolean {
  const included = rules.filter((rule) => !rule.startsWith('!'));
  const excluded = rules.filter((rule) => rule.startsWith('!')).map((rule) => rule.slice(1));
  if (companyType !== null && excluded.includes(companyType)) return false;
  // A list of types to include shuts out everyone else, bank staff (no company) among them.
  return included.length === 0 || (companyType !== null && included.includes(companyType));
}

/**
 * Whether an entry's own rules let the user see it (its sub entries aside).
 *
 * Permissions: unlike the permission checker (account-types.ts hasAllPermissions), for which an empty
 * requirement FAILS, an entry with no permissions listed (absent or []) has no requirement and shows
 * to everyone its other rules allow. Most entries (a dashboard, a profile page) name none; a
 * guarded route must name its permissions.
 */
export function isMenuItemAllowed(item: MenuItem, context: MenuContext): boolean {
  if (item.user_type && item.user_type.length > 0 && !item.user_type.includes(context.userType)) return false;
  if (item.user_type_exclude?.includes(context.userType)) return false;
  if (item.company_type && !matchesCompanyType(item.company_type, context.companyType)) return false;
  if (
    item.permissions &&
    item.permissions.length > 0 &&
    !hasAllPermissions(
      { isSuperUser: context.isSuperUser, permittedActions: context.permittedActions },
      item.permissions,
    )
  )
    return false;
  if (item.appConfigRequired?.some((flag) => context.features[flag] !== true)) return false;
  if (item.when?.some((condition) => context.conditions[condition] !== true)) return false;
  return true;
}

function badgeApplies(badge: MenuBadge, context: MenuContext): boolean {
  return badge.kind !== 'unread' || !badge.user_type || badge.user_type.includes(context.userType);
}

/**
 * The entries the user sees, in order (spec section 6: by user type, company type with negation,
 * permissions and feature flags). Recursive: sub entries are filtered too, and a group whose sub
 * entries are all filtered out disappears. An unread badge meant for other user types is dropped.
 */
export function filterMenu(items: readonly MenuItem[], context: MenuContext): MenuItem[] {
  return items.flatMap((item) => {
    if (!isMenuItemAllowed(item, context)) return [];
    const { sub, badge, ...rest } = item;
    const shown: MenuItem = { ...rest };
    if (sub && sub.length > 0) {
      const shownSub = filterMenu(sub, context);
      if (shownSub.length === 0) return [];
      shown.sub = shownSub;
    }
    if (badge && badgeApplies(badge, context)) shown.badge = badge;
    return [shown];
  });
}

/**
 * A menu as the user is offered it: the menu's own rules (filterMenu), then without the entries
 * whose page a route rule denies the user (withoutDeniedPages) or that no page answers yet
 * (withLiveLinks: the menu endpoint asks the page table, the browser's company menus the build-time
 * list of the pages' paths).
 */
export function offeredMenu(
  items: readonly MenuItem[],
  user: Parameters<typeof menuContextOf>[0] & RouteAccessUser,
  config: Parameters<typeof menuContextOf>[1],
  isPagePath: IsPagePath,
): MenuItem[] {
  const filtered = filterMenu(items, menuContextOf(user, config));
  return withLiveLinks(withoutDeniedPages(filtered, { user, features: config.features }), isPagePath);
}

function isUnderPrefix(pathname: string, prefix: string): boolean {
  const trimmed = prefix.length > 1 ? prefix.replace(/\/+$/, '') : prefix;
  return pathname === trimmed || pathname.startsWith(`${trimmed}/`);
}

/**
 * The entry (at any depth) that marks `pathname` as current: the one whose path, link or related
 * path is the longest prefix of it. Undefined when none matches.
 */
export function findCurrentMenuItem(items: readonly MenuItem[], pathname: string): MenuItem | undefined {
  let best: { item: MenuItem; length: number } | undefined;
  const visit = (entries: readonly MenuItem[]) => {
    for (const item of entries) {
      const prefixes = [item.path ?? item.link, ...(item.related_path ?? [])].filter(
        (prefix): prefix is string => prefix !== undefined && prefix.startsWith('/'),
      );
      for (const prefix of prefixes) {
        if (isUnderPrefix(pathname, prefix) && (!best || prefix.length > best.length))
          best = { item, length: prefix.length };
      }
      if (item.sub) visit(item.sub);
    }
  };
  visit(items);
  return best?.item;
}

export const menuAnswerSchema = z.object({
  side: z.enum(['company', 'admin']),
  items: z.array(menuItemSchema),
  /** The menu's logout link: always /logout (admin spec section 2). */
  logout: z.object({ title: z.string(), link: z.literal('/logout') }),
});
export type MenuAnswer = z.infer<typeof menuAnswerSchema>;
