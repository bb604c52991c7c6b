import { readFile } from 'node:fs/promises';
import { glob } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS, pagePathOfLink } from '#scripts/vite/page-paths.ts';
import { navigationLinks } from '#server/contracts/navigation-link-list.ts';
import { PAGE_TABLE } from '#server/contracts/page-table.ts';

const ROOT = path.join(import.meta.dirname, '..', '..', '..');

/**
 * The modules that check links against the build-time list, each with where its links come from
 * (server/contracts/navigation-link-list.ts navigationLinks() reads those): a link from anywhere else would never
 * be live.
 */
const LINK_CHECKERS = {
  'client/src/components/admin/admin-footer.tsx': 'server/contracts/navigation-links.ts',
  'client/src/components/admin/admin-top-bar.tsx': 'server/contracts/navigation-links.ts',
  'client/src/components/dashboard/dashboard-parts.tsx': 'server/contracts/navigation-links.ts',
  'client/src/components/dashboard/use-offered-shortcuts.ts': 'server/contracts/navigation-links.ts',
  'client/src/components/navigation/use-company-menu.ts': 'server/contracts/menu-data.ts',
};

describe("the build-time list of the linked pages' paths (scripts/vite/page-paths.ts)", () => {
  it('is checked only by modules whose links it reads', async () => {
    const checkers: string[] = [];
    for await (const file of glob('client/src/**/*.{ts,tsx}', { cwd: ROOT })) {
      if (/from '[^']*live-pages\.ts'/.test(await readFile(path.join(ROOT, file), 'utf8')))
        checkers.push(file.split(path.sep).join('/'));
    }
    expect(checkers.sort(), 'a new module checking links: add its links to navigationLinks()').toEqual(
      Object.keys(LINK_CHECKERS).sort(),
    );
  });

  it('holds the linked paths that are pages, and no page that nothing links to', () => {
    const linked = new Set(navigationLinks().map(pagePathOfLink));
    const pages = new Set(PAGE_TABLE.map((page) => page.path));
    expect([...PAGE_PATHS].sort()).toEqual([...linked].filter((link) => pages.has(link as never)).sort());
    expect(PAGE_PATHS).toContain('/mypage/dashboard');
    expect(PAGE_PATHS).not.toContain('/inquiry/completed');
    expect(PAGE_PATHS.every((page) => !page.includes('{'))).toBe(true);
  });

  it('writes a link as the page table writes its path', () => {
    expect(pagePathOfLink('/mypage/news/?page=2#list')).toBe('/mypage/news');
    expect(pagePathOfLink('/?tab=1')).toBe('/');
  });
});
