import type { RouteObject } from '#client/lib/router/index.ts';
import { matchesPathPattern } from '#server/contracts/path-pattern.ts';
import type { LazyClientDomain } from '../lib/client-domain.ts';
import { LAZY_PUBLIC_DOMAINS } from './lazy-public-domains.ts';

/** The router's patchRoutesOnNavigation (client/src/lib/router), as far as the app uses it. */
export type RouteDiscovery = (args: {
  path: string;
  patch: (routeId: string, children: RouteObject[]) => void;
}) => Promise<void>;

/** The lazy domains of the paths under `under` (or of every other path, when `under` is ''). */
export interface LazyDomainTable {
  under: string;
  load: () => Promise<readonly LazyClientDomain[]>;
}

/**
 * The areas' tables of lazy domains (lazy-domains.ts), by path prefix: a path loads only its own
 * area's table, so a domain added to one area costs another area's first visits nothing (decision
 * 0109). The last one, under '', takes every path the others do not.
 */
export const LAZY_DOMAIN_TABLES: readonly LazyDomainTable[] = [
  { under: '/admin', load: async () => (await import('./lazy-admin-domains.ts')).LAZY_ADMIN_DOMAINS },
  { under: '/mypage', load: async () => (await import('./lazy-company-domains.ts')).LAZY_COMPANY_DOMAINS },
  { under: '/chat', load: async () => (await import('./lazy-company-domains.ts')).LAZY_COMPANY_DOMAINS },
  // The public pages' table comes with this module (a request of its own would cost them more).
  { under: '', load: async () => LAZY_PUBLIC_DOMAINS },
];

/** The table of a path's area: the first whose prefix is the path or above it ('' takes every path). */
export function lazyDomainTableOf(
  pathname: string,
  tables: readonly LazyDomainTable[] = LAZY_DOMAIN_TABLES,
): LazyDomainTable | undefined {
  return tables.find(({ under }) => under === '' || pathname === under || pathname.startsWith(`${under}/`));
}

/**
 * The router's route discovery for the lazy domains: on a navigation to a path, the table of its
 * area loads, and the route table of each domain there whose paths match the path loads, its
 * pages joining their layouts, once per domain. A path no lazy domain answers ends there.
 */
export function createRouteDiscovery(tables: readonly LazyDomainTable[]): RouteDiscovery {
  const loaded = new Map<string, Promise<void>>();
  return async ({ path, patch }) => {
    const pathname = path.split(/[?#]/, 1)[0] ?? path;
    const table = lazyDomainTableOf(pathname, tables);
    if (!table) return;
    const wanted = (await table.load()).filter((domain) =>
      domain.paths.some((pattern) => matchesPathPattern(pathname, pattern)),
    );
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
  return createRouteDiscovery(LAZY_DOMAIN_TABLES);
}
