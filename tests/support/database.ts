import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type TestDatabaseKind = 'pglite' | 'postgres';

export interface TestDatabase {
  /** Set for PostgreSQL: a database of this test's own. */
  databaseUrl?: string;
  /** A temp folder of this test's own (PGlite keeps its files here). */
  dataDir: string;
  /** Removes what createTestDatabase made, and nothing else. */
  drop(): Promise<void>;
}

const isCi = () => process.env.CI === 'true';

/**
 * The engines a database suite runs on: PGlite always, PostgreSQL when DATABASE_URL is set — and
 * always under CI, where a missing DATABASE_URL then fails the suite instead of skipping it.
 */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.DATABASE_URL || isCi() ? ['pglite', 'postgres'] : ['pglite'];
}

function requireServerUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error(
      'DATABASE_URL is not set: tests that need PostgreSQL fail under CI=true instead of skipping ' +
        '(locally: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres)',
    );
  }
  return url;
}

async function withServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A database of the test's own. Default: a fresh PostgreSQL database `portal_test_<random>` on the
 * DATABASE_URL server when it is set, else PGlite in a temp folder (under CI=true a missing
 * DATABASE_URL throws). `kind` picks the engine explicitly.
 */
export async function createTestDatabase(options: { kind?: TestDatabaseKind } = {}): Promise<TestDatabase> {
  const kind = options.kind ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite');
  if (kind === 'pglite' && options.kind === undefined && isCi()) requireServerUrl();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  if (kind === 'pglite') return { dataDir, drop: removeDataDir };

  const serverUrl = requireServerUrl();
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await withServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  let dropped = false;
  return {
    databaseUrl: databaseUrl.toString(),
    dataDir,
    async drop() {
      if (!dropped) {
        // FORCE (PostgreSQL 13+) ends connections a failed test left open.
        await withServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
        dropped = true;
      }
      await removeDataDir();
    },
  };
}
