import net from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_TIMEOUT_DEFAULTS } from '#server/config.ts';
import { MIGRATION_LOCK_KEY, openDatabase } from '#server/db/database.ts';
import { DatabaseStartError } from '#server/db/database-errors.ts';
import { CHECK_TIMEOUT_MS } from '#server/health.ts';
import { buildTestApp, devHost, type TestApp } from '#tests/support/app.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#tests/support/database.ts';

const silentLogger = { info() {}, warn() {}, error() {} };
const BUSY_MESSAGE = 'ただいま混み合っています。しばらく時間をおいてから再度お試しください。';
const PUBLIC_NEWS = '/api/v1/public/news/search';

/** A connection of the test's own that holds what it is told to, as another replica or a long transaction would. */
async function connect(databaseUrl: string | undefined): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

/**
 * A TCP proxy to the PostgreSQL server that can go silent: while frozen it drops what either side
 * sends, as a server that hangs (or a network that stops carrying packets) does after connecting.
 */
async function startFreezableProxy(target: URL) {
  let frozen = false;
  const open = new Set<net.Socket>();
  const droppedOn = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    open.add(socket);
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    socket.on('data', (data) => (frozen ? droppedOn.add(socket) : upstream.write(data)));
    upstream.on('data', (data) => (frozen ? droppedOn.add(socket) : socket.write(data)));
    const closeBoth = () => {
      open.delete(socket);
      socket.destroy();
      upstream.destroy();
    };
    for (const side of [socket, upstream]) side.on('close', closeBoth).on('error', closeBoth);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    freeze: () => (frozen = true),
    thaw: () => (frozen = false),
    /** Connections on which something was dropped and that the gateway has not closed yet. */
    openSilencedConnections: () => [...droppedOn].filter((socket) => open.has(socket)).length,
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// PGlite runs in the process and has no connection to lose; these need a PostgreSQL server.
describe.runIf(testDatabaseKinds().includes('postgres'))('PostgreSQL timeouts', () => {
  describe('at start-up, the migration lock another replica holds', () => {
    let testDatabase: TestDatabase;
    let otherReplica: pg.Client;
    beforeEach(async () => {
      testDatabase = await createTestDatabase({ kind: 'postgres' });
      otherReplica = await connect(testDatabase.databaseUrl);
      await otherReplica.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    });
    afterEach(async () => {
      await otherReplica.end();
      await testDatabase.drop();
    });

    it("is waited for longer than a request's statement timeout, so replicas can start together", async () => {
      const timeouts = { ...DATABASE_TIMEOUT_DEFAULTS, statementMs: 200, migrationMs: 10_000 };
      setTimeout(() => void otherReplica.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]), 1_500);
      const started = performance.now();
      const db = await openDatabase({ ...testDatabase, logger: silentLogger, timeouts });
      const waitedMs = performance.now() - started;
      await db.close();
      expect(waitedMs).toBeGreaterThan(1_400);
    });

    it('is given up after the migration timeout, with a reason an operator can act on', async () => {
      const timeouts = { ...DATABASE_TIMEOUT_DEFAULTS, migrationMs: 500 };
      const started = performance.now();
      const failure: unknown = await openDatabase({ ...testDatabase, logger: silentLogger, timeouts }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(failure).toBeInstanceOf(DatabaseStartError);
      expect(failure).toMatchObject({ reason: 'migration_lock_timeout' });
      expect((failure as Error).message).toMatch(
        /500 ms for the migration lock.*DATABASE_MIGRATION_TIMEOUT_MS/,
      );
    });
  });

  describe('during a request', () => {
    const getNews = (testApp: TestApp) =>
      testApp.app.inject({ url: PUBLIC_NEWS, headers: { host: devHost('0182') } });

    describe('a query that runs past the statement timeout', () => {
      let testApp: TestApp;
      beforeAll(async () => {
        testApp = await buildTestApp({ env: { DATABASE_STATEMENT_TIMEOUT_MS: '300' } });
      });
      afterAll(async () => {
        await testApp.close();
      });

      it('answers 503 in Japanese with Retry-After instead of waiting, and the next request is served', async () => {
        expect((await getNews(testApp)).statusCode).toBe(200);
        // A long transaction holds the news table: the request's query waits for it past the timeout.
        const longTransaction = await connect(testApp.app.config.databaseUrl);
        try {
          await longTransaction.query('begin');
          await longTransaction.query('lock table articles in access exclusive mode');
          const started = performance.now();
          const response = await getNews(testApp);
          expect(performance.now() - started).toBeLessThan(2_000);
          expect(response.statusCode).toBe(503);
          expect(response.headers['retry-after']).toBe('5');
          expect(response.json()).toEqual({ status: 'error', message: BUSY_MESSAGE });
        } finally {
          await longTransaction.query('rollback');
          await longTransaction.end();
        }
        expect((await getNews(testApp)).statusCode).toBe(200);
      });
    });

    describe('a server that stops answering', () => {
      let proxy: Awaited<ReturnType<typeof startFreezableProxy>>;
      let database: TestDatabase;
      let testApp: TestApp;
      beforeAll(async () => {
        database = await createTestDatabase({ kind: 'postgres' });
        proxy = await startFreezableProxy(new URL(database.databaseUrl ?? ''));
        testApp = await buildTestApp({
          env: { DATABASE_URL: proxy.url, DATABASE_STATEMENT_TIMEOUT_MS: '300' },
        });
      });
      afterAll(async () => {
        await testApp.close();
        await proxy.close();
        await database.drop();
      });

      it('answers 503 within the statement timeout and a margin, closes that connection and recovers', async () => {
        expect((await getNews(testApp)).statusCode).toBe(200);
        proxy.freeze();
        const started = performance.now();
        const response = await getNews(testApp);
        const answeredMs = performance.now() - started;
        proxy.thaw();
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ status: 'error', message: BUSY_MESSAGE });
        // 300 ms statement timeout + the driver's 2 s margin; the server's own cancel cannot arrive.
        expect(answeredMs).toBeGreaterThan(2_000);
        expect(answeredMs).toBeLessThan(5_000);
        // The connection whose answer never came is closed, not handed to the next request.
        await vi.waitFor(() => expect(proxy.openSilencedConnections()).toBe(0));
        expect((await getNews(testApp)).statusCode).toBe(200);
      });

      it('makes readiness answer 503 within its 2 s check, and 200 again once the server answers', async () => {
        const readyz = () => testApp.app.inject({ url: '/readyz', headers: { host: 'localhost' } });
        expect((await readyz()).statusCode).toBe(200);
        proxy.freeze();
        const started = performance.now();
        const response = await readyz();
        const answeredMs = performance.now() - started;
        proxy.thaw();
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({ checks: { database: 'unavailable' } });
        expect(answeredMs).toBeGreaterThan(CHECK_TIMEOUT_MS - 100);
        expect(answeredMs).toBeLessThan(CHECK_TIMEOUT_MS + 1_000);
        await vi.waitFor(() => expect(proxy.openSilencedConnections()).toBe(0), { timeout: 5_000 });
        expect((await readyz()).statusCode).toBe(200);
      });
    });
  });
});
