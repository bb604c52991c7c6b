import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { domainNames, nameProblem } from '#scripts/domain-templates/names.ts';
import { applyInsertion, MARKERS, planDomain } from '#scripts/domain-templates/plan.ts';

// `npm run domain:new` (scripts/domain-new.ts): the names, the files it plans and the lines it adds
// to the manifests. That two generated domains typecheck, lint, pass their own tests and leave the
// first visit as it was, CI checks by running it (.ci/generated-domains); these keep its plan from
// drifting.

const names = domainNames('sample-items', 'サンプル');
const plan = planDomain(names);

describe('domain names', () => {
  it('spells one name for files, the table, code and constants', () => {
    expect(names).toEqual({
      name: 'sample-items',
      kebab: 'sample-items',
      snake: 'sample_items',
      camel: 'sampleItems',
      pascal: 'SampleItems',
      constant: 'SAMPLE_ITEMS',
      label: 'サンプル',
    });
    expect(domainNames('stock_list').kebab).toBe('stock-list');
  });

  it('refuses names that are not lower-case words, reserved words and the areas of the URL', () => {
    for (const bad of ['Items', 'items1', '-items', 'items-', 'a--b', 'まど', 'a b', ''])
      expect(nameProblem(bad), bad).toBeDefined();
    for (const reserved of ['delete', 'new', 'admin', 'api', 'mypage', 'kit', 'schema'])
      expect(nameProblem(reserved), reserved).toMatch(/reserved/);
    expect(nameProblem('sample-items')).toBeUndefined();
    expect(nameProblem('stock_list')).toBeUndefined();
  });
});

describe('the plan of a domain', () => {
  it('writes the contract, table, queries, routes, pages, form, seed and tests under the domain’s name', () => {
    expect(plan.files.map((file) => file.path)).toEqual([
      'server/contracts/sample-items.ts',
      'server/contracts/pages/sample-items.ts',
      'server/db/schema/sample-items.ts',
      'server/db/seeds/sample-items.ts',
      'server/api/sample-items/queries.ts',
      'server/api/sample-items/routes.ts',
      'server/api/sample-items/badges.ts',
      'server/api/sample-items/domain.ts',
      'server/api/sample-items/sample-items-images.ts',
      'client/src/features/sample-items/feature.ts',
      'client/src/features/sample-items/pages.tsx',
      'client/src/features/sample-items/sample-items-paths.ts',
      'client/src/features/sample-items/sample-items-list-page.tsx',
      'client/src/features/sample-items/sample-items-detail-page.tsx',
      'client/src/features/sample-items/components/sample-items-form.tsx',
      'tests/api/sample-items/sample-items.test.ts',
      'tests/component/features/sample-items/sample-items-pages.test.tsx',
    ]);
    expect(plan.migrationNames).toEqual({ table: 'sample_items', forceRls: 'force_rls_sample_items' });
  });

  it("gives a record an image: a call with a file and a file read, the form's field checked by the call's limits", () => {
    const text = (path: string) => plan.files.find((file) => file.path === path)?.text ?? '';
    const contract = text('server/contracts/sample-items.ts');
    expect(contract).toContain('upload: SAMPLE_ITEMS_IMAGE_UPLOAD');
    expect(contract).toContain('export const sampleItemsImageFileCall = defineFileCall({');
    const routes = text('server/api/sample-items/sample-items-images.ts');
    expect(routes).toContain('storeReceivedFile(context, storage, sampleItemsImageStorageKeyOf)');
    expect(routes).toContain('serveFileCall(');
    const form = text('client/src/features/sample-items/components/sample-items-form.tsx');
    expect(form).toContain('uploadRefusal(SAMPLE_ITEMS_IMAGE_UPLOAD, image.file)');
    expect(form).toContain('saveUploadCall(api, sampleItemsCalls.attachImage');
  });

  it('edits only the server manifest, the lazy client domains, the page table and the badge counters, each at its marker', () => {
    expect(plan.insertions.map((insertion) => insertion.path)).toEqual([
      'server/domains.ts',
      'client/src/app/lazy-admin-domains.ts',
      'server/contracts/page-table.ts',
      'server/contracts/badge-counters.ts',
    ]);
    for (const insertion of plan.insertions) {
      expect(readFileSync(insertion.path, 'utf8'), insertion.path).toContain(insertion.marker);
    }
  });

  it('adds the import after the last import and the entry above the marker', () => {
    const before = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      '',
      'export const LIST = [',
      '  a,',
      `  ${MARKERS.serverDomains}`,
      '];',
    ].join('\n');
    const [insertion] = plan.insertions;
    expect(applyInsertion(before, insertion!).split('\n')).toEqual([
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "import { sampleItemsDomain } from './api/sample-items/domain.ts';",
      '',
      'export const LIST = [',
      '  a,',
      '  sampleItemsDomain,',
      `  ${MARKERS.serverDomains}`,
      '];',
    ]);
    expect(() => applyInsertion('export const LIST = [];', insertion!)).toThrow(/marker/);
  });

  it('names the badge counter without an import, once', () => {
    const badge = plan.insertions.find(
      (insertion) => insertion.path === 'server/contracts/badge-counters.ts',
    );
    const after = applyInsertion(readFileSync('server/contracts/badge-counters.ts', 'utf8'), badge!);
    expect(after).toContain(`  'sampleItemsDrafts',\n  ${MARKERS.badgeCounters}`);
    expect(after.split('\n').filter((line) => line.startsWith('import'))).toEqual(
      readFileSync('server/contracts/badge-counters.ts', 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('import')),
    );
    expect(() => applyInsertion(after, badge!)).toThrow(/already/);
  });

  it('writes the client half as a lazy domain: its page list and a route table loaded on first need', () => {
    const lazy = plan.insertions.find(
      (insertion) => insertion.path === 'client/src/app/lazy-admin-domains.ts',
    );
    const after = applyInsertion(readFileSync('client/src/app/lazy-admin-domains.ts', 'utf8'), lazy!);
    expect(after).toContain("import { sampleItemsPages } from '#server/contracts/pages/sample-items.ts';");
    expect(after).toContain(
      [
        '  {',
        "    name: 'sample-items',",
        '    paths: pathsOf(sampleItemsPages),',
        "    load: async () => (await import('../features/sample-items/feature.ts')).sampleItemsDomain,",
        '  },',
        `  ${MARKERS.lazyClientDomains}`,
      ].join('\n'),
    );
    // Nothing eager: the domain stays out of CLIENT_DOMAINS (features.ts), which every first visit loads.
    expect(plan.insertions.map((insertion) => insertion.path)).not.toContain('client/src/app/features.ts');
  });

  it('keeps the kit’s rules in what it writes: RLS with bank_code first, audited commands, the shared messages', () => {
    const text = (path: string) => plan.files.find((file) => file.path === path)?.text ?? '';
    const schema = text('server/db/schema/sample-items.ts');
    expect(schema).toContain('bankCodeColumn()');
    expect(schema).toContain('primaryKey({ columns: [t.bank_code, t.id] })');
    expect(schema).toContain('index().on(t.bank_code, t.updated_at)');
    expect(schema).toContain('bankIsolationPolicy(t.bank_code)');
    const routes = text('server/api/sample-items/routes.ts');
    for (const action of ['CREATE', 'UPDATE', 'DELETE']) expect(routes).toContain(`action: '${action}'`);
    expect(text('server/api/sample-items/queries.ts')).not.toMatch(/\.bank_code/);
    const contract = text('server/contracts/sample-items.ts');
    expect(contract).toContain("domain: 'sample_items'");
    expect(contract).toContain('listQuery(');
    expect(text('tests/api/sample-items/sample-items.test.ts')).toContain('必須入力項目です');
    expect(text('server/api/sample-items/badges.ts')).toContain("counter: 'sampleItemsDrafts'");
    expect(text('server/api/sample-items/domain.ts')).toContain('badges: [sampleItemsDraftsBadge]');
    // The kit's pieces, not hand-rolled states and overlays.
    expect(text('client/src/features/sample-items/sample-items-list-page.tsx')).toContain('<ListPageFrame');
    expect(text('client/src/features/sample-items/sample-items-list-page.tsx')).toContain(
      'conditionDraftOf(',
    );
    expect(text('client/src/features/sample-items/sample-items-detail-page.tsx')).toContain(
      'useConfirmedCommand()',
    );
    expect(text('client/src/features/sample-items/components/sample-items-form.tsx')).toContain(
      'useCommand()',
    );
    // No template placeholder left unfilled.
    for (const file of plan.files) expect(file.text, file.path).not.toMatch(/\$\{n\./);
  });
});
