import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { loadProcessConfig } from '../config.ts';
import { openDatabaseOrExit } from '../db/open-for-process.ts';
import { connectRedis, redisReady } from '../redis.ts';
import { createTenantRegistry } from '../tenancy/registry.ts';
import { createLogger } from '../logging.ts';
import { buildIdentityProvider } from './app.ts';

/**
 * The identity provider on its own (docker-compose's `idp` service): its own Node process on
 * PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), listening on IDP_HOST:IDP_PORT. It reads the same
 * tenant files as the gateway. `npm start` does not use this entry: server/main.ts starts the
 * provider beside the gateway in one process (PGlite cannot be opened by two).
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const config = loadProcessConfig(rootDir);
const logger = createLogger({ level: config.logLevel, base: { service: 'idp' } });

const tenants = await createTenantRegistry({
  tenantsDir: config.tenantsDir,
  themesDir: config.themesDir,
  devHosts: config.devHosts,
  watch: config.tenantWatch,
  logger,
});
// A database that cannot be used ends the start-up with one log line and a non-zero exit.
const db = await openDatabaseOrExit(config, logger);
const redis = config.redisUrl ? connectRedis(config.redisUrl, logger) : undefined;
if (redis) await redisReady(redis);

const app = await buildIdentityProvider({ config, tenants, db, redis, logger });
app.addHook('onClose', async () => {
  await tenants.close();
  await db.close();
  await redis?.quit();
});

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'shutting down after an error');
  else logger.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ host: config.idp.host, port: config.idp.port });
