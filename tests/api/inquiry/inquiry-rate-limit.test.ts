import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inquiries } from '#server/db/schema.ts';
import { redisReady } from '#server/redis.ts';
import { devHost, sameOriginHeaders } from '#tests/support/app.ts';
import { buildTestAppOnStore, type TestAppOnStore, testStoreKinds } from '../support/redis.ts';
import { VALID_INQUIRY } from './valid-inquiry.ts';

const BANK_A = '0182';
const BANK_B = '0158';
/** The default budget: 5 inquiries per client address and bank in 10 minutes. */
const BUDGET = 5;
const WINDOW_SECONDS = 600;
const REFUSAL = {
  status: 'error',
  message: '短時間に多くのお問い合わせが送信されました。しばらくしてから再度お試しください。',
};

/** Each test sends from addresses of its own, so the budgets of one test never touch another's. */
let nextAddress = 1;
const freshAddress = () => `203.0.113.${nextAddress++}`;

describe.each(testStoreKinds())('the rate limit of POST /api/v1/inquiry (%s store)', (store) => {
  let testApp: TestAppOnStore;

  beforeAll(async () => {
    testApp = await buildTestAppOnStore(store);
  });
  afterAll(async () => {
    await testApp?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function postInquiry(bankCode: string, address: string, payload: object = VALID_INQUIRY) {
    return testApp.app.inject({
      method: 'POST',
      url: '/api/v1/inquiry',
      remoteAddress: address,
      headers: sameOriginHeaders(bankCode),
      payload,
    });
  }

  async function spendBudget(bankCode: string, address: string) {
    for (let sent = 1; sent <= BUDGET; sent++) {
      const response = await postInquiry(bankCode, address);
      expect(response.statusCode, `inquiry ${sent} of ${BUDGET}`).toBe(200);
      expect(response.headers['x-ratelimit-remaining']).toBe(String(BUDGET - sent));
    }
  }

  const inquiryCount = async (bankCode: string) =>
    (await testApp.app.db.withBank(bankCode, (tx) => tx.select().from(inquiries))).length;

  it('accepts 5 inquiries from one address to one bank, then refuses with 429, the envelope and Retry-After', async () => {
    const address = freshAddress();
    await spendBudget(BANK_A, address);
    const stored = await inquiryCount(BANK_A);

    const refused = await postInquiry(BANK_A, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json()).toEqual(REFUSAL);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(await inquiryCount(BANK_A)).toBe(stored);
  });

  it('gives every bank its own budget: an address refused by bank A may still write to bank B', async () => {
    const address = freshAddress();
    await spendBudget(BANK_A, address);
    expect((await postInquiry(BANK_A, address)).statusCode).toBe(429);

    const toBankB = await postInquiry(BANK_B, address);
    expect(toBankB.statusCode).toBe(200);
    expect(toBankB.headers['x-ratelimit-remaining']).toBe(String(BUDGET - 1));
  });

  it('gives every client address its own budget at the same bank', async () => {
    const first = freshAddress();
    await spendBudget(BANK_A, first);
    expect((await postInquiry(BANK_A, first)).statusCode).toBe(429);

    const second = await postInquiry(BANK_A, freshAddress());
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-ratelimit-remaining']).toBe(String(BUDGET - 1));
  });

  it('counts one IPv6 /64 as one client', async () => {
    const prefix = `2001:db8:${nextAddress++}:1`;
    await spendBudget(BANK_A, `${prefix}::10`);
    expect((await postInquiry(BANK_A, `${prefix}::20`)).statusCode).toBe(429);
  });

  it('ignores X-Forwarded-For from a proxy TRUST_PROXY does not name, so the header buys no new budget', async () => {
    const address = freshAddress();
    await spendBudget(BANK_A, address);
    const spoofed = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/inquiry',
      remoteAddress: address,
      headers: { ...sameOriginHeaders(BANK_A), 'x-forwarded-for': freshAddress() },
      payload: VALID_INQUIRY,
    });
    expect(spoofed.statusCode).toBe(429);
  });

  it('counts a refused (invalid) inquiry too, and past the budget answers 429 before reading the body', async () => {
    const address = freshAddress();
    for (let sent = 1; sent <= BUDGET; sent++) {
      expect((await postInquiry(BANK_A, address, { inquiry_name: '' })).statusCode).toBe(400);
    }
    const refused = await postInquiry(BANK_A, address, { inquiry_name: '' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(REFUSAL);
  });

  it('limits nothing else: pages, assets and other calls answer an address past its inquiry budget', async () => {
    const address = freshAddress();
    await spendBudget(BANK_A, address);
    expect((await postInquiry(BANK_A, address)).statusCode).toBe(429);

    const get = (url: string, accept = 'application/json') =>
      testApp.app.inject({ url, remoteAddress: address, headers: { host: devHost(BANK_A), accept } });
    for (let visit = 0; visit <= BUDGET; visit++) {
      expect((await get('/inquiry', 'text/html')).statusCode).toBe(200);
      expect((await get('/assets/index-fixture.js', '*/*')).statusCode).toBe(200);
      const appConfig = await get('/api/v1/setting/app_config');
      expect(appConfig.statusCode).toBe(200);
      expect(appConfig.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });

  it.runIf(store === 'memory')('gives the budget back once the 10 minutes are over', async () => {
    const address = freshAddress();
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-04-01T10:00:00+09:00') });
    await spendBudget(BANK_A, address);
    expect((await postInquiry(BANK_A, address)).statusCode).toBe(429);

    vi.setSystemTime(new Date('2026-04-01T10:09:59+09:00'));
    expect((await postInquiry(BANK_A, address)).statusCode).toBe(429);
    vi.setSystemTime(new Date('2026-04-01T10:10:00+09:00'));
    expect((await postInquiry(BANK_A, address)).statusCode).toBe(200);
  });

  it.runIf(store === 'redis')(
    'keeps the counts in Redis under REDIS_KEY_PREFIX, bank code first, expiring with the window',
    async () => {
      const address = freshAddress();
      await postInquiry(BANK_A, address);
      await postInquiry(BANK_A, address);
      const redis = testApp.redis!;
      const key = `${redis.keyPrefix}${BANK_A}:rate-limit:inquiry:${address}`;
      expect(await redis.client.get(key)).toBe('2');
      const ttl = await redis.client.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(WINDOW_SECONDS * 1000);
    },
  );

  it.runIf(store === 'redis')('still takes inquiries while Redis cannot be reached', async () => {
    const redis = testApp.redis!;
    redis.client.disconnect();
    try {
      const response = await postInquiry(BANK_A, freshAddress());
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBeDefined();
    } finally {
      await vi.waitFor(() => expect(redis.client.status).toBe('end'));
      await redis.client.connect();
      await redisReady(redis.client);
    }
  });
});
