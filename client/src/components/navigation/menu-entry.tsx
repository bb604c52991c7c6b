import type { ReactNode } from 'react';
import { Link } from '#client/lib/router/index.ts';
import type { NewBadgeFeature } from '#server/contracts/new-badge.ts';
import type { MenuBadge, MenuItem } from '#server/contracts/menu-item.ts';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useNewBadge } from '#client/lib/use-new-badge.ts';
import { NEW_TAB_NOTE } from '../external-link.tsx';
import { VisuallyHidden } from '../visually-hidden.ts';
import { useBadgeCounts } from './badge-counts.tsx';
import { CountBadge, NewBadge } from './count-badge.tsx';
import { destinationOf } from './menu-destination.ts';
import { useMenuContext } from './use-menus.ts';

export interface MenuEntryLinkProps {
  item: MenuItem;
  /** The page the visitor is on belongs to this entry. */
  current?: boolean;
  className?: string;
  children: ReactNode;
  /** Called when the entry is followed (a drawer closes itself with it). */
  onFollow?: () => void;
  /** Runs an entry that does something instead of going somewhere (the bottom bar's サービス). */
  onAction?: (action: NonNullable<MenuItem['action']>) => void;
}

/**
 * A menu entry's control: a route link, a link opening a new tab (external services with the bank's
 * code, spec section 2), or a button for an action.
 */
export function MenuEntryLink({
  item,
  current = false,
  className,
  children,
  onFollow,
  onAction,
}: MenuEntryLinkProps) {
  const config = useAppConfig();
  const destination = destinationOf(item, config);
  switch (destination.kind) {
    case 'route':
      return (
        <Link
          to={destination.to}
          className={className}
          aria-current={current ? 'page' : undefined}
          onClick={onFollow}
        >
          {children}
        </Link>
      );
    case 'new-tab':
      return (
        <a
          href={destination.href}
          target="_blank"
          rel="noopener noreferrer"
          className={className}
          onClick={onFollow}
        >
          {children}
          <VisuallyHidden>{NEW_TAB_NOTE}</VisuallyHidden>
        </a>
      );
    case 'action':
      return (
        <button type="button" className={className} onClick={() => onAction?.(destination.action)}>
          {children}
        </button>
      );
    case 'none':
      return <span className={className}>{children}</span>;
  }
}

function FreshBadge({ feature }: { feature: NewBadgeFeature }) {
  return useNewBadge(feature) ? <NewBadge /> : null;
}

function UnreadBadge({ badge }: { badge: Extract<MenuBadge, { kind: 'unread' }> }) {
  const counts = useBadgeCounts();
  const context = useMenuContext();
  const emphasised = context !== null && (badge.emphasis_user_type ?? []).includes(context.userType);
  return <CountBadge count={counts[badge.counter]} label="未読" emphasised={emphasised} />;
}

/**
 * The badge an entry carries (spec section 2): the 'new' mark for the bank's configured period, or
 * an unread / to-do count (nothing while the count is zero).
 */
export function MenuEntryBadge({ item }: { item: MenuItem }) {
  if (!item.badge) return null;
  return item.badge.kind === 'new' ? (
    <FreshBadge feature={item.badge.feature} />
  ) : (
    <UnreadBadge badge={item.badge} />
  );
}
