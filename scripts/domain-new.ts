// `npm run domain:new -- <name> [--label <ラベル>]`: writes a working domain skeleton from the kit's
// pattern (contract, table with row-level security and its migrations, queries, routes, pages, form,
// demo data, api and component tests) and adds it to the server manifest, the staff's table of lazy
// client domains (client/src/app/lazy-admin-domains.ts) and the page table.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isPagePath } from '../server/contracts/page-table.ts';
import { domainNames, type DomainNames, nameProblem } from './domain-templates/names.ts';
import { applyInsertion, type DomainPlan, planDomain } from './domain-templates/plan.ts';
import { forceRlsMigration } from './domain-templates/server.ts';

const root = resolve(import.meta.dirname, '..');
const at = (path: string) => join(root, path);

/** Why the domain cannot be added to this tree (a name, a folder, a table or a page it would clash with). */
function clashes(n: DomainNames, plan: DomainPlan): string[] {
  const found: string[] = [];
  const folders = [
    `server/api/${n.kebab}`,
    `client/src/features/${n.kebab}`,
    `tests/api/${n.kebab}`,
    `tests/component/features/${n.kebab}`,
  ];
  for (const path of [...folders, ...plan.files.map((file) => file.path)]) {
    if (existsSync(at(path))) found.push(`${path} exists`);
  }
  const domainFiles = [
    ...readdirSync(at('server/api')).map((folder) => `server/api/${folder}/domain.ts`),
    ...readdirSync(at('client/src/features')).map((folder) => `client/src/features/${folder}/feature.ts`),
  ].filter((path) => existsSync(at(path)));
  for (const path of domainFiles) {
    if (readFileSync(at(path), 'utf8').includes(`name: '${n.name}'`))
      found.push(`${path} has the name "${n.name}"`);
  }
  for (const file of readdirSync(at('server/db/schema'))) {
    const text = readFileSync(at(`server/db/schema/${file}`), 'utf8');
    if (new RegExp(`pgTable\\(\\s*'${n.snake}'`).test(text))
      found.push(`server/db/schema/${file} has the table ${n.snake}`);
  }
  if (isPagePath(`/admin/${n.kebab}`)) found.push(`the page /admin/${n.kebab} exists`);
  return found;
}

/** The newest migration's file name (the journal's last entry), after drizzle-kit wrote one. */
function lastMigration(): string {
  const journal = JSON.parse(readFileSync(at('server/db/migrations/meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const tag = journal.entries.at(-1)?.tag;
  if (!tag) throw new Error('the migration journal has no entry');
  return `server/db/migrations/${tag}.sql`;
}

function drizzleKit(args: string[]): string {
  execFileSync(process.execPath, [at('node_modules/drizzle-kit/bin.cjs'), 'generate', ...args], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return lastMigration();
}

function main(): number {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { label: { type: 'string' }, 'dry-run': { type: 'boolean' } },
  });
  const [name, ...extra] = positionals;
  if (!name || extra.length > 0) {
    console.error('usage: npm run domain:new -- <name> [--label <ラベル>] [--dry-run]');
    return 2;
  }
  const problem = nameProblem(name);
  if (problem) {
    console.error(problem);
    return 2;
  }
  const names = domainNames(name, values.label);
  const plan = planDomain(names);
  const found = clashes(names, plan);
  if (found.length > 0) {
    console.error(`"${name}" cannot be added:\n  ${found.join('\n  ')}`);
    return 2;
  }
  if (values['dry-run']) {
    for (const file of plan.files) console.log(`write ${file.path}`);
    for (const insertion of plan.insertions) console.log(`edit  ${insertion.path}`);
    return 0;
  }

  for (const file of plan.files) {
    mkdirSync(dirname(at(file.path)), { recursive: true });
    writeFileSync(at(file.path), file.text, { flag: 'wx' });
  }
  for (const insertion of plan.insertions) {
    writeFileSync(at(insertion.path), applyInsertion(readFileSync(at(insertion.path), 'utf8'), insertion));
  }
  // The table, its indexes, ENABLE ROW LEVEL SECURITY and the policy; then FORCE, which drizzle-kit cannot write.
  const tableMigration = drizzleKit(['--name', plan.migrationNames.table]);
  const forceMigration = drizzleKit(['--custom', '--name', plan.migrationNames.forceRls]);
  writeFileSync(at(forceMigration), forceRlsMigration(names));

  const written = plan.files.map((file) => file.path);
  execFileSync(
    process.execPath,
    [
      at('node_modules/prettier/bin/prettier.cjs'),
      '--write',
      '--log-level',
      'warn',
      ...written,
      ...plan.insertions.map((i) => i.path),
    ],
    { cwd: root, stdio: 'inherit' },
  );

  console.log(`domain ${name} (${names.label}):`);
  for (const path of [...written, tableMigration, forceMigration]) console.log(`  wrote  ${path}`);
  for (const insertion of plan.insertions) console.log(`  edited ${insertion.path}`);
  console.log(`
Next: npm run typecheck && npm run lint, then
  npm run test:api -- tests/api/${names.kebab}
  npx vitest run --project component tests/component/features/${names.kebab}
and make the fields, the list's columns and the pages the domain's own (README: Starting a domain).`);
  return 0;
}

process.exitCode = main();
