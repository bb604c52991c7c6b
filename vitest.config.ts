import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { EMBEDDED_DEFAULT_API_FILES } from './tests/api/embedded-default-files.ts';
import { pagePathsDefine } from './scripts/vite/page-paths.ts';

// Four suites, run by `npm test` in this order: unit (pure rules and helpers), component (React
// components rendered in jsdom with Testing Library), api (the real app
// factory over HTTP on PGlite, or on PostgreSQL/Redis when DATABASE_URL/REDIS_URL are set) and
// e2e (Chromium against the server started as `npm start` starts it). When the api suite ran on
// PostgreSQL or Redis, api-embedded runs the api files that differ by engine again on the embedded
// default (PGlite, in-memory stores), as a fresh clone runs them (scripts/test.ts).
// Vitest runs files on one worker per core less one by default: a single worker on the 2-core CI
// machine. Unit and component files are CPU-bound: one worker per core. Api files spend most of their
// time waiting for PostgreSQL, Redis and the provider: one worker more than the cores (the default).
const cores = os.availableParallelism();

export default defineConfig({
  test: {
    maxWorkers: cores + 1,
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', maxWorkers: cores },
      },
      {
        plugins: [react()],
        // As the build writes it in (vite.config.ts).
        define: pagePathsDefine,
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One jsdom per worker, each file still in a context of its own: creating jsdom for each of
          // the 42 files took a quarter of the suite.
          pool: 'vmThreads',
          maxWorkers: cores,
          setupFiles: ['tests/component/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-embedded',
          include: [...EMBEDDED_DEFAULT_API_FILES],
          // Unsets DATABASE_URL, REDIS_URL, REDIS_KEY_PREFIX and CI in the worker, however vitest was started.
          setupFiles: ['tests/api/support/embedded-default.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // One Chromium for the suite; each file connects to it (tests/support/e2e.ts).
          globalSetup: ['tests/e2e/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
