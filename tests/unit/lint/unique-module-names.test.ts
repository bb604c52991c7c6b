import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLintTree } from './lint-tree.ts';

// local/unique-module-names (scripts/lint/unique-module-names.js, decision 70) over a tree that has
// the names that may repeat, where they may, and some that may not.
const COLLIDING = [
  'server/contracts/accounts.ts',
  'server/db/master-data/accounts.ts',
  'server/idp/accounts.ts',
  'client/src/lib/registry.ts',
  'server/tenancy/registry.ts',
  // A convention name outside its folders: domain.ts is the server half of the manifest only.
  'client/src/features/news/domain.ts',
  // routes.ts is the server's: a feature's page routes are its pages.tsx.
  'client/src/features/news/routes.tsx',
  // badges.ts is a domain's counters, not a contract.
  'server/contracts/badges.ts',
  // A domain's name in a per-domain folder, but also in a shared folder.
  'client/src/lib/inquiry.ts',
];
const ALLOWED = [
  'server/api/news/routes.ts',
  'server/api/inquiry/routes.ts',
  'server/web/routes.ts',
  'client/src/features/news/admin/pages.tsx',
  'client/src/features/inquiry/pages.tsx',
  'server/api/news/queries.ts',
  'server/api/inquiry/queries.ts',
  'server/api/news/badges.ts',
  'server/api/inquiry/badges.ts',
  'server/api/news/domain.ts',
  'server/api/inquiry/domain.ts',
  'client/src/features/news/feature.ts',
  'client/src/features/inquiry/feature.ts',
  'server/domains.ts',
  'client/src/app/features.ts',
  'server/main.ts',
  'server/idp/main.ts',
  'client/src/main.tsx',
  'server/app.ts',
  'server/idp/app.ts',
  'client/src/app/app.tsx',
  'server/contracts/news.ts',
  'server/contracts/pages/news.ts',
  'server/db/schema/news.ts',
  'server/db/seeds/news.ts',
  'server/contracts/pages/inquiry.ts',
  'server/web/branded-index.ts',
  'scripts/bench/branded-index.ts',
  // Tests are not checked: a test is named after the module it tests.
  'tests/unit/contracts/accounts.ts',
];

const treeOf = (files: string[]) =>
  Object.fromEntries(files.map((file, index) => [file, `export const value${index} = ${index};\n`]));

let allowedTree: Awaited<ReturnType<typeof createLintTree>>;
let collidingTree: Awaited<ReturnType<typeof createLintTree>>;
beforeAll(async () => {
  allowedTree = await createLintTree('lint-module-names-', treeOf(ALLOWED));
  collidingTree = await createLintTree('lint-module-names-', treeOf([...ALLOWED, ...COLLIDING]));
});
afterAll(async () => {
  await allowedTree.remove();
  await collidingTree.remove();
});

const RULE = 'local/unique-module-names';
const namesMessages = (file: string) => collidingTree.messagesOf(RULE, file);

describe('one module per base name (decision 70)', () => {
  it('lets the convention names, the per-domain files and the benchmarks repeat where they may', async () => {
    const reported: string[] = [];
    for (const file of ALLOWED) {
      if ((await allowedTree.messagesOf(RULE, file)).length > 0) reported.push(file);
    }
    expect(reported).toEqual([]);
  });

  it('refuses a file whose base name another module has, naming that module', async () => {
    expect(await namesMessages('server/idp/accounts.ts')).toEqual([
      '"accounts" is also the name of server/contracts/accounts.ts, server/db/master-data/accounts.ts: ' +
        'name this module after what it holds (the names that may repeat: scripts/lint/unique-module-names.js).',
    ]);
    expect((await namesMessages('client/src/lib/registry.ts'))[0]).toMatch(
      /^"registry" is also the name of server\/tenancy\/registry\.ts:/,
    );
  });

  it('refuses a convention name outside the folders it is the convention of', async () => {
    expect((await namesMessages('client/src/features/news/domain.ts'))[0]).toMatch(
      /^"domain" is also the name of server\/api\/inquiry\/domain\.ts, server\/api\/news\/domain\.ts:/,
    );
    // …and the files it collides with are told which file is in the way.
    expect((await namesMessages('server/api/news/domain.ts'))[0]).toMatch(
      /is also the name of client\/src\/features\/news\/domain\.ts:/,
    );
    expect((await namesMessages('client/src/features/news/routes.tsx'))[0]).toMatch(
      /^"routes" is also the name of server\/api\/inquiry\/routes\.ts, server\/api\/news\/routes\.ts, server\/web\/routes\.ts:/,
    );
    expect((await namesMessages('server/contracts/badges.ts'))[0]).toMatch(
      /^"badges" is also the name of server\/api\/inquiry\/badges\.ts, server\/api\/news\/badges\.ts:/,
    );
  });

  it('refuses a domain name outside the per-domain folders', async () => {
    expect((await namesMessages('client/src/lib/inquiry.ts'))[0]).toMatch(
      /^"inquiry" is also the name of server\/contracts\/pages\/inquiry\.ts:/,
    );
  });

  it('reports each colliding file', async () => {
    for (const file of COLLIDING) expect(await namesMessages(file), file).toHaveLength(1);
  });
});
