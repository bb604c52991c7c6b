import { type Params, type RouteMatch, matchRankedBranches, rankRouteBranches } from './route-matching.ts';
import {
  type DataRouteObject,
  type LazyRouteProperties,
  type LoaderFunctionArgs,
  type RouteObject,
  RouterContextProvider,
} from './route-objects.ts';
import { errorResponseOf, isRedirectResponse, notFoundResponse } from './route-responses.ts';
import {
  type HistoryAction,
  type Location,
  type RouterHistory,
  type To,
  createBrowserHistory,
  createLocation,
  createMemoryHistory,
  createPath,
  resolveTo,
} from './router-history.ts';

/**
 * The data router: a navigation finds its routes (asking patchRoutesOnNavigation first when only a
 * dynamic or splat route answers), runs the routes' middleware, then their lazy() and loaders side
 * by side, and only then commits the new location, matches and data, so the old page stays on screen
 * meanwhile. A newer navigation aborts the older one's request and drops its result. Names and
 * state fields are React Router 8's, for the part the app reads.
 */

export type DataRouteMatch = RouteMatch<DataRouteObject>;

export interface Navigation {
  state: 'idle' | 'loading';
  /** Where a pending navigation goes. */
  location?: Location;
}

export interface RouterState {
  historyAction: HistoryAction;
  location: Location;
  matches: DataRouteMatch[];
  /** False until the first navigation has settled (the HydrateFallback shows meanwhile). */
  initialized: boolean;
  navigation: Navigation;
  revalidation: 'idle' | 'loading';
  /** Each route's loader data, by route id. */
  loaderData: Record<string, unknown>;
  /** The errors of the last navigation, by the id of the route whose ErrorBoundary shows each. */
  errors: Record<string, unknown> | null;
}

export interface PatchRoutesOnNavigationFunctionArgs {
  signal: AbortSignal;
  path: string;
  matches: DataRouteMatch[];
  patch: (routeId: string | null, children: RouteObject[]) => void;
}

export interface RouterOptions {
  /** A fresh context for each navigation's middleware and loaders. */
  getContext?: () => RouterContextProvider;
  patchRoutesOnNavigation?: (args: PatchRoutesOnNavigationFunctionArgs) => void | Promise<void>;
}

export interface MemoryRouterOptions extends RouterOptions {
  initialEntries?: ReadonlyArray<string | Partial<Location>>;
  initialIndex?: number;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface Router {
  readonly state: RouterState;
  readonly routes: DataRouteObject[];
  /** Resolves once the navigation (and any redirect it meets) has settled or was superseded. */
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
  /** Runs every current route's loader again (the location stays). */
  revalidate(): Promise<void>;
  subscribe(listener: (state: RouterState) => void): () => void;
  createHref(to: To): string;
  /** Called with the location being left, just before a new one is committed (ScrollRestoration). */
  onLeave(listener: ((from: Location) => void) | null): void;
  /** The first matches, known before any loader ran: the HydrateFallback is found there. */
  readonly initialMatches: DataRouteMatch[];
  dispose(): void;
}

interface PendingNavigation {
  controller: AbortController;
  action: HistoryAction;
  location: Location;
  replace: boolean;
  /** False for a revalidation: the history and location stay. */
  moves: boolean;
}

type LoadOutcome =
  | { redirect: string }
  | { redirect?: undefined; loaderData: Record<string, unknown>; errors: Record<string, unknown> };

/** Which fields `lazy()` may not set (React Router's list): matching is decided before it loads. */
const MATCHING_FIELDS = new Set(['id', 'path', 'index', 'children', 'lazy', 'middleware']);
const IDLE: Navigation = { state: 'idle' };

/** The routes as the router keeps them: copied (lazy() fills the copies), each with an id. */
function toDataRoutes(
  routes: readonly RouteObject[],
  parentPath: readonly string[],
  manifest: Map<string, DataRouteObject>,
): DataRouteObject[] {
  return routes.map((route, index) => {
    const treePath = [...parentPath, String(index)];
    const id = route.id ?? treePath.join('-');
    if (manifest.has(id)) throw new Error(`Duplicate route id ${id}`);
    const { children, ...own } = route;
    const data = { ...own, id } as DataRouteObject;
    manifest.set(id, data);
    if (children) data.children = toDataRoutes(children, treePath, manifest);
    return data;
  });
}

/** React Router's hash-only change: same path and search, and a hash to go to. */
function isHashChangeOnly(from: Location, to: Location): boolean {
  if (from.pathname !== to.pathname || from.search !== to.search) return false;
  return to.hash !== '' || (from.hash === '' ? false : from.hash === to.hash);
}

const isAbsoluteUrl = (url: string) => /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(url);

/** A thrown middleware error, with the index of the route whose middleware threw it. */
class MiddlewareFailure {
  readonly error: unknown;
  readonly index: number;

  constructor(error: unknown, index: number) {
    this.error = error;
    this.index = index;
  }
}

export function createRouter(
  routes: readonly RouteObject[],
  history: RouterHistory,
  options: RouterOptions & { origin: string; leaveDocument?: (url: string) => void },
): Router {
  const manifest = new Map<string, DataRouteObject>();
  const dataRoutes = toDataRoutes(routes, [], manifest);
  let branches = rankRouteBranches(dataRoutes);
  const lazyLoads = new Map<string, Promise<void>>();
  const listeners = new Set<(state: RouterState) => void>();
  let leaveListener: ((from: Location) => void) | null = null;
  let pending: PendingNavigation | null = null;
  let popWaiters: Array<() => void> = [];
  let patchedCount = 0;

  const match = (pathname: string) => matchRankedBranches(branches, pathname);
  const initialLocation = history.location;
  const needsDiscovery = (found: DataRouteMatch[] | null) =>
    options.patchRoutesOnNavigation !== undefined &&
    (!found || Object.keys(found[0]?.params ?? {}).length > 0);
  const found = match(initialLocation.pathname);
  // As React Router: with nothing to load, run or discover, the first page renders at once (a URL no
  // route matches too, as the 404).
  const notFoundAtOnce = !found && !options.patchRoutesOnNavigation;
  const initialMatches = found ?? (notFoundAtOnce ? notFoundMatches() : []);
  const initialized =
    notFoundAtOnce ||
    (found !== null &&
      !needsDiscovery(found) &&
      !found.some(({ route }) => route.loader || route.lazy || route.middleware?.length));

  let state: RouterState = {
    historyAction: 'POP',
    location: initialLocation,
    matches: initialMatches,
    initialized,
    navigation: IDLE,
    revalidation: 'idle',
    loaderData: {},
    errors: notFoundAtOnce
      ? { [initialMatches[0]!.route.id]: notFoundResponse(initialLocation.pathname) }
      : null,
  };

  function update(next: Partial<RouterState>) {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener(state);
  }

  function patchRoutes(routeId: string | null, children: RouteObject[]) {
    const parent = routeId === null ? null : manifest.get(routeId);
    if (parent === undefined) throw new Error(`No route ${routeId} to patch`);
    const siblings = parent ? ((parent as { children?: DataRouteObject[] }).children ??= []) : dataRoutes;
    const fresh = children.filter(
      (child) =>
        !siblings.some((existing) =>
          child.id !== undefined
            ? existing.id === child.id
            : child.path !== undefined && existing.path === child.path && !existing.index === !child.index,
        ),
    );
    if (fresh.length === 0) return;
    patchedCount += 1;
    siblings.push(...toDataRoutes(fresh, [parent?.id ?? '', 'patch', String(patchedCount)], manifest));
    branches = rankRouteBranches(dataRoutes);
  }

  /** A route's lazy() once (again after a failure, as React Router does), merged into the route. */
  function loadLazy(route: DataRouteObject): Promise<void> {
    const lazy = route.lazy;
    if (!lazy) return Promise.resolve();
    let loading = lazyLoads.get(route.id);
    if (!loading) {
      loading = lazy().then(
        (properties) => {
          const target = route as Record<string, unknown>;
          for (const [key, value] of Object.entries(properties as LazyRouteProperties)) {
            // Statically defined fields win, as in React Router.
            if (!MATCHING_FIELDS.has(key) && target[key] === undefined) target[key] = value;
          }
          delete target.lazy;
        },
        (error: unknown) => {
          lazyLoads.delete(route.id);
          throw error;
        },
      );
      lazyLoads.set(route.id, loading);
    }
    return loading;
  }

  /** React Router's default revalidation: new or changed routes, a changed search, the same URL again. */
  function wantsLoad(found: DataRouteMatch, index: number, to: Location, force: boolean): boolean {
    if (force || !state.initialized) return true;
    const current = state.matches[index];
    if (!current || current.route.id !== found.route.id || !(found.route.id in state.loaderData)) return true;
    if (current.pathname !== found.pathname) return true;
    if (found.route.path?.endsWith('*') && current.params['*'] !== found.params['*']) return true;
    const from = state.location;
    return from.search !== to.search || from.pathname === to.pathname;
  }

  /** The route whose ErrorBoundary shows an error of the route at `index`: it, or the nearest parent with one. */
  function boundaryOf(found: DataRouteMatch[], index: number): string {
    for (let i = Math.min(index, found.length - 1); i >= 0; i -= 1) {
      if (found[i]!.route.ErrorBoundary) return found[i]!.route.id;
    }
    return found[0]!.route.id;
  }

  async function loadMatches(
    found: DataRouteMatch[],
    request: Request,
    context: RouterContextProvider,
    wants: boolean[],
  ): Promise<LoadOutcome> {
    // The chunks start loading at once, while the middleware runs.
    const lazies = found.map(({ route }) => loadLazy(route));
    const lazySettled = Promise.allSettled(lazies);
    const argsOf = (params: Params): LoaderFunctionArgs => ({ request, params, context });
    const results: Array<{ data?: unknown; error?: unknown; failed?: true } | undefined> = [];

    const runLoaders = () =>
      Promise.all(
        found.map(async ({ route, params }, index) => {
          try {
            // A loader defined beside lazy() runs alongside it; one that lazy() brings, after it.
            if (!route.loader) await lazies[index];
            const loader = route.loader;
            if (!loader || !wants[index]) return await lazies[index];
            const [data] = await Promise.all([loader(argsOf(params)), lazies[index]]);
            results[index] = { data };
          } catch (error) {
            results[index] = { error, failed: true };
          }
        }),
      );

    const chain = found.flatMap(({ route, params }, index) =>
      (route.middleware ?? []).map((middleware) => ({ middleware, params, index })),
    );
    const runMiddleware = async (position: number): Promise<unknown> => {
      if (request.signal.aborted) throw new MiddlewareFailure(request.signal.reason, found.length - 1);
      const step = chain[position];
      if (!step) return runLoaders();
      let next: Promise<unknown> | undefined;
      try {
        const value = await step.middleware(argsOf(step.params), () => {
          if (next) throw new Error('next() called twice');
          next = runMiddleware(position + 1);
          return next;
        });
        if (isRedirectResponse(value)) throw value;
      } catch (error) {
        throw error instanceof MiddlewareFailure ? error : new MiddlewareFailure(error, step.index);
      }
      return next ?? runMiddleware(position + 1);
    };

    let failure: MiddlewareFailure | undefined;
    try {
      await runMiddleware(0);
    } catch (error) {
      if (!(error instanceof MiddlewareFailure)) throw error;
      failure = error;
    }
    const lazyOutcomes = await lazySettled;

    const errors: Record<string, unknown> = {};
    const addError = async (index: number, error: unknown) => {
      const boundary = boundaryOf(found, index);
      if (boundary in errors) return;
      errors[boundary] = error instanceof Response ? await errorResponseOf(error) : error;
    };
    if (failure) {
      if (isRedirectResponse(failure.error)) return { redirect: failure.error.headers.get('Location')! };
      // As React Router: no loader ran, so the error shows at or above the first route that would have loaded.
      const firstToLoad = wants.findIndex((want, index) => want && found[index]!.route.loader);
      const start = firstToLoad >= 0 ? Math.min(failure.index, firstToLoad) : failure.index;
      for (const [index, outcome] of lazyOutcomes.entries()) {
        if (index <= start && outcome.status === 'rejected') await addError(index, outcome.reason);
      }
      await addError(start, failure.error);
      return { loaderData: keptLoaderData(found, {}), errors };
    }
    for (const result of results) {
      const value = result?.failed ? result.error : result?.data;
      if (isRedirectResponse(value)) return { redirect: value.headers.get('Location')! };
    }
    const loaded: Record<string, unknown> = {};
    for (const [index, result] of results.entries()) {
      if (!result) continue;
      if (result.failed) await addError(index, result.error);
      else loaded[found[index]!.route.id] = result.data;
    }
    return { loaderData: keptLoaderData(found, loaded), errors };
  }

  /** The new data, and the data of routes still matched that did not load again. */
  function keptLoaderData(found: DataRouteMatch[], loaded: Record<string, unknown>): Record<string, unknown> {
    const data: Record<string, unknown> = {};
    for (const { route } of found) {
      if (route.id in loaded) data[route.id] = loaded[route.id];
      else if (route.id in state.loaderData) data[route.id] = state.loaderData[route.id];
    }
    return data;
  }

  function commit(
    navigation: PendingNavigation,
    matches: DataRouteMatch[],
    loaderData: Record<string, unknown>,
    errors: Record<string, unknown> | null,
  ) {
    pending = null;
    if (navigation.moves) {
      leaveListener?.(state.location);
      if (navigation.action === 'PUSH') history.push(navigation.location);
      else if (navigation.action === 'REPLACE') history.replace(navigation.location);
    }
    update({
      historyAction: navigation.moves ? navigation.action : state.historyAction,
      location: navigation.moves ? navigation.location : state.location,
      matches,
      initialized: true,
      navigation: IDLE,
      revalidation: 'idle',
      loaderData,
      errors: errors && Object.keys(errors).length > 0 ? errors : null,
    });
  }

  /** The route a URL no route matches shows its 404 at: the only root route, or the root layout. */
  function notFoundMatches(): DataRouteMatch[] {
    const route =
      dataRoutes.length === 1
        ? dataRoutes[0]!
        : (dataRoutes.find((candidate) => candidate.index || !candidate.path || candidate.path === '/') ??
          dataRoutes[0]!);
    return [{ params: {}, pathname: '', pathnameBase: '', route }];
  }

  async function startNavigation(
    action: HistoryAction,
    location: Location,
    { replace = false, revalidate = false, moves = true } = {},
  ): Promise<void> {
    pending?.controller.abort();
    const controller = new AbortController();
    const navigation: PendingNavigation = { controller, action, location, replace, moves };
    pending = navigation;
    const { signal } = controller;
    let found = match(location.pathname);
    const notFound = () => {
      const fallback = notFoundMatches();
      commit(navigation, fallback, {}, { [fallback[0]!.route.id]: notFoundResponse(location.pathname) });
    };

    if (found && state.initialized && moves && !revalidate && isHashChangeOnly(state.location, location)) {
      commit(navigation, found, state.loaderData, state.errors);
      return;
    }
    // As React Router: with no middleware, chunk or loader to wait for (a change of search on a page
    // without a loader, say) or no route at all, the navigation settles at once, in the same task.
    if (!needsDiscovery(found)) {
      if (!found) return notFound();
      const settled = !found.some(
        (candidate, index) =>
          candidate.route.lazy ||
          candidate.route.middleware?.length ||
          (candidate.route.loader && wantsLoad(candidate, index, location, revalidate)),
      );
      if (settled) return commit(navigation, found, keptLoaderData(found, {}), null);
    }
    if (state.initialized)
      update(moves ? { navigation: { state: 'loading', location } } : { revalidation: 'loading' });

    if (needsDiscovery(found)) {
      try {
        await options.patchRoutesOnNavigation!({
          signal,
          path: location.pathname,
          matches: found ?? [],
          patch: (routeId, children) => {
            if (!signal.aborted) patchRoutes(routeId, children);
          },
        });
      } catch (error) {
        if (pending !== navigation) return;
        const fallback = notFoundMatches();
        commit(navigation, fallback, {}, { [fallback[0]!.route.id]: error });
        return;
      }
      if (pending !== navigation) return;
      found = match(location.pathname);
    }
    if (!found) return notFound();

    const request = new Request(new URL(createPath(location), options.origin), { signal });
    const context = options.getContext?.() ?? new RouterContextProvider();
    const matches = found;
    const wants = matches.map((candidate, index) => wantsLoad(candidate, index, location, revalidate));
    const outcome = await loadMatches(matches, request, context, wants);
    if (pending !== navigation) return;
    if (outcome.redirect !== undefined) {
      const target = outcome.redirect;
      const url = new URL(target, new URL(createPath(location), options.origin));
      if (isAbsoluteUrl(target) && url.origin !== options.origin) {
        pending = null;
        options.leaveDocument?.(target);
        return;
      }
      return startNavigation(
        replace ? 'REPLACE' : 'PUSH',
        createLocation(resolveTo(`${url.pathname}${url.search}${url.hash}`, location)),
        { replace },
      );
    }
    commit(navigation, matches, outcome.loaderData, outcome.errors);
  }

  const router: Router = {
    get state() {
      return state;
    },
    routes: dataRoutes,
    initialMatches,
    navigate(to, navigateOptions = {}) {
      if (typeof to === 'number') {
        return new Promise<void>((resolve) => {
          popWaiters.push(resolve);
          history.go(to);
        });
      }
      const location = createLocation(resolveTo(to, state.location), navigateOptions.state ?? null);
      return startNavigation(navigateOptions.replace ? 'REPLACE' : 'PUSH', location, {
        replace: navigateOptions.replace,
      });
    },
    revalidate() {
      // A pending navigation starts again with every loader; otherwise the current location reloads in place.
      if (pending?.moves)
        return startNavigation(pending.action, pending.location, {
          replace: pending.replace,
          revalidate: true,
        });
      return startNavigation(state.historyAction, state.location, { revalidate: true, moves: false });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    createHref: (to) => createPath(resolveTo(to, state.location)),
    onLeave(listener) {
      leaveListener = listener;
    },
    dispose() {
      stopListening();
      pending?.controller.abort();
      pending = null;
      listeners.clear();
    },
  };

  const stopListening = history.listen((location) => {
    const waiters = popWaiters;
    popWaiters = [];
    void startNavigation('POP', location).then(() => waiters.forEach((resolve) => resolve()));
  });
  if (!initialized) void startNavigation('POP', initialLocation);
  return router;
}

/** A router over the browser's history (React Router's `createBrowserRouter`). */
export function createBrowserRouter(routes: readonly RouteObject[], options: RouterOptions = {}): Router {
  return createRouter(routes, createBrowserHistory(window), {
    ...options,
    origin: window.location.origin,
    leaveDocument: (url) => window.location.assign(url),
  });
}

/** A router over an in-memory history, for tests (React Router's `createMemoryRouter`). */
export function createMemoryRouter(
  routes: readonly RouteObject[],
  options: MemoryRouterOptions = {},
): Router {
  const { initialEntries, initialIndex, ...rest } = options;
  return createRouter(routes, createMemoryHistory(initialEntries, initialIndex), {
    ...rest,
    origin: 'http://localhost',
  });
}
