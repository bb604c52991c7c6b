import { type IsPagePath, isLiveLinkTo, pathOfLink } from '#server/contracts/live-links.ts';

/**
 * The paths of the pages the navigation links to, written in at build time
 * (scripts/vite/page-paths.ts): only those, so a new domain's pages add nothing to a first visit.
 */
declare const __PAGE_PATHS__: readonly string[];

const PAGE_PATHS = new Set(__PAGE_PATHS__);

/**
 * Whether a page answers a path the navigation links to (no query, no fragment; a trailing slash
 * is ignored), from the build-time list rather than the page table, which the menus would otherwise
 * bring into every logged-in first visit. The links must be among
 * server/contracts/navigation-link-list.ts's navigationLinks(): another path is never live here.
 */
export const isLivePagePath: IsPagePath = (path) => {
  const trimmed = pathOfLink(path).replace(/\/+$/, '');
  return PAGE_PATHS.has(trimmed === '' ? '/' : trimmed);
};

/** Whether a menu's, shortcut's or count's link leads somewhere live (live-links.ts isLiveLinkTo). */
export function isLiveLink(link: string): boolean {
  return isLiveLinkTo(link, isLivePagePath);
}
