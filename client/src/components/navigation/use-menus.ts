import { useMemo } from 'react';
import { useLocation } from '#client/lib/router/index.ts';
import { findCurrentMenuItem, type MenuContext, menuContextOf } from '#server/contracts/menu.ts';
import type { MenuItem } from '#server/contracts/menu-item.ts';
import { withoutDeniedPages } from '#server/contracts/route-access.ts';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';

/** The menu filter's view of the logged-in user and the bank; null when nobody is logged in. */
export function useMenuContext(): MenuContext | null {
  const user = useCurrentUser();
  const config = useAppConfig();
  return useMemo(() => (user ? menuContextOf(user, config) : null), [user, config]);
}

/**
 * The entries of the server's menu (GET /api/v1/menu) that the route rules let the user open
 * (server/contracts/route-access.ts), checked again against the user the browser holds: a menu never
 * offers a page that would answer 403. The server has already left out the entries whose pages do
 * not exist, with the page table (server/api/menu/routes.ts), which the browser does not load.
 */
export function useOfferedMenu(items: readonly MenuItem[]): MenuItem[] {
  const user = useCurrentUser();
  const config = useAppConfig();
  return useMemo(
    () => (user ? withoutDeniedPages(items, { user, features: config.features }) : []),
    [items, user, config],
  );
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
