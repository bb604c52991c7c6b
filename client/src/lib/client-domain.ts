import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { DashboardArea } from './dashboard-widgets.tsx';
import type { PageLayout } from '#server/contracts/pages/page-list.ts';
import type { PathPattern } from '#server/contracts/path-pattern.ts';

/**
 * A domain's client half (its entry in client/src/app/features.ts): its pages, by the layout that
 * draws them. The router puts each layout's pages together; the page table
 * (server/contracts/page-table.ts) lists the same paths, and a component test compares the two.
 */
export interface ClientDomain {
  name: string;
  pages: Partial<Record<PageLayout, RouteObject[]>>;
  /** Its blocks on the dashboards (lazy components: lib/dashboard-widgets.tsx). */
  widgets?: Partial<Record<DashboardArea, readonly ComponentType[]>>;
}

export function defineClientDomain(domain: ClientDomain): ClientDomain {
  return domain;
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
