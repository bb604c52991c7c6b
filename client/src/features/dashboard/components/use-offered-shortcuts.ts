import { useMemo } from 'react';
import { isRouteOffered } from '../../../../../server/contracts/route-access.ts';
import { useAppConfig } from '../../../lib/app-config.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import type { Shortcut } from './dashboard-parts.tsx';

/** The shortcuts whose pages the route rules let the user open. */
export function useOfferedShortcuts(shortcuts: readonly Shortcut[]): Shortcut[] {
  const user = useCurrentUser();
  const { features } = useAppConfig();
  return useMemo(
    () => shortcuts.filter((shortcut) => isRouteOffered(shortcut.to, { user, features })),
    [shortcuts, user, features],
  );
}
