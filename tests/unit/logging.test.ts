import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '#server/db/database-errors.ts';
import { createLogger, REDACTED, serializeError, serializeRequest } from '#server/logging.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')));
      done();
    },
  });
  return { lines, logger: createLogger({ level: 'info' }, sink) };
}

/** drizzle's DrizzleQueryError as it arrives: the statement, its params in the message, the driver's error. */
function drizzleError() {
  const cause = Object.assign(new Error('new row for relation "inquiries" violates check constraint "c"'), {
    code: '23514',
    severity: 'ERROR',
    routine: 'ExecConstraints',
    constraint: 'c',
    table: 'inquiries',
    detail: 'Failing row contains (1, 秘密 花子, hanako@example.jp).',
  });
  const error = new Error(
    'Failed query: insert into "inquiries" values ($1, $2)\nparams: 秘密 花子,hanako@example.jp',
    {
      cause,
    },
  );
  return Object.assign(error, {
    name: 'DrizzleQueryError',
    query: 'insert into "inquiries" values ($1, $2)',
    params: ['秘密 花子', 'hanako@example.jp'],
  });
}

describe('the logger', () => {
  it('redacts personal fields at the top level and one level down', () => {
    const { lines, logger } = capture();
    logger.info({ email: 'a@example.jp', user: { user_name: '山田', password: 'pw' }, body: { x: 1 } }, 'x');
    expect(lines[0]).toMatchObject({
      email: REDACTED,
      user: { user_name: REDACTED, password: REDACTED },
      body: REDACTED,
    });
  });

  it('redacts in a child logger’s fields and in a list one level down, and leaves the logged object as it was', () => {
    const { lines, logger } = capture();
    const fields = { users: [{ email: 'b@example.jp' }], form: { inquiry_tel: '090', topic: '融資' } };
    logger.child({ email: 'c@example.jp', bank: '0182' }).info(fields, 'x');
    expect(lines[0]).toMatchObject({
      email: REDACTED,
      bank: '0182',
      form: { inquiry_tel: REDACTED, topic: '融資' },
    });
    expect(fields.form.inquiry_tel).toBe('090');
    // Two levels down (a list's rows) is beyond the rule, as it was with pino's `*.email`.
    expect(JSON.stringify(lines[0])).toContain('b@example.jp');
  });

  it("logs a database error by its statement and SQLSTATE, without the values or PostgreSQL's detail", () => {
    const { lines, logger } = capture();
    logger.error({ err: drizzleError() }, 'request failed');
    const text = JSON.stringify(lines[0]);
    expect(text).toContain('23514');
    expect(text).toContain('insert into');
    expect(text).not.toContain('秘密');
    expect(text).not.toContain('hanako');
  });

  it('logs a lost connection by its message, without the connection the pool hangs on it', () => {
    // pg-pool puts the client on an idle connection's error: its parameters, socket and parser.
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), {
      client: { connectionParameters: { password: 'pg-secret', user: 'portal' }, buffer: 'x'.repeat(3_000) },
    });
    const { lines, logger } = capture();
    logger.error({ err: lost }, 'idle PostgreSQL connection failed');
    const text = JSON.stringify(lines[0]);
    expect(text).toContain('Connection terminated unexpectedly');
    expect(text).not.toContain('pg-secret');
    expect(text.length).toBeLessThan(1_500);
  });

  it('logs the causes of an error the same way, down to the database error', () => {
    const unavailable = new DatabaseUnavailableError('connection_lost', drizzleError());
    const serialized = JSON.stringify(serializeError(unavailable));
    expect(serialized).toContain('DatabaseUnavailableError');
    expect(serialized).toContain('connection_lost');
    expect(serialized).toContain('23514');
    expect(serialized).not.toContain('秘密');
    expect(serialized).not.toContain('hanako');
  });

  it('logs other errors with their message and stack', () => {
    const serialized = serializeError(new Error('boom')) as { message: string; stack: string };
    expect(serialized.message).toBe('boom');
    expect(serialized.stack).toContain('logging.test.ts');
  });

  it('logs a request by method and path, without its query', () => {
    expect(serializeRequest({ method: 'GET', url: '/callback?code=abc&state=def', hostname: 'h' })).toEqual({
      method: 'GET',
      url: '/callback',
      host: 'h',
      remoteAddress: undefined,
    });
  });
});
