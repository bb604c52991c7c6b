import type { MenuItem } from './menu-item.ts';

/**
 * Which links are live (issue 12 item 5, "no dead links"), whoever knows the pages: the gateway and
 * the menu endpoint ask the page table (page-table.ts), the browser asks the build-time list of the
 * pages' paths (client/src/lib/live-pages.ts), so that no first visit loads the page table.
 */

/** Whether a path (no query, no fragment) is a page's. */
export type IsPagePath = (path: string) => boolean;

/**
 * The app paths that stand for external services (platform spec section 2: /fukuri, and the
 * invoice service likewise): a menu entry naming one opens the service in a new tab
 * (client/src/components/navigation/menu-destination.ts), so it is no page and still a live link.
 */
export const EXTERNAL_SERVICE_PATHS = ['/fukuri', '/invoice'] as const;

/** The path of a link or location: no query, no fragment. */
export function pathOfLink(location: string): string {
  return location.split(/[?#]/, 1)[0] ?? '/';
}

/**
 * Whether a link leads somewhere live: a page, an external service's app path, or an address
 * outside the app (anything not starting with a single `/`).
 */
export function isLiveLinkTo(link: string, isPagePath: IsPagePath): boolean {
  if (!link.startsWith('/') || link.startsWith('//')) return true;
  if ((EXTERNAL_SERVICE_PATHS as readonly string[]).includes(pathOfLink(link))) return true;
  return isPagePath(pathOfLink(link));
}

/**
 * A menu without the entries whose link no page answers yet; a group left without entries goes
 * too. Entries without a link (an action such as サービス) stay. The menu endpoint and the browser's
 * menus both run it, after filterMenu and withoutDeniedPages.
 */
export function withLiveLinks(items: readonly MenuItem[], isPagePath: IsPagePath): MenuItem[] {
  return items.flatMap((item) => {
    if (item.link !== undefined && !isLiveLinkTo(item.link, isPagePath)) return [];
    if (!item.sub || item.sub.length === 0) return [item];
    const sub = withLiveLinks(item.sub, isPagePath);
    return sub.length === 0 ? [] : [{ ...item, sub }];
  });
}
