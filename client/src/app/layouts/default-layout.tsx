import { useId, useState } from 'react';
import { Outlet } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { DRAWER_WIDTH, NAVIGATION_WIDTHS } from '#server/contracts/device.ts';
import { APP_BAR_HEIGHT, AppBar } from '#client/components/app-bar/app-bar.tsx';
import { Drawer } from '#client/components/drawer/drawer.tsx';
import { BadgeCountsProvider } from '#client/components/navigation/badge-counts.tsx';
import { usePolledBadgeCounts } from '#client/components/navigation/badge-polling.ts';
import { NavigationAccordion } from '#client/components/navigation/navigation-accordion.tsx';
import { NavigationColumns } from '#client/components/navigation/navigation-columns.tsx';
import {
  MobileAppFooterMenu,
  PhoneBottomBar,
  TAB_BAR_HEIGHT,
} from '#client/components/navigation/tab-bar.tsx';
import { useMenu } from '#client/components/navigation/use-company-menu.ts';
import { PageHeader } from '#client/components/page-header/page-header.tsx';
import { SiteFooter } from '#client/components/site-footer/site-footer.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '#client/components/skip-link.tsx';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { useDeviceClass } from '#client/lib/window-width.ts';
import { LayoutFeedback } from './layout-feedback.tsx';
import { Content, Main, Page } from './layout-frame.ts';

const Body = styled.div`
  display: flex;
  flex: 1;
  align-items: stretch;
`;

const SideNavigation = styled.nav`
  position: sticky;
  top: ${APP_BAR_HEIGHT + 5}px;
  flex: none;
  align-self: flex-start;
  height: calc(100vh - ${APP_BAR_HEIGHT + 5}px);
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

// On a phone the fixed bottom bar covers the end of the page; the page keeps that much room free.
const PhoneRoom = styled.div`
  height: ${TAB_BAR_HEIGHT}px;
`;

const NAVIGATION_LABEL = 'メインメニュー';

/**
 * The company area's layout (spec section 2): the application bar; the navigation — beside the page
 * on a PC (main 85 + sub 220 px), a drawer opened from the bar on a tablet (100 + 380 px), a bottom
 * bar on a phone (the mobile-app wrapper's footer menu instead, in the app); the page's title with
 * its breadcrumb; the site footer; toasts and the overlay spinner.
 */
export function DefaultLayout() {
  const config = useAppConfig();
  const device = useDeviceClass();
  const groups = useMenu('company');
  const badgeCounts = usePolledBadgeCounts(useCurrentUser() !== null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();
  const closeDrawer = () => setDrawerOpen(false);
  const hasNavigation = groups.length > 0;
  const inMobileApp = config.features.is_mobile_app_client === true;

  return (
    <BadgeCountsProvider counts={badgeCounts}>
      <Page>
        <SkipLink />
        <AppBar
          navigationToggle={
            device === 'tablet' && hasNavigation
              ? { open: drawerOpen, onToggle: () => setDrawerOpen(!drawerOpen), controls: drawerId }
              : undefined
          }
        />
        <Body>
          {device === 'pc' && hasNavigation && (
            <SideNavigation aria-label={NAVIGATION_LABEL}>
              <NavigationColumns
                groups={groups}
                widths={{ main: NAVIGATION_WIDTHS.main.pc, sub: NAVIGATION_WIDTHS.sub.pc }}
              />
            </SideNavigation>
          )}
          <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
            <Content>
              <PageHeader />
              <Outlet />
            </Content>
          </Main>
        </Body>
        <SiteFooter />
        {device === 'sp' && hasNavigation && (
          <>
            <PhoneRoom />
            {inMobileApp ? (
              <MobileAppFooterMenu onOpenNavigation={() => setDrawerOpen(true)} />
            ) : (
              <PhoneBottomBar onOpenNavigation={() => setDrawerOpen(true)} />
            )}
          </>
        )}
        {device !== 'pc' && hasNavigation && (
          <Drawer
            id={drawerId}
            open={drawerOpen}
            onClose={closeDrawer}
            label={NAVIGATION_LABEL}
            tone="menu"
            width={
              device === 'tablet'
                ? NAVIGATION_WIDTHS.main.tablet + NAVIGATION_WIDTHS.sub.tablet
                : DRAWER_WIDTH
            }
          >
            <nav aria-label={NAVIGATION_LABEL}>
              {device === 'tablet' ? (
                <NavigationColumns
                  groups={groups}
                  widths={{ main: NAVIGATION_WIDTHS.main.tablet, sub: NAVIGATION_WIDTHS.sub.tablet }}
                  onFollow={closeDrawer}
                />
              ) : (
                <NavigationAccordion groups={groups} onFollow={closeDrawer} />
              )}
            </nav>
          </Drawer>
        )}
        <LayoutFeedback />
      </Page>
    </BadgeCountsProvider>
  );
}
