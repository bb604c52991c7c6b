import { Link } from '#client/lib/router/index.ts';
import styled, { css } from 'styled-components';
import { BREAKPOINTS } from '#server/contracts/device.ts';
import { isLivePagePath } from '#client/lib/live-pages.ts';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { ImpersonationBanner } from '../app-bar/impersonation-banner.tsx';
import { adminBadgesFor } from './admin-badges.ts';
import { Icon } from '../icons/icons.tsx';
import { useBadgeCounts } from '../navigation/badge-counts.tsx';
import { CountBadge } from '../navigation/count-badge.tsx';
import { VisuallyHidden } from '../visually-hidden.ts';

export const ADMIN_TOP_BAR_HEIGHT = 56;

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: 700;
`;

const Bar = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  height: ${ADMIN_TOP_BAR_HEIGHT}px;
  padding-inline: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.onMain};
  background: ${({ theme }) => theme.colors.main};
`;

const BarButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 44px;
  min-height: 44px;
  padding-inline: ${({ theme }) => theme.spacing.sm};
  font: inherit;
  color: inherit;
  white-space: nowrap;
  background: transparent;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.mainHover};
  }
`;

const BankName = styled.p`
  flex: 1;
  min-width: 0;
  margin: 0;
  overflow: hidden;
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const badgeSpot = css`
  position: relative;
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  color: inherit;
  border-radius: ${({ theme }) => theme.radii.md};

  > span[aria-hidden] {
    position: absolute;
    top: 0;
    right: 0;
  }
`;

const BadgeLink = styled(Link)`
  ${badgeSpot}

  &:hover {
    background: ${({ theme }) => theme.colors.mainHover};
  }
`;

/** A badge whose page does not exist yet: the count without a link. */
const BadgeCount = styled.span`
  ${badgeSpot}
`;

const HideOnPhone = styled.span`
  display: none;

  ${({ theme }) => theme.media.tabletUp} {
    display: inline;
  }
`;

// Up to 600 px the drawer carries logout instead.
const UserLinks = styled.div`
  display: none;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};

  @media (min-width: ${BREAKPOINTS.mobile + 1}px) {
    display: flex;
  }

  a {
    color: inherit;
  }
`;

export interface AdminTopBarProps {
  /** Null only before login exists for the page (the identity issue guards /admin). */
  user: LoggedInUser | null;
  menu: { open: boolean; onToggle: () => void; controls: string };
  onOpenManual: () => void;
}

/**
 * The admin area's top bar (admin spec section 2): side-menu toggle, the bank's name, the to-do
 * badges, the manual button, and who is logged in with logout.
 */
export function AdminTopBar({ user, menu, onOpenManual }: AdminTopBarProps) {
  const config = useAppConfig();
  const counts = useBadgeCounts();
  return (
    <Header>
      <ImpersonationBanner />
      <Bar>
        <BarButton
          type="button"
          aria-label="サイドメニュー"
          aria-expanded={menu.open}
          aria-controls={menu.controls}
          onClick={menu.onToggle}
        >
          <Icon name="menu" />
        </BarButton>
        <BankName>{config.bank.name}</BankName>
        {(user ? adminBadgesFor(user.user_type) : []).map((badge) => {
          const content = (
            <>
              <Icon name={badge.icon} />
              <VisuallyHidden>{badge.label}</VisuallyHidden>
              <CountBadge count={counts[badge.counter]} label="" />
            </>
          );
          const testId = `admin-badge-${badge.counter}`;
          // Linked once the page that lists them exists (client/src/lib/live-pages.ts).
          return isLivePagePath(badge.to) ? (
            <BadgeLink key={badge.counter} to={badge.to} data-testid={testId}>
              {content}
            </BadgeLink>
          ) : (
            <BadgeCount key={badge.counter} data-testid={testId}>
              {content}
            </BadgeCount>
          );
        })}
        <BarButton type="button" aria-label="マニュアル" onClick={onOpenManual}>
          <Icon name="manual" />
          <HideOnPhone aria-hidden="true">マニュアル</HideOnPhone>
        </BarButton>
        {user && (
          <UserLinks>
            <span>{user.user_name} 様</span>
            <a href="/logout">ログアウト</a>
          </UserLinks>
        )}
      </Bar>
    </Header>
  );
}
