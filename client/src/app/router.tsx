import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  redirect,
  type RouteObject,
  RouterContextProvider,
} from '#client/lib/router/index.ts';
import { ThemeProvider } from 'styled-components';
import type { PublicAppConfig } from '#server/contracts/app-config.ts';
import type { PageLayout } from '#server/contracts/pages/page-list.ts';
import type { ClientDomain } from '../lib/client-domain.ts';
import type { PageLocation } from '../lib/page-location.ts';
import { ADMIN_HOME_PATH, COMPANY_HOME_PATH } from '#server/contracts/home-paths.ts';
import { apiClientRouterContext } from '../lib/request/api-client-context.ts';
import { createTheme } from '../theme/create-theme.ts';
import { GlobalStyle } from '../theme/global-style.ts';
import { AppShell } from './app-shell.tsx';
import { CLIENT_DOMAINS, pagesOfLayout } from './features.ts';
import type { RouteDiscovery } from './route-discovery.ts';
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
 * A layout with its pages (none yet is fine: a pathless route with no children matches no path, and
 * a lazy domain's pages are patched in below it on the first navigation to one). Each layout is its own chunk, like the pages. Its id names the
 * layout as the page table does (server/contracts/page-table.ts), which lists the same pages: a
 * component test compares the two.
 */
function layoutRoute(
  name: PageLayout,
  layout: NonNullable<RouteObject['lazy']>,
  pages: RouteObject[],
  loader?: RouteObject['loader'],
  middleware?: RouteObject['middleware'],
): RouteObject[] {
  return [{ id: `layout-${name}`, lazy: layout, loader, middleware, children: pages }];
}

/** The 404 page for the paths under `prefix` that no page answers (`prefix/*` matches `prefix` too). */
function notFoundUnder(prefix: string): RouteObject {
  return { id: `not-found-${prefix}`, path: `${prefix}/*`, element: <LazyErrorPage status={404} /> };
}

/**
 * An area's own path goes to its dashboard, and a path of the area that no page answers yet is the
 * 404 page inside the area's layout — after the layout's route guard, so a visitor still goes to
 * /login and a user of the other side to their own dashboard first — so a phone user keeps the
 * navigation.
 */
function areaFallbackRoutes(area: '/mypage' | '/admin', dashboard: string): RouteObject[] {
  return [{ path: area, loader: () => redirect(dashboard) }, notFoundUnder(area)];
}

/**
 * The domains' pages in their layouts (spec section 2), from the manifest (./features.ts): a new
 * domain's pages appear here without an edit, the register layouts' loader bringing the register
 * master, the areas' fallbacks after them.
 */
function layoutRoutes(
  services: AppRouteServices,
  session: () => Promise<StartupData>,
  domains: readonly ClientDomain[],
): RouteObject[] {
  const pagesOf = (layout: PageLayout) => pagesOfLayout(layout, domains);
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
      'plain',
      async () => ({ Component: (await import('./layouts/plain-layout.tsx')).PlainLayout }),
      pagesOf('plain'),
    ),
    ...layoutRoute(
      'default',
      withQueryCache(async () => (await import('./layouts/default-layout.tsx')).DefaultLayout),
      [
        ...pagesOf('default'),
        ...areaFallbackRoutes('/mypage', COMPANY_HOME_PATH),
        // Business chat (/chat) belongs to the company area too (spec section 2).
        notFoundUnder('/chat'),
      ],
      undefined,
      guard,
    ),
    ...layoutRoute(
      'admin',
      withQueryCache(async () => (await import('./layouts/admin-layout.tsx')).AdminLayout),
      [...pagesOf('admin'), ...areaFallbackRoutes('/admin', ADMIN_HOME_PATH)],
      adminMenu,
      guard,
    ),
    ...layoutRoute(
      'empty',
      withQueryCache(async () => (await import('./layouts/empty-layout.tsx')).EmptyLayout),
      pagesOf('empty'),
    ),
    ...layoutRoute(
      'register',
      withQueryCache(async () => (await import('./layouts/register-layout.tsx')).RegisterLayout),
      pagesOf('register'),
      registerMaster,
    ),
    ...(['bizsol', 'ibmft'] as const).flatMap((variant) =>
      layoutRoute(
        `register-upgrade-${variant}`,
        withQueryCache(async () => {
          const { RegisterUpgradeLayout } = await import('./layouts/register-upgrade-layout.tsx');
          return () => <RegisterUpgradeLayout variant={variant} />;
        }),
        pagesOf(`register-upgrade-${variant}`),
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
export function createAppRoutes(
  services: AppRouteServices,
  domains: readonly ClientDomain[] = CLIENT_DOMAINS,
): RouteObject[] {
  const { placeholderConfig, errorPages, chunkReload } = services;
  const startup = createStartup(services);
  return [
    {
      id: 'root',
      path: '/',
      loader: startup.loader,
      HydrateFallback: () => <StartupFallback config={placeholderConfig} />,
      ErrorBoundary: () => <StartupErrorPage chunkReload={chunkReload} />,
      element: <AppShell errorPages={errorPages} forgetUser={startup.forgetUser} />,
      children: [
        {
          // Errors of a page show inside the shell, in the bank's theme.
          ErrorBoundary: () => <RouteErrorPage chunkReload={chunkReload} />,
          children: [
            ...layoutRoutes(services, startup.session, domains),
            { id: 'not-found', path: '*', element: <LazyErrorPage status={404} /> },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(services: AppRouteServices) {
  // This router's discovery: its module loads with the first navigation that needs it.
  let discovery: Promise<RouteDiscovery> | undefined;
  return createBrowserRouter(createAppRoutes(services), {
    // Loaders find the API client in their `context` (the public pages load their data there).
    getContext: () => new RouterContextProvider(new Map([[apiClientRouterContext, services.api]])),
    patchRoutesOnNavigation: async (args) => {
      discovery ??= import('./route-discovery.ts').then((module) => module.discoverLazyDomains());
      return (await discovery)(args);
    },
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
