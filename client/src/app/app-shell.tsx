import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { Outlet, ScrollRestoration, useLoaderData, useRevalidator } from '#client/lib/router/index.ts';
import { ThemeProvider } from 'styled-components';
import { OverlayProvider } from '../components/feedback/overlay.tsx';
import { ToastProvider } from '../components/feedback/toast.tsx';
import { AppConfigProvider } from '../lib/app-config-context.tsx';
import { CurrentUserProvider } from '../lib/current-user.ts';
import { DashboardWidgetsContext } from '../lib/dashboard-widgets.tsx';
import { createTheme } from '../theme/create-theme.ts';
import { GlobalStyle } from '../theme/global-style.ts';
import { LazyErrorPage } from './error-pages/lazy-error-page.tsx';
import type { ErrorPageStore } from './error-pages/error-page-store.ts';
import type { StartupData } from './startup/startup-loader.ts';
import { dashboardWidgetsOf } from './features.ts';

/** The domains' dashboard widgets (lazy), the same for the app's life. */
const DASHBOARD_WIDGETS = dashboardWidgetsOf();

/**
 * The root route's element, rendered once start-up has loaded: the bank's config and theme, the
 * logged-in user, toasts and the overlay spinner for every page below, and the request layer's
 * error page (the 401) in place of the page when one was asked for.
 */
export function AppShell({
  errorPages,
  forgetUser,
}: {
  errorPages: ErrorPageStore;
  /** Start-up's forgetUser: the next root load asks for the user again. */
  forgetUser: () => void;
}) {
  const { config, user } = useLoaderData<StartupData>();
  const { revalidate } = useRevalidator();
  const refreshUser = useCallback(async () => {
    forgetUser();
    await revalidate();
  }, [forgetUser, revalidate]);
  const theme = useMemo(() => createTheme(config.theme.tokens), [config]);
  const errorPage = useSyncExternalStore(errorPages.subscribe, errorPages.current);
  return (
    <AppConfigProvider config={config}>
      <CurrentUserProvider user={user} refresh={refreshUser}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <ToastProvider>
            <OverlayProvider>
              <ScrollRestoration />
              <DashboardWidgetsContext value={DASHBOARD_WIDGETS}>
                {errorPage ? <LazyErrorPage {...errorPage} /> : <Outlet />}
              </DashboardWidgetsContext>
            </OverlayProvider>
          </ToastProvider>
        </ThemeProvider>
      </CurrentUserProvider>
    </AppConfigProvider>
  );
}
