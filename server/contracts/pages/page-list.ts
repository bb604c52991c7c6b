import type { PathPattern } from '../path-pattern.ts';
import type { RouteRuleId } from '../route-access.ts';

/** The layouts of client/src/app/layouts/, as the router names its layout routes (`layout-<name>`). */
export const PAGE_LAYOUTS = [
  'plain',
  'default',
  'admin',
  'empty',
  'register',
  'register-upgrade-bizsol',
  'register-upgrade-ibmft',
] as const;
export type PageLayout = (typeof PAGE_LAYOUTS)[number];

/**
 * One page, defined once (decision 0114): its path, the layout that draws it and the page rule of
 * route-access.ts that guards it, if one does. The page table, the gateway's 404, the areas' tables
 * of lazy domains and the browser's route (`pageRoute`, client/src/lib/client-domain.ts) all read
 * this definition; tests/unit/contracts/page-definitions.test.ts fails when the rule named here is
 * not the one page rule the rule table applies to the path.
 */
export interface PageEntry {
  readonly path: PathPattern;
  readonly layout: PageLayout;
  readonly rule?: RouteRuleId;
}

/** A page as a domain writes it: its path, or its path and the page rule that guards it. */
export type PageSpec = PathPattern | { readonly path: PathPattern; readonly rule: RouteRuleId };

/** One domain's pages, by name: `settingsPages.profile`. */
export type PageSet = Readonly<Record<string, PageEntry>>;

/** A list of pages (the page table, an area's). */
export type PageList = readonly PageEntry[];

/**
 * A domain's pages of one layout, by name:
 * `definePages('default', { list: '/mypage/news', detail: { path: '/mypage/news/{id}', rule: 'news' } })`.
 */
export function definePages<const N extends string>(
  layout: PageLayout,
  pages: Readonly<Record<N, PageSpec>>,
): Readonly<Record<N, PageEntry>> {
  const entries = Object.entries<PageSpec>(pages).map(([name, spec]) => [
    name,
    typeof spec === 'string' ? { path: spec, layout } : { path: spec.path, layout, rule: spec.rule },
  ]);
  return Object.freeze(Object.fromEntries(entries)) as Record<N, PageEntry>;
}

/** The pages of page sets, in their order. */
export function pagesOf(...sets: readonly PageSet[]): PageEntry[] {
  return sets.flatMap((set) => Object.values(set));
}

/** The paths of page sets: what a lazy domain's entry in an area's table names (client/src/app/lazy-*-domains.ts). */
export function pathsOf(...sets: readonly PageSet[]): PathPattern[] {
  return pagesOf(...sets).map((page) => page.path);
}

/**
 * The address of a page with parameters, its `{name}` segments filled in:
 * `pagePath(newsPages.detail, { id: 12 })` is `/mypage/news/detail/12`.
 */
export function pagePath(page: PageEntry, params: Readonly<Record<string, string | number>>): string {
  return page.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${page.path} needs its ${name}`);
    return encodeURIComponent(value);
  });
}
