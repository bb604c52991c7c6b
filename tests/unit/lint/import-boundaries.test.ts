import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLintTree } from './lint-tree.ts';

/** A small tree of the repository's shape (the boundaries plugin resolves imports: they must exist). */
const tree: Record<string, string> = {
  'server/app.ts': 'export const buildApp = 1;\n',
  'server/errors.ts': 'export const AppError = 1;\n',
  'server/contracts/envelope.ts': 'export const success = 1;\n',
  'client/src/lib/request.ts': 'export const request = 1;\n',
  'client/src/features/news/news-page.tsx': 'export const NewsPage = 1;\n',
  'client/src/features/news/news-card.tsx': 'export const NewsCard = 1;\n',
  'client/src/features/matching/matching-page.tsx': 'export const MatchingPage = 1;\n',
  'client/src/app/features.ts': 'export const CLIENT_DOMAINS = 1;\n',
};

let lintTree: Awaited<ReturnType<typeof createLintTree>>;
beforeAll(async () => {
  lintTree = await createLintTree('lint-boundaries-', tree);
});
afterAll(async () => {
  await lintTree.remove();
});

const boundaryMessages = (file: string, source: string) =>
  lintTree.messagesOf('boundaries/dependencies', file, source);
const restrictedImportMessages = (file: string, source: string) =>
  lintTree.messagesOf('no-restricted-imports', file, source);

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
      "import { CLIENT_DOMAINS } from '../app/features.ts';\nexport const d = CLIENT_DOMAINS;\n",
    );
    const message = 'Shared code (components/, lib/) serves the features and the app: it imports neither.';
    expect([...fromFeature, ...fromApp]).toEqual([message, message]);
  });

  it('refuses a feature importing the app', async () => {
    const messages = await boundaryMessages(
      'client/src/features/news/news-list.tsx',
      "import { CLIENT_DOMAINS } from '../../app/features.ts';\nexport const d = CLIENT_DOMAINS;\n",
    );
    expect(messages).toEqual([
      'A feature does not import the app: the app composes the features (app/features.ts).',
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
        "import { CLIENT_DOMAINS } from '#client/app/features.ts';",
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
