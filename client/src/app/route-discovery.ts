import type { RouteObject } from 'react-router';
import { findPage } from '#server/contracts/page-table.ts';
import { LAZY_CLIENT_DOMAINS, type LazyClientDomain } from './lazy-domains.ts';

/** React Router's patchRoutesOnNavigation, as far as the app uses it. */
export type RouteDiscovery = (args: {
  path: string;
  patch: (routeId: string, children: RouteObject[]) => void;
}) => Promise<void>;

/**
 * React Router's route discovery for the lazy domains (lazy-domains.ts): on a navigation to a path of
 * one's page list, its route table loads and its pages join their layouts, once. Any other path
 * returns at once.
 */
export function createRouteDiscovery(lazyDomains: readonly LazyClientDomain[]): RouteDiscovery {
  const loaded = new Map<string, Promise<void>>();
  return async ({ path, patch }) => {
    const pathname = path.split(/[?#]/, 1)[0] ?? path;
    const wanted = lazyDomains.filter((domain) => findPage(pathname, domain.pages) !== undefined);
    await Promise.all(
      wanted.map((lazy) => {
        let done = loaded.get(lazy.name);
        if (!done) {
          done = lazy.load().then((domain) => {
            for (const [layout, pages] of Object.entries(domain.pages))
              if (pages && pages.length > 0) patch(`layout-${layout}`, pages);
          });
          loaded.set(lazy.name, done);
        }
        return done;
      }),
    );
  };
}

/** A router's discovery of the app's lazy domains (router.tsx makes one per router, on its first need). */
export function discoverLazyDomains() {
  return createRouteDiscovery(LAZY_CLIENT_DOMAINS);
}
