import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { syncMasterData } from './master-data/sync.ts';
import * as schema from './schema.ts';

/** The role every request runs as: owns no table, is no superuser, so row-level security applies. */
export const APP_ROLE = 'portal_app';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Serialises migrations of gateway replicas starting together (pg_advisory_lock key, any constant). */
const MIGRATION_LOCK_KEY = 7_240_182;
const BANK_CODE = /^\d{4}$/;

/**
 * What both drivers answer to a raw `tx.execute(sql...)`: node-postgres' QueryResult and PGlite's
 * Results both carry `rows`, so raw queries are typed the same on either engine.
 */
interface RowsQueryResultHKT extends PgQueryResultHKT {
  readonly type: RowsResult<this['row']>;
}
type RowsResult<TRow> = { rows: TRow[] };

/** Either driver's drizzle client, seen through what both share. */
type AppDrizzle = PgDatabase<RowsQueryResultHKT, typeof schema>;
/** The transaction handed to withBank/withoutBank work (drizzle's, derived from the client type). */
export type DbTransaction = Parameters<Parameters<AppDrizzle['transaction']>[0]>[0];

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs work in one transaction as the application role (neither table owner nor superuser),
   * with app.bank_code set (set_config(..., true), transaction-local). Row-level security keeps
   * every query inside that bank.
   */
  withBank<T>(bankCode: string, work: (tx: DbTransaction) => Promise<T>): Promise<T>;
  /**
   * One transaction as the application role with no bank set: for tables that are not
   * bank-scoped (master lists). Bank-scoped tables return no rows here.
   */
  withoutBank<T>(work: (tx: DbTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

type LogMethod = (details: object, message: string) => void;
export interface DatabaseLogger {
  info: LogMethod;
  warn: LogMethod;
  error: LogMethod;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; without it PGlite stores the database under dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  logger: DatabaseLogger;
}

/**
 * Opens the database, applies pending migrations and brings the national master lists in step,
 * then answers the Database the app works through. With databaseUrl: PostgreSQL through a
 * node-postgres pool; otherwise PGlite persisted in `{dataDir}/pglite` (one process only).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl === undefined
    ? openPglite(options.dataDir, options.logger)
    : openPostgres(options.databaseUrl, options.logger);
}

async function openPglite(dataDir: string, logger: DatabaseLogger): Promise<Database> {
  const directory = path.join(dataDir, 'pglite');
  await mkdir(directory, { recursive: true });
  const client = await PGlite.create(directory);
  const db = drizzlePglite(client, { schema });
  try {
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await db.transaction((tx) => syncMasterData(tx));
  } catch (error) {
    await client.close();
    throw error;
  }
  logger.info({ kind: 'pglite', directory }, 'database ready');
  return createDatabase('pglite', db, () => client.close());
}

async function openPostgres(databaseUrl: string, logger: DatabaseLogger): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl });
  // An idle connection that breaks (server restart) is replaced on next use; without a listener
  // the pool's 'error' event would end the process.
  pool.on('error', (error) => logger.error({ err: error }, 'idle PostgreSQL connection failed'));
  try {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const migrationDb = drizzlePostgres(client, { schema });
      await migratePostgres(migrationDb, { migrationsFolder: MIGRATIONS_FOLDER });
      await migrationDb.transaction((tx) => syncMasterData(tx));
    } finally {
      // Closing this connection also ends its session and so releases the advisory lock.
      client.release(true);
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  logger.info({ kind: 'postgres' }, 'database ready');
  return createDatabase('postgres', drizzlePostgres(pool, { schema }), () => pool.end());
}

function createDatabase(kind: Database['kind'], db: AppDrizzle, close: () => Promise<void>): Database {
  /** One round trip: switch to the application role and set the bank, both only until the transaction ends. */
  function asApplication<T>(bankCode: string, work: (tx: DbTransaction) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('role', ${APP_ROLE}, true), set_config('app.bank_code', ${bankCode}, true)`,
      );
      return work(tx);
    });
  }

  return {
    kind,
    withBank(bankCode, work) {
      if (!BANK_CODE.test(bankCode)) {
        return Promise.reject(new Error(`bank code must be 4 digits, got ${JSON.stringify(bankCode)}`));
      }
      return asApplication(bankCode, work);
    },
    withoutBank(work) {
      return asApplication('', work);
    },
    close,
  };
}
