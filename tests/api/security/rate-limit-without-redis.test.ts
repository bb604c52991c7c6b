import { count } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_STORE_UNAVAILABLE_MESSAGE } from '#server/auth/auth-plugin.ts';
import { CHARGE_MESSAGES, monthsBefore } from '#server/contracts/company-charges.ts';
import { INVITATION_MESSAGES } from '#server/contracts/employee-invitation.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { PASSWORD_CHANGE_MESSAGES } from '#server/contracts/password-change.ts';
import { companyCharges } from '#server/db/schema.ts';
import { demoUniqueCode } from '#server/db/seeds/seed-context.ts';
import { connectRedis, redisReady } from '#server/redis.ts';
import { bearerIdTokenOf } from '#tests/support/bearer-token.ts';
import { startTcpProxy, type TcpProxy } from '#tests/support/tcp-proxy.ts';
import { BANK_A, BANK_B, sendFromPage, startWorld, type World } from '#tests/support/world.ts';
import { createTestRedis, type TestRedis, testStoreKinds } from '../support/redis.ts';

/**
 * Password guesses (and a company's invitations to outside addresses) are held to their budgets
 * whether or not Redis answers: while Redis is unreachable (a proxy in front of it, cut by the
 * test) the gateway counts the tries in its own process, for callers with a Bearer id token (who need no session) as for cookie callers, and a
 * count made before the outage still holds through it and after it.
 */

const BUDGET = 5;
const silent = { warn() {} };

describe.skipIf(!testStoreKinds().includes('redis'))('password-guess limits with Redis unreachable', () => {
  let shared: TestRedis;
  let proxy: TcpProxy;
  let gatewayRedis: Redis;
  let world: World;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    shared = await createTestRedis();
    const target = new URL(shared.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const proxied = new URL(shared.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    gatewayRedis = connectRedis(proxied.href, silent);
    await redisReady(gatewayRedis);
    world = await startWorld({
      gateway: {
        env: { LOGIN_RATE_LIMIT_MAX: String(BUDGET), EMPLOYEE_INVITATION_RATE_LIMIT_MAX: String(BUDGET) },
        redis: { url: proxied.href, keyPrefix: shared.keyPrefix, client: gatewayRedis },
      },
    });
    for (const [code, type] of [
      [BANK_A, 'company_owner'],
      [BANK_A, 'company_user'],
      [BANK_A, 'bank_admin'],
      [BANK_B, 'company_owner'],
    ] as const) {
      tokens.set(`${code}/${type}`, await bearerIdTokenOf(world.idp, code, type));
    }
    await world.cookieOf(BANK_A, 'company_user');
  }, 120_000);
  // Redis back, and the gateway's client connected again, before the next test.
  afterEach(async () => {
    proxy?.restore();
    if (gatewayRedis) await redisReady(gatewayRedis);
  });
  afterAll(async () => {
    await world?.close();
    gatewayRedis?.disconnect();
    await proxy?.close();
    await shared?.close();
  });

  const bearer = (code: string, type: string) => {
    const token = tokens.get(`${code}/${type}`);
    if (!token) throw new Error(`no id token for ${code}/${type}`);
    return `Bearer ${token}`;
  };

  const passwordChange = (code: string, current: string) => ({
    method: 'POST',
    url: '/api/v1/setting/password',
    payload: {
      current_password: current,
      password: 'ratelimit2026A',
      password_confirmation: 'ratelimit2026A',
    },
  });

  const changeAsBearer = (code: string, type: string, current: string) =>
    sendFromPage(world.app, code, '', {
      ...passwordChange(code, current),
      headers: { authorization: bearer(code, type) },
    });

  it('holds a Bearer caller’s wrong current passwords to the budget (429), the right one included', async () => {
    await proxy.cut();
    for (let attempt = 1; attempt <= BUDGET; attempt += 1) {
      const answer = await changeAsBearer(BANK_A, 'company_owner', `guess-${attempt}`);
      expect(answer.statusCode, answer.body).toBe(422);
    }
    const limited = await changeAsBearer(BANK_A, 'company_owner', 'demo-password');
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json()).toMatchObject({ status: 'error', message: PASSWORD_CHANGE_MESSAGES.rateLimited });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('keeps the count when Redis is back: the limited user stays limited', async () => {
    const limited = await changeAsBearer(BANK_A, 'company_owner', 'demo-password');
    expect(limited.statusCode, limited.body).toBe(429);
  });

  it('counts each bank’s users apart: another bank’s owner is not limited by it', async () => {
    await proxy.cut();
    const answer = await changeAsBearer(BANK_B, 'company_owner', 'guess-1');
    expect(answer.statusCode, answer.body).toBe(422);
  });

  it('changes nothing with the right password while Redis is down: 503 in Japanese, the old password stands', async () => {
    await proxy.cut();
    const answer = await changeAsBearer(BANK_B, 'company_owner', 'demo-password');
    expect(answer.statusCode, answer.body).toBe(503);
    expect(answer.json()).toMatchObject({ status: 'error', message: SESSION_STORE_UNAVAILABLE_MESSAGE });
    expect(answer.headers['retry-after']).toBe('1');
    proxy.restore();
    await redisReady(gatewayRedis);
    const again = await changeAsBearer(BANK_B, 'company_owner', 'demo-password');
    expect(again.statusCode, again.body).toBe(200);
  });

  it('holds a staff member’s charge saves to the budget on both paths', async () => {
    const save = (password: string, path: string) =>
      sendFromPage(world.app, BANK_A, '', {
        method: 'POST',
        url: path,
        headers: { authorization: bearer(BANK_A, 'bank_admin') },
        payload: {
          company_unique_code: demoUniqueCode(BANK_A, 'company', 'hidamari-care'),
          charge_month: monthsBefore(japanDateString().slice(0, 7), 1),
          charge_kind: 'adjust',
          charge_amount: 100,
          charge_status: 'unbilled',
          password,
        },
      });
    const chargeCount = async () => {
      const [row] = await world.db.withBank(BANK_A, (tx) =>
        tx.select({ rows: count() }).from(companyCharges),
      );
      return row?.rows;
    };
    const before = await chargeCount();
    await proxy.cut();
    for (let attempt = 1; attempt <= BUDGET; attempt += 1) {
      const path = attempt % 2 === 0 ? '/api/v1/charge/save' : '/api/v1/company/charge/save';
      const answer = await save(`guess-${attempt}`, path);
      expect(answer.statusCode, answer.body).toBe(422);
    }
    for (const path of ['/api/v1/company/charge/save', '/api/v1/charge/save']) {
      const limited = await save('demo-password', path);
      expect(limited.statusCode, limited.body).toBe(429);
      expect(limited.json()).toMatchObject({ status: 'error', message: CHARGE_MESSAGES.rateLimited });
    }
    expect(await chargeCount()).toBe(before);
  });

  it('holds a company’s invitations to outside addresses to its budget', async () => {
    await proxy.cut();
    const invite = (index: number) =>
      sendFromPage(world.app, BANK_A, '', {
        method: 'POST',
        url: '/api/v1/company/employee/invitations',
        headers: { authorization: bearer(BANK_A, 'company_owner') },
        payload: { email: `outside-${index}@outside.example` },
      });
    for (let index = 1; index <= BUDGET; index += 1) {
      const answer = await invite(index);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const limited = await invite(BUDGET + 1);
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json()).toMatchObject({ message: INVITATION_MESSAGES.companyRateLimited });
  });

  it('counts a cookie caller’s tries made before the outage, and lets the cookie guess nothing during it', async () => {
    const cookie = await world.cookieOf(BANK_A, 'company_user');
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const answer = await sendFromPage(
        world.app,
        BANK_A,
        cookie,
        passwordChange(BANK_A, `guess-${attempt}`),
      );
      expect(answer.statusCode, answer.body).toBe(422);
    }
    await proxy.cut();
    // The cookie's session lives in Redis: no session, no try (503), never a 422.
    const asCookie = await sendFromPage(world.app, BANK_A, cookie, passwordChange(BANK_A, 'guess-4'));
    expect(asCookie.statusCode, asCookie.body).toBe(503);
    expect(asCookie.json()).toMatchObject({ message: SESSION_STORE_UNAVAILABLE_MESSAGE });
    // The same user by Bearer has what is left of the budget, not a fresh one.
    for (let attempt = 4; attempt <= BUDGET; attempt += 1) {
      const answer = await changeAsBearer(BANK_A, 'company_user', `guess-${attempt}`);
      expect(answer.statusCode, answer.body).toBe(422);
    }
    const limited = await changeAsBearer(BANK_A, 'company_user', 'demo-password');
    expect(limited.statusCode, limited.body).toBe(429);
  });
});
