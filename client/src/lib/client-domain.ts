import type { ComponentType } from 'react';
import type { NonIndexRouteObject, RouteObject } from '#client/lib/router/index.ts';
import type { DashboardArea } from './dashboard-widgets.tsx';
import type { PageEntry, PageLayout } from '#server/contracts/pages/page-list.ts';
import type { PathPattern } from '#server/contracts/path-pattern.ts';

/**
 * A domain's client half (its entry in client/src/app/features.ts), as the router takes it: its
 * pages' routes, by the layout that draws them (`defineClientDomain` groups them by their
 * definitions' layouts).
 */
export interface ClientDomain {
  name: string;
  pages: Partial<Record<PageLayout, RouteObject[]>>;
  /** Its blocks on the dashboards (lazy components: lib/dashboard-widgets.tsx). */
  widgets?: Partial<Record<DashboardArea, readonly ComponentType[]>>;
}

/** What a page's route draws: everything of a route but its path, which is the page's. */
export type PageRouteParts = Omit<NonIndexRouteObject, 'path' | 'index' | 'children'>;

/** A page's route: the route the router takes, with the page definition it was made from. */
export type PageRoute = NonIndexRouteObject & { readonly page: PageEntry };

/**
 * The route of a defined page (decision 0114): its path is the definition's, `{id}` written as the
 * router's `:id`, and its layout the definition's, so a route cannot name a path the page table
 * does not have or sit in another layout than the one the gateway and the menus expect.
 */
export function pageRoute(page: PageEntry, parts: PageRouteParts): PageRoute {
  return { ...parts, path: page.path.replace(/\{(\w+)\}/g, ':$1'), page };
}

/**
 * A domain from its pages' routes (each page in its definition's layout) and its dashboard
 * widgets; a domain with widgets only passes `routes: []`.
 */
export function defineClientDomain({
  name,
  routes,
  widgets,
}: {
  name: string;
  routes: readonly PageRoute[];
  widgets?: ClientDomain['widgets'];
}): ClientDomain {
  const pages: ClientDomain['pages'] = {};
  for (const route of routes) (pages[route.page.layout] ??= []).push(route);
  return widgets ? { name, pages, widgets } : { name, pages };
}

/**
 * A domain whose route table loads on the first navigation to one of its pages (the router's route
 * discovery, client/src/app/router.tsx; listed by area in client/src/app/lazy-*-domains.ts), so the
 * first scripts of every other page carry none of it.
 */
export interface LazyClientDomain {
  name: string;
  /**
   * The paths of its pages in this area: the staff's and the companies' tables name their page lists'
   * paths (`pathsOf`, from the page table they load anyway); the public table names path prefixes
   * (`/news/**`), so that a public page's first visit loads no page list (decision 0113).
   */
  paths: readonly PathPattern[];
  load: () => Promise<ClientDomain>;
}
