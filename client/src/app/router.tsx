import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject, RouterContextProvider } from 'react-router';
import { ThemeProvider } from 'styled-components';
import type { PublicAppConfig } from '../../../server/contracts/app-config.ts';
import { adminDashboardRoutes, companyDashboardRoutes } from '../features/dashboard/routes.tsx';
import { homeRoutes } from '../features/home/routes.tsx';
import { inquiryRoutes } from '../features/inquiry/routes.tsx';
import { adminNewsRoutes } from '../features/news/admin/routes.tsx';
import { companyNewsRoutes, publicNewsRoutes } from '../features/news/company/routes.tsx';
import { companyPaymentRoutes } from '../features/payment/routes.tsx';
import { staticPageRoutes } from '../features/static-pages/routes.tsx';
import { userSwitchRoutes } from '../features/user/routes.tsx';
import type { PageLocation } from '../lib/page-location.ts';
import { apiClientRouterContext } from '../lib/request/api-client-context.ts';
import { createTheme } from '../theme/create-theme.ts';
import { GlobalStyle } from '../theme/global-style.ts';
import { AppShell } from './app-shell.tsx';
import type { ChunkReloadGuard } from './chunk-reload.ts';
import { LazyErrorPage } from './error-pages/lazy-error-page.tsx';
import type { ErrorPageStore } from './error-pages/error-page-store.ts';
import { RouteErrorPage, StartupErrorPage } from './error-pages/route-error-page.tsx';
import { LoadingLayout, LoadingSafeLayout } from './loading-layouts.tsx';
import { createRouteGuard } from './route-guard.ts';
import {
  createMasterDataLoader,
  createStartup,
  type StartupData,
  type StartupServices,
} from './startup/startup-loader.ts';

export interface AppRouteServices extends StartupServices {
  /** The config the gateway embedded in the page, if usable: it brands the loading screen only. */
  placeholderConfig: PublicAppConfig | null;
  errorPages: ErrorPageStore;
  chunkReload: ChunkReloadGuard;
  /** Full page loads (the login redirect); the browser's location unless a test gives its own. */
  pageLocation?: Pick<PageLocation, 'assign'>;
}

const browserLocation: Pick<PageLocation, 'assign'> = { assign: (url) => window.location.assign(url) };

/**
 * While start-up runs: the bank-themed loading layout when the page carried the bank's config,
 * otherwise the safe one, which needs no theme.
 */
function StartupFallback({ config }: { config: PublicAppConfig | null }) {
  if (!config) return <LoadingSafeLayout />;
  return (
    <ThemeProvider theme={createTheme(config.theme.tokens)}>
      <GlobalStyle />
      <LoadingLayout />
    </ThemeProvider>
  );
}

/**
 * A layout with its pages, or nothing while it has none yet: a pathless route without children
 * would match a path of its own. Each layout is its own chunk, like the pages.
 */
function layoutRoute(
  layout: NonNullable<RouteObject['lazy']>,
  pages: RouteObject[],
  loader?: RouteObject['loader'],
  middleware?: RouteObject['middleware'],
): RouteObject[] {
  return pages.length === 0 ? [] : [{ lazy: layout, loader, middleware, children: pages }];
}

/**
 * An area's own path goes to its dashboard, and a path of the area that no page answers yet is the
 * 404 page inside the area's layout — after the layout's route guard, so a visitor still goes to
 * /login and a user of the other side to their own dashboard first.
 */
function areaFallbackRoutes(area: '/mypage' | '/admin', dashboard: string): RouteObject[] {
  return [
    { path: area, loader: () => redirect(dashboard) },
    { path: `${area}/*`, element: <LazyErrorPage status={404} /> },
  ];
}

/**
 * The features' routes in their layouts (spec section 2). Later issues add their pages here: the
 * company area (/mypage) to the default layout, the admin area to the admin layout, registration to
 * the register layouts (whose loader brings the register master), callback and logout pages to the
 * empty layout.
 */
function layoutRoutes(services: AppRouteServices, session: () => Promise<StartupData>): RouteObject[] {
  const registerMaster = createMasterDataLoader(services, 'register');
  // The route rules (server/contracts/route-access.ts) run before a logged-in layout's page loads.
  const guard = [createRouteGuard({ session, pageLocation: services.pageLocation ?? browserLocation })];
  // Admin spec section 2: the admin layout appears once its menu (the server's) has loaded too.
  const adminMenu = async () => {
    const [client, { serverMenuQuery }] = await Promise.all([
      services.queryClient(),
      import('../components/admin/admin-menu-query.ts'),
    ]);
    await client.ensureQueryData(serverMenuQuery(services.api));
    return null;
  };
  // The logged-in and registration layouts keep server state: they come with the query cache.
  const withQueryCache =
    (load: () => Promise<ComponentType>): NonNullable<RouteObject['lazy']> =>
    async () => {
      const [Layout, client, { withServerState }] = await Promise.all([
        load(),
        services.queryClient(),
        import('./with-server-state.tsx'),
      ]);
      return { Component: withServerState(Layout, client) };
    };
  return [
    // The public pages: no query cache (they load what they need in their routes' loaders).
    ...layoutRoute(
      async () => ({ Component: (await import('./layouts/plain-layout.tsx')).PlainLayout }),
      [...homeRoutes, ...staticPageRoutes, ...inquiryRoutes, ...publicNewsRoutes],
    ),
    ...layoutRoute(
      withQueryCache(async () => (await import('./layouts/default-layout.tsx')).DefaultLayout),
      [
        ...companyDashboardRoutes,
        ...companyNewsRoutes,
        ...companyPaymentRoutes,
        ...areaFallbackRoutes('/mypage', '/mypage/dashboard'),
      ],
      undefined,
      guard,
    ),
    ...layoutRoute(
      withQueryCache(async () => (await import('./layouts/admin-layout.tsx')).AdminLayout),
      [
        ...adminDashboardRoutes,
        ...userSwitchRoutes,
        ...adminNewsRoutes,
        ...areaFallbackRoutes('/admin', '/admin/dashboard'),
      ],
      adminMenu,
      guard,
    ),
    ...layoutRoute(
      withQueryCache(async () => (await import('./layouts/empty-layout.tsx')).EmptyLayout),
      [],
    ),
    ...layoutRoute(
      withQueryCache(async () => (await import('./layouts/register-layout.tsx')).RegisterLayout),
      [],
      registerMaster,
    ),
    ...(['bizsol', 'ibmft'] as const).flatMap((variant) =>
      layoutRoute(
        withQueryCache(async () => {
          const { RegisterUpgradeLayout } = await import('./layouts/register-upgrade-layout.tsx');
          return () => <RegisterUpgradeLayout variant={variant} />;
        }),
        [],
        registerMaster,
      ),
    ),
  ];
}

/**
 * The app's routes. The root route runs start-up (its loader) and renders the app shell; below it,
 * the features' routes inside their layouts. Every page and every layout is its own chunk, loaded
 * when first visited.
 */
export function createAppRoutes(services: AppRouteServices): RouteObject[] {
  const { placeholderConfig, errorPages, chunkReload } = services;
  const startup = createStartup(services);
  return [
    {
      id: 'root',
      path: '/',
      loader: startup.loader,
      HydrateFallback: () => <StartupFallback config={placeholderConfig} />,
      ErrorBoundary: () => <StartupErrorPage chunkReload={chunkReload} />,
      element: <AppShell errorPages={errorPages} />,
      children: [
        {
          // Errors of a page show inside the shell, in the bank's theme.
          ErrorBoundary: () => <RouteErrorPage chunkReload={chunkReload} />,
          children: [
            ...layoutRoutes(services, startup.session),
            { path: '*', element: <LazyErrorPage status={404} /> },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(services: AppRouteServices) {
  return createBrowserRouter(createAppRoutes(services), {
    // Loaders find the API client in their `context` (the public pages load their data there).
    getContext: () => new RouterContextProvider(new Map([[apiClientRouterContext, services.api]])),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
