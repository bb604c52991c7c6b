import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { loadServerConfig } from '#server/config.ts';
import type { MailWorker } from '#server/mail/mail-worker.ts';
import { type MailWorkerTuning, startServer } from '#server/startup.ts';
import { createTestDatabase } from './database.ts';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const FIXTURE_CLIENT_DIST = path.join(ROOT_DIR, 'tests', 'fixtures', 'client-dist');

export interface TestAppOptions {
  /** A tenants folder of the test's own (e.g. a temp copy it edits); default: the committed tenants/. */
  tenantsDir?: string;
  watchTenants?: boolean;
  env?: Record<string, string>;
  /** A pino logger to read what the gateway logs; silent by default. */
  logger?: FastifyBaseLogger;
  /** A Redis of the test's own (url, key prefix, client); without it the in-process stores. */
  redis?: { url: string; keyPrefix: string; client: Redis };
  /** The gateway's mail worker, sending to a test SMTP server (tests/support/smtp.ts); default none. */
  mail?: { smtpUrl: string } & MailWorkerTuning;
}

export interface TestApp {
  app: FastifyInstance;
  /** Set with options.mail. */
  mailWorker?: MailWorker;
  close(): Promise<void>;
}

/**
 * The gateway as `npm start` builds it (server/startup.ts, without listening or the provider beside
 * it: tests inject) on a database of the test's own (PGlite in a temp folder, or a fresh PostgreSQL
 * database when DATABASE_URL is set) and the real tenant registry.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  try {
    const config = loadServerConfig(
      {
        NODE_ENV: 'test',
        CLIENT_DIST_DIR: FIXTURE_CLIENT_DIST,
        TENANTS_DIR: options.tenantsDir ?? path.join(ROOT_DIR, 'tenants'),
        DATA_DIR: database.dataDir,
        START_IDP: 'false',
        ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
        ...(options.redis ? { REDIS_URL: options.redis.url, REDIS_KEY_PREFIX: options.redis.keyPrefix } : {}),
        ...(options.mail ? { SMTP_URL: options.mail.smtpUrl } : {}),
        ...options.env,
      },
      ROOT_DIR,
    );
    const { smtpUrl: _smtpUrl, ...mailWorker } = options.mail ?? {};
    const { app, mailWorker: runningWorker } = await startServer({
      serve: 'gateway',
      config,
      watchTenants: options.watchTenants ?? false,
      redis: options.redis?.client ?? false,
      buildVersion: 'test-build',
      appLogger: options.logger,
      listen: false,
      mailWorker: options.mail ? mailWorker : false,
    });
    return {
      app,
      ...(runningWorker ? { mailWorker: runningWorker } : {}),
      async close() {
        await app.close();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/** A temp copy of some committed banks, for tests that add, change or break tenant files. */
export async function copyTenants(codes: readonly string[]): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-tenants-'));
  for (const code of codes) {
    await fs.cp(path.join(ROOT_DIR, 'tenants', code), path.join(dir, code), { recursive: true });
  }
  return dir;
}

/** The Host header of a bank's development host. */
export const devHost = (code: string) => `bank${code}.localhost`;

/**
 * The headers a page of the bank sends with a state-changing API call: its host, its origin and the
 * X-Requested-With marker (the gateway refuses a POST without them with 403).
 */
export function sameOriginHeaders(code: string): Record<string, string> {
  const host = devHost(code);
  return { host, origin: `http://${host}`, 'x-requested-with': 'XMLHttpRequest' };
}
