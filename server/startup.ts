import closeWithGrace from 'close-with-grace';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import type { ServerConfig } from './config.ts';
import { type Database, openDatabase } from './db/database.ts';
import { startFailureLogLine } from './db/database-errors.ts';
import { ensureBankPermissions } from './db/default-permissions.ts';
import { seedDemoData } from './demo-data.ts';
import { buildIdentityProvider } from './idp/app.ts';
import type { JobRunner, JobRunnerOptions } from './api/kit/job-runner.ts';
import { buildTestPaymentGateway } from './payment-gateway/app.ts';
import type { LoginRateLimit } from './idp/interaction-routes.ts';
import { type MailWorker, type MailWorkerOptions, startMailWorker } from './mail/mail-worker.ts';
import { createSmtpTransport } from './mail/smtp-transport.ts';
import { connectRedis, redisReady } from './redis.ts';
import { createTenantRegistry } from './tenancy/tenant-registry.ts';
import type { TenantRegistry } from './tenancy/tenant.ts';
import type { ClientAssets } from './web/client-assets.ts';

/**
 * How every process of this project starts a server: the entries (server/main.ts, server/idp/main.ts),
 * the scripts and the tests' support. One order — config (given) → tenant registry → database →
 * bank set-up → Redis → app → listen → close with grace — so a test builds exactly what `npm start`
 * runs, and only the options a test needs differ (no listen, port 0, its own database or Redis).
 */

/** Nothing written: the default for tests and scripts that keep their own output. */
const silentLogger: Logger = pino({ level: 'silent' });

export interface ResourceOptions {
  config: ServerConfig;
  /** Start-up lines, the registry's and the database's; silent by default. */
  logger?: Logger;
  /** Watch tenants/ and themes/; default config.tenantWatch. */
  watchTenants?: boolean;
  /**
   * A process entry: a database that cannot be used ends the start-up with one log line and exit
   * code 1 (the orchestrator restarts it; no stack, the cause is the database's state). Otherwise
   * the error is thrown to the caller.
   */
  exitOnDatabaseFailure?: boolean;
  /** An open database to share (a provider beside a test's gateway); the caller closes it. */
  db?: Database;
  /**
   * Redis: a connected client of the caller's own (a test's key prefix), which the caller closes;
   * 'config' connects to config.redisUrl when it is set; false opens none. Default 'config'.
   */
  redis?: Redis | 'config' | false;
}

export interface ServerResources {
  config: ServerConfig;
  tenants: TenantRegistry;
  db: Database;
  redis: Redis | undefined;
  /** Closes what was opened here (never a database or Redis client the caller passed in). */
  close(): Promise<void>;
}

function openDatabaseOf(options: ResourceOptions, logger: Logger): Promise<Database> {
  const { config } = options;
  const opened = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.databaseTimeouts,
    logger,
  });
  if (!options.exitOnDatabaseFailure) return opened;
  return opened.catch((error: unknown) => {
    logger.fatal(...startFailureLogLine(error));
    process.exit(1);
  });
}

/**
 * The tenant registry and the database a server reads, without Redis or an app: what a script
 * such as `npm run seed` needs, and the first half of startServer.
 */
export async function openTenantsAndDatabase(
  options: ResourceOptions,
): Promise<Omit<ServerResources, 'redis'>> {
  const logger = options.logger ?? silentLogger;
  const { config } = options;
  const tenants = await createTenantRegistry({
    tenantsDir: config.tenantsDir,
    themesDir: config.themesDir,
    devHosts: config.devHosts,
    watch: options.watchTenants ?? config.tenantWatch,
    logger,
  });
  let db: Database;
  try {
    db = options.db ?? (await openDatabaseOf(options, logger));
  } catch (error) {
    await tenants.close();
    throw error;
  }
  return {
    config,
    tenants,
    db,
    async close() {
      await tenants.close();
      if (!options.db) await db.close();
    },
  };
}

const bankList = (tenants: TenantRegistry) =>
  tenants.list().map((tenant) => ({ code: tenant.code, bank_name: tenant.config.bank_name }));

/**
 * Every bank starts with the default permissions per account type (never re-granted once a bank
 * has its own), a bank added while the server runs too; outside production the demo data is written
 * on every start (deterministic and idempotent: README lists the logins). Answers the stop of the
 * watch for added banks.
 */
async function prepareBanks(resources: Omit<ServerResources, 'redis'>, logger: Logger) {
  const { config, tenants, db } = resources;
  // One line for all the banks that got them (14 at a first start), none when no bank needed them.
  const installDefaultPermissions = async (codes: readonly string[]) => {
    const installed: string[] = [];
    for (const code of codes) {
      if (await db.withBank(code, ensureBankPermissions)) installed.push(code);
    }
    if (installed.length > 0) logger.info({ banks: installed }, 'default permissions installed');
  };
  await installDefaultPermissions(tenants.list().map((tenant) => tenant.code));
  const stop = tenants.onChange((change) => {
    if (change.kind !== 'added') return;
    installDefaultPermissions([change.code]).catch((err: unknown) =>
      logger.error({ err, bank: change.code }, 'installing default permissions failed'),
    );
  });
  if (config.env !== 'production') await seedDemoData(db, bankList(tenants));
  return stop;
}

export interface StartServerOptions extends ResourceOptions {
  /**
   * 'gateway': the portal, with the development identity provider in the same process when
   * config.idp.start (sharing the database handle — PGlite is single-process — tenants and Redis);
   * 'provider': the identity provider alone (docker-compose's `idp` service).
   */
  serve: 'gateway' | 'provider';
  /** The apps' request logs; default `logger` (the provider beside a gateway gets its child `service: 'idp'`). */
  appLogger?: FastifyBaseLogger;
  /** Default permissions per bank and, outside production, the demo data (what the entries do). Default false. */
  prepareBanks?: boolean;
  /** The gateway's version (server info, OpenAPI). */
  buildVersion?: string;
  /** The built client's entry; by default read once from config.clientDistDir. */
  clientAssets?: () => ClientAssets;
  /** The provider's login limit; default 20 per 5 minutes. */
  loginRateLimit?: LoginRateLimit;
  /**
   * Listen: the gateway on config.host:config.port (0: a free port, read back from `port`), the
   * provider on config.idp.host:config.idp.port. Default true; false for tests that inject.
   */
  listen?: boolean;
  /** On SIGTERM/SIGINT let in-flight requests finish (10 s at most), then close: process entries only. */
  closeOnSignals?: boolean;
  /**
   * The gateway's mail worker (server/mail/), sending to config.mail.smtpUrl: by default when the
   * gateway listens; a test that injects asks for it (and may shorten its waits).
   */
  mailWorker?: boolean | MailWorkerTuning;
  /**
   * The gateway's scheduled jobs (the domains' `jobs`, server/api/kit/job-runner.ts): by default when
   * the gateway listens; a test that injects runs a job itself (or asks for the runner).
   */
  jobRunner?: boolean | JobRunnerTuning;
}

export type JobRunnerTuning = Pick<JobRunnerOptions, 'firstRunDelayMs' | 'now'>;

export type MailWorkerTuning = Pick<
  MailWorkerOptions,
  'batchSize' | 'sweepIntervalMs' | 'leaseMs' | 'maxAttempts' | 'retryDelayMs'
>;

export interface RunningServer {
  /** The gateway, or the provider when `serve: 'provider'`. */
  app: FastifyInstance;
  /** The identity provider beside the gateway (config.idp.start), or the provider itself. */
  idp: FastifyInstance | undefined;
  tenants: TenantRegistry;
  db: Database;
  redis: Redis | undefined;
  /** The port `app` listens on (undefined without listen). */
  port: number | undefined;
  /** The gateway's mail worker, when it runs (StartServerOptions.mailWorker). */
  mailWorker: MailWorker | undefined;
  /** The gateway's scheduled jobs, when they run (StartServerOptions.jobRunner). */
  jobRunner: JobRunner | undefined;
  /** Closes the apps, then the resources opened for them (app.close() does the same). */
  close(): Promise<void>;
}

function listeningPort(app: FastifyInstance): number | undefined {
  const address = app.server.address();
  return address && typeof address === 'object' ? address.port : undefined;
}

/** The gateway (with the provider beside it when config.idp.start) or the provider alone. */
async function buildApps(
  options: StartServerOptions,
  resources: { tenants: TenantRegistry; db: Database; redis: Redis | undefined },
  appLogger: FastifyBaseLogger | undefined,
): Promise<{ app: FastifyInstance; idp: FastifyInstance | undefined }> {
  const { config } = options;
  const { tenants, db, redis } = resources;
  // The provider's own process never loads the gateway's modules (the API, storage, the S3 client).
  const buildApp = options.serve === 'gateway' ? (await import('./app.ts')).buildApp : undefined;
  const app = buildApp
    ? await buildApp({
        config,
        tenants,
        db,
        redis,
        buildVersion: options.buildVersion ?? 'unversioned',
        clientAssets: options.clientAssets,
        logger: appLogger,
      })
    : await buildIdentityProvider({
        config,
        tenants,
        db,
        redis,
        logger: appLogger,
        loginRateLimit: options.loginRateLimit,
      });
  const idp =
    options.serve === 'provider'
      ? app
      : config.idp.start
        ? await buildIdentityProvider({
            config,
            tenants,
            db,
            redis,
            logger: appLogger?.child({ service: 'idp' }),
            loginRateLimit: options.loginRateLimit,
          })
        : undefined;
  return { app, idp };
}

/** Opens, builds and (by default) listens: see StartServerOptions. */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const logger = options.logger ?? silentLogger;
  const appLogger = options.appLogger ?? options.logger;
  const { config } = options;
  const base = await openTenantsAndDatabase(options);
  let stopBankWatch = () => {};
  let redis: Redis | undefined;
  let ownRedis = false;
  const closeResources = async () => {
    stopBankWatch();
    await base.close();
    if (ownRedis) await redis?.quit();
  };
  try {
    if (options.prepareBanks) stopBankWatch = await prepareBanks(base, logger);
    if (options.serve === 'gateway') {
      logger.info(
        {
          database: base.db.kind,
          sessions: config.redisUrl ? 'redis' : 'memory',
          rateLimits: config.redisUrl ? 'redis' : 'memory',
          errorReporting: config.sentryDsn ? 'sentry' : 'off',
          banks: base.tenants.list().length,
        },
        config.databaseUrl ? 'using PostgreSQL' : `using embedded PGlite in ${config.dataDir}`,
      );
    }
    const redisOption = options.redis ?? 'config';
    if (typeof redisOption === 'object') redis = redisOption;
    else if (redisOption === 'config' && config.redisUrl) {
      redis = connectRedis(config.redisUrl, logger);
      ownRedis = true;
      // Commands fail rather than queue while Redis is away (server/redis.ts): connect before listening.
      if (options.serve === 'provider') await redisReady(redis);
      else {
        // An unreachable Redis does not stop the gateway: pages are served and the API answers 503 until it returns.
        await redisReady(redis).catch((err: unknown) =>
          logger.warn({ err }, 'Redis is not reachable yet; the API answers 503 until it is'),
        );
      }
    }
  } catch (error) {
    await closeResources();
    throw error;
  }

  const { tenants, db } = base;
  let app: FastifyInstance;
  let idp: FastifyInstance | undefined;
  try {
    ({ app, idp } = await buildApps(options, { tenants, db, redis }, appLogger));
  } catch (error) {
    await closeResources();
    throw error;
  }
  // The local test payment gateway (START_PAYMENT_GATEWAY, on by default outside production), beside
  // the gateway: PAYMENT_GATEWAY_URL defaults to it (README: test card numbers).
  const paymentGateway =
    options.serve === 'gateway' && config.paymentGateway.start
      ? await buildTestPaymentGateway({ logger: appLogger?.child({ service: 'payment-gateway' }) })
      : undefined;
  let mailWorker: MailWorker | undefined;
  let jobRunner: JobRunner | undefined;
  try {
    mailWorker = await startMailWorkerOf(options, { tenants, db }, logger);
    jobRunner = await startJobRunnerOf(options, { tenants, db, redis }, logger);
  } catch (error) {
    await mailWorker?.stop();
    await paymentGateway?.close();
    if (idp !== app) await idp?.close();
    await app.close();
    await closeResources();
    throw error;
  }
  app.addHook('onClose', async () => {
    await jobRunner?.stop();
    await mailWorker?.stop();
    await paymentGateway?.close();
    if (idp !== app) await idp?.close();
    await closeResources();
  });
  if (options.closeOnSignals) {
    closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
      if (err) logger.error({ err }, 'shutting down after an error');
      else logger.info({ signal }, 'shutting down');
      await app.close();
      // The buffered log (asyncStdout) is written out before the process ends.
      await new Promise<void>((resolve) => logger.flush(() => resolve()));
    });
  }

  if (options.listen ?? true) {
    if (idp) await idp.listen({ host: config.idp.host, port: config.idp.port });
    if (idp && idp !== app) {
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
    if (app !== idp) await app.listen({ host: config.host, port: config.port });
    if (options.serve === 'gateway' && config.devHosts) {
      const port = listeningPort(app);
      const examples = tenants
        .list()
        .slice(0, 3)
        .map((tenant) => `http://bank${tenant.code}.localhost:${port}`);
      logger.info({ examples }, 'every bank also answers at http://bank{code}.localhost');
    }
  } else {
    await app.ready();
    await idp?.ready();
    await paymentGateway?.ready();
  }

  return {
    app,
    idp,
    tenants,
    db,
    redis,
    port: listeningPort(app),
    mailWorker,
    jobRunner,
    close: () => app.close(),
  };
}

/**
 * The mail worker sending to SMTP_URL (outside production by default the development mail catcher
 * that `npm start` runs). Without SMTP_URL in production mail stays in the outbox, to be sent once
 * it is set.
 */
async function startMailWorkerOf(
  options: StartServerOptions,
  resources: { tenants: TenantRegistry; db: Database },
  logger: Logger,
): Promise<MailWorker | undefined> {
  const { config } = options;
  const wanted = options.mailWorker ?? options.listen ?? true;
  if (options.serve !== 'gateway' || wanted === false) return undefined;
  if (config.mail.smtpUrl === undefined) {
    logger.warn({}, 'SMTP_URL is not set: mail is kept in the outbox until it is');
    return undefined;
  }
  return startMailWorker({
    ...(typeof wanted === 'object' ? wanted : {}),
    db: resources.db,
    tenants: resources.tenants,
    transport: createSmtpTransport(config.mail.smtpUrl),
    fromAddress: config.mail.from,
    logger: logger.child({ service: 'mail' }),
  });
}

/**
 * The domains' scheduled jobs (server/domains.ts), run by every gateway: the advisory lock of each
 * job and bank lets one of them run it. Sessions end in the gateways' store (jobSessionsOf).
 */
async function startJobRunnerOf(
  options: StartServerOptions,
  resources: { tenants: TenantRegistry; db: Database; redis: Redis | undefined },
  logger: Logger,
): Promise<JobRunner | undefined> {
  const wanted = options.jobRunner ?? options.listen ?? true;
  if (options.serve !== 'gateway' || wanted === false) return undefined;
  // As buildApp: the provider's own process never loads the API's modules.
  const { SERVER_DOMAINS } = await import('./domains.ts');
  const { jobSessionsOf, startJobRunner } = await import('./api/kit/job-runner.ts');
  return startJobRunner({
    ...(typeof wanted === 'object' ? wanted : {}),
    db: resources.db,
    tenants: resources.tenants,
    deployment: options.config,
    jobs: SERVER_DOMAINS.flatMap((domain) => domain.jobs ?? []),
    sessions: jobSessionsOf(resources.redis, options.config),
    logger: logger.child({ service: 'jobs' }),
  });
}
