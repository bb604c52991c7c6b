import { PAGE_TABLE } from '#server/contracts/page-table.ts';

/**
 * The paths of the pages that take no parameter, from the page table at build time: what the
 * browser's menus, shortcuts, counts and badges check their links against
 * (client/src/lib/live-pages.ts), so that no first visit loads the page table (decision 0114).
 * Their links name such pages only; tests/component/app/no-dead-links.test.tsx checks that each
 * link is live here exactly when the page table says so.
 */
export const PAGE_PATHS: readonly string[] = PAGE_TABLE.map((page) => page.path).filter(
  (path) => !path.includes('{'),
);

/** Vite's `define` for it (vite.config.ts, and the component tests in vitest.config.ts). */
export const pagePathsDefine = { __PAGE_PATHS__: JSON.stringify(PAGE_PATHS) };
