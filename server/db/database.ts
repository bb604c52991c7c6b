import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DATABASE_TIMEOUT_DEFAULTS, type ServerConfig } from '../config.ts';
import {
  connectFailure,
  type DatabaseTarget,
  DatabaseUnavailableError,
  gotNoAnswer,
  migrationFailure,
  unavailabilityOf,
} from './database-errors.ts';
import { syncMasterData } from './master-data/sync.ts';
import * as schema from './schema.ts';
import type { AppDrizzle, DbTransaction } from './transaction-type.ts';

// The transaction type lives apart so that what runs inside one (master-data sync) needs no import of
// this module back.
export type { DbTransaction };

/** The role every request runs as: owns no table, is no superuser, so row-level security applies. */
export const APP_ROLE = 'portal_app';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Serialises migrations of gateway replicas starting together (pg_advisory_lock key, any constant). */
export const MIGRATION_LOCK_KEY = 7_240_182;
const BANK_CODE = /^\d{4}$/;
/**
 * How much longer than the server's own statement timeout the driver waits for an answer before it
 * gives up on the connection: the server cancels a slow statement first (a clean error, the connection
 * stays usable); only a server that stopped answering altogether reaches the driver's limit.
 */
const ANSWER_MARGIN_MS = 2_000;

/**
 * withBank or withoutBank called from inside another transaction's work. PGlite has one connection:
 * the inner transaction would wait for the outer one, which waits for it, for ever (and every request
 * after it). On PostgreSQL it would hold a second pooled connection, and enough such requests at once
 * drain the pool. Use the transaction at hand, or start the work after the transaction ends
 * (afterCommit). Refused on both engines, so CI on PostgreSQL finds it too (decision 104).
 */
export class NestedTransactionError extends Error {
  constructor() {
    super(
      'withBank/withoutBank called inside another transaction (it would wait for ever on PGlite): ' +
        'use the transaction at hand, or run the work after it ends',
    );
    this.name = 'NestedTransactionError';
  }
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs work in one transaction as the application role (neither table owner nor superuser),
   * with app.bank_code set (set_config(..., true), transaction-local). Row-level security keeps
   * every query inside that bank. Called from inside another transaction's work it rejects with
   * NestedTransactionError.
   */
  withBank<T>(bankCode: string, work: (tx: DbTransaction) => Promise<T>): Promise<T>;
  /**
   * One transaction as the application role with no bank set: for tables that are not
   * bank-scoped (master lists). Bank-scoped tables return no rows here.
   */
  withoutBank<T>(work: (tx: DbTransaction) => Promise<T>): Promise<T>;
  /**
   * Calls onPayload with each NOTIFY on the channel (sent by a committed transaction), until the
   * answered stop is called. On PostgreSQL one connection of its own listens and comes back by itself
   * after it is lost; notifications sent while it was away are not replayed (a listener also polls).
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Resolves when the database answers a trivial query (readiness checks bound it with a timeout of their own). */
  ping(): Promise<void>;
  /** Closes the connections; a second call waits for the first. */
  close(): Promise<void>;
}

/** How long PostgreSQL may take (server/config.ts: DATABASE_*_TIMEOUT_MS). */
export type DatabaseTimeouts = ServerConfig['databaseTimeouts'];

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
  /** PostgreSQL's timeouts; by default those of server/config.ts. */
  timeouts?: DatabaseTimeouts | undefined;
}

/**
 * Opens the database, applies pending migrations and brings the national master lists in step,
 * then answers the Database the app works through. With databaseUrl: PostgreSQL through a
 * node-postgres pool; otherwise PGlite persisted in `{dataDir}/pglite` (one process only).
 * A PostgreSQL that cannot be used rejects with a DatabaseStartError that says why.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl === undefined
    ? openPglite(options.dataDir, options.logger)
    : openPostgres(options.databaseUrl, options.logger, options.timeouts ?? DATABASE_TIMEOUT_DEFAULTS);
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
  return createDatabase({
    kind: 'pglite',
    transaction: (work) => db.transaction(work),
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return () => stop();
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  });
}

async function openPostgres(
  databaseUrl: string,
  logger: DatabaseLogger,
  timeouts: DatabaseTimeouts,
): Promise<Database> {
  await migratePostgresAtStart(databaseUrl, timeouts);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + ANSWER_MARGIN_MS,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
  });
  // An idle connection that breaks (server restart) is replaced on next use; without a listener
  // the pool's 'error' event would end the process.
  pool.on('error', (error) => logger.error({ err: error }, 'idle PostgreSQL connection failed'));
  logger.info({ kind: 'postgres' }, 'database ready');
  return createDatabase({
    kind: 'postgres',
    transaction: pooledTransactions(pool, logger),
    listen: (channel, onPayload) => listenOnOwnConnection(databaseUrl, timeouts, logger, channel, onPayload),
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  });
}

/** How long a lost listening connection waits before it connects again (doubling up to the last). */
const LISTEN_RECONNECT_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000];

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other work). A lost connection
 * is replaced after a pause, for as long as the listener is not stopped.
 */
async function listenOnOwnConnection(
  databaseUrl: string,
  timeouts: DatabaseTimeouts,
  logger: DatabaseLogger,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  const listenCommand = `LISTEN ${pg.escapeIdentifier(channel)}`;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: timeouts.connectMs,
    });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', (error) => {
      logger.warn({ err: error, channel }, 'PostgreSQL listening connection lost');
      next.end().catch(() => undefined);
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(listenCommand);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    failures = 0;
  };
  const scheduleReconnect = () => {
    client = undefined;
    if (stopped || retry) return;
    const delay = LISTEN_RECONNECT_DELAYS_MS[Math.min(failures, LISTEN_RECONNECT_DELAYS_MS.length - 1)];
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(scheduleReconnect);
    }, delay);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/**
 * Migrations and the master lists, on a connection of their own with start-up bounds. The advisory
 * lock serialises replicas starting together; the wait for it, like each migration statement, is
 * bounded by the migration timeout (default 60 s), not by the requests' statement timeout (10 s), so
 * a replica waits out another's migration but not for ever. Ending the session releases the lock.
 */
async function migratePostgresAtStart(databaseUrl: string, timeouts: DatabaseTimeouts): Promise<void> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.migrationMs,
    query_timeout: timeouts.migrationMs + ANSWER_MARGIN_MS,
  });
  const target: DatabaseTarget = {
    host: client.host,
    port: client.port,
    database: client.database ?? '',
    user: client.user ?? '',
  };
  // A server that takes the TCP connection but never answers is told apart from one that is not there.
  let tcpConnected = false;
  client.connection.once('connect', () => (tcpConnected = true));
  const connecting = performance.now();
  try {
    await client.connect();
  } catch (error) {
    const elapsedMs = performance.now() - connecting;
    throw connectFailure(error, target, { tcpConnected, elapsedMs, connectTimeoutMs: timeouts.connectMs });
  }
  let step: 'lock' | 'migrate' = 'lock';
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    step = 'migrate';
    const migrationDb = drizzlePostgres(client, { schema });
    await migratePostgres(migrationDb, { migrationsFolder: MIGRATIONS_FOLDER });
    await migrationDb.transaction((tx) => syncMasterData(tx));
  } catch (error) {
    throw migrationFailure(error, target, { step, migrationTimeoutMs: timeouts.migrationMs });
  } finally {
    // Ending the session releases the advisory lock. A connection that stopped answering is torn down
    // (end() destroys the socket of a client with a query in flight) and has nothing left to report.
    await client.end().catch(() => undefined);
  }
}

/**
 * Transactions on pooled connections. drizzle runs each on a connection this function checks out
 * itself, because drizzle over the pool does not give a connection back when `begin` fails (as it
 * does when the server stops answering), which would drain the pool. drizzle is made once per
 * connection (about 0.25 ms with this schema), not once per transaction.
 *
 * A checked-out connection has an 'error' listener for as long as it is out: the pool's own listener
 * only guards idle connections, and an 'error' event nobody listens to ends the process, for every
 * bank. PostgreSQL ends a connection that is out when it restarts or fails over, when its backend is
 * terminated, or when a transaction waits longer than the idle-in-transaction timeout (a download
 * whose reader stopped reading). The work in flight then fails as the database being unavailable
 * (503 in Japanese), and the connection is closed, not handed back.
 */
function pooledTransactions(pool: pg.Pool, logger: DatabaseLogger): Engine['transaction'] {
  const drizzleOf = new WeakMap<pg.PoolClient, AppDrizzle>();
  return async (work) => {
    const client = await pool.connect().catch((error: unknown) => {
      throw new DatabaseUnavailableError('no_connection', error);
    });
    let lost: Error | undefined;
    const onLost = (error: Error) => {
      lost ??= error;
      logger.warn({ err: error }, 'PostgreSQL connection lost during a transaction');
    };
    client.on('error', onLost);
    let db = drizzleOf.get(client);
    if (!db) {
      db = drizzlePostgres(client, { schema });
      drizzleOf.set(client, db);
    }
    let failure: unknown;
    try {
      return await db.transaction(work);
    } catch (error) {
      failure = error;
      // Whatever the work made of the failed query, a lost connection is the database's state.
      if (lost) throw new DatabaseUnavailableError('connection_lost', error);
      throw unavailabilityOf(error) ?? error;
    } finally {
      // A transaction the server was not seen to end leaves the connection in an unknown state: a
      // query the driver gave up on is still on the wire and blocks the next one
      // (https://github.com/brianc/node-postgres/issues/3399). Such a connection is closed, not reused.
      client.release(lost !== undefined || gotNoAnswer(failure) || client.getTransactionStatus() !== 'I');
      // release() gave the connection back its idle listener (or closed it): ours is no longer needed.
      client.off('error', onLost);
    }
  };
}

/** What each engine brings; createDatabase adds the application role and the bank around it. */
interface Engine {
  kind: Database['kind'];
  transaction<T>(work: (tx: DbTransaction) => Promise<T>): Promise<T>;
  listen: Database['listen'];
  ping(): Promise<void>;
  close(): Promise<void>;
}

function createDatabase(engine: Engine): Database {
  /**
   * Marks the work of an open transaction (and what it starts): `open` turns false when the work
   * settles, so a timer or afterCommit work it scheduled may start a transaction of its own later.
   */
  const transactionOfWork = new AsyncLocalStorage<{ open: boolean }>();

  /** One round trip: switch to the application role and set the bank, both only until the transaction ends. */
  function asApplication<T>(bankCode: string, work: (tx: DbTransaction) => Promise<T>): Promise<T> {
    if (transactionOfWork.getStore()?.open) return Promise.reject(new NestedTransactionError());
    return engine.transaction(async (tx) => {
      const state = { open: true };
      try {
        return await transactionOfWork.run(state, async () => {
          await tx.execute(
            sql`select set_config('role', ${APP_ROLE}, true), set_config('app.bank_code', ${bankCode}, true)`,
          );
          return work(tx);
        });
      } finally {
        state.open = false;
      }
    });
  }

  let closing: Promise<void> | undefined;
  return {
    kind: engine.kind,
    withBank(bankCode, work) {
      if (!BANK_CODE.test(bankCode)) {
        return Promise.reject(new Error(`bank code must be 4 digits, got ${JSON.stringify(bankCode)}`));
      }
      return asApplication(bankCode, work);
    },
    withoutBank(work) {
      return asApplication('', work);
    },
    listen: (channel, onPayload) => engine.listen(channel, onPayload),
    ping: () => engine.ping(),
    close: () => (closing ??= engine.close()),
  };
}
