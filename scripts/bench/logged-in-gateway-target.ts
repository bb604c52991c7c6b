import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { buildApp } from '#server/app.ts';
import { loadServerConfig } from '#server/config.ts';
import { asyncStdout, createLogger } from '#server/logging.ts';
import { openDatabase } from '#server/db/database.ts';
import { ensureBankPermissions } from '#server/db/default-permissions.ts';
import { seedDemoData } from '#server/demo-data.ts';
import { buildIdentityProvider } from '#server/idp/app.ts';
import { connectRedis, redisReady } from '#server/redis.ts';
import { createTenantRegistry } from '#server/tenancy/tenant-registry.ts';
import { createTestDatabase } from '#tests/support/database.ts';
import { tenantsForIssuerPort } from '#tests/support/idp.ts';
import { analyzeNewsTables, fillNewsRows } from './news-rows.ts';
import { serveAsTarget } from './target-process.ts';

/**
 * The gateway as server/main.ts runs it for a logged-in user: sessions in Redis (REDIS_URL, the
 * benchmark's own redis-server), the development identity provider beside it in the same process
 * (as `npm start` runs it, sharing the database and Redis), the banks' demo accounts seeded. The
 * gateway listens on the port its config names (the provider's redirect URIs carry it). Database:
 * PostgreSQL when DATABASE_URL is set (a fresh database of its own), else PGlite in a temp folder.
 * It logs as production does: the access line at info, asynchronously, to standard output.
 */
export const loggedInGatewayInputSchema = z.object({
  rootDir: z.string(),
  codes: z.array(z.string()).min(1),
  gatewayPort: z.number().int().positive(),
  idpPort: z.number().int().positive(),
  redisUrl: z.string(),
  redisKeyPrefix: z.string(),
  /** News rows to add per bank after the demo data (the news-search benchmark), read by `newsReader`. */
  newsRowsPerBank: z.number().int().nonnegative().default(0),
  newsReader: z.object({ bankCode: z.string(), loginId: z.string() }).optional(),
});

serveAsTarget(async (input) => {
  const { rootDir, codes, gatewayPort, idpPort, redisUrl, redisKeyPrefix, newsRowsPerBank, newsReader } =
    loggedInGatewayInputSchema.parse(input);
  const closers: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const closeNext of closers.reverse()) await closeNext();
  };
  try {
    const tenantsDir = await tenantsForIssuerPort(codes, idpPort);
    closers.push(() => fs.rm(tenantsDir, { recursive: true, force: true }));
    const database = await createTestDatabase();
    closers.push(() => database.drop());
    const config = loadServerConfig(
      {
        NODE_ENV: 'development',
        PORT: String(gatewayPort),
        IDP_PORT: String(idpPort),
        TENANTS_DIR: tenantsDir,
        DATA_DIR: database.dataDir,
        ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
        CLIENT_DIST_DIR: path.join(rootDir, 'tests', 'fixtures', 'client-dist'),
        TENANT_WATCH: 'false',
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: redisKeyPrefix,
        // The benchmark logs a thousand browsers in from one address; the limit has tests of its own.
        LOGIN_RATE_LIMIT_MAX: '1000000',
      },
      rootDir,
    );
    const quiet = { info() {}, warn() {}, error() {} };
    const tenants = await createTenantRegistry({
      tenantsDir: config.tenantsDir,
      themesDir: config.themesDir,
      devHosts: config.devHosts,
      watch: false,
      logger: quiet,
    });
    closers.push(() => tenants.close());
    const db = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      logger: quiet,
    });
    closers.push(() => db.close());
    const banks = tenants.list().map((tenant) => ({ code: tenant.code, bank_name: tenant.config.bank_name }));
    for (const bank of banks) await db.withBank(bank.code, ensureBankPermissions);
    await seedDemoData(db, banks);
    if (newsRowsPerBank > 0 && newsReader) {
      await fillNewsRows(db, codes, newsRowsPerBank, newsReader);
      await analyzeNewsTables(database.databaseUrl);
    }

    const redis = connectRedis(config.redisUrl ?? redisUrl, quiet);
    closers.push(() => redis.quit());
    await redisReady(redis);
    // As production logs: the access line at info, asynchronously to standard output, which a process
    // of its own reads (startTargetProcess's log reader, as a container runtime reads it).
    const logger = createLogger({ level: 'info' }, asyncStdout());
    const idp = await buildIdentityProvider({
      config,
      tenants,
      db,
      redis,
      logger: logger.child({ service: 'idp' }),
    });
    closers.push(() => idp.close());
    await idp.listen({ host: '127.0.0.1', port: idpPort });
    const app = await buildApp({ config, tenants, db, redis, buildVersion: 'bench', logger });
    return {
      app,
      port: gatewayPort,
      // logged-in-world.ts parses this.
      ready: { database: database.databaseUrl ? 'postgres' : 'pglite' },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
});
