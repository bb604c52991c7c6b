import { lazy, Suspense, useId, useState } from 'react';
import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { useDeviceClass } from '#client/lib/window-width.ts';
import { IconButton } from '../button/icon-button.ts';
import { Icon } from '../icons/icons.tsx';
import { BarLink, HelpLink, LogoutLink } from './bar-links.tsx';

export const APP_BAR_HEIGHT = 64;

// Loaded when first opened: a visitor, or anyone on a wider screen, never needs the menus in it.
const SettingsDrawer = lazy(() => import('./settings-drawer.tsx'));
// Only a logged-in user sees these: a visitor's first visit does not load them (the 150 kB budget).
const ProfileBlock = lazy(async () => ({ default: (await import('./profile-block.tsx')).ProfileBlock }));
const ImpersonationBanner = lazy(async () => ({
  default: (await import('./impersonation-banner.tsx')).ImpersonationBanner,
}));

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: 700;
  background: ${({ theme }) => theme.colors.surface};
  border-top: 4px solid ${({ theme }) => theme.colors.main};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Bar = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  height: ${APP_BAR_HEIGHT}px;
  padding-inline: ${({ theme }) => theme.spacing.md};
`;

const HomeLink = styled(Link)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  min-width: 0;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
`;

// Fixed height so the bar does not move when the logo arrives.
const Logo = styled.img`
  display: block;
  width: auto;
  height: 32px;
  max-width: 180px;
  object-fit: contain;
`;

const ServiceName = styled.span`
  display: none;
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};

  ${({ theme }) => theme.media.pcUp} {
    display: block;
    padding-left: ${({ theme }) => theme.spacing.sm};
    border-left: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Spacer = styled.div`
  flex: 1;
`;

export interface NavigationToggle {
  open: boolean;
  onToggle: () => void;
  /** The id of the navigation drawer the button opens. */
  controls: string;
}

/**
 * The application bar (spec section 2): the impersonation banner when switched to another user, the
 * bank's logo linking to /, and — for a logged-in user — the profile block on a PC, help and logout,
 * or on a phone a settings button that opens the settings drawer. A visitor gets help and ログイン.
 * `navigationToggle` adds the tablet's menu button.
 */
export function AppBar({ navigationToggle }: { navigationToggle?: NavigationToggle }) {
  const config = useAppConfig();
  const user = useCurrentUser();
  const device = useDeviceClass();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsId = useId();

  return (
    <Header>
      {user && (
        <Suspense fallback={null}>
          <ImpersonationBanner />
        </Suspense>
      )}
      <Bar>
        {navigationToggle && (
          <IconButton
            type="button"
            aria-label="メニュー"
            aria-expanded={navigationToggle.open}
            aria-controls={navigationToggle.controls}
            onClick={navigationToggle.onToggle}
          >
            <Icon name="menu" />
          </IconButton>
        )}
        <HomeLink to="/">
          <Logo src={config.logo_url} alt={config.bank.name} height={32} />
          <ServiceName>{config.system_name}</ServiceName>
        </HomeLink>
        <Spacer />
        {user && device === 'pc' && (
          <Suspense fallback={null}>
            <ProfileBlock user={user} />
          </Suspense>
        )}
        {!user && (
          <>
            <HelpLink />
            <BarLink href="/login">ログイン</BarLink>
          </>
        )}
        {user && device !== 'sp' && (
          <>
            <HelpLink />
            <LogoutLink />
          </>
        )}
        {user && device === 'sp' && (
          <IconButton
            type="button"
            aria-label="設定"
            aria-expanded={settingsOpen}
            aria-controls={settingsId}
            onClick={() => setSettingsOpen(!settingsOpen)}
          >
            <Icon name="settings" />
          </IconButton>
        )}
      </Bar>
      {user && device === 'sp' && settingsOpen && (
        <Suspense fallback={null}>
          <SettingsDrawer id={settingsId} user={user} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </Header>
  );
}
