import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { stripCallDocs } from './scripts/vite/strip-call-docs.ts';

// What the gateway answers itself. In production it also renders index.html per bank, so the
// build carries nothing bank-specific; in development (`vite` on :5173) these go to the gateway
// with the Host header unchanged, so bank{code}.localhost still picks the bank.
const GATEWAY_ORIGIN = 'http://localhost:3000';
const GATEWAY_PATHS = ['/api', '/login', '/logout', '/callback', '/oidc', '/tenant-assets'];

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
    rolldownOptions: {
      output: {
        // Left to itself Rolldown cuts the small modules into dozens of files of a few hundred
        // bytes, each compressed on its own (tests/e2e/script-budget.test.ts prints them). Two groups:
        // - shell: what every page's frame uses (application bar, footer, icons, layout frame, the
        //   request helpers the public forms and lists share) and what they import: 7 kB off every
        //   public page's first visit;
        // - signed-in: what only logged-in pages use (TanStack Query, the menus and their route
        //   rules, badges, the dashboard's parts): 10 kB off the way from login to a dashboard.
        //   Its dependencies stay where they are (includeDependenciesRecursively: false): pulled in,
        //   the entry's own modules would make every public page load this chunk.
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: /client\/src\/(components\/(app-bar\/(app-bar|bar-links)|site-footer|icons|button|external-link|visually-hidden|skip-link|bank-contact-details|unread-mark)|lib\/(window-width|date-format|request\/(http-error|fetch-call|save-call|save-request))|app\/layouts\/(layout-frame|plain-layout))|server\/contracts\/(device|envelope|call|paging)\.ts/,
            },
            {
              name: 'signed-in',
              includeDependenciesRecursively: false,
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]|client\/src\/(components\/(navigation|drawer|dashboard|page-header|dialog\/focus-trap|fact-list|app-bar\/(impersonation-banner|profile-block)|admin\/admin-(badges|menu-query))|lib\/(master-data|use-new-badge|request\/call-client)|app\/with-server-state)|server\/contracts\/(menu|menu-data|new-badge|route-access|user-switch|logged-in-user|badge-counters|master-list-items)\.ts/,
            },
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
