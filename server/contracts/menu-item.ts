// zod/mini: the browser parses the server's menu with this schema (see theme-tokens.ts).
import * as z from 'zod/mini';
import { PERMISSION_CODES, USER_TYPES, type CompanyTypeCode } from './account-types.ts';
import { NEW_BADGE_FEATURES } from './new-badge.ts';

/**
 * A menu entry's shape (platform spec section 3): what menus are made of, apart from the rules that
 * filter them (menu.ts), so the page table and the route rules can name it without importing those
 * rules back.
 */

/** The icons a menu entry may name; the client draws one glyph per name. */
export const MENU_ICON_NAMES = [
  'home',
  'news',
  'chat',
  'matching',
  'benefits',
  'innovation',
  'crowdfunding',
  'invoice',
  'attendance',
  'succession',
  'bank',
  'settings',
  'services',
  'help',
  'manual',
  'user',
] as const;
export type MenuIconName = (typeof MENU_ICON_NAMES)[number];

/** Unread and to-do counts a menu entry can carry (the names of the client's badge counts). */
export const UNREAD_COUNTERS = [
  'unreadNews',
  'unreadBachatRooms',
  'unreadChat',
  'unrepliedMatching',
] as const;
export type UnreadCounter = (typeof UNREAD_COUNTERS)[number];

/**
 * Named conditions on the user or the bank that are neither a permission nor a feature flag
 * (spec section 6). menuContextOf works them out; filterMenu requires each one an entry lists.
 * - chat_enabled: the user's chat is not disabled (disable_chat is false).
 * - business_user_setting: enable_business_user is on and the user may manage business users, or
 *   the partner business-user creation limit is above zero.
 */
export const MENU_CONDITIONS = ['chat_enabled', 'business_user_setting'] as const;
export type MenuCondition = (typeof MENU_CONDITIONS)[number];

/** company_type entries: a type to include, or `!type` to exclude (spec section 3). */
export const COMPANY_TYPE_RULES = [
  'normal',
  'partner',
  'baportal',
  '!normal',
  '!partner',
  '!baportal',
] as const satisfies readonly (CompanyTypeCode | `!${CompanyTypeCode}`)[];

const userTypeList = z.array(z.enum(USER_TYPES));

export const menuBadgeSchema = z.discriminatedUnion('kind', [
  /** The 'new' badge, shown for the bank's configured period (new-badge.ts). */
  z.object({ kind: z.literal('new'), feature: z.enum(NEW_BADGE_FEATURES) }),
  /**
   * An unread or to-do count. `user_type`: only these types see it (absent: everyone);
   * `emphasis_user_type`: these types see it bold.
   */
  z.object({
    kind: z.literal('unread'),
    counter: z.enum(UNREAD_COUNTERS),
    user_type: z.optional(userTypeList),
    emphasis_user_type: z.optional(userTypeList),
  }),
]);
export type MenuBadge = z.infer<typeof menuBadgeSchema>;

/**
 * A menu entry (spec section 3). The spec's fields:
 * - title; link: where the entry goes (an app route; with target '_blank' it opens in a new tab,
 *   which is how /fukuri and /invoice leave the app for the external services);
 * - path: the route prefix that marks the entry current (default: link); related_path: further
 *   prefixes that mark it current (detail pages); hash: a fragment added to the link;
 * - icon: icon names for the entry at rest and when current;
 * - sub: the entries of a group;
 * - permissions: every one is required (the spec's required permission list);
 * - appConfigRequired: feature flags of the app config that must all be on;
 * - user_type / user_type_exclude: account types shown / hidden;
 * - company_type: company types, `!type` excluding one.
 * Additions of this portal: `when` (named conditions, MENU_CONDITIONS), `badge`, and `action`
 * (an entry that does something instead of going somewhere: the bottom bar's サービス opens the
 * whole navigation).
 */
export const menuItemSchema = z.object({
  title: z.string(),
  link: z.optional(z.string()),
  target: z.optional(z.enum(['_self', '_blank'])),
  path: z.optional(z.string()),
  icon: z.optional(z.object({ default: z.enum(MENU_ICON_NAMES), selected: z.enum(MENU_ICON_NAMES) })),
  get sub(): z.ZodMiniOptional<z.ZodMiniArray<typeof menuItemSchema>> {
    return z.optional(z.array(menuItemSchema));
  },
  permissions: z.optional(z.array(z.enum(PERMISSION_CODES))),
  appConfigRequired: z.optional(z.array(z.string())),
  user_type: z.optional(userTypeList),
  user_type_exclude: z.optional(userTypeList),
  company_type: z.optional(z.array(z.enum(COMPANY_TYPE_RULES))),
  related_path: z.optional(z.array(z.string())),
  hash: z.optional(z.string()),
  when: z.optional(z.array(z.enum(MENU_CONDITIONS))),
  badge: z.optional(menuBadgeSchema),
  action: z.optional(z.enum(['open_navigation'])),
});
export type MenuItem = z.infer<typeof menuItemSchema>;
