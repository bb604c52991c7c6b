import { createContext, type ReactNode } from 'react';
import type { DataRouteMatch, Router, RouterState } from './router-store.ts';

/** The router (stable for the provider's life): what navigates. */
export const DataRouterContext = createContext<Router | null>(null);

/** The router's state as last rendered: what the location and data hooks read. */
export const DataRouterStateContext = createContext<RouterState | null>(null);

export interface RouteContextValue {
  /** The matches from the root down to the route being rendered. */
  matches: DataRouteMatch[];
  /** What `<Outlet />` renders: the next route down. */
  outlet: ReactNode;
  /** The error this route's ErrorBoundary shows, when it shows one. */
  error?: unknown;
}

/** The route being rendered. */
export const RouteContext = createContext<RouteContextValue>({ matches: [], outlet: null });
