import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run dev`: rebuilds the client on change (vite build --watch) and restarts the gateway when
 * server code changes (node --watch). Open http://bank0182.localhost:3000 — the gateway serves the
 * rebuilt client with each bank's branding, exactly as in production.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(rootDir, 'node_modules', 'vite', 'bin', 'vite.js');
// One build first, so the gateway starts on a complete client; then rebuild on change.
const firstBuild = spawnSync(
  process.execPath,
  [vite, 'build', '--mode', 'development', '--logLevel', 'warn'],
  {
    cwd: rootDir,
    stdio: 'inherit',
  },
);
if (firstBuild.status !== 0) process.exit(firstBuild.status ?? 1);

const children = [
  spawn(process.execPath, [vite, 'build', '--watch', '--mode', 'development', '--logLevel', 'warn'], {
    cwd: rootDir,
    stdio: 'inherit',
  }),
  spawn(process.execPath, ['--watch-path=server', '--watch-path=themes', 'scripts/start.ts'], {
    cwd: rootDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
