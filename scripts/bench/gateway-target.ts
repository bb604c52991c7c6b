import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { buildApp } from '#server/app.ts';
import { loadServerConfig } from '#server/config.ts';
import { asyncStdout, createLogger } from '#server/logging.ts';
import { openDatabase } from '#server/db/database.ts';
import { createTenantRegistry } from '#server/tenancy/tenant-registry.ts';
import { serveAsTarget } from './target-process.ts';

/**
 * The gateway as server/main.ts builds it (buildApp with the committed tenants and themes, the
 * built client, a database), for the benchmarks. It answers the page it will be measured on, so
 * the baseline can serve the very same bytes. It logs as production does (the access line at info,
 * asynchronously to standard output); the baseline, a default Fastify app, logs nothing.
 */
export const gatewayTargetInputSchema = z.object({
  rootDir: z.string(),
  clientDistDir: z.string(),
  /** The request the benchmark makes, asked once here to capture the answer. */
  host: z.string(),
  accept: z.string(),
  /** More environment for the gateway's config (a benchmark lifting a rate limit it does not measure). */
  env: z.record(z.string(), z.string()).default({}),
});

serveAsTarget(async (input) => {
  const { rootDir, clientDistDir, host, accept, env } = gatewayTargetInputSchema.parse(input);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const closers: (() => Promise<void>)[] = [() => fs.rm(dataDir, { recursive: true, force: true })];
  const close = async () => {
    for (const closeNext of closers.reverse()) await closeNext();
  };
  try {
    // Development hosts (bank{code}.localhost) answer outside production only.
    const config = loadServerConfig(
      {
        NODE_ENV: 'development',
        CLIENT_DIST_DIR: clientDistDir,
        DATA_DIR: dataDir,
        TENANT_WATCH: 'false',
        ...env,
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
    const db = await openDatabase({ databaseUrl: undefined, dataDir, logger: quiet });
    closers.push(() => db.close());
    // As production logs: the access line at info, asynchronously to standard output, which a process
    // of its own reads (startTargetProcess's log reader, as a container runtime reads it).
    const logger = createLogger({ level: 'info' }, asyncStdout());
    const app = await buildApp({ config, tenants, db, buildVersion: 'bench', logger });

    const page = await app.inject({ method: 'GET', url: '/', headers: { host, accept } });
    if (page.statusCode !== 200) {
      throw new Error(`GET / on ${host} answered ${page.statusCode}: ${page.body.slice(0, 200)}`);
    }
    return {
      app,
      // The baseline answers these very bytes: the body and every header the gateway sends,
      // less those Node writes itself.
      ready: {
        body: page.rawPayload.toString('base64'),
        headers: Object.fromEntries(
          Object.entries(page.headers)
            .filter(([name]) => !['date', 'connection', 'content-length', 'keep-alive'].includes(name))
            .map(([name, value]) => [name, String(value)]),
        ),
      },
      close,
    };
  } catch (error) {
    // A failed start leaves no temp folder or open database behind.
    await close();
    throw error;
  }
});
