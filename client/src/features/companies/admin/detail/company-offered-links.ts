import { useMemo } from 'react';
import { offeredMenu } from '#server/contracts/menu.ts';
import type { MenuItem } from '#server/contracts/menu-item.ts';
import { isPagePath } from '#server/contracts/page-table.ts';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';

/**
 * The links of `items` this staff member is offered, as the menus offer theirs (offeredMenu): the
 * entry's own conditions (feature flags), no route rule denying the page, and a page that exists
 * (the page table). A page another domain has not built yet is no link.
 */
export function useOfferedLinks(items: readonly MenuItem[]): MenuItem[] {
  const user = useCurrentUser();
  const config = useAppConfig();
  return useMemo(
    () => (user ? offeredMenu(items, user, config, (path) => isPagePath(path)) : []),
    [items, user, config],
  );
}
