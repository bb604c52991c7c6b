import { pathOfLink } from '#server/contracts/live-links.ts';
import { navigationLinks } from '#server/contracts/navigation-link-list.ts';
import { PAGE_TABLE } from '#server/contracts/page-table.ts';

/** A link's path as the page table writes it: no query, no fragment, no trailing slash. */
export function pagePathOfLink(link: string): string {
  const trimmed = pathOfLink(link).replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

const TABLE_PATHS: ReadonlySet<string> = new Set(PAGE_TABLE.map((page) => page.path));

/**
 * The paths of the pages the navigation links to (server/contracts/navigation-link-list.ts), from the
 * page table at build time: what the browser's menus, shortcuts, counts and badges check their
 * links against (client/src/lib/live-pages.ts), so that no first visit loads the page table
 * (decision 0114). Only the linked pages: a domain whose pages no menu names yet adds nothing to a
 * first visit. tests/component/app/no-dead-links.test.tsx checks that each link is live here exactly
 * when the page table says so.
 */
export const PAGE_PATHS: readonly string[] = [...new Set(navigationLinks().map(pagePathOfLink))].filter(
  (path) => TABLE_PATHS.has(path),
);

/** Vite's `define` for it (vite.config.ts, and the component tests in vitest.config.ts). */
export const pagePathsDefine = { __PAGE_PATHS__: JSON.stringify(PAGE_PATHS) };
