import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { createRedisSessionStore } from '#server/auth/session-store.ts';
import { createSessionManager } from '#server/auth/sessions.ts';
import type { ServerConfig } from '#server/config.ts';
import type { Database } from '#server/db/database.ts';
import type { PublicOriginConfig } from '#server/tenancy/public-origin.ts';
import type { Tenant, TenantRegistry } from '#server/tenancy/tenant.ts';
import type { DomainJob, JobSessions } from './domain-jobs.ts';

/**
 * The first key of every job's advisory lock (the two-key form): job locks live apart from the
 * single-key locks (database.ts's MIGRATION_LOCK_KEY), so no job's hash can ever meet those.
 */
export const JOB_LOCK_CLASS = 7_240_183;

export interface JobRunContext {
  /** The bank the run is for, as the registry knows it (its config: a mail's look and hosts). */
  tenant: Tenant;
  /** Every bank of the deployment. */
  tenants: TenantRegistry;
  /** The deployment's environment and port (a bank's public origin for its mail's links). */
  deployment: PublicOriginConfig;
  sessions: JobSessions;
  logger: FastifyBaseLogger;
  now: Date;
}

/** What a bank's run came to: it ran, or another gateway was running it (the lock was taken). */
export type JobOutcome = 'ran' | 'locked';

/**
 * One job's run for one bank, in that bank's transaction (row-level security on), if no other
 * gateway is running it: `pg_try_advisory_xact_lock` on the job's and the bank's name never waits,
 * and the lock ends with the transaction, so a gateway that dies mid-run frees it. A failure rolls
 * back this bank's run only and is thrown to the caller.
 */
export function runJobForBank(
  db: Database,
  job: DomainJob,
  bankCode: string,
  context: JobRunContext,
): Promise<JobOutcome> {
  return db.withBank(bankCode, async (tx) => {
    const lockName = `job:${job.name}:${bankCode}`;
    const {
      rows: [lock],
    } = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${JOB_LOCK_CLASS}, hashtext(${lockName})) as locked`,
    );
    if (lock?.locked !== true) return 'locked';
    await job.runForBank({ tx, bankCode, ...context });
    return 'ran';
  });
}

/**
 * How the runner ends a user's sessions (JobContext.sessions). The gateway's session manager lives in
 * its bank scope, out of the runner's reach; with Redis (every deployment of more than one gateway) a
 * manager over the same store and key prefix ends exactly the sessions the gateways read. Without
 * Redis the sessions are in the gateway's own memory, which only its auth plugin holds: nothing is
 * ended here, and the logged-in user loader refuses the disabled user within USER_CACHE_TTL_MS
 * (10 s) on the session's next request, which then ends it (GET /api/v1/user/me).
 */
export function jobSessionsOf(
  redis: Redis | undefined,
  config: Pick<ServerConfig, 'redisKeyPrefix' | 'env'>,
): JobSessions {
  if (!redis) return { endAllOf: async () => {} };
  return createSessionManager({
    store: createRedisSessionStore(redis, config.redisKeyPrefix),
    env: config.env,
  });
}

export interface JobRunnerOptions {
  db: Database;
  tenants: TenantRegistry;
  deployment: PublicOriginConfig;
  jobs: readonly DomainJob[];
  sessions: JobSessions;
  logger: FastifyBaseLogger;
  /** The wait before each job's first run. Default 15 s: the gateway is up and serving first. */
  firstRunDelayMs?: number;
  /** The clock the jobs are given. */
  now?: () => Date;
}

export interface JobRunner {
  /** Runs every job for every bank now (or waits for the run in progress), and resolves when done. */
  runAll(): Promise<void>;
  /** Stops the schedule and waits for the runs in progress. */
  stop(): Promise<void>;
}

/**
 * Runs the domains' jobs (ServerDomain.jobs) in the gateway: each job every `everyMs`, bank by bank
 * from the tenant registry (so a bank added while the server runs is included), each bank in its
 * own transaction under its advisory lock (runJobForBank). In one process a job never overlaps
 * itself: a tick that finds the last run still going waits for it instead. A bank's failure is
 * logged (job, bank and the error, which the logger's serializer keeps free of the query's values)
 * and the other banks run on; the next tick tries again.
 */
export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, tenants, deployment, jobs, sessions, logger } = options;
  const now = options.now ?? (() => new Date());
  const running = new Map<string, Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  async function runAllBanks(job: DomainJob): Promise<void> {
    for (const tenant of tenants.list()) {
      if (stopped) return;
      const bank = tenant.code;
      const jobLogger = logger.child({ job: job.name, bank });
      try {
        await runJobForBank(db, job, bank, {
          tenant,
          tenants,
          deployment,
          sessions,
          logger: jobLogger,
          now: now(),
        });
      } catch (err) {
        jobLogger.error({ err }, 'scheduled job failed; the next run tries again');
      }
    }
  }

  function tick(job: DomainJob): Promise<void> {
    const current = running.get(job.name);
    if (current) return current;
    if (stopped) return Promise.resolve();
    const run = runAllBanks(job).finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  }

  for (const job of jobs) {
    const first = setTimeout(() => void tick(job), options.firstRunDelayMs ?? 15_000);
    const every = setInterval(() => void tick(job), job.everyMs);
    first.unref();
    every.unref();
    timers.push(first, every);
  }

  return {
    async runAll() {
      await Promise.all(jobs.map((job) => tick(job)));
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(running.values());
    },
  };
}
