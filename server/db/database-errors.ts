import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';

/**
 * What goes wrong between the gateway and PostgreSQL, in two kinds: at start-up an operator must fix
 * something (DatabaseStartError, one log line and exit), during a request the user should simply try
 * again (DatabaseUnavailableError, a 503 with Retry-After).
 */

/** Why the database could not be opened at start-up. */
export type DatabaseStartFailure =
  | 'unreachable'
  | 'silent'
  | 'database_missing'
  | 'auth_refused'
  | 'migration_lock_timeout'
  | 'migration_failed';

/** Where the gateway tried to connect, as an operator reads it (never the password). */
export interface DatabaseTarget {
  host: string;
  port: number;
  database: string;
  user: string;
}

const targetText = (target: DatabaseTarget) => `${target.host}:${target.port}/${target.database}`;

/** The database cannot be used: the message says why in words an operator acts on. */
export class DatabaseStartError extends Error {
  readonly reason: DatabaseStartFailure;
  /** host:port/database */
  readonly target: string;

  constructor(reason: DatabaseStartFailure, target: DatabaseTarget, message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'DatabaseStartError';
    this.reason = reason;
    this.target = targetText(target);
  }
}

const codeOf = (error: unknown) => (error as { code?: unknown } | undefined)?.code;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A failed connection attempt, told apart by what the server did: nothing there, a TCP connection
 * that got no protocol answer until the connect timeout (a hung server, a firewall that holds
 * connections), or a PostgreSQL that answered no.
 */
export function connectFailure(
  error: unknown,
  target: DatabaseTarget,
  options: { tcpConnected: boolean; elapsedMs: number; connectTimeoutMs: number },
): DatabaseStartError {
  const code = codeOf(error);
  const at = targetText(target);
  if (code === '3D000')
    return new DatabaseStartError(
      'database_missing',
      target,
      `database "${target.database}" does not exist on PostgreSQL at ${target.host}:${target.port}`,
      error,
    );
  // 28000: no such role, or pg_hba.conf refuses; 28P01: wrong password.
  if (code === '28000' || code === '28P01')
    return new DatabaseStartError(
      'auth_refused',
      target,
      `PostgreSQL at ${at} refused the login of user "${target.user}" (${messageOf(error)})`,
      error,
    );
  // Connected, then nothing until the driver's connect timer fired (give or take a timer's tick).
  if (options.tcpConnected && options.elapsedMs + 10 >= options.connectTimeoutMs)
    return new DatabaseStartError(
      'silent',
      target,
      `PostgreSQL at ${at} accepted the connection but did not answer within ${options.connectTimeoutMs} ms`,
      error,
    );
  // Not even TCP before the connect timer fired: a host that drops packets, a firewall.
  const timedOut = !options.tcpConnected && options.elapsedMs + 10 >= options.connectTimeoutMs;
  const detail = timedOut ? `no connection within ${options.connectTimeoutMs} ms` : messageOf(error);
  return new DatabaseStartError(
    'unreachable',
    target,
    `PostgreSQL at ${at} is unreachable (${detail})`,
    error,
  );
}

/** A failure after the connection was made: waiting for the migration lock, or migrating. */
export function migrationFailure(
  error: unknown,
  target: DatabaseTarget,
  options: { step: 'lock' | 'migrate'; migrationTimeoutMs: number },
): DatabaseStartError {
  const cause = error instanceof DrizzleQueryError ? error.cause : error;
  if (!(cause instanceof pg.DatabaseError))
    return new DatabaseStartError(
      'silent',
      target,
      `PostgreSQL at ${targetText(target)} stopped answering while migrating (${messageOf(cause)})`,
      error,
    );
  if (cause.code === '57014' && options.step === 'lock')
    return new DatabaseStartError(
      'migration_lock_timeout',
      target,
      `waited ${options.migrationTimeoutMs} ms for the migration lock, which another instance holds; ` +
        'a longer migration needs a larger DATABASE_MIGRATION_TIMEOUT_MS',
      error,
    );
  if (cause.code === '57014')
    return new DatabaseStartError(
      'migration_failed',
      target,
      `a migration statement ran longer than ${options.migrationTimeoutMs} ms (DATABASE_MIGRATION_TIMEOUT_MS)`,
      error,
    );
  return new DatabaseStartError(
    'migration_failed',
    target,
    `migrating the database failed: ${cause.code ?? ''} ${cause.message}`,
    error,
  );
}

/** Why a request's database work could not be done; none of them is the request's fault. */
export type DatabaseUnavailableReason =
  'no_connection' | 'no_answer' | 'statement_timeout' | 'server_unavailable' | 'connection_lost';

/**
 * The database could not be reached or did not answer in time; the same request may well succeed
 * shortly. The error handler answers it with 503 and Retry-After (server/plugins/error-handler.ts).
 */
export class DatabaseUnavailableError extends Error {
  readonly reason: DatabaseUnavailableReason;

  constructor(reason: DatabaseUnavailableReason, cause: unknown) {
    super(`the database is unavailable (${reason})`, { cause });
    this.name = 'DatabaseUnavailableError';
    this.reason = reason;
  }
}

/**
 * SQLSTATEs that mean "busy or away", not "this query is wrong"
 * (https://www.postgresql.org/docs/current/errcodes-appendix.html).
 */
const UNAVAILABLE_SQLSTATES: ReadonlyMap<string, DatabaseUnavailableReason> = new Map([
  ['57014', 'statement_timeout'], // query_canceled: statement_timeout (lock waits included)
  ['57P01', 'server_unavailable'], // admin_shutdown: the server restarts or fails over
  ['57P02', 'server_unavailable'], // crash_shutdown
  ['57P03', 'server_unavailable'], // cannot_connect_now: the server is starting
  ['25P03', 'connection_lost'], // idle_in_transaction_session_timeout: the server ended the session
  ['08000', 'connection_lost'], // connection_exception
  ['08003', 'connection_lost'], // connection_does_not_exist
  ['08006', 'connection_lost'], // connection_failure
]);

/** The driver got no answer (none in time, or the connection broke), as opposed to an error the server sent. */
export function gotNoAnswer(error: unknown): boolean {
  return error instanceof DrizzleQueryError && !(error.cause instanceof pg.DatabaseError);
}

/** What a failed PostgreSQL transaction means for the request, when it is the database's state and not the request. */
export function unavailabilityOf(error: unknown): DatabaseUnavailableError | undefined {
  if (gotNoAnswer(error)) return new DatabaseUnavailableError('no_answer', error);
  if (!(error instanceof DrizzleQueryError) || !(error.cause instanceof pg.DatabaseError)) return undefined;
  const reason = UNAVAILABLE_SQLSTATES.get(error.cause.code ?? '');
  return reason ? new DatabaseUnavailableError(reason, error) : undefined;
}

/**
 * The one log line of a start-up that cannot open its database (server/main.ts, server/idp/main.ts):
 * the reason, where, and a sentence, without a stack trace (the cause is the database's state, not
 * the code). The caller exits non-zero, so the orchestrator restarts it.
 */
export function startFailureLogLine(error: unknown): [details: object, message: string] {
  if (error instanceof DatabaseStartError)
    return [{ reason: error.reason, database: error.target }, error.message];
  return [{ reason: 'failed', detail: messageOf(error) }, 'opening the database failed'];
}
