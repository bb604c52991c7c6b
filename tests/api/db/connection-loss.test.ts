import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMPANY_EXPORT_PATH } from '#server/contracts/companies.ts';
import { DATABASE_TIMEOUT_DEFAULTS } from '#server/config.ts';
import { type Database, openDatabase } from '#server/db/database.ts';
import { DatabaseUnavailableError } from '#server/db/database-errors.ts';
import { createLogger } from '#server/logging.ts';
import { buildTestApp, devHost, type TestApp } from '#tests/support/app.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#tests/support/database.ts';
import { gatewayHost } from '#tests/support/login.ts';
import { startWorld, type World } from '#tests/support/world.ts';

/**
 * PostgreSQL ends connections the gateway holds: a restart or failover, a backend terminated by an
 * operator, a transaction left idle past the idle-in-transaction timeout (a download whose reader
 * stopped reading). None of them may stop the process, which serves every bank: the request in
 * flight answers 503 in Japanese and the next one is served.
 *
 * An 'error' event nobody listens to ends the process; vitest reports it as an unhandled error of
 * this file, so each test below also fails if the gateway would have died.
 */

const silentLogger = { info() {}, warn() {}, error() {} };
const BUSY_MESSAGE = 'ただいま混み合っています。しばらく時間をおいてから再度お試しください。';
const PUBLIC_NEWS = '/api/v1/public/news/search';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A connection of the test's own, as an operator's psql or another replica holds one. */
async function connect(databaseUrl: string | undefined): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

/** The backends of `database` other than `admin`'s own, optionally only those waiting on a lock. */
async function backendsOf(admin: pg.Client, database: string, onlyWaitingOnLock = false): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    `select pid from pg_stat_activity
      where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'
        and ($2::boolean is false or wait_event_type = 'Lock')`,
    [database, onlyWaitingOnLock],
  );
  return rows.map((row) => row.pid);
}

const databaseNameOf = (url: string | undefined) => new URL(url ?? '').pathname.slice(1);

describe.runIf(testDatabaseKinds().includes('postgres'))('a lost PostgreSQL connection', () => {
  describe('under a transaction', () => {
    let testDatabase: TestDatabase;
    let db: Database;
    let admin: pg.Client;
    beforeAll(async () => {
      testDatabase = await createTestDatabase({ kind: 'postgres' });
      db = await openDatabase({
        ...testDatabase,
        logger: silentLogger,
        timeouts: { ...DATABASE_TIMEOUT_DEFAULTS, idleInTransactionMs: 300 },
      });
      admin = await connect(testDatabase.databaseUrl);
    });
    afterAll(async () => {
      await admin?.end();
      await db?.close();
      await testDatabase?.drop();
    });

    it('that waited past the idle-in-transaction timeout fails as unavailable, and the next one runs', async () => {
      const failure = await db
        .withBank('0182', async (tx) => {
          await tx.execute(sql`select 1`);
          // The server ends the session while the work waits on something else (a slow reader).
          await sleep(900);
          await tx.execute(sql`select 1`);
        })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DatabaseUnavailableError);
      expect(failure).toMatchObject({ reason: 'connection_lost' });
      await expect(db.withBank('0182', (tx) => tx.execute(sql`select 1 as one`))).resolves.toMatchObject({
        rows: [{ one: 1 }],
      });
    });

    it('whose backend is terminated mid-statement fails as unavailable, and the next one runs', async () => {
      const holder = await connect(testDatabase.databaseUrl);
      try {
        await holder.query('begin');
        await holder.query('lock table articles in access exclusive mode');
        const waiting = db
          .withBank('0182', (tx) => tx.execute(sql`select count(*) from articles`))
          .catch((error: unknown) => error);
        const name = databaseNameOf(testDatabase.databaseUrl);
        let victim: number | undefined;
        await vi.waitFor(async () => {
          [victim] = await backendsOf(admin, name, true);
          expect(victim).toBeDefined();
        });
        await admin.query('select pg_terminate_backend($1)', [victim]);
        const failure = await waiting;
        expect(failure).toBeInstanceOf(DatabaseUnavailableError);
      } finally {
        await holder.query('rollback');
        await holder.end();
      }
      await expect(db.withBank('0182', (tx) => tx.execute(sql`select 1 as one`))).resolves.toBeDefined();
    });
  });

  describe('under the gateway', () => {
    let testApp: TestApp;
    /** On the server's maintenance database: a database's connections can be refused from outside it only. */
    let server: pg.Client;
    let name: string;
    const getNews = () => testApp.app.inject({ url: PUBLIC_NEWS, headers: { host: devHost('0182') } });
    beforeAll(async () => {
      testApp = await buildTestApp();
      server = await connect(process.env.DATABASE_URL);
      name = databaseNameOf(testApp.app.config.databaseUrl);
    });
    afterAll(async () => {
      await server?.end();
      await testApp?.close();
    });

    it('answers 503 in Japanese to the request whose backend is terminated, and serves the next', async () => {
      expect((await getNews()).statusCode).toBe(200);
      const holder = await connect(testApp.app.config.databaseUrl);
      try {
        await holder.query('begin');
        await holder.query('lock table articles in access exclusive mode');
        const inFlight = getNews();
        let victim: number | undefined;
        await vi.waitFor(async () => {
          [victim] = await backendsOf(server, name, true);
          expect(victim).toBeDefined();
        });
        await server.query('select pg_terminate_backend($1)', [victim]);
        const response = await inFlight;
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toEqual({ status: 'error', message: BUSY_MESSAGE });
      } finally {
        await holder.query('rollback');
        await holder.end();
      }
      expect((await getNews()).statusCode).toBe(200);
    });

    it('lives through a restart mid-request: 503 while the server is away, 200 once it is back', async () => {
      // Warm the pool, so idle connections are lost as well as the one in flight.
      await Promise.all([getNews(), getNews(), getNews()]);
      const holder = await connect(testApp.app.config.databaseUrl);
      holder.on('error', () => undefined); // ended below with everyone else
      try {
        await holder.query('begin');
        await holder.query('lock table articles in access exclusive mode');
        const inFlight = getNews();
        await vi.waitFor(async () => expect(await backendsOf(server, name, true)).toHaveLength(1));
        // What a fast restart does to this database's clients: every session ends (57P01), and no new
        // one is taken until the server is up again.
        await server.query(`alter database "${name}" allow_connections false`);
        await server.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [
          name,
        ]);
        const response = await inFlight;
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ status: 'error', message: BUSY_MESSAGE });
        const whileAway = await getNews();
        expect(whileAway.statusCode).toBe(503);
        expect(whileAway.json()).toEqual({ status: 'error', message: BUSY_MESSAGE });
      } finally {
        await server.query(`alter database "${name}" allow_connections true`);
        await holder.end().catch(() => undefined);
      }
      // Back within the Retry-After the 503s gave (5 s): an idle client the restart ended may still be
      // handed out once before the pool hears of its end (under load its 'error' comes late), and that
      // request answers 503 too, never a 500; the next ones are served.
      const statuses: number[] = [];
      await vi.waitFor(
        async () => {
          statuses.push((await getNews()).statusCode);
          expect(statuses.at(-1)).toBe(200);
        },
        { timeout: 5_000, interval: 100 },
      );
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    });
  });

  describe('under a CSV download whose reader stops reading', () => {
    const IDLE_IN_TRANSACTION_MS = 3_000;
    const lines: string[] = [];
    let world: World;
    let admin: pg.Client;
    let port: number;
    beforeAll(async () => {
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      });
      world = await startWorld({
        banks: ['0182'],
        gateway: {
          env: { DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: String(IDLE_IN_TRANSACTION_MS) },
          logger: createLogger({ level: 'info' }, sink),
        },
      });
      admin = await connect(world.app.config.databaseUrl);
      // About 12 MB of CSV: more than the loopback socket's buffers take from a reader that reads nothing.
      await world.db.withBank('0182', (tx) =>
        tx.execute(sql`
          insert into companies (company_unique_code, company_name, company_name_kana, company_type)
          select 'stall' || n, '読み止まり検証用の長い名前の株式会社' || n || repeat('あ', 40), 'ヨミドマリ', 'normal'
          from generate_series(1, 40000) as n`),
      );
      await world.app.listen({ port: 0, host: '127.0.0.1' });
      port = (world.app.server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await admin?.end();
      await world?.close();
    });

    it('cuts the reader after a bounded time, before PostgreSQL ends the transaction, and frees it', async () => {
      const cookie = await world.cookieOf('0182', 'bank_admin');
      lines.length = 0;
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http
          .get({
            host: '127.0.0.1',
            port,
            path: COMPANY_EXPORT_PATH,
            headers: { host: gatewayHost('0182'), cookie },
          })
          .on('response', resolve)
          .on('error', reject);
      });
      expect(response.statusCode).toBe(200);
      // Read the first chunk, then nothing: a browser tab left behind a paused download.
      let received = 0;
      const ended = new Promise<void>((resolve) => response.on('close', resolve));
      response.on('error', () => undefined);
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        response.pause();
      });
      // Cut by the gateway's own limit (half the idle-in-transaction timeout), not by the server's end.
      await vi.waitFor(() => expect(lines.join('')).toContain('CsvReaderStalledError'), {
        timeout: IDLE_IN_TRANSACTION_MS,
        interval: 100,
      });
      // The reader takes what reached it: the file ends short.
      response.removeAllListeners('data');
      response.on('data', (chunk: Buffer) => (received += chunk.length));
      response.resume();
      await ended;
      expect(response.complete).toBe(false);
      expect(received).toBeGreaterThan(0);
      expect(lines.join('')).not.toContain('connection lost');
      // The transaction is gone: no session of the database is left in one.
      const name = databaseNameOf(world.app.config.databaseUrl);
      const { rows } = await admin.query(
        `select count(*)::int as open from pg_stat_activity where datname = $1 and state like 'idle in transaction%'`,
        [name],
      );
      expect(rows).toEqual([{ open: 0 }]);
      // And the next reader gets the whole file.
      const whole = await world.send('0182', 'bank_admin', { method: 'GET', url: COMPANY_EXPORT_PATH });
      expect(whole.statusCode).toBe(200);
      expect(whole.body.split('\r\n').length).toBeGreaterThan(40_000);
      expect(received).toBeLessThan(Buffer.byteLength(whole.body));
    });
  });
});
