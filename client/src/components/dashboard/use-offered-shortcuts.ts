import { useMemo } from 'react';
import { isRouteOffered } from '#server/contracts/route-access.ts';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { isLivePagePath } from '#client/lib/live-pages.ts';
import type { Shortcut } from './dashboard-parts.tsx';

/** The shortcuts whose pages exist (client/src/lib/live-pages.ts) and the route rules let the user open. */
export function useOfferedShortcuts(shortcuts: readonly Shortcut[]): Shortcut[] {
  const user = useCurrentUser();
  const { features } = useAppConfig();
  return useMemo(
    () =>
      shortcuts.filter(
        (shortcut) => isLivePagePath(shortcut.to) && isRouteOffered(shortcut.to, { user, features }),
      ),
    [shortcuts, user, features],
  );
}
