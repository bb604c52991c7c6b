import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_API_RATE_LIMITED_MESSAGE } from '#server/app.ts';
import { buildTestApp, devHost } from '#tests/support/app.ts';
import { BANK_A, BANK_B, expectEnvelopeRefusal, startSecurityWorld } from './security-world.ts';
import type { World } from '#tests/support/world.ts';

/** What the gateway shows of itself, and what an anonymous caller may spend. */

const PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: 'a-production-session-secret-of-32-chars!' };

describe('the API documentation', () => {
  const docsStatus = async (env: Record<string, string>) => {
    const testApp = await buildTestApp({ env });
    try {
      const page = await testApp.app.inject({ url: '/api/docs', headers: { host: devHost('0182') } });
      const json = await testApp.app.inject({ url: '/api/docs/json', headers: { host: devHost('0182') } });
      return [page.statusCode, json.statusCode];
    } finally {
      await testApp.close();
    }
  };

  it('is not served in production', async () => {
    const [page, json] = await docsStatus(PRODUCTION);
    expect(page).toBe(404);
    expect(json).toBe(404);
  });

  it('is served in production when API_DOCS=true', async () => {
    const [page, json] = await docsStatus({ ...PRODUCTION, API_DOCS: 'true' });
    expect(page).not.toBe(404);
    expect(json).toBe(200);
  });
  // Outside production it is served: tests/api/gateway/system-calls.test.ts reads it.
});

describe('anonymous API calls', () => {
  let world: World;
  beforeAll(async () => {
    world = await startSecurityWorld({ ANONYMOUS_API_RATE_LIMIT_MAX: '3' });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('are held to a budget per client address and bank, answered 429 in the envelope', async () => {
    for (let call = 0; call < 3; call++) {
      const response = await world.send(BANK_A, 'visitor', { method: 'GET', url: '/api/v1/buildinfo' });
      expect(response.statusCode).toBe(200);
    }
    const refused = await world.send(BANK_A, 'visitor', { method: 'GET', url: '/api/v1/buildinfo' });
    const body = expectEnvelopeRefusal(refused, 429);
    expect(body.message).toBe(ANONYMOUS_API_RATE_LIMITED_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Another bank's budget is its own.
    const otherBank = await world.send(BANK_B, 'visitor', { method: 'GET', url: '/api/v1/buildinfo' });
    expect(otherBank.statusCode).toBe(200);
  });

  it('do not hold back a logged-in user on the same address', async () => {
    for (let call = 0; call < 10; call++) {
      const response = await world.send(BANK_A, 'company_owner', { method: 'GET', url: '/api/v1/user/me' });
      expect(response.statusCode).toBe(200);
    }
  });
});
