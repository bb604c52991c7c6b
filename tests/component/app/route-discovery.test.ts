import type { RouteObject } from '#client/lib/router/index.ts';
import { describe, expect, it } from 'vitest';
import { matchesPathPattern, type PathPattern } from '#server/contracts/path-pattern.ts';
import type { ClientDomain } from '#client/lib/client-domain.ts';
import { LAZY_CLIENT_DOMAINS } from '#client/app/lazy-domains.ts';
import type { LazyClientDomain } from '#client/lib/client-domain.ts';
import {
  createRouteDiscovery,
  lazyDomainTableOf,
  type LazyDomainTable,
} from '#client/app/route-discovery.ts';

// Route discovery by area (decision 0109): a navigation loads only its area's table of lazy domains,
// so a domain listed in one area costs another area's first visits nothing.

function lazyDomain(
  name: string,
  layout: 'admin' | 'plain',
  paths: PathPattern[],
  loads: string[],
): LazyClientDomain {
  const routes: RouteObject[] = paths.map((path) => ({ path: path.replace('{id}', ':id') }));
  return {
    name,
    paths,
    load: async () => {
      loads.push(name);
      return { name, pages: { [layout]: routes } } satisfies ClientDomain;
    },
  };
}

function world() {
  const tablesLoaded: string[] = [];
  const domainsLoaded: string[] = [];
  const news = lazyDomain('news', 'plain', ['/news', '/news/detail/{id}'], domainsLoaded);
  const stock = lazyDomain('stock-items', 'admin', ['/admin/stock-items'], domainsLoaded);
  const table = (under: string, domains: LazyClientDomain[]): LazyDomainTable => ({
    under,
    load: async () => {
      tablesLoaded.push(under);
      return domains;
    },
  });
  const patched: Array<[string, string[]]> = [];
  const patch = (routeId: string, children: RouteObject[]) =>
    patched.push([routeId, children.map((route) => route.path ?? '')]);
  const discover = createRouteDiscovery([table('/admin', [news, stock]), table('', [news])]);
  return { discover, patch, patched, tablesLoaded, domainsLoaded };
}

describe('route discovery by area', () => {
  it('loads only the public table and the one domain on a public page', async () => {
    const { discover, patch, patched, tablesLoaded, domainsLoaded } = world();
    await discover({ path: '/news/detail/147?from=top', patch });
    expect(tablesLoaded).toEqual(['']);
    expect(domainsLoaded).toEqual(['news']);
    expect(patched).toEqual([['layout-plain', ['/news', '/news/detail/:id']]]);
  });

  it('loads the admin table under /admin, and a domain already patched from another area never twice', async () => {
    const { discover, patch, patched, tablesLoaded, domainsLoaded } = world();
    await discover({ path: '/news', patch });
    await discover({ path: '/admin/stock-items', patch });
    await discover({ path: '/admin/stock-items', patch });
    expect(tablesLoaded).toEqual(['', '/admin', '/admin']);
    expect(domainsLoaded).toEqual(['news', 'stock-items']);
    expect(patched.map(([routeId]) => routeId)).toEqual(['layout-plain', 'layout-admin']);
  });

  it('loads no domain for a path none of its area answers', async () => {
    const { discover, patch, domainsLoaded } = world();
    await discover({ path: '/administrator', patch });
    await discover({ path: '/admin/unknown', patch });
    expect(domainsLoaded).toEqual([]);
  });

  it('sends /admin, /mypage and /chat to their areas’ tables, every other path to the public one', () => {
    const tableOf = (path: string) => lazyDomainTableOf(path)?.under;
    expect(
      ['/admin', '/admin/company', '/mypage/setting', '/chat', '/inquiry', '/administrator'].map(tableOf),
    ).toEqual(['/admin', '/admin', '/mypage', '/chat', '', '']);
  });

  it('finds every page of every lazy domain in the table of the page’s area, under its own paths', async () => {
    const pathsOf = (routes: readonly RouteObject[]): string[] =>
      routes.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);
    const missing: string[] = [];
    let checked = 0;
    for (const entry of LAZY_CLIENT_DOMAINS) {
      const domain = await entry.load();
      for (const routePath of pathsOf(Object.values(domain.pages).flat())) {
        const path = routePath.replaceAll(/:[^/]+/g, '1');
        const table = (await lazyDomainTableOf(path)?.load()) ?? [];
        const owner = table.find((listed) => listed.name === domain.name);
        if (!owner?.paths.some((pattern) => matchesPathPattern(path, pattern)))
          missing.push(`${domain.name}: ${routePath}`);
        checked++;
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});
