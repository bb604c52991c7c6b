import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProcessConfig } from './config.ts';
import { createLogger } from './logging.ts';
import { startServer } from './startup.ts';
import { CLIENT_MANIFEST_PATH, type ClientAssets, readClientAssets } from './web/client-assets.ts';

/**
 * The gateway's entry (`npm start`): parses the environment and starts the gateway, with the
 * development identity provider beside it outside production, as server/startup.ts starts every
 * server; SIGTERM/SIGINT let in-flight requests finish before everything is closed.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = loadProcessConfig(rootDir);
const logger = createLogger({ level: config.logLevel });

const packageVersion = (
  JSON.parse(fs.readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { version: string }
).version;

/** Outside development the client is read once; in development a rebuilt client is picked up. */
function clientAssetsSource(): () => ClientAssets {
  const initial = readClientAssets(config.clientDistDir);
  if (config.env !== 'development') return () => initial;
  const manifestFile = path.join(config.clientDistDir, CLIENT_MANIFEST_PATH);
  let current = { mtimeMs: fs.statSync(manifestFile).mtimeMs, assets: initial };
  return () => {
    const mtimeMs = fs.statSync(manifestFile, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs !== undefined && mtimeMs !== current.mtimeMs) {
      current = { mtimeMs, assets: readClientAssets(config.clientDistDir) };
    }
    return current.assets;
  };
}

await startServer({
  serve: 'gateway',
  config,
  logger,
  buildVersion: config.buildVersion ?? packageVersion,
  clientAssets: clientAssetsSource(),
  exitOnDatabaseFailure: true,
  prepareBanks: true,
  closeOnSignals: true,
});
