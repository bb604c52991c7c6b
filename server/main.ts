import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadProcessConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { openDatabaseOrExit } from './db/open-for-process.ts';
import { ensureBankPermissions } from './db/default-permissions.ts';
import { seedDemoData } from './db/seed.ts';
import { buildIdentityProvider } from './idp/app.ts';
import { buildTestPaymentGateway } from './payment-gateway/app.ts';
import { createLogger } from './logging.ts';
import { connectRedis, redisReady } from './redis.ts';
import { createTenantRegistry } from './tenancy/registry.ts';
import { CLIENT_MANIFEST_PATH, type ClientAssets, readClientAssets } from './web/client-assets.ts';

/**
 * The entry that listens: parses the environment, opens the database and the tenant registry,
 * builds the app, listens, and on SIGTERM/SIGINT lets in-flight requests finish before closing
 * the server, the database and the tenant watcher.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = loadProcessConfig(rootDir);
const logger = createLogger({ level: config.logLevel });

const packageVersion = (
  JSON.parse(fs.readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { version: string }
).version;
const buildVersion = config.buildVersion ?? packageVersion;

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

const clientAssets = clientAssetsSource();
const tenants = await createTenantRegistry({
  tenantsDir: config.tenantsDir,
  themesDir: config.themesDir,
  devHosts: config.devHosts,
  watch: config.tenantWatch,
  logger,
});
// A database that cannot be used ends the start-up with one log line and a non-zero exit.
const db = await openDatabaseOrExit(config, logger);
/** Every bank starts with the default permissions per account type (never re-granted once a bank has its own). */
async function installDefaultPermissions(database: Database, codes: readonly string[]) {
  for (const code of codes) {
    if (await database.withBank(code, ensureBankPermissions))
      logger.info({ bank: code }, 'default permissions installed');
  }
}
await installDefaultPermissions(
  db,
  tenants.list().map((tenant) => tenant.code),
);
const stopPermissionInstaller = tenants.onChange((change) => {
  if (change.kind !== 'added') return;
  installDefaultPermissions(db, [change.code]).catch((err: unknown) =>
    logger.error({ err, bank: change.code }, 'installing default permissions failed'),
  );
});

if (config.env !== 'production') {
  // Demo data on every start outside production: deterministic and idempotent (README lists the logins).
  await seedDemoData(
    db,
    tenants.list().map((tenant) => ({ code: tenant.code, bank_name: tenant.config.bank_name })),
  );
}
logger.info(
  {
    database: db.kind,
    sessions: config.redisUrl ? 'redis' : 'memory',
    rateLimits: config.redisUrl ? 'redis' : 'memory',
    errorReporting: config.sentryDsn ? 'sentry' : 'off',
    banks: tenants.list().length,
  },
  config.databaseUrl ? 'using PostgreSQL' : `using embedded PGlite in ${config.dataDir}`,
);

const redis = config.redisUrl ? connectRedis(config.redisUrl, logger) : undefined;
// Commands fail rather than queue while Redis is away (server/redis.ts): connect before listening.
// An unreachable Redis does not stop the boot: pages are served and the API answers 503 until it returns.
if (redis) {
  await redisReady(redis).catch((err: unknown) =>
    logger.warn({ err }, 'Redis is not reachable yet; the API answers 503 until it is'),
  );
}
const app = await buildApp({ config, tenants, db, redis, buildVersion, clientAssets, logger });
// The development identity provider (START_IDP, on by default outside production) runs in this
// process, sharing the database handle (PGlite is single-process), the tenants and Redis.
const idp = config.idp.start
  ? await buildIdentityProvider({ config, tenants, db, redis, logger: logger.child({ service: 'idp' }) })
  : undefined;
// The local test payment gateway (START_PAYMENT_GATEWAY, on by default outside production): the
// gateway's PAYMENT_GATEWAY_URL defaults to it.
const paymentGateway = config.paymentGateway.start
  ? await buildTestPaymentGateway({ logger: logger.child({ service: 'payment-gateway' }) })
  : undefined;
app.addHook('onClose', async () => {
  await idp?.close();
  await paymentGateway?.close();
  stopPermissionInstaller();
  await tenants.close();
  await db.close();
  await redis?.quit();
});

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'shutting down after an error');
  else logger.info({ signal }, 'shutting down');
  await app.close();
});

if (idp) {
  await idp.listen({ host: config.idp.host, port: config.idp.port });
  logger.info(
    { issuers: `http://localhost:${config.idp.port}/oidc/bank{code}` },
    'identity provider listening',
  );
}
if (paymentGateway) {
  await paymentGateway.listen({ host: config.paymentGateway.host, port: config.paymentGateway.port });
  logger.info(
    { url: `http://localhost:${config.paymentGateway.port}` },
    'test payment gateway listening (README: test card numbers)',
  );
}
await app.listen({ host: config.host, port: config.port });
if (config.devHosts) {
  const examples = tenants
    .list()
    .slice(0, 3)
    .map((tenant) => `http://bank${tenant.code}.localhost:${config.port}`);
  logger.info({ examples }, 'every bank also answers at http://bank{code}.localhost');
}
