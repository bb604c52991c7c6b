import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// What the gateway answers itself. In production it also renders index.html per bank, so the
// build carries nothing bank-specific; in development (`vite` on :5173) these go to the gateway
// with the Host header unchanged, so bank{code}.localhost still picks the bank.
const GATEWAY_ORIGIN = 'http://localhost:3000';
const GATEWAY_PATHS = ['/api', '/login', '/logout', '/callback', '/oidc', '/tenant-assets'];

export default defineConfig({
  root: path.join(import.meta.dirname, 'client'),
  plugins: [react()],
  build: {
    outDir: path.join(import.meta.dirname, 'dist', 'client'),
    emptyOutDir: true,
    // The gateway reads the entry script, its preloads and stylesheets from the manifest.
    manifest: true,
    // Hashed file names under /assets/: the gateway serves this folder with immutable caching.
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        // The small modules every page's shell uses (application bar, footer, icons, layout frame)
        // and what they import go into one chunk. Left to itself Rolldown cuts them into some twenty
        // files of a few hundred bytes, each compressed on its own: one chunk takes 7 kB off every
        // public page's first visit (tests/e2e/script-budget.test.ts).
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: /client\/src\/(components\/(app-bar\/(app-bar|bar-links)|site-footer|icons|button|external-link|visually-hidden|skip-link|bank-contact-details)|lib\/(window-width|request\/http-error)|app\/layouts\/(layout-frame|plain-layout))|server\/contracts\/(device|envelope)\.ts/,
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
