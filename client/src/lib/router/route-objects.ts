import type { ComponentType, ReactNode } from 'react';
import type { Params } from './route-matching.ts';

/**
 * The route objects and the loaders' arguments, with React Router 8's names and fields for the part
 * the app uses (no actions, no `shouldRevalidate`, no `errorElement`).
 */

/** A key for a value in the loaders' context (React Router's `createContext`). */
export interface RouterContext<T = unknown> {
  readonly defaultValue?: T;
}

export function createContext<T>(defaultValue?: T): RouterContext<T> {
  return { defaultValue };
}

/** The values a navigation's middleware and loaders share (`context.get(key)`). */
export class RouterContextProvider {
  readonly #values: Map<RouterContext, unknown>;

  constructor(init?: Map<RouterContext, unknown>) {
    this.#values = new Map(init);
  }

  get<T>(context: RouterContext<T>): T {
    if (this.#values.has(context)) return this.#values.get(context) as T;
    if (context.defaultValue !== undefined) return context.defaultValue;
    throw new Error('No context value');
  }

  set<T>(context: RouterContext<T>, value: T): void {
    this.#values.set(context, value);
  }
}

export interface LoaderFunctionArgs<Context = Readonly<RouterContextProvider>> {
  /** The navigation's request: its URL and the signal that aborts when a newer navigation wins. */
  request: Request;
  params: Params;
  context: Context;
}

export type LoaderFunction = (args: LoaderFunctionArgs) => unknown;

/** Route middleware: runs before the loaders, parents first; `next()` runs the rest (called for you). */
export type MiddlewareFunction<Result = unknown> = (
  args: LoaderFunctionArgs,
  next: () => Promise<Result>,
) => Result | void | Promise<Result | void>;

/** What a route's `lazy()` may bring: everything but what matching needs, and middleware. */
export interface LazyRouteProperties {
  loader?: LoaderFunction;
  handle?: unknown;
  Component?: ComponentType | null;
  element?: ReactNode | null;
  ErrorBoundary?: ComponentType | null;
  HydrateFallback?: ComponentType | null;
}

interface BaseRouteObject extends LazyRouteProperties {
  id?: string;
  path?: string;
  middleware?: MiddlewareFunction[];
  lazy?: () => Promise<LazyRouteProperties>;
}

export interface IndexRouteObject extends BaseRouteObject {
  index: true;
  children?: undefined;
}

export interface NonIndexRouteObject extends BaseRouteObject {
  index?: false;
  children?: RouteObject[];
}

export type RouteObject = IndexRouteObject | NonIndexRouteObject;

/** A route as the router keeps it: an id always, its children the same, `lazy()`'s fields merged in. */
export type DataRouteObject = (
  IndexRouteObject | (Omit<NonIndexRouteObject, 'children'> & { children?: DataRouteObject[] })
) & {
  id: string;
};
