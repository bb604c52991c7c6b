import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '#server/redis.ts';
import { buildTestApp, devHost, type TestApp } from '#tests/support/app.ts';
import { findFreePort, startProviderForBanks } from '#tests/support/idp.ts';
import { buildTestAppOnStore, type TestAppOnStore, testStoreKinds } from '../support/redis.ts';

/** Hosts a load balancer or an orchestrator may use: no bank's, a bank's. */
const HOSTS = ['10.0.0.5:3000', devHost('0182')];
const quiet = { warn() {} };

const readyz = (testApp: TestApp, host = HOSTS[0]) =>
  testApp.app.inject({ url: '/readyz', headers: { host } });

/** A Redis client to a port nothing listens on: every command fails at once (server/redis.ts). */
async function unreachableRedis(): Promise<{ url: string; keyPrefix: string; client: Redis }> {
  const url = `redis://127.0.0.1:${await findFreePort()}`;
  return {
    url,
    keyPrefix: `portal-test:${randomBytes(4).toString('hex')}:`,
    client: connectRedis(url, quiet),
  };
}

describe.each(testStoreKinds())('readiness (/readyz) with sessions in %s', (store) => {
  let testApp: TestAppOnStore;
  beforeAll(async () => {
    testApp = await buildTestAppOnStore(store);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers 200 on any host while the database and Redis answer', async () => {
    for (const host of HOSTS) {
      const response = await readyz(testApp, host);
      expect(response.statusCode, host).toBe(200);
      expect(response.json()).toEqual({
        status: 'ok',
        checks: { database: 'ok', redis: store === 'redis' ? 'ok' : 'not_configured' },
      });
    }
  });
});

describe('readiness while a dependency is down', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  it('answers 503 while Redis cannot be reached, naming the check and no error text', async () => {
    const redis = await unreachableRedis();
    try {
      testApp = await buildTestApp({ redis });
      const response = await readyz(testApp);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', redis: 'unavailable' },
      });
      expect(response.body).not.toMatch(/ECONNREFUSED|writeable|Error/i);
    } finally {
      redis.client.disconnect();
    }
  });

  it('answers 503 once the database is closed, while liveness (/healthz) stays 200', async () => {
    testApp = await buildTestApp();
    expect((await readyz(testApp)).statusCode).toBe(200);
    await testApp.app.db.close();
    const response = await readyz(testApp);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'unavailable', redis: 'not_configured' },
    });
    expect(response.body).not.toMatch(/pool|closed|Error/i);
    const liveness = await testApp.app.inject({ url: '/healthz', headers: { host: HOSTS[0] } });
    expect(liveness.statusCode).toBe(200);
  });

  it('logs a change of state once, and no request lines for the probes', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    testApp = await buildTestApp({ logger: pino({ level: 'info' }, sink) });
    for (let probe = 0; probe < 3; probe++) {
      await readyz(testApp);
      await testApp.app.inject({ url: '/healthz', headers: { host: HOSTS[0] } });
    }
    await testApp.app.db.close();
    for (let probe = 0; probe < 3; probe++) await readyz(testApp);

    // Only probes were made: no request line at all.
    const requestLines = lines.filter((line) =>
      ['request', 'incoming request', 'request completed'].includes(String(line.msg)),
    );
    expect(requestLines).toEqual([]);
    const notReady = lines.filter((line) => line.msg === 'not ready');
    expect(notReady).toHaveLength(1);
    expect(notReady[0]).toMatchObject({ level: 40, checks: { database: 'unavailable' } });
  });
});

describe('readiness of the identity provider', () => {
  let idp: Awaited<ReturnType<typeof startProviderForBanks>>;
  beforeAll(async () => {
    idp = await startProviderForBanks(['0182']);
  });
  afterAll(async () => {
    await idp?.close();
  });

  it('answers 200 while its database answers and 503 once it is closed', async () => {
    const ready = await fetch(`${idp.origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'not_configured' } });
    await idp.db.close();
    const down = await fetch(`${idp.origin}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: 'unavailable', checks: { database: 'unavailable' } });
    expect((await fetch(`${idp.origin}/healthz`)).status).toBe(200);
  });
});
