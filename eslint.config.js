// One ESLint flat config for the whole tree: TypeScript rules from typescript-eslint, and the import
// boundaries of STYLE.md enforced by eslint-plugin-boundaries:
// - the client imports nothing of server/ but server/contracts/;
// - server/contracts/ imports nothing but itself (the client bundles it);
// - features (client/src/features/<domain>) do not import each other; the router composes them (app/features.ts);
// - shared code (client/src/components, client/src/lib) imports no feature and not the app, and
//   features do not import the app;
// and no module imports itself back through others (import-x/no-cycle). Modules two folders away
// or more are imported through the package.json "imports" aliases (#server/…, #client/…), never
// `../../`, and the server imports nothing the runtime image leaves out (#client, #tests, #scripts).
// No two modules share a base name but the convention names of scripts/lint/unique-module-names.js.
import path from 'node:path';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { lintResolver } from './scripts/lint/import-resolver.js';
import localRules from './scripts/lint/unique-module-names.js';

// Both import-graph rules resolve with the same resolver, which follows package.json "imports"
// (`#server/…`, `#client/…`): scripts/lint/import-resolver.js.
const IMPORT_RESOLVER = path.join(import.meta.dirname, 'scripts', 'lint', 'import-resolver.js');

// Two folders up or more is a module of another area: it is named from the top, the same from every
// file (package.json "imports"). `./x` and `../x` stay relative: they are the module's neighbours.
const DEEP_RELATIVE_IMPORT = {
  group: ['../../*'],
  message:
    'Two folders up is another area: import it through its alias (#server/…, #client/…, #tests/…, #scripts/…).',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'data/',
      '.test-artifacts/',
      'server/db/migrations/',
      'tests/fixtures/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // tsconfigRootDir: typescript-eslint otherwise guesses it from the config files it has seen, and
    // refuses to guess when one process lints two trees (tests/unit/lint/ does).
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: [DEEP_RELATIVE_IMPORT] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'process.env is read in server/config.ts only.',
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The app routes with its own router (decision 0115); React Router stays a dev dependency for
    // the matching parity test and the router-bytes bench's baseline only.
    files: ['client/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    ignores: ['tests/unit/router/route-matching-parity.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            DEEP_RELATIVE_IMPORT,
            {
              group: ['react-router', 'react-router/*', 'react-router-dom'],
              message:
                'The app routes with its own router (decision 0115): import #client/lib/router/index.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The runtime image (Dockerfile) holds package.json, server/, tenants/ and themes/ only.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            DEEP_RELATIVE_IMPORT,
            {
              // A regex: in the gitignore-style `group`, a leading # starts a comment.
              regex: '^#(client|tests|scripts)/',
              message:
                'The server image holds server/, tenants/ and themes/: the server imports none of the rest.',
            },
          ],
        },
      ],
    },
  },
  {
    // Handlers take the bank's transaction and the viewer from the request context
    // (server/plugins/request-context.ts), settled once per request.
    files: ['server/api/**/*.ts', 'server/auth/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'process.env is read in server/config.ts only.',
        },
        {
          selector:
            "CallExpression[callee.property.name='withBank'] > MemberExpression.arguments:first-child[property.name='code'][object.property.name='tenant']",
          message: "A handler's transaction is request.inBank(tx => …): the bank comes from the request.",
        },
        {
          selector: "MemberExpression[object.property.name='loggedInUsers'][property.name='load']",
          message: 'Who is asking is request.viewer() / request.viewerFor(access), loaded once per request.',
        },
      ],
    },
  },
  {
    // Scripts, tests and configs are entry points: they may read their own environment.
    files: ['scripts/**', 'tests/**', '*.config.ts', '*.config.js', 'server/config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // A cycle makes the order modules load in matter and hides which of them is the lower layer.
    // (Type-only imports are not followed: they vanish at run time. `npm run lint:circles` finds
    // those with dependency-cruiser.)
    files: ['server/**/*.ts', 'client/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [lintResolver],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // One module per base name across server/, client/ and scripts/, but for the few listed names
    // that are a folder's convention (decision 70).
    files: ['server/**/*.{ts,tsx}', 'client/**/*.{ts,tsx}', 'scripts/**/*.{ts,tsx,js}'],
    plugins: { local: localRules },
    rules: { 'local/unique-module-names': ['error', { root: import.meta.dirname }] },
  },
  {
    files: ['server/**/*.ts', 'client/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      // Patterns are relative to this file's folder, whatever the working directory.
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': { [IMPORT_RESOLVER]: {} },
      'boundaries/include': ['server/**/*', 'client/**/*'],
      'boundaries/elements': [
        { type: 'contracts', pattern: 'server/contracts' },
        { type: 'server', pattern: 'server' },
        { type: 'feature', pattern: 'client/src/features/*', capture: ['feature'] },
        { type: 'shared', pattern: ['client/src/components', 'client/src/lib'] },
        { type: 'app', pattern: 'client/src/app' },
        { type: 'client', pattern: 'client' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { types: { anyOf: ['client', 'feature', 'shared', 'app'] } } },
              disallow: { to: { element: { type: 'server' } } },
              message: 'The client imports only server/contracts/ of the server.',
            },
            {
              from: { element: { type: 'contracts' } },
              disallow: {
                to: { element: { types: { anyOf: ['server', 'client', 'feature', 'shared', 'app'] } } },
              },
              message: 'server/contracts/ is bundled into the client: it imports only itself.',
            },
            {
              from: { element: { type: 'server' } },
              disallow: { to: { element: { types: { anyOf: ['client', 'feature', 'shared', 'app'] } } } },
              message: 'The server does not import client code.',
            },
            {
              from: { element: { type: 'shared' } },
              disallow: { to: { element: { types: { anyOf: ['feature', 'app'] } } } },
              message: 'Shared code (components/, lib/) serves the features and the app: it imports neither.',
            },
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'app' } } },
              message: 'A feature does not import the app: the app composes the features (app/features.ts).',
            },
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: {
                  element: { type: 'feature', captured: { feature: '!{{ from.element.captured.feature }}' } },
                },
              },
              message:
                'Features do not import each other: move the shared piece to components/, lib/ or server/contracts/.',
            },
          ],
        },
      ],
    },
  },
);
