/**
 * The app's router: React Router 8's names, options and route objects for the part the app uses
 * (docs/proposals/first-visit-router.md), at a tenth of its size. Import everything from here.
 */
export { matchRoutes, type Params, type RouteMatch } from './route-matching.ts';
export {
  createContext,
  type DataRouteObject,
  type IndexRouteObject,
  type LazyRouteProperties,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type MiddlewareFunction,
  type NonIndexRouteObject,
  type RouteObject,
  type RouterContext,
  RouterContextProvider,
} from './route-objects.ts';
export { type ErrorResponse, isRouteErrorResponse, redirect } from './route-responses.ts';
export {
  createPath,
  type HistoryAction,
  type Location,
  parsePath,
  type Path,
  type To,
} from './router-history.ts';
export {
  createBrowserRouter,
  createMemoryRouter,
  type DataRouteMatch,
  type MemoryRouterOptions,
  type NavigateOptions,
  type Navigation,
  type PatchRoutesOnNavigationFunctionArgs,
  type Router,
  type RouterOptions,
  type RouterState,
} from './router-store.ts';
export {
  createSearchParams,
  type NavigateFunction,
  type Revalidator,
  type SetURLSearchParams,
  type UIMatch,
  type URLSearchParamsInit,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useParams,
  useRevalidator,
  useRouteError,
  useSearchParams,
} from './router-hooks.ts';
export { Link, type LinkProps, Navigate, type NavigateProps, ScrollRestoration } from './router-links.tsx';
export {
  Outlet,
  RouterProvider,
  type RouterErrorHandler,
  type RouterErrorInfo,
  type RouterProviderProps,
} from './router-provider.tsx';
