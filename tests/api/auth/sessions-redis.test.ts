import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_STORE_UNAVAILABLE_MESSAGE } from '#server/auth/auth-plugin.ts';
import { SESSION_IDLE_SECONDS } from '#server/auth/sessions.ts';
import { connectRedis, redisReady } from '#server/redis.ts';
import { apiGet, gatewayHost, loginAs } from '#tests/support/login.ts';
import { startWorld, type World } from '#tests/support/world.ts';
import { type PrivateRedis, startPrivateRedis } from '#tests/support/private-redis.ts';
import { testStoreKinds } from '../support/redis.ts';

/**
 * Sessions in Redis, on a redis-server of this file's own: its command counts are this gateway's
 * alone, and it can be stopped and started again mid-test.
 */

const BANKS = ['0182', '0158'] as const;
const KEY_PREFIX = 'portal-test:sessions:';
const silent = { warn() {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls per command since the server started (INFO commandstats), without the inspection's own. */
async function commandCounts(redis: Redis): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const line of (await redis.info('commandstats')).split('\n')) {
    const match = /^cmdstat_([^:]+):calls=(\d+)/.exec(line.trim());
    if (match?.[1] && !['info', 'scan', 'dbsize', 'pttl', 'ttl'].includes(match[1]))
      counts.set(match[1], Number(match[2]));
  }
  return counts;
}

/** The commands run between two snapshots: `{ getex: 1 }`. */
function commandsBetween(before: Map<string, number>, after: Map<string, number>): Record<string, number> {
  const delta: Record<string, number> = {};
  for (const [command, calls] of after) {
    const more = calls - (before.get(command) ?? 0);
    if (more > 0) delta[command] = more;
  }
  return delta;
}

async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    keys.push(...found);
    cursor = next;
  } while (cursor !== '0');
  return keys.sort();
}

const sessionKeyOf = (code: string, cookie: string) =>
  `${KEY_PREFIX}${code}:session:${cookie.slice(cookie.indexOf('=') + 1)}`;

describe.skipIf(!testStoreKinds().includes('redis'))('sessions in Redis', () => {
  let privateRedis: PrivateRedis;
  let gatewayRedis: Redis;
  let inspect: Redis;
  let world: World;

  beforeAll(async () => {
    privateRedis = await startPrivateRedis();
    gatewayRedis = connectRedis(privateRedis.url, silent);
    inspect = connectRedis(privateRedis.url, silent);
    await Promise.all([redisReady(gatewayRedis), redisReady(inspect)]);
    world = await startWorld({
      banks: [...BANKS],
      gateway: { redis: { url: privateRedis.url, keyPrefix: KEY_PREFIX, client: gatewayRedis } },
    });
  });
  afterAll(async () => {
    await world?.close();
    gatewayRedis?.disconnect();
    inspect?.disconnect();
    await privateRedis?.close();
  });

  for (const code of BANKS) {
    describe(`bank ${code}`, () => {
      it('keeps the session under {prefix}{bank}:session:{id} with an idle expiry of at most 1800 s', async () => {
        const login = await loginAs(world.app, code, `owner-${code}`);
        const key = sessionKeyOf(code, login.cookie);
        expect(await keysUnder(inspect, `${KEY_PREFIX}${code}:session:`)).toContain(key);
        const ttl = await inspect.ttl(key);
        expect(ttl).toBeGreaterThan(SESSION_IDLE_SECONDS - 10);
        expect(ttl).toBeLessThanOrEqual(SESSION_IDLE_SECONDS);
      });

      it('answers an authenticated /api/v1/user/me with exactly one Redis command (GETEX)', async () => {
        const login = await loginAs(world.app, code, `user-${code}`);
        const before = await commandCounts(inspect);
        const me = await apiGet(world.app, code, login.cookie, '/api/v1/user/me');
        const after = await commandCounts(inspect);
        expect(me.statusCode).toBe(200);
        expect(commandsBetween(before, after)).toEqual({ getex: 1 });
      });

      it('does not slide the idle expiry on a badge poll, but does on /api/v1/user/me', async () => {
        const login = await loginAs(world.app, code, `bankadmin-${code}`);
        const key = sessionKeyOf(code, login.cookie);
        const atLogin = await inspect.pttl(key);
        await sleep(1_100);

        const before = await commandCounts(inspect);
        expect((await apiGet(world.app, code, login.cookie, '/api/v1/badges')).statusCode).toBe(200);
        expect(commandsBetween(before, await commandCounts(inspect))).toEqual({ get: 1 });
        const afterPoll = await inspect.pttl(key);
        expect(afterPoll).toBeLessThan(atLogin - 1_000);

        expect((await apiGet(world.app, code, login.cookie, '/api/v1/user/me')).statusCode).toBe(200);
        expect(await inspect.pttl(key)).toBeGreaterThan(SESSION_IDLE_SECONDS * 1000 - 500);
      });
    });
  }

  it('adds nothing to Redis for 1,000 anonymous requests to pages, /login and assets', async () => {
    const page = await world.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: gatewayHost(BANKS[0]), accept: 'text/html' },
    });
    const assets = [...page.body.matchAll(/(?:src|href)="(\/(?:assets|tenant-assets)\/[^"?]+)[^"]*"/g)].map(
      (match) => match[1] ?? '',
    );
    // The built client's files and the bank's own favicon or logo, as the branded page names them.
    expect(assets.some((url) => url.startsWith('/assets/'))).toBe(true);
    expect(assets.some((url) => url.startsWith('/tenant-assets/'))).toBe(true);
    const requests = [
      { url: '/', accept: 'text/html', status: 200 },
      { url: '/mypage/dashboard', accept: 'text/html', status: 200 },
      { url: '/login', accept: 'text/html', status: 302 },
      ...assets.map((url) => ({ url, accept: '*/*', status: 200 })),
    ];

    const keysBefore = await keysUnder(inspect, KEY_PREFIX);
    const dbsizeBefore = await inspect.dbsize();
    const before = await commandCounts(inspect);
    for (let i = 0; i < 1_000; i++) {
      const request = requests[i % requests.length];
      const code = BANKS[i % BANKS.length];
      if (!request || !code) throw new Error('unreachable');
      const response = await world.app.inject({
        method: 'GET',
        url: request.url,
        headers: { host: gatewayHost(code), accept: request.accept },
      });
      expect(response.statusCode, `${code} ${request.url}`).toBe(request.status);
    }
    expect(commandsBetween(before, await commandCounts(inspect))).toEqual({});
    expect(await inspect.dbsize()).toBe(dbsizeBefore);
    expect(await keysUnder(inspect, KEY_PREFIX)).toEqual(keysBefore);
  });

  it('answers 503 within a second while Redis is down, keeps serving the page, and recovers with the same session', async () => {
    const code = BANKS[0];
    const login = await loginAs(world.app, code, `employee-${code}`);
    expect((await apiGet(world.app, code, login.cookie, '/api/v1/user/me')).statusCode).toBe(200);

    await privateRedis.stop();
    try {
      for (const url of ['/api/v1/user/me', '/api/v1/menu', '/api/v1/badges']) {
        const started = performance.now();
        const response = await apiGet(world.app, code, login.cookie, url);
        const elapsed = performance.now() - started;
        expect(response.statusCode, url).toBe(503);
        expect(response.json()).toEqual({ status: 'error', message: SESSION_STORE_UNAVAILABLE_MESSAGE });
        expect(response.json().message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(elapsed, url).toBeLessThan(1_000);
      }
      const page = await world.app.inject({
        method: 'GET',
        url: '/',
        headers: { host: gatewayHost(code), accept: 'text/html' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      // /login cannot tell whether the browser is logged in: a Japanese 503 page, not a failed login.
      const loginPage = await world.app.inject({
        method: 'GET',
        url: '/login',
        headers: { host: gatewayHost(code), cookie: login.cookie },
      });
      expect(loginPage.statusCode).toBe(503);
      expect(loginPage.body).toContain('ただいまログイン状態を確認できません。');
    } finally {
      await privateRedis.start();
    }

    // The gateway reconnects by itself; the session written before the outage is still there.
    const deadline = Date.now() + 5_000;
    let status = 0;
    while (Date.now() < deadline) {
      const me = await apiGet(world.app, code, login.cookie, '/api/v1/user/me');
      status = me.statusCode;
      expect([200, 503]).toContain(status);
      if (status === 200) {
        expect(me.json().result.user_login_id).toBe(`employee-${code}`);
        break;
      }
      await sleep(100);
    }
    expect(status).toBe(200);
  });
});
