import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { stripCallDocs } from './scripts/vite/strip-call-docs.ts';

// What the gateway answers itself. In production it also renders index.html per bank, so the
// build carries nothing bank-specific; in development (`vite` on :5173) these go to the gateway
// with the Host header unchanged, so bank{code}.localhost still picks the bank.
const GATEWAY_ORIGIN = 'http://localhost:3000';
const GATEWAY_PATHS = ['/api', '/login', '/logout', '/callback', '/oidc', '/tenant-assets'];

/**
 * Whether a module is one of `paths`: from the repository root, without the extension; a path
 * ending in "/" names a folder and everything under it.
 */
function modulesAt(paths: readonly string[]): (id: string) => boolean {
  const files = new Set(paths.filter((entry) => !entry.endsWith('/')));
  const folders = paths.filter((entry) => entry.endsWith('/'));
  return (id) => {
    const relative = path
      .relative(import.meta.dirname, id)
      .split(path.sep)
      .join('/');
    return (
      files.has(relative.replace(/\.[cm]?[jt]sx?$/, '')) ||
      folders.some((folder) => relative.startsWith(folder))
    );
  };
}

/** A chunk of exactly these modules: their dependencies stay where Rolldown puts them. */
function ownModules(name: string, paths: readonly string[]) {
  return { name, test: modulesAt(paths), includeDependenciesRecursively: false };
}

export default defineConfig({
  root: path.join(import.meta.dirname, 'client'),
  plugins: [react(), stripCallDocs()],
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
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Left to itself Rolldown cuts the small modules into dozens of files of a few hundred
        // bytes, each compressed on its own (tests/e2e/script-budget.test.ts prints them). The
        // groups below put together what is loaded together:
        // - shell: what every page's frame uses (application bar, footer, icons, layout frame, the
        //   request and save helpers the public forms and lists share) and what they import;
        // - page-rules: which pages exist and who may open them (the home page and every layout);
        // - signed-in: what only logged-in pages use (TanStack Query, menus and their route rules,
        //   badges, the dashboard's parts);
        // - a layout and a dashboard of each area: the admin area's menu comes from the server, the
        //   company area's is filtered from menu-data.ts.
        // Only the shell takes its modules' dependencies along: pulled into the others, the entry's
        // own modules would make every public page load them (includeDependenciesRecursively).
        // Measured (kB gzipped): public pages 140.9-148.2, login to the company dashboard 169.6,
        // to the admin dashboard 169.5 (budgets 150 and 170; they were 181.6 and 184.2).
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: modulesAt([
                'client/src/components/app-bar/app-bar',
                'client/src/components/app-bar/bar-links',
                'client/src/components/site-footer/',
                'client/src/components/icons/',
                'client/src/components/button/',
                'client/src/components/external-link',
                'client/src/components/visually-hidden',
                'client/src/components/skip-link',
                'client/src/components/bank-contact-details',
                'client/src/components/unread-mark',
                'client/src/lib/window-width',
                'client/src/lib/date-format',
                'client/src/lib/save-flow',
                'client/src/lib/request/http-error',
                'client/src/lib/request/fetch-call',
                'client/src/lib/request/save-call',
                'client/src/lib/request/save-request',
                'client/src/app/layouts/layout-frame',
                'client/src/app/layouts/plain-layout',
                'server/contracts/device',
                'server/contracts/envelope',
                'server/contracts/call',
                'server/contracts/paging',
                'server/contracts/japan-day',
              ]),
            },
            ownModules('page-rules', [
              'server/contracts/page-table',
              'server/contracts/pages/',
              'server/contracts/account-types',
              'server/contracts/identity',
            ]),
            ownModules('signed-in', [
              'node_modules/@tanstack/query-core/',
              'node_modules/@tanstack/react-query/',
              'client/src/components/navigation/badge-counts',
              'client/src/components/navigation/badge-polling',
              'client/src/components/navigation/count-badge',
              'client/src/components/navigation/menu-entry',
              'client/src/components/navigation/menu-destination',
              'client/src/components/navigation/use-menus',
              'client/src/components/drawer/',
              'client/src/components/dashboard/',
              'client/src/components/page-header/',
              'client/src/components/dialog/focus-trap',
              'client/src/components/fact-list',
              'client/src/components/app-bar/impersonation-banner',
              'client/src/components/app-bar/profile-block',
              'client/src/lib/master-data',
              'client/src/lib/use-new-badge',
              'client/src/lib/request/call-client',
              'client/src/app/with-server-state',
              'server/contracts/menu',
              'server/contracts/new-badge',
              'server/contracts/route-access',
              'server/contracts/user-switch',
              'server/contracts/logged-in-user',
              'server/contracts/badge-counters',
              'server/contracts/master-list-items',
            ]),
            ownModules('admin-layout', [
              'client/src/app/layouts/admin-layout',
              'client/src/components/admin/admin-badges',
              'client/src/components/admin/admin-menu-query',
              'client/src/components/admin/admin-side-menu',
              'client/src/components/admin/admin-top-bar',
              'client/src/components/admin/admin-footer',
            ]),
            ownModules('admin-dashboard', [
              'client/src/features/dashboard/admin-dashboard-page',
              'client/src/features/news/dashboard/admin-article-blocks',
            ]),
            ownModules('company-dashboard', [
              'client/src/features/dashboard/company-dashboard-page',
              'client/src/features/news/dashboard/company-article-blocks',
            ]),
            ownModules('company-layout', [
              'client/src/app/layouts/default-layout',
              'client/src/components/navigation/navigation-columns',
              'client/src/components/navigation/navigation-accordion',
              'client/src/components/navigation/tab-bar',
              'client/src/components/navigation/use-stored-flag',
              'client/src/components/navigation/attendance-card-link',
              'client/src/components/navigation/use-company-menu',
              'server/contracts/menu-data',
            ]),
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
