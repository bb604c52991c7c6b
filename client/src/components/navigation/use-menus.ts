import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { findCurrentMenuItem, type MenuContext, menuContextOf } from '#server/contracts/menu.ts';
import type { MenuItem } from '#server/contracts/menu-item.ts';
import { withLiveLinks } from '#server/contracts/live-links.ts';
import { withoutDeniedPages } from '#server/contracts/route-access.ts';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { isLivePagePath } from '#client/lib/live-pages.ts';

/** The menu filter's view of the logged-in user and the bank; null when nobody is logged in. */
export function useMenuContext(): MenuContext | null {
  const user = useCurrentUser();
  const config = useAppConfig();
  return useMemo(() => (user ? menuContextOf(user, config) : null), [user, config]);
}

/**
 * The entries of `items` whose pages exist (client/src/lib/live-pages.ts) and the route rules let
 * the user open (server/contracts/route-access.ts): a menu never offers a page that would answer 403
 * or 404.
 */
export function useOfferedMenu(items: readonly MenuItem[]): MenuItem[] {
  const user = useCurrentUser();
  const config = useAppConfig();
  return useMemo(
    () =>
      user
        ? withLiveLinks(withoutDeniedPages(items, { user, features: config.features }), isLivePagePath)
        : [],
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
