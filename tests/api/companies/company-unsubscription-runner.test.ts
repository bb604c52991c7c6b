import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainJob } from '#server/api/kit/domain-jobs.ts';
import { runJobForBank, startJobRunner } from '#server/api/kit/job-runner.ts';
import { type Database, openDatabase } from '#server/db/database.ts';
import type { Tenant, TenantRegistry } from '#server/tenancy/tenant.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#tests/support/database.ts';
import { BANK_A, BANK_B } from '#tests/support/world.ts';

const silentLogger = pino({ level: 'silent' });
const noSessions = { endAllOf: async () => {} };

/** A promise the test settles. */
function deferred() {
  let settle!: () => void;
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The registry's list of banks, which is all the runner reads of it. */
const tenantsOf = (codes: readonly string[]) =>
  ({ list: () => codes.map((code) => ({ code })) }) as unknown as TenantRegistry;

/** A logger whose lines the test reads (JSON objects). */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

// Two gateways are two pools on one PostgreSQL database (PGlite is one process with one connection).
describe.skipIf(!testDatabaseKinds().includes('postgres'))('the job runner of several gateways', () => {
  let testDatabase: TestDatabase;
  let gatewayA: Database;
  let gatewayB: Database;

  beforeAll(async () => {
    testDatabase = await createTestDatabase({ kind: 'postgres' });
    const open = () =>
      openDatabase({
        databaseUrl: testDatabase.databaseUrl,
        dataDir: testDatabase.dataDir,
        logger: silentLogger,
      });
    gatewayA = await open();
    gatewayB = await open();
  }, 60_000);

  afterAll(async () => {
    await gatewayA?.close();
    await gatewayB?.close();
    await testDatabase?.drop();
  });

  it('lets one gateway run a job for a bank at a time; the other skips it, and other banks are free', async () => {
    const started = deferred();
    const release = deferred();
    const ran: string[] = [];
    const job: DomainJob = {
      name: 'holding-test',
      everyMs: 60_000,
      async runForBank({ bankCode }) {
        ran.push(bankCode);
        if (bankCode === BANK_A && ran.length === 1) {
          started.settle();
          await release.promise;
        }
      },
    };
    const context = () => ({
      tenant: { code: BANK_A } as unknown as Tenant,
      tenants: tenantsOf([BANK_A, BANK_B]),
      deployment: { env: 'test' as const, port: 3000 },
      sessions: noSessions,
      logger: silentLogger,
      now: new Date(),
    });
    const first = runJobForBank(gatewayA, job, BANK_A, context());
    await started.promise;
    expect(await runJobForBank(gatewayB, job, BANK_A, context())).toBe('locked');
    expect(await runJobForBank(gatewayB, job, BANK_B, context())).toBe('ran');
    // Another job's lock for the same bank is another lock.
    expect(await runJobForBank(gatewayB, { ...job, name: 'other-test' }, BANK_A, context())).toBe('ran');
    release.settle();
    expect(await first).toBe('ran');
    // The lock ended with the first run's transaction.
    expect(await runJobForBank(gatewayB, job, BANK_A, context())).toBe('ran');
    expect(ran).toEqual([BANK_A, BANK_B, BANK_A, BANK_A]);
  });

  it('never runs a job for a bank on two gateways at once when both runners run it together', async () => {
    const active = new Map<string, number>();
    const most = new Map<string, number>();
    const job: DomainJob = {
      name: 'counting-test',
      everyMs: 60_000,
      async runForBank({ bankCode }) {
        const now = (active.get(bankCode) ?? 0) + 1;
        active.set(bankCode, now);
        most.set(bankCode, Math.max(most.get(bankCode) ?? 0, now));
        await sleep(100);
        active.set(bankCode, now - 1);
      },
    };
    const options = {
      tenants: tenantsOf([BANK_A, BANK_B]),
      deployment: { env: 'test' as const, port: 3000 },
      jobs: [job],
      sessions: noSessions,
      logger: silentLogger,
      firstRunDelayMs: 60_000,
    };
    const runnerA = startJobRunner({ ...options, db: gatewayA });
    const runnerB = startJobRunner({ ...options, db: gatewayB });
    for (let round = 0; round < 3; round += 1) await Promise.all([runnerA.runAll(), runnerB.runAll()]);
    await Promise.all([runnerA.stop(), runnerB.stop()]);
    expect(Object.fromEntries(most)).toEqual({ [BANK_A]: 1, [BANK_B]: 1 });
  });
});

describe.each(testDatabaseKinds())('the job runner on %s', (kind) => {
  let testDatabase: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    testDatabase = await createTestDatabase({ kind });
    db = await openDatabase({
      databaseUrl: testDatabase.databaseUrl,
      dataDir: testDatabase.dataDir,
      logger: silentLogger,
    });
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    await testDatabase?.drop();
  });

  it('logs a bank’s failure with the job and the bank, rolls it back, and runs the other banks', async () => {
    const { logger, lines } = capturedLogger();
    const runs: string[] = [];
    const job: DomainJob = {
      name: 'failing-test',
      everyMs: 60_000,
      async runForBank({ bankCode, tx }) {
        runs.push(bankCode);
        if (bankCode === BANK_A) await tx.execute('select 1 / 0');
      },
    };
    const runner = startJobRunner({
      db,
      tenants: tenantsOf([BANK_A, BANK_B]),
      deployment: { env: 'test' as const, port: 3000 },
      jobs: [job],
      sessions: noSessions,
      logger,
      firstRunDelayMs: 60_000,
    });
    await runner.runAll();
    await runner.stop();
    expect(runs).toEqual([BANK_A, BANK_B]);
    const failures = lines.filter((line) => line.level === 50);
    expect(failures).toEqual([
      expect.objectContaining({
        job: 'failing-test',
        bank: BANK_A,
        msg: 'scheduled job failed; the next run tries again',
      }),
    ]);
  });

  it('runs each job on its schedule, first shortly after the start, and stops on close', async () => {
    const runs: string[] = [];
    const job: DomainJob = {
      name: 'schedule-test',
      everyMs: 100,
      async runForBank({ bankCode, now }) {
        expect(now).toEqual(new Date('2026-05-01T00:00:00Z'));
        runs.push(bankCode);
      },
    };
    const runner = startJobRunner({
      db,
      tenants: tenantsOf([BANK_A, BANK_B]),
      deployment: { env: 'test' as const, port: 3000 },
      jobs: [job],
      sessions: noSessions,
      logger: silentLogger,
      firstRunDelayMs: 10,
      now: () => new Date('2026-05-01T00:00:00Z'),
    });
    await expect.poll(() => runs.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(6);
    await runner.stop();
    const stoppedAt = runs.length;
    await sleep(300);
    expect(runs.length).toBe(stoppedAt);
    // Bank by bank, in the registry's order.
    expect(runs.slice(0, 4)).toEqual([BANK_A, BANK_B, BANK_A, BANK_B]);
  });
});
