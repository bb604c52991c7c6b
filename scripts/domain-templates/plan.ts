import {
  clientDomainFile,
  clientPathsFile,
  clientRoutesFile,
  detailPageFile,
  formFile,
  listPageFile,
} from './client.ts';
import type { DomainNames } from './names.ts';
import {
  badgeCounter,
  badgesFile,
  contractFile,
  imageRoutesFile,
  pagesFile,
  queriesFile,
  routesFile,
  schemaFile,
  seedFile,
  serverDomainFile,
} from './server.ts';
import { apiTestFile, componentTestFile } from './tests.ts';

/** A file the generator writes (it must not exist yet). */
export interface PlannedFile {
  path: string;
  text: string;
}

/**
 * A line the generator adds to a central list: the import at the end of the file's imports, the
 * entry above the marker comment. These four lists (the server manifest, the client's lazy domains,
 * the page table and the badge counters) are the only files of the tree a new domain edits.
 */
export interface ManifestInsertion {
  path: string;
  /** None where the entry names nothing to import (a badge counter's name). */
  importLine?: string;
  entryLine: string;
  marker: string;
}

export interface DomainPlan {
  files: PlannedFile[];
  insertions: ManifestInsertion[];
  /** drizzle-kit's migration names: the table's, then the custom one that forces row-level security. */
  migrationNames: { table: string; forceRls: string };
}

export const MARKERS = {
  serverDomains: '// domain:new adds server domains above this line',
  lazyClientDomains: '// domain:new adds lazy client domains above this line',
  pageLists: '// domain:new adds page sets above this line',
  badgeCounters: '// domain:new adds badge counters above this line',
} as const;

/** The domain's entry in LAZY_ADMIN_DOMAINS (client/src/app/lazy-admin-domains.ts): its pages are the staff's. */
export function lazyDomainEntry(n: DomainNames): string {
  return [
    '  {',
    `    name: '${n.name}',`,
    `    paths: pathsOf(${n.camel}Pages),`,
    `    load: async () => (await import('../features/${n.kebab}/feature.ts')).${n.camel}Domain,`,
    '  },',
  ].join('\n');
}

export function planDomain(n: DomainNames): DomainPlan {
  const feature = `client/src/features/${n.kebab}`;
  return {
    files: [
      { path: `server/contracts/${n.kebab}.ts`, text: contractFile(n) },
      { path: `server/contracts/pages/${n.kebab}.ts`, text: pagesFile(n) },
      { path: `server/db/schema/${n.kebab}.ts`, text: schemaFile(n) },
      { path: `server/db/seeds/${n.kebab}.ts`, text: seedFile(n) },
      { path: `server/api/${n.kebab}/queries.ts`, text: queriesFile(n) },
      { path: `server/api/${n.kebab}/routes.ts`, text: routesFile(n) },
      { path: `server/api/${n.kebab}/badges.ts`, text: badgesFile(n) },
      { path: `server/api/${n.kebab}/domain.ts`, text: serverDomainFile(n) },
      // The record's image: a call with a file and a file read (decision 0111).
      { path: `server/api/${n.kebab}/${n.kebab}-images.ts`, text: imageRoutesFile(n) },
      { path: `${feature}/feature.ts`, text: clientDomainFile(n) },
      { path: `${feature}/pages.tsx`, text: clientRoutesFile(n) },
      { path: `${feature}/${n.kebab}-paths.ts`, text: clientPathsFile(n) },
      { path: `${feature}/${n.kebab}-list-page.tsx`, text: listPageFile(n) },
      { path: `${feature}/${n.kebab}-detail-page.tsx`, text: detailPageFile(n) },
      { path: `${feature}/components/${n.kebab}-form.tsx`, text: formFile(n) },
      { path: `tests/api/${n.kebab}/${n.kebab}.test.ts`, text: apiTestFile(n) },
      { path: `tests/component/features/${n.kebab}/${n.kebab}-pages.test.tsx`, text: componentTestFile(n) },
    ],
    insertions: [
      {
        path: 'server/domains.ts',
        importLine: `import { ${n.camel}Domain } from './api/${n.kebab}/domain.ts';`,
        entryLine: `  ${n.camel}Domain,`,
        marker: MARKERS.serverDomains,
      },
      {
        // A lazy domain (decision 0109): its route table loads on the first navigation under its
        // path prefixes, so it adds nothing to another page's first visit.
        path: 'client/src/app/lazy-admin-domains.ts',
        importLine: `import { ${n.camel}Pages } from '#server/contracts/pages/${n.kebab}.ts';`,
        entryLine: lazyDomainEntry(n),
        marker: MARKERS.lazyClientDomains,
      },
      {
        path: 'server/contracts/page-table.ts',
        importLine: `import { ${n.camel}Pages } from './pages/${n.kebab}.ts';`,
        entryLine: `  ${n.camel}Pages,`,
        marker: MARKERS.pageLists,
      },
      {
        // The badge's name: GET /api/v1/badges answers it, a menu entry or dashboard may show it.
        path: 'server/contracts/badge-counters.ts',
        entryLine: `  '${badgeCounter(n)}',`,
        marker: MARKERS.badgeCounters,
      },
    ],
    migrationNames: { table: n.snake, forceRls: `force_rls_${n.snake}` },
  };
}

const IMPORT_END = /^(?:import\b.*|\}) from '[^']+';$|^import '[^']+';$/;

/** The file's text with the import after its last import and the entry above the marker. */
export function applyInsertion(text: string, insertion: ManifestInsertion): string {
  const lines = text.split('\n');
  const markerAt = lines.findIndex((line) => line.trim() === insertion.marker);
  if (markerAt < 0) throw new Error(`${insertion.path}: the marker "${insertion.marker}" is missing`);
  if (lines.includes(insertion.importLine ?? insertion.entryLine))
    throw new Error(`${insertion.path} already lists the domain`);
  lines.splice(markerAt, 0, insertion.entryLine);
  if (insertion.importLine === undefined) return lines.join('\n');
  const lastImport = lines.findLastIndex((line) => IMPORT_END.test(line));
  lines.splice(lastImport + 1, 0, insertion.importLine);
  return lines.join('\n');
}
