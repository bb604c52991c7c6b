import { useMemo } from 'react';
import { useLocation } from 'react-router';
import {
  ADMIN_MENU,
  COMPANY_MENU,
  filterMenu,
  findCurrentMenuItem,
  type MenuContext,
  menuContextOf,
  type MenuItem,
  MOBILE_APP_FOOTER_MENU,
  PHONE_BOTTOM_BAR_MENU,
} from '../../../../server/contracts/menu.ts';
import { useAppConfig } from '../../lib/app-config.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';

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
 * One of the menus of server/contracts/menu.ts as the logged-in user may see it (filterMenu, the
 * same filter the server's menu endpoint runs). Empty when nobody is logged in.
 */
export function useMenu(name: MenuName): MenuItem[] {
  const context = useMenuContext();
  return useMemo(() => (context ? filterMenu(MENUS[name], context) : []), [context, name]);
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
