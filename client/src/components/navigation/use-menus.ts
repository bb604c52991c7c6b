import { useMemo } from 'react';
import { useLocation } from 'react-router';
import {
  findCurrentMenuItem,
  type MenuContext,
  menuContextOf,
  type MenuItem,
  offeredMenu,
} from '#server/contracts/menu.ts';
import {
  ADMIN_MENU,
  COMPANY_MENU,
  MOBILE_APP_FOOTER_MENU,
  PHONE_BOTTOM_BAR_MENU,
} from '#server/contracts/menu-data.ts';
import { withExistingPages } from '#server/contracts/page-table.ts';
import { withoutDeniedPages } from '#server/contracts/route-access.ts';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';

/** The menu filter's view of the logged-in user and the bank; null when nobody is logged in. */
export function useMenuContext(): MenuContext | null {
  const user = useCurrentUser();
  const config = useAppConfig();
  return useMemo(() => (user ? menuContextOf(user, config) : null), [user, config]);
}

const MENUS = {
  company: COMPANY_MENU,
  admin: ADMIN_MENU,
  phoneBottomBar: PHONE_BOTTOM_BAR_MENU,
  mobileAppFooter: MOBILE_APP_FOOTER_MENU,
} as const;
export type MenuName = keyof typeof MENUS;

/**
 * The entries of `items` whose pages exist (server/contracts/page-table.ts) and the route rules let
 * the user open (server/contracts/route-access.ts): a menu never offers a page that would answer 403
 * or 404.
 */
export function useOfferedMenu(items: readonly MenuItem[]): MenuItem[] {
  const user = useCurrentUser();
  const config = useAppConfig();
  return useMemo(
    () => (user ? withExistingPages(withoutDeniedPages(items, { user, features: config.features })) : []),
    [items, user, config],
  );
}

/**
 * One of the menus of server/contracts/menu.ts as the logged-in user may see it (offeredMenu, what
 * the server's menu endpoint runs: filterMenu, the route rules, the page table). Empty when nobody
 * is logged in. The company layout filters its menu here rather than asking the server: the same function
 * on the same data, and no request before the navigation can show.
 */
export function useMenu(name: MenuName): MenuItem[] {
  const user = useCurrentUser();
  const config = useAppConfig();
  return useMemo(() => (user ? offeredMenu(MENUS[name], user, config) : []), [user, config, name]);
}

/** The entry of `items` (at any depth) that the current page belongs to. */
export function useCurrentMenuItem(items: readonly MenuItem[]): MenuItem | undefined {
  const { pathname } = useLocation();
  return useMemo(() => findCurrentMenuItem(items, pathname), [items, pathname]);
}

/** The group (top-level entry) that holds `current`, if any. */
export function groupOf(groups: readonly MenuItem[], current: MenuItem | undefined): MenuItem | undefined {
  if (!current) return undefined;
  const holds = (item: MenuItem): boolean => item === current || (item.sub ?? []).some(holds);
  return groups.find(holds);
}
