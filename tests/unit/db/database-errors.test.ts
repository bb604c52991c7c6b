import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  connectFailure,
  DatabaseUnavailableError,
  migrationFailure,
  unavailabilityOf,
} from '#server/db/database-errors.ts';
import { AppError } from '#server/errors.ts';

/** An error PostgreSQL sent, as node-postgres hands it over. */
function serverError(code: string, message = 'from the server'): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}
const failedQuery = (cause: Error) => new DrizzleQueryError('select 1', [], cause);
const target = { host: 'db.internal', port: 5432, database: 'portal', user: 'portal' };

describe('a failed transaction during a request', () => {
  it.each([
    ['57014', 'statement_timeout'],
    ['57P01', 'server_unavailable'],
    ['57P03', 'server_unavailable'],
  ])('is the database being unavailable when PostgreSQL answers %s', (code, reason) => {
    const unavailable = unavailabilityOf(failedQuery(serverError(code)));
    expect(unavailable).toBeInstanceOf(DatabaseUnavailableError);
    expect(unavailable?.reason).toBe(reason);
  });

  it('is the database being unavailable when the driver got no answer at all', () => {
    expect(unavailabilityOf(failedQuery(new Error('Query read timeout')))?.reason).toBe('no_answer');
    expect(unavailabilityOf(failedQuery(new Error('Connection terminated unexpectedly')))?.reason).toBe(
      'no_answer',
    );
  });

  it("is the request's own error otherwise: a refused statement, or what the handler threw", () => {
    expect(unavailabilityOf(failedQuery(serverError('23505')))).toBeUndefined();
    expect(unavailabilityOf(failedQuery(serverError('42501')))).toBeUndefined();
    expect(unavailabilityOf(new AppError('not_found', 404, 'x'))).toBeUndefined();
    expect(unavailabilityOf(new Error('a bug'))).toBeUndefined();
  });
});

describe('a failed start-up', () => {
  const connecting = { tcpConnected: true, elapsedMs: 20, connectTimeoutMs: 3_000 };

  it('names a missing database, a refused login, a silent server and an address nothing answers at', () => {
    expect(connectFailure(serverError('3D000'), target, connecting)).toMatchObject({
      reason: 'database_missing',
      target: 'db.internal:5432/portal',
      message: 'database "portal" does not exist on PostgreSQL at db.internal:5432',
    });
    for (const code of ['28000', '28P01'])
      expect(connectFailure(serverError(code), target, connecting).reason).toBe('auth_refused');
    const silent = connectFailure(new Error('timeout expired'), target, { ...connecting, elapsedMs: 3_001 });
    expect(silent).toMatchObject({ reason: 'silent' });
    expect(silent.message).toMatch(/accepted the connection but did not answer within 3000 ms/);
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.3:5432'), { code: 'ECONNREFUSED' });
    expect(connectFailure(refused, target, { ...connecting, tcpConnected: false }).reason).toBe(
      'unreachable',
    );
    const dropped = connectFailure(new Error('timeout expired'), target, {
      tcpConnected: false,
      elapsedMs: 3_000,
      connectTimeoutMs: 3_000,
    });
    expect(dropped).toMatchObject({ reason: 'unreachable' });
    expect(dropped.message).toMatch(/no connection within 3000 ms/);
  });

  it('tells a server that closed the connection at once from one that stayed silent', () => {
    const closed = connectFailure(new Error('Connection terminated unexpectedly'), target, connecting);
    expect(closed.reason).toBe('unreachable');
  });

  it('tells the migration lock wait from a slow migration and from a failed one', () => {
    const options = { migrationTimeoutMs: 60_000 };
    expect(migrationFailure(serverError('57014'), target, { ...options, step: 'lock' }).reason).toBe(
      'migration_lock_timeout',
    );
    const slow = migrationFailure(failedQuery(serverError('57014')), target, { ...options, step: 'migrate' });
    expect(slow).toMatchObject({ reason: 'migration_failed' });
    expect(slow.message).toMatch(/longer than 60000 ms/);
    const refused = migrationFailure(
      failedQuery(serverError('42P07', 'relation "x" already exists')),
      target,
      {
        ...options,
        step: 'migrate',
      },
    );
    expect(refused.message).toBe('migrating the database failed: 42P07 relation "x" already exists');
    expect(
      migrationFailure(new Error('Query read timeout'), target, { ...options, step: 'lock' }).reason,
    ).toBe('silent');
  });
});
