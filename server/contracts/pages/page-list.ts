import type { PathPattern } from '../path-pattern.ts';

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

export interface PageEntry {
  readonly path: PathPattern;
  readonly layout: PageLayout;
}

/** One domain's pages. */
export type PageList = readonly PageEntry[];

/** Pages of one layout: `pagesIn('default', ['/mypage/news', '/mypage/news/{id}'])`. */
export function pagesIn(layout: PageLayout, paths: readonly PathPattern[]): PageEntry[] {
  return paths.map((path) => ({ path, layout }));
}

/** The paths of page lists: what a lazy domain's entry in an area's table names (client/src/app/lazy-*-domains.ts). */
export function pathsOf(...lists: readonly PageList[]): PathPattern[] {
  return lists.flat().map((page) => page.path);
}
