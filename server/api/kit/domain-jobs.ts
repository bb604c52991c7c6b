import type { FastifyBaseLogger } from 'fastify';
import type { SessionManager } from '#server/auth/sessions.ts';
import type { DbTransaction } from '#server/db/database.ts';
import type { PublicOriginConfig } from '#server/tenancy/public-origin.ts';
import type { Tenant, TenantRegistry } from '#server/tenancy/tenant.ts';

/**
 * Work a domain runs on a schedule, once per bank (ServerDomain.jobs): the unsubscription job that
 * disables companies whose reserved leaving day has passed, for one. The gateway's job runner
 * (job-runner.ts) runs each job every `everyMs` in each bank's own transaction (row-level security
 * on), under a PostgreSQL advisory lock so that of several gateways one runs it; a job must be
 * idempotent (a run that finds nothing to do does nothing) and finish well within `everyMs`.
 */
export interface DomainJob {
  /** Unique among the jobs; names the job's lock and its log lines. */
  name: string;
  everyMs: number;
  /** One bank's run, in that bank's transaction: a failure rolls back this bank's run only. */
  runForBank: (context: JobContext) => Promise<void>;
}

/**
 * Ends every gateway session of a user (the store's list of the user's sessions, decision 0077), as
 * a password reset does: a job that disables users calls it before its transaction commits, so a
 * store out of reach rolls the run back and the next run tries again.
 */
export type JobSessions = Pick<SessionManager, 'endAllOf'>;

export interface JobContext {
  tx: DbTransaction;
  bankCode: string;
  /** The bank's tenant (its config: a mail's look and hosts). */
  tenant: Tenant;
  /** Every bank of the deployment (the matching network is read from their files). */
  tenants: TenantRegistry;
  /** The deployment's environment and port: a mail's links name bankPublicOrigin(tenant, deployment). */
  deployment: PublicOriginConfig;
  /** The run's clock: the runner's time, or the time a test fixes. */
  now: Date;
  /** Tagged with the job and the bank; never give it personal data. */
  logger: FastifyBaseLogger;
  sessions: JobSessions;
}
