import { use, useCallback, useMemo } from 'react';
import type { Params } from './route-matching.ts';
import { DataRouterContext, DataRouterStateContext, RouteContext } from './router-contexts.ts';
import type { Location, To } from './router-history.ts';
import type { NavigateOptions, Router, RouterState } from './router-store.ts';

/**
 * The hooks the app's pages use, with React Router's names and answers. They read the router that
 * RouterProvider renders.
 */

/** The hooks work inside <RouterProvider> only. */
const outsideRouter = () => new Error('Outside <RouterProvider>');

export function useRouter(): Router {
  const router = use(DataRouterContext);
  if (!router) throw outsideRouter();
  return router;
}

export function useRouterState(): RouterState {
  const state = use(DataRouterStateContext);
  if (!state) throw outsideRouter();
  return state;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): Promise<void>;
  /** Back (-1) or forward (1) in the history. */
  (delta: number): Promise<void>;
}

/** `navigate(to, { replace, state })` or `navigate(-1)`; the same function for the router's life. */
export function useNavigate(): NavigateFunction {
  const router = useRouter();
  return useCallback(
    (to: To | number, options?: NavigateOptions) => router.navigate(to, options),
    [router],
  ) as NavigateFunction;
}

export function useLocation<State = unknown>(): Location<State> {
  return useRouterState().location as Location<State>;
}

/** The params of the route being rendered (all of its match's, parents' included). */
export function useParams<Key extends string = string>(): Readonly<Partial<Record<Key, string>>> {
  return (use(RouteContext).matches.at(-1)?.params ?? {}) as Readonly<Partial<Record<Key, string>>>;
}

export type URLSearchParamsInit =
  string | [string, string][] | Record<string, string | string[]> | URLSearchParams;

export function createSearchParams(init: URLSearchParamsInit = ''): URLSearchParams {
  if (typeof init === 'string' || Array.isArray(init) || init instanceof URLSearchParams)
    return new URLSearchParams(init);
  return new URLSearchParams(
    Object.entries(init).flatMap(([key, value]) =>
      Array.isArray(value)
        ? value.map((one): [string, string] => [key, one])
        : [[key, value] as [string, string]],
    ),
  );
}

export type SetURLSearchParams = (
  next: URLSearchParamsInit | ((current: URLSearchParams) => URLSearchParamsInit),
  options?: NavigateOptions,
) => Promise<void>;

/** The location's search params, and a setter that navigates to the same path with new ones. */
export function useSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const router = useRouter();
  const { search } = useLocation();
  const searchParams = useMemo(() => new URLSearchParams(search), [search]);
  const setSearchParams = useCallback<SetURLSearchParams>(
    (next, options) => {
      const current = new URLSearchParams(router.state.location.search);
      const params = createSearchParams(typeof next === 'function' ? next(current) : next);
      return router.navigate(`?${params}`, options);
    },
    [router],
  );
  return [searchParams, setSearchParams];
}

/** A loader's data: `useLoaderData<typeof loader>()` gives what the loader resolves to. */
export type LoaderData<T> = T extends (...args: never[]) => infer Result ? Awaited<Result> : T;

export function useLoaderData<T = unknown>(): LoaderData<T> {
  const state = useRouterState();
  const route = use(RouteContext).matches.at(-1)?.route;
  return (route ? state.loaderData[route.id] : undefined) as LoaderData<T>;
}

export interface UIMatch {
  id: string;
  pathname: string;
  params: Params;
  /** The route's loader data. */
  data: unknown;
  loaderData: unknown;
  handle: unknown;
}

/** Every current match, root first, with its handle and data (a page's title, its breadcrumbs). */
export function useMatches(): UIMatch[] {
  const { matches, loaderData } = useRouterState();
  return useMemo(
    () =>
      matches.map(({ route, pathname, params }) => ({
        id: route.id,
        pathname,
        params,
        data: loaderData[route.id],
        loaderData: loaderData[route.id],
        handle: route.handle,
      })),
    [matches, loaderData],
  );
}

/** Inside an ErrorBoundary: what the route threw (or the 404 of a URL no route matches). */
export function useRouteError(): unknown {
  return use(RouteContext).error;
}

export interface Revalidator {
  revalidate: () => Promise<void>;
  state: 'idle' | 'loading';
}

/** Runs the current routes' loaders again: `revalidate()`, and whether one is running. */
export function useRevalidator(): Revalidator {
  const router = useRouter();
  const { revalidation } = useRouterState();
  const revalidate = useCallback(() => router.revalidate(), [router]);
  return useMemo(() => ({ revalidate, state: revalidation }), [revalidate, revalidation]);
}
