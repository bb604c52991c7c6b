// Lint rule: no two source modules share a base name (decision 70). A name that means one module
// makes a search, a stack trace or a review comment unambiguous. The few names that are a folder's
// convention, where the folder says whose file it is, are listed below with the reason for each.
import fs from 'node:fs';
import path from 'node:path';

/** The folders whose modules are checked against each other (migrations are SQL and drizzle's). */
export const SOURCE_FOLDERS = ['server', 'client', 'scripts'];
const SOURCE_FILE = /\.(ts|tsx|js)$/;
const SKIPPED = new Set(['node_modules', 'migrations']);

/**
 * Names that may repeat, each only in the folders given (`*` is one folder, `**` any depth).
 * Keep it short: a new entry needs a reason a reviewer would accept.
 */
export const CONVENTION_NAMES = [
  {
    name: 'routes',
    in: ['server/api/*', 'server/web'],
    why: "a domain's Fastify routes beside the code they serve",
  },
  {
    name: 'pages',
    in: ['client/src/features/**'],
    why: "a feature's page routes, by layout (its router entries)",
  },
  { name: 'queries', in: ['server/api/*'], why: "a domain's SQL, one function per question" },
  { name: 'domain', in: ['server/api/*'], why: "a domain's server half of the manifest (server/domains.ts)" },
  { name: 'badges', in: ['server/api/*'], why: 'the badge counters a domain owns' },
  {
    name: 'feature',
    in: ['client/src/features/*'],
    why: "a feature's client half of the manifest, listed in client/src/app/features.ts",
  },
  {
    name: 'main',
    in: ['**'],
    why: "a process's entry (gateway, identity provider, payment stub, browser app)",
  },
  { name: 'app', in: ['**'], why: "a process's app factory, or the browser app's root component" },
  { name: 'index', in: ['**'], why: "a folder's entry" },
];

/** A domain's files named after it, one per folder: its contract, page list, tables and demo data. */
export const PER_DOMAIN_FOLDERS = [
  'server/contracts',
  'server/contracts/pages',
  'server/db/schema',
  'server/db/seeds',
];

/** A benchmark is named after what it measures (scripts/bench/branded-index.ts measures web/branded-index.ts). */
export const BENCHMARK_FOLDER = 'scripts/bench';

/** `server/api/news/routes.ts` → `routes`; declaration files (`*.d.ts`) are not modules and have none. */
export function baseNameOf(file) {
  const name = path.posix.basename(file);
  if (name.endsWith('.d.ts')) return null;
  return name.replace(SOURCE_FILE, '');
}

function folderMatches(folder, pattern) {
  const source = pattern
    .split('/')
    .map((part) =>
      part === '**' ? '.*' : part === '*' ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}$`).test(folder);
}

/** Whether two files (repository paths with /) of the same base name may both keep it. */
export function mayShareName(file, other) {
  const name = baseNameOf(file);
  const folder = path.posix.dirname(file);
  const otherFolder = path.posix.dirname(other);
  const convention = CONVENTION_NAMES.find((entry) => entry.name === name);
  if (convention) {
    const inScope = (dir) => convention.in.some((pattern) => folderMatches(dir, pattern));
    return inScope(folder) && inScope(otherFolder);
  }
  if (PER_DOMAIN_FOLDERS.includes(folder) && PER_DOMAIN_FOLDERS.includes(otherFolder)) return true;
  return folder === BENCHMARK_FOLDER || otherFolder === BENCHMARK_FOLDER;
}

/** For each file, the other files whose base name it may not share. */
export function nameCollisions(files) {
  const byName = new Map();
  for (const file of files) {
    const name = baseNameOf(file);
    if (name !== null) byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  const collisions = new Map();
  for (const group of byName.values()) {
    for (const file of group) {
      const others = group.filter((other) => other !== file && !mayShareName(file, other)).sort();
      if (others.length > 0) collisions.set(file, others);
    }
  }
  return collisions;
}

function listSourceFiles(root) {
  const files = [];
  const visit = (folder) => {
    const absolute = path.join(root, folder);
    if (!fs.existsSync(absolute)) return;
    for (const entry of fs.readdirSync(absolute, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const file = path.posix.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (SOURCE_FILE.test(entry.name)) files.push(file);
    }
  };
  SOURCE_FOLDERS.forEach(visit);
  return files;
}

// One walk of the tree per lint run (about 4 ms; a run lints some 400 files). A long-lived ESLint
// (an editor) walks again when it meets a file the last walk did not see, or a collision with a
// file that has gone since.
const treeCache = new Map();
function collisionsFor(root, file) {
  let tree = treeCache.get(root);
  const stale = () =>
    !tree.files.has(file) ||
    (tree.collisions.get(file) ?? []).some((other) => !fs.existsSync(path.join(root, other)));
  if (!tree || stale()) {
    const files = listSourceFiles(root);
    tree = { files: new Set(files), collisions: nameCollisions(files) };
    treeCache.set(root, tree);
  }
  return tree.collisions.get(file) ?? [];
}

export const uniqueModuleNames = {
  meta: {
    type: 'suggestion',
    docs: { description: 'No two modules of server/, client/ and scripts/ share a base name' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' } },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      collision:
        '"{{name}}" is also the name of {{others}}: name this module after what it holds ' +
        '(the names that may repeat: scripts/lint/unique-module-names.js).',
    },
  },
  create(context) {
    const [{ root }] = context.options;
    const file = path.relative(root, context.physicalFilename).split(path.sep).join('/');
    if (file.startsWith('..') || !SOURCE_FILE.test(file)) return {};
    return {
      Program(node) {
        const others = collisionsFor(root, file);
        if (others.length === 0) return;
        context.report({
          node,
          loc: { line: 1, column: 0 },
          messageId: 'collision',
          data: { name: baseNameOf(file), others: others.join(', ') },
        });
      },
    };
  },
};

export default { meta: { name: 'local' }, rules: { 'unique-module-names': uniqueModuleNames } };
