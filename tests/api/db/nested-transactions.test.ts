import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, NestedTransactionError, openDatabase } from '#server/db/database.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#tests/support/database.ts';

/**
 * PGlite (the embedded default of `npm start` and `npm test`) has one connection: a transaction that
 * opens another and waits for it waits for ever, and with it every request after it. On PostgreSQL
 * the same code holds two pooled connections, and ten such requests at once drain the pool. So a
 * transaction never opens another, on either engine: the inner call is refused at once (decision 104).
 */

const BANK = '0182';
const silentLogger = { info() {}, warn() {}, error() {} };
/** Far below the test's own timeout: today's PGlite never answers the nested call. */
const ANSWER_WITHIN_MS = 3_000;

/** The promise's outcome, or 'no answer' when it has none within ANSWER_WITHIN_MS. */
async function outcomeOf<T>(attempt: Promise<T>): Promise<{ value: T } | { error: unknown } | 'no answer'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'no answer'>((resolve) => {
    timer = setTimeout(() => resolve('no answer'), ANSWER_WITHIN_MS);
  });
  try {
    return await Promise.race([
      attempt.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const one = async (db: Database) =>
  db.withBank(BANK, async (tx) => (await tx.execute<{ one: number }>(sql`select 1 as one`)).rows[0]?.one);

describe.each(testDatabaseKinds())('a transaction inside a transaction, on %s', (kind) => {
  let testDatabase: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    testDatabase = await createTestDatabase({ kind });
    db = await openDatabase({
      databaseUrl: testDatabase.databaseUrl,
      dataDir: testDatabase.dataDir,
      logger: silentLogger,
    });
  });
  afterAll(async () => {
    await db?.close();
    await testDatabase?.drop();
  });

  it('is refused at once (withBank and withoutBank), and the outer transaction rolls back', async () => {
    for (const inner of [() => one(db), () => db.withoutBank(async () => 1)]) {
      const outcome = await outcomeOf(
        db.withBank(BANK, async (tx) => {
          await tx.execute(sql`select set_config('app.probe', 'outer', true)`);
          return inner();
        }),
      );
      expect(outcome).not.toBe('no answer');
      expect(outcome).toMatchObject({ error: expect.any(NestedTransactionError) });
    }
    // The one connection is free again: the next request is answered.
    expect(await outcomeOf(one(db))).toEqual({ value: 1 });
  });

  it('is refused even when the outer work catches nothing and awaits it deep in a helper', async () => {
    const helper = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return one(db);
    };
    const outcome = await outcomeOf(db.withBank(BANK, () => helper()));
    expect(outcome).toMatchObject({ error: expect.any(NestedTransactionError) });
  });

  it('lets a transaction start after another ended, from work the first one scheduled', async () => {
    let later: Promise<number | undefined> | undefined;
    await db.withBank(BANK, async () => {
      // Started by the transaction, run once it has ended (as afterCommit work and timers are).
      later = new Promise<void>((resolve) => setTimeout(resolve, 50)).then(() => one(db));
    });
    expect(await outcomeOf(later!)).toEqual({ value: 1 });
  });

  it('answers transactions asked for side by side (PGlite runs them one after another)', async () => {
    const answers = await outcomeOf(Promise.all(Array.from({ length: 8 }, () => one(db))));
    expect(answers).toEqual({ value: Array.from({ length: 8 }, () => 1) });
  });
});
