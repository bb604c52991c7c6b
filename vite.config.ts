import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { CHUNK_GROUPS, modulesAt, ownModules } from './scripts/vite/chunk-groups.ts';
import { pagePathsDefine } from './scripts/vite/page-paths.ts';
import { stripCallDocs } from './scripts/vite/strip-call-docs.ts';

// What the gateway answers itself. In production it also renders index.html per bank, so the
// build carries nothing bank-specific; in development (`vite` on :5173) these go to the gateway
// with the Host header unchanged, so bank{code}.localhost still picks the bank.
const GATEWAY_ORIGIN = 'http://localhost:3000';
const GATEWAY_PATHS = ['/api', '/login', '/logout', '/callback', '/oidc', '/tenant-assets'];

export default defineConfig({
  root: path.join(import.meta.dirname, 'client'),
  plugins: [react(), stripCallDocs()],
  // The pages' paths the menus check their links against (client/src/lib/live-pages.ts).
  define: pagePathsDefine,
  build: {
    outDir: path.join(import.meta.dirname, 'dist', 'client'),
    emptyOutDir: true,
    // The gateway reads the entry script, its preloads and stylesheets from the manifest.
    manifest: true,
    // Hashed file names under /assets/: the gateway serves this folder with immutable caching.
    assetsDir: 'assets',
    // Every browser the build targets (Vite's baseline: Chrome 111, Safari 16.4, Firefox 114)
    // understands native ES modules; <link rel="modulepreload"> is a hint that Safari before 17
    // ignores, and a page there loads the same chunks, one after another. The polyfill that would
    // fetch them early there cost every page 0.4 kB gzipped of its entry.
    modulePreload: {
      polyfill: false,
      // Route discovery (client/src/app/route-discovery.ts) and the areas' tables of lazy domains
      // (lazy-*-domains.ts) import every lazy domain's route table; a list of each one's chunks to
      // preload would be most of those modules (1.3 kB gzipped on every public page, decision 0094).
      // A domain's table loads its own imports when it is taken.
      // In a script's own lists the entry and what index.html preloads with it (the shell, the
      // runtime) are left out: they ran before any dynamic import can, and each domain table named
      // them for every page (0.3 kB gzipped on /news/detail). The page keeps its preload links.
      resolveDependencies: (_file, dependencies, { hostId, hostType }) => {
        if (hostType === 'html') return dependencies;
        if (/(^|\/)(route-discovery|lazy-[a-z]+-domains)-[\w-]+\.js$/.test(hostId)) return [];
        return dependencies.filter(
          (dependency) => !/(^|\/)(index|shell|rolldown-runtime)-[\w-]+\.js$/.test(dependency),
        );
      },
    },
    rolldownOptions: {
      output: {
        // Left to itself Rolldown cuts the small modules into dozens of files of a few hundred
        // bytes, each compressed on its own (tests/e2e/script-budget.test.ts prints them). The
        // groups below put together what is loaded together:
        // - shell: what every page's frame uses (application bar, footer, icons, layout frame, the
        //   request and save helpers the public forms and lists share) and what they import;
        // - page-rules: which pages exist (the page table: the home page, the menus; public lazy pages
        //   find their domain by path prefix and load none of it, decision 0113);
        // - news-pages, reminder-pages…: the page definitions of a domain with public pages, which
        //   its route table reads (its public pages load them, not the page table);
        // - signed-in: what only logged-in pages use (TanStack Query, menus and their route rules,
        //   badges, the dashboard's parts);
        // - a layout and a dashboard of each area: the admin area's menu comes from the server, the
        //   company area's is filtered from menu-data.ts.
        // Only the shell takes its modules' dependencies along: pulled into the others, the entry's
        // own modules would make every public page load them (includeDependenciesRecursively).
        // Measured (kB gzipped): public pages 115.2-122.5, login to the company dashboard 143.4,
        // to the admin dashboard 143.3 (budgets 130 and 150; they were 181.6 and 184.2 before the
        // groups, 148.5 and 169.4 before the app's own router, decision 0115).
        codeSplitting: {
          groups: [
            { name: 'shell', test: modulesAt(CHUNK_GROUPS.shell) },
            ownModules('form-kit', CHUNK_GROUPS['form-kit']),
            ownModules('rich-text-view', CHUNK_GROUPS['rich-text-view']),
            ownModules('page-rules', CHUNK_GROUPS['page-rules']),
            ownModules('news-pages', CHUNK_GROUPS['news-pages']),
            ownModules('reminder-pages', CHUNK_GROUPS['reminder-pages']),
            ownModules('registration-pages', CHUNK_GROUPS['registration-pages']),
            ownModules('settings-pages', CHUNK_GROUPS['settings-pages']),
            ownModules('websites-pages', CHUNK_GROUPS['websites-pages']),
            ownModules('matching-pages', CHUNK_GROUPS['matching-pages']),
            ownModules('account-kinds', CHUNK_GROUPS['account-kinds']),
            ownModules('signed-in', CHUNK_GROUPS['signed-in']),
            ownModules('admin-layout', CHUNK_GROUPS['admin-layout']),
            ownModules('admin-dashboard', CHUNK_GROUPS['admin-dashboard']),
            ownModules('company-dashboard', CHUNK_GROUPS['company-dashboard']),
            ownModules('company-layout', CHUNK_GROUPS['company-layout']),
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      GATEWAY_PATHS.map((prefix) => [prefix, { target: GATEWAY_ORIGIN, changeOrigin: false }]),
    ),
  },
});
