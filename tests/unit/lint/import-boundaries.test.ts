import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * The repository's own eslint.config.js, run over a small tree of the same shape in a temp folder
 * (the boundaries plugin resolves imports, so the files imported must exist). package.json comes
 * along for its "imports" (`#server/…`), and scripts/lint/ for the config's local pieces.
 */
const tree: Record<string, string> = {
  'server/app.ts': 'export const buildApp = 1;\n',
  'server/errors.ts': 'export const AppError = 1;\n',
  'server/contracts/envelope.ts': 'export const success = 1;\n',
  'client/src/lib/request.ts': 'export const request = 1;\n',
  'client/src/features/news/news-page.tsx': 'export const NewsPage = 1;\n',
  'client/src/features/news/news-card.tsx': 'export const NewsCard = 1;\n',
  'client/src/features/matching/matching-page.tsx': 'export const MatchingPage = 1;\n',
  'client/src/app/domains.ts': 'export const CLIENT_DOMAINS = 1;\n',
};

let workDir: string;
let eslint: ESLint;
beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lint-boundaries-'));
  await fs.copyFile(path.join(rootDir, 'eslint.config.js'), path.join(workDir, 'eslint.config.js'));
  await fs.copyFile(path.join(rootDir, 'package.json'), path.join(workDir, 'package.json'));
  await fs.cp(path.join(rootDir, 'scripts', 'lint'), path.join(workDir, 'scripts', 'lint'), {
    recursive: true,
  });
  await fs.symlink(path.join(rootDir, 'node_modules'), path.join(workDir, 'node_modules'), 'dir');
  for (const [file, source] of Object.entries(tree)) {
    await fs.mkdir(path.dirname(path.join(workDir, file)), { recursive: true });
    await fs.writeFile(path.join(workDir, file), source);
  }
  eslint = new ESLint({ cwd: workDir });
});
afterAll(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

async function boundaryMessages(file: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: path.join(workDir, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'boundaries/dependencies')
    .map((m) => m.message);
}

async function restrictedImportMessages(file: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: path.join(workDir, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries (STYLE.md)', () => {
  it('lets the client import server/contracts and its own shared code', async () => {
    const messages = await boundaryMessages(
      'client/src/features/news/news-list.tsx',
      [
        "import { success } from '../../../../server/contracts/envelope.ts';",
        "import { request } from '../../lib/request.ts';",
        "import { NewsCard } from './news-card.tsx';",
        'export const all = [success, request, NewsCard];',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });

  it('refuses the client importing any other server code', async () => {
    const messages = await boundaryMessages(
      'client/src/lib/config.ts',
      "import { buildApp } from '../../../server/app.ts';\nexport const b = buildApp;\n",
    );
    expect(messages).toEqual(['The client imports only server/contracts/ of the server.']);
  });

  it('follows the #server and #client aliases as it follows relative paths', async () => {
    const allowed = await boundaryMessages(
      'client/src/features/news/news-list.tsx',
      [
        "import { success } from '#server/contracts/envelope.ts';",
        "import { request } from '#client/lib/request.ts';",
        'export const all = [success, request];',
      ].join('\n'),
    );
    const refused = await boundaryMessages(
      'client/src/features/news/news-list.tsx',
      [
        "import { buildApp } from '#server/app.ts';",
        "import { MatchingPage } from '#client/features/matching/matching-page.tsx';",
        'export const all = [buildApp, MatchingPage];',
      ].join('\n'),
    );
    expect(allowed).toEqual([]);
    expect(refused).toEqual([
      'The client imports only server/contracts/ of the server.',
      'Features do not import each other: move the shared piece to components/, lib/ or server/contracts/.',
    ]);
  });

  it('refuses a feature importing another feature', async () => {
    const messages = await boundaryMessages(
      'client/src/features/news/news-list.tsx',
      "import { MatchingPage } from '../matching/matching-page.tsx';\nexport const m = MatchingPage;\n",
    );
    expect(messages).toEqual([
      'Features do not import each other: move the shared piece to components/, lib/ or server/contracts/.',
    ]);
  });

  it('keeps server/contracts free of other server code', async () => {
    const messages = await boundaryMessages(
      'server/contracts/menu.ts',
      "import { AppError } from '../errors.ts';\nexport const e = AppError;\n",
    );
    expect(messages).toEqual(['server/contracts/ is bundled into the client: it imports only itself.']);
  });

  it('refuses shared code importing a feature or the app', async () => {
    const fromFeature = await boundaryMessages(
      'client/src/lib/widgets.ts',
      "import { NewsPage } from '../features/news/news-page.tsx';\nexport const n = NewsPage;\n",
    );
    const fromApp = await boundaryMessages(
      'client/src/lib/widgets.ts',
      "import { CLIENT_DOMAINS } from '../app/domains.ts';\nexport const d = CLIENT_DOMAINS;\n",
    );
    const message = 'Shared code (components/, lib/) serves the features and the app: it imports neither.';
    expect([...fromFeature, ...fromApp]).toEqual([message, message]);
  });

  it('refuses a feature importing the app', async () => {
    const messages = await boundaryMessages(
      'client/src/features/news/news-list.tsx',
      "import { CLIENT_DOMAINS } from '../../app/domains.ts';\nexport const d = CLIENT_DOMAINS;\n",
    );
    expect(messages).toEqual([
      'A feature does not import the app: the app composes the features (app/domains.ts).',
    ]);
  });

  it('refuses climbing two folders: a module that far away is imported through its alias', async () => {
    const messages = await restrictedImportMessages(
      'client/src/features/news/news-list.tsx',
      [
        "import { request } from '../../lib/request.ts';",
        "export { success } from '../../../../server/contracts/envelope.ts';",
        "import { MatchingPage } from '../matching/matching-page.tsx';",
        "import { NewsCard } from './news-card.tsx';",
        "import { CLIENT_DOMAINS } from '#client/app/domains.ts';",
        'export const all = [request, MatchingPage, NewsCard, CLIENT_DOMAINS];',
      ].join('\n'),
    );
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/^'\.\.\/\.\.\/lib\/request\.ts' import is restricted .*#client\//);
  });

  it('refuses the server importing what its image leaves out: the client, the tests, the scripts', async () => {
    const messages = await restrictedImportMessages(
      'server/api/news/routes.ts',
      [
        "import { request } from '#client/lib/request.ts';",
        "import { world } from '#tests/support/world.ts';",
        "import { seed } from '#scripts/seed.ts';",
        "import { success } from '#server/contracts/envelope.ts';",
        'export const all = [request, world, seed, success];',
      ].join('\n'),
    );
    expect(messages).toHaveLength(3);
    for (const message of messages)
      expect(message).toMatch(/The server image holds server\/, tenants\/ and themes\//);
  });
});
