import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

/**
 * `node scripts/bench/first-visit.ts [--dist dist/client] [--save <file>] [--compare <file>]`: the
 * gzipped size (level 9, kB of 1,000 bytes, as tests/e2e/script-budget.test.ts counts) of each chunk
 * of the last `vite build` that a first visit of a measured page can load — the entry and what it
 * imports, the shared groups (shell, page-rules, route-discovery, signed-in…) and the pages of the
 * eager domains — printed against the script-budget caps. `--save` writes them as JSON; `--compare`
 * reads such a file and exits 1 when one of them grew (decision 0109: a lazy domain adds nothing to
 * the first visit; the generator's CI step, .ci/generated-domains, builds before and after two),
 * `--allow <chunk>=<bytes>,…` the growth a chunk may have.
 */

/** The caps of tests/e2e/script-budget.test.ts (bytes gzipped). */
const CAPS = { public: 130_000, dashboards: 150_000 } as const;

/** The shared chunks (vite.config.ts's groups, route discovery) a first visit may load. */
const SHARED_CHUNKS = [
  'shell',
  'page-rules',
  'news-pages',
  'route-discovery',
  'account-kinds',
  'form-kit',
  'rich-text-view',
  'signed-in',
  'admin-layout',
  'admin-dashboard',
  'company-dashboard',
  'company-layout',
];

/** The modules whose chunks every first visit, or a measured page's, loads (the eager domains). */
const EAGER_SOURCES = /^(index\.html|src\/app\/|src\/features\/(home|dashboard)\/|src\/main\.tsx)/;

/**
 * The staff's and the companies' tables of lazy domains: loaded by route discovery on a first visit
 * of one of their area's lazy pages, which the caps' measured pages are not (the dashboards' routes
 * are eager). They are the one place a domain of their area costs bytes.
 */
const AREA_TABLES = /^src\/app\/lazy-(admin|company)-domains\.ts$/;

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

type Sizes = Record<string, number>;

function firstVisitChunks(dist: string): Sizes {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const picked = new Map<string, string>();
  const take = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || picked.has(chunk.file)) return;
    // By the chunk's name (its hash changes with any edit), or by its module for a page's chunk.
    picked.set(chunk.file, chunk.src ?? chunk.name ?? key);
    for (const imported of chunk.imports ?? []) take(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    const source = chunk.src ?? '';
    if (AREA_TABLES.test(source)) continue;
    if (chunk.isEntry || SHARED_CHUNKS.includes(chunk.name ?? '') || EAGER_SOURCES.test(source)) take(key);
  }
  const sizes: Sizes = {};
  for (const [file, label] of picked)
    sizes[label] = gzippedBytes(fs.readFileSync(path.join(dist, file), 'utf8'));
  return sizes;
}

/**
 * A chunk's gzipped bytes, the hashes in the file names it imports made alike first: a chunk whose
 * import's content changed would otherwise differ by a byte or two from its hash alone.
 */
function gzippedBytes(text: string): number {
  return gzipSync(text.replace(/-[\w-]{8}\.js\b/g, '-00000000.js'), { level: 9 }).length;
}

/**
 * The bytes any chunk may differ by in `--compare`: Rolldown names a shared chunk's exports by
 * letter, and a page list more in page-rules renames the letters its importers use (route discovery:
 * 2 bytes gzipped for two domains). Below what the e2e prints (0.1 kB).
 */
const NOISE_BYTES = 4;

/** `--allow page-rules=80,…`: the bytes a chunk may grow by in `--compare`, beyond the noise. */
function allowances(option: string | undefined): Sizes {
  const allowed: Sizes = {};
  for (const entry of option?.split(',') ?? []) {
    const [label, bytes] = entry.split('=');
    if (label && bytes) allowed[label] = Number(bytes);
  }
  return allowed;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(2);

function main(): number {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string' },
      save: { type: 'string' },
      compare: { type: 'string' },
      allow: { type: 'string' },
    },
  });
  const dist = path.resolve(values.dist ?? 'dist/client');
  const sizes = firstVisitChunks(dist);
  const entry = ['index.html', 'shell', 'rolldown-runtime', 'page-rules'].reduce(
    (sum, label) => sum + (sizes[label] ?? 0),
    0,
  );
  if (values.save) {
    fs.writeFileSync(values.save, `${JSON.stringify(sizes, null, 2)}\n`);
    return 0;
  }
  if (values.compare) {
    const before = JSON.parse(fs.readFileSync(values.compare, 'utf8')) as Sizes;
    const allowed = allowances(values.allow);
    const grown = Object.entries(sizes).filter(
      ([label, bytes]) => bytes > (before[label] ?? 0) + NOISE_BYTES + (allowed[label] ?? 0),
    );
    for (const [label, bytes] of grown)
      console.error(`first visit: ${label} grew from ${before[label] ?? 0} to ${bytes} bytes gzipped`);
    return grown.length > 0 ? 1 : 0;
  }
  for (const [label, bytes] of Object.entries(sizes).sort((a, b) => b[1] - a[1]))
    console.log(`${kB(bytes).padStart(7)} kB  ${label}`);
  console.log(
    `every page's first scripts (entry, shell, runtime, page rules): ${kB(entry)} kB; ` +
      `caps ${kB(CAPS.public)} kB public, ${kB(CAPS.dashboards)} kB dashboards ` +
      '(tests/e2e/script-budget.test.ts measures each page)',
  );
  return 0;
}

process.exitCode = main();
