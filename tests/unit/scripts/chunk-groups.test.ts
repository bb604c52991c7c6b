import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHUNK_GROUPS } from '#scripts/vite/chunk-groups.ts';

const ROOT = path.join(import.meta.dirname, '..', '..', '..');
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];

/** Whether a chunk group's path names a folder (ending in /) or a module file of the tree. */
function exists(named: string): boolean {
  const entry = named.replace(/^!/, '');
  if (entry.endsWith('/'))
    return fs.statSync(path.join(ROOT, entry), { throwIfNoEntry: false })?.isDirectory() ?? false;
  return EXTENSIONS.some((extension) => fs.existsSync(path.join(ROOT, `${entry}${extension}`)));
}

describe("the build's chunk groups (scripts/vite/chunk-groups.ts)", () => {
  it('name only modules and folders that exist: a renamed module would silently leave its chunk', () => {
    for (const [group, entries] of Object.entries(CHUNK_GROUPS))
      for (const entry of entries) expect(exists(entry), `${group}: ${entry}`).toBe(true);
  });

  it('put no module in two groups', () => {
    const all = Object.values(CHUNK_GROUPS).flat();
    expect(all.length).toBe(new Set(all).size);
  });
});
