import { describe, expect, it } from 'vitest';
import { loadServerConfig } from '#server/config.ts';

const load = (environment: Record<string, string>) => loadServerConfig(environment, '/app');

describe('SENTRY_DSN', () => {
  it('is off (null) when unset or empty', () => {
    expect(load({}).sentryDsn).toBeNull();
    expect(load({ SENTRY_DSN: '' }).sentryDsn).toBeNull();
  });

  it.each([
    ['sentry.io', 'https://0f1e2d3c4b5a69788796a5b4c3d2e1f0@o450123.ingest.de.sentry.io/4507123456789012'],
    ['a self-hosted Sentry on a port and a path', 'http://publickey@sentry.bank.internal:9000/sentry/2'],
  ])('accepts a DSN of %s', (_kind, dsn) => {
    expect(load({ SENTRY_DSN: dsn }).sentryDsn).toBe(dsn);
  });

  it.each([
    ['no URL', 'o450123.ingest.sentry.io/1', 'a Sentry DSN'],
    ['another scheme', 'ftp://key@o450123.ingest.sentry.io/1', 'a Sentry DSN'],
    ['no public key', 'https://o450123.ingest.sentry.io/1', 'no public key'],
    ['no project id', 'https://key@o450123.ingest.sentry.io/', 'numeric project id'],
    ['the legacy secret key', 'https://key:s3cr3t-value@o450123.ingest.sentry.io/1', 'secret key'],
  ])('refuses a DSN with %s, naming the variable and not echoing the value', (_problem, dsn, reason) => {
    let message = '';
    try {
      load({ SENTRY_DSN: dsn });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`SENTRY_DSN: `);
    expect(message).toContain(reason);
    expect(message).not.toContain('s3cr3t-value');
  });
});

describe('INQUIRY_RATE_LIMIT_MAX', () => {
  it('defaults to 5 inquiries per client address and bank in 10 minutes', () => {
    expect(load({}).inquiryRateLimit).toEqual({ max: 5, timeWindowMs: 600_000 });
  });

  it('takes a positive whole number and refuses anything else', () => {
    expect(load({ INQUIRY_RATE_LIMIT_MAX: '20' }).inquiryRateLimit.max).toBe(20);
    for (const value of ['0', '-1', '2.5', 'many']) {
      expect(() => load({ INQUIRY_RATE_LIMIT_MAX: value }), value).toThrow(/INQUIRY_RATE_LIMIT_MAX/);
    }
  });
});

describe('PostgreSQL timeouts', () => {
  it('default to 3 s to connect, 10 s per statement, 30 s idle in a transaction and 60 s for migrations', () => {
    expect(load({}).databaseTimeouts).toEqual({
      connectMs: 3_000,
      statementMs: 10_000,
      idleInTransactionMs: 30_000,
      migrationMs: 60_000,
    });
  });

  it('take whole milliseconds from the environment', () => {
    const timeouts = load({
      DATABASE_CONNECT_TIMEOUT_MS: '1500',
      DATABASE_STATEMENT_TIMEOUT_MS: '250',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '5000',
      DATABASE_MIGRATION_TIMEOUT_MS: '600000',
    }).databaseTimeouts;
    expect(timeouts).toEqual({
      connectMs: 1_500,
      statementMs: 250,
      idleInTransactionMs: 5_000,
      migrationMs: 600_000,
    });
  });

  it.each([
    'DATABASE_CONNECT_TIMEOUT_MS',
    'DATABASE_STATEMENT_TIMEOUT_MS',
    'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
    'DATABASE_MIGRATION_TIMEOUT_MS',
  ])('refuse %s of 0 (no limit at all), a fraction, a negative, words or more than an hour', (name) => {
    for (const value of ['0', '2.5', '-1', 'ten', '3600001']) {
      expect(() => load({ [name]: value }), value).toThrow(new RegExp(name));
    }
  });
});
