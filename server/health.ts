import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Database } from './db/database.ts';

/**
 * Liveness and readiness, for container health checks, orchestrators and load balancers. Both answer
 * on any Host (registered outside the bank scope), are hidden from the API document and write no
 * request log lines (a probe every few seconds would drown the log); a change of readiness is logged
 * once instead.
 *
 * - GET /healthz: the process answers HTTP. Nothing else is asked, so a database outage never makes
 *   an orchestrator restart healthy processes.
 * - GET /readyz: the process can serve: PostgreSQL (or PGlite) answers `select 1` and Redis, when
 *   configured, answers PING, each within CHECK_TIMEOUT_MS. 503 while either does not; the body names
 *   the check, never the error.
 */

/** Within the health checks' own limit (Dockerfile, compose: the request is aborted after 4 s). */
export const CHECK_TIMEOUT_MS = 2_000;

const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({
    database: z.enum(['ok', 'unavailable']),
    redis: z.enum(['ok', 'unavailable', 'not_configured']),
  }),
});
type Readiness = z.infer<typeof readinessSchema>;

export interface HealthRoutesOptions {
  db: Database;
  /** The Redis client when REDIS_URL is set; without it the check answers not_configured. */
  redis?: Redis | undefined;
}

/** The promise's outcome, or a rejection once `ms` have passed without one. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  const { db, redis } = options;

  async function check(): Promise<{ readiness: Readiness; errors: Record<string, string> }> {
    const errors: Record<string, string> = {};
    const probe = (name: string, attempt: () => Promise<unknown>) =>
      within(attempt(), CHECK_TIMEOUT_MS).then(
        () => 'ok' as const,
        (error: unknown) => {
          errors[name] = error instanceof Error ? error.message : String(error);
          return 'unavailable' as const;
        },
      );
    const [database, redisState] = await Promise.all([
      probe('database', () => db.ping()),
      redis ? probe('redis', () => redis.ping()) : ('not_configured' as const),
    ]);
    const status = database === 'ok' && redisState !== 'unavailable' ? 'ok' : 'unavailable';
    return { readiness: { status, checks: { database, redis: redisState } }, errors };
  }

  // Probes arriving together share one check: a flood of /readyz costs the database one query at a time.
  let running: Promise<Readiness> | undefined;
  let lastStatus: Readiness['status'] = 'ok';
  const readiness = () =>
    (running ??= check()
      .then(({ readiness: result, errors }) => {
        if (result.status !== lastStatus) {
          if (result.status === 'ok') app.log.info({ checks: result.checks }, 'ready again');
          else app.log.warn({ checks: result.checks, errors }, 'not ready');
          lastStatus = result.status;
        }
        return result;
      })
      .finally(() => (running = undefined)));

  app.get('/healthz', { logLevel: 'warn', schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get(
    '/readyz',
    { logLevel: 'warn', schema: { hide: true, response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      const result = await readiness();
      return reply.code(result.status === 'ok' ? 200 : 503).send(result);
    },
  );
};
