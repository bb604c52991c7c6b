import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start`: builds the browser app when it has not been built yet, then runs the gateway in this
 * process (so SIGTERM reaches it directly). Embedded defaults: PGlite under data/, in-memory sessions,
 * mail to the development mail catcher (MailDev) started here.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.resolve(rootDir, process.env.CLIENT_DIST_DIR ?? 'dist/client');

if (!fs.existsSync(path.join(distDir, '.vite', 'manifest.json'))) {
  console.log('クライアントをビルドしています（初回のみ）…');
  const vite = path.join(rootDir, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: rootDir,
    stdio: 'inherit',
    // Always React's production build: a NODE_ENV of test or development (a test runner starting
    // the server, say) would otherwise make Vite bundle the development build, 60 kB heavier.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Outside production a development mail catcher takes the portal's mail (SMTP_URL's default then)
// and shows it in a web inbox; it ends with this process.
const { loadProcessConfig } = await import('../server/config.ts');
const { catcher } = loadProcessConfig(rootDir).mail;
if (catcher.start) {
  const { startMailCatcher } = await import('./mail-catcher.ts');
  const { inboxUrl } = await startMailCatcher(catcher);
  console.log(`開発用メール受信箱: ${inboxUrl}（SMTP ${catcher.host}:${catcher.smtpPort}）`);
}

await import('../server/main.ts');
