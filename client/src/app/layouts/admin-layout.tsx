import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { Outlet } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { isBankUser } from '#server/contracts/account-types.ts';
import { BREAKPOINTS, DRAWER_WIDTH } from '#server/contracts/device.ts';
import { LOGOUT_PATH } from '#server/contracts/identity.ts';
import type { MenuItem } from '#server/contracts/menu-item.ts';
import { AdminFooter } from '#client/components/admin/admin-footer.tsx';
import { serverMenuQuery } from '#client/components/admin/admin-menu-query.ts';
import { AdminSideMenu } from '#client/components/admin/admin-side-menu.tsx';
import { ADMIN_TOP_BAR_HEIGHT, AdminTopBar } from '#client/components/admin/admin-top-bar.tsx';
import { Drawer } from '#client/components/drawer/drawer.tsx';
import { BadgeCountsProvider } from '#client/components/navigation/badge-counts.tsx';
import { usePolledBadgeCounts } from '#client/components/navigation/badge-polling.ts';
import { useOfferedMenu } from '#client/components/navigation/use-menus.ts';
import { PageHeader } from '#client/components/page-header/page-header.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '#client/components/skip-link.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { useWidthAtMost } from '#client/lib/window-width.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { LayoutFeedback } from './layout-feedback.tsx';
import { Content, Main, Page } from './layout-frame.ts';

// The dialogs load when first opened: most visits to a page open neither.
const ManualDialog = lazy(async () => ({
  default: (await import('#client/components/admin/manual-dialog.tsx')).ManualDialog,
}));
const FeatureRequestDialog = lazy(async () => ({
  default: (await import('#client/components/admin/feature-request-dialog.tsx')).FeatureRequestDialog,
}));

const Body = styled.div`
  display: flex;
  flex: 1;
  align-items: stretch;
`;

const SideMenu = styled.div`
  position: sticky;
  top: ${ADMIN_TOP_BAR_HEIGHT}px;
  flex: none;
  align-self: flex-start;
  width: ${DRAWER_WIDTH}px;
  height: calc(100vh - ${ADMIN_TOP_BAR_HEIGHT}px);
  overflow-y: auto;
  color: ${({ theme }) => theme.colors.onMenu};
  background: ${({ theme }) => theme.colors.menu};
`;

const DrawerLogout = styled.a`
  display: block;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  color: ${({ theme }) => theme.colors.onMenu};
`;

const NO_ITEMS: readonly MenuItem[] = [];

/**
 * The admin area's layout (admin spec section 2): the top bar with the bank's name, badges, manual
 * and side-menu toggle; the side menu beside the page, or from 600 px down a 285-wide drawer; the
 * footer with the PDFs, the feature request, the partner form and the build version; the manual and
 * feature-request dialogs; toasts and the overlay spinner.
 */
export function AdminLayout() {
  const user = useCurrentUser();
  // Admin spec section 2: the drawer on widths up to 600 px (600 included).
  const isMobile = useWidthAtMost(BREAKPOINTS.mobile);
  // The side menu is the server's (GET /api/v1/menu, filtered there with filterMenu; the route's
  // loader has it before the layout renders), less any page the route rules deny. Only bank staff
  // get the admin menu; a company user is sent to /mypage/dashboard by the route rules.
  const { data: serverMenu } = useQuery(serverMenuQuery(useApiClient()));
  const items = useOfferedMenu(
    user && isBankUser(user.user_type) && serverMenu?.side === 'admin' ? serverMenu.items : NO_ITEMS,
  );
  const logout = serverMenu?.logout ?? { title: 'ログアウト', link: LOGOUT_PATH };
  const badgeCounts = usePolledBadgeCounts(user !== null);
  const [sideMenuShown, setSideMenuShown] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [manualOpen, setManualOpen] = useState(false);
  const [featureRequestOpen, setFeatureRequestOpen] = useState(false);
  const menuId = useId();
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <BadgeCountsProvider counts={badgeCounts}>
      <Page>
        <SkipLink />
        <AdminTopBar
          user={user}
          menu={{
            open: isMobile ? drawerOpen : sideMenuShown,
            onToggle: isMobile ? () => setDrawerOpen(!drawerOpen) : () => setSideMenuShown(!sideMenuShown),
            controls: menuId,
          }}
          onOpenManual={() => setManualOpen(true)}
        />
        <Body>
          {!isMobile && sideMenuShown && (
            <SideMenu id={menuId}>
              <AdminSideMenu items={items} />
            </SideMenu>
          )}
          <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
            <Content>
              <PageHeader />
              <Outlet />
            </Content>
          </Main>
        </Body>
        <AdminFooter onOpenFeatureRequest={() => setFeatureRequestOpen(true)} />
        {isMobile && (
          <Drawer
            id={menuId}
            open={drawerOpen}
            onClose={closeDrawer}
            label="管理メニュー"
            width={DRAWER_WIDTH}
            tone="menu"
          >
            <AdminSideMenu items={items} onFollow={closeDrawer} />
            {user && <DrawerLogout href={logout.link}>{logout.title}</DrawerLogout>}
          </Drawer>
        )}
        <Suspense fallback={null}>
          {manualOpen && <ManualDialog open onClose={() => setManualOpen(false)} />}
          {featureRequestOpen && <FeatureRequestDialog open onClose={() => setFeatureRequestOpen(false)} />}
        </Suspense>
        <LayoutFeedback />
      </Page>
    </BadgeCountsProvider>
  );
}
