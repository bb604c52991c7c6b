import { useMemo } from 'react';
import { offeredMenu } from '#server/contracts/menu.ts';
import type { MenuItem } from '#server/contracts/menu-item.ts';
import { COMPANY_MENU, MOBILE_APP_FOOTER_MENU, PHONE_BOTTOM_BAR_MENU } from '#server/contracts/menu-data.ts';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { isLivePagePath } from '#client/lib/live-pages.ts';

/**
 * The company side's menus. The admin side's comes from the server (GET /api/v1/menu, admin-layout),
 * so the menus' data is loaded by the company layout only.
 */
const MENUS = {
  company: COMPANY_MENU,
  phoneBottomBar: PHONE_BOTTOM_BAR_MENU,
  mobileAppFooter: MOBILE_APP_FOOTER_MENU,
} as const;
export type MenuName = keyof typeof MENUS;

/**
 * One of the company menus of server/contracts/menu-data.ts as the logged-in user may see it
 * (offeredMenu, what the server's menu endpoint runs: filterMenu, the route rules, the pages' paths).
 * Empty when nobody is logged in. The company layout filters its menu here rather than asking the
 * server: the same function on the same data, and no request before the navigation can show.
 */
export function useMenu(name: MenuName): MenuItem[] {
  const user = useCurrentUser();
  const config = useAppConfig();
  return useMemo(
    () => (user ? offeredMenu(MENUS[name], user, config, isLivePagePath) : []),
    [user, config, name],
  );
}
