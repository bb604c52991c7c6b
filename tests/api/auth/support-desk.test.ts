import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, gatewayHost, loginAs } from '#tests/support/login.ts';
import { startWorld, type World } from '#tests/support/world.ts';

const BANKS = ['0182', '0158'];
let world: World;

beforeAll(async () => {
  world = await startWorld({
    banks: BANKS,
    gateway: { env: { SUPPORT_DESK_SIGNING_SECRET: 'support-desk-secret-shared-with-the-desk-0123' } },
  });
});
afterAll(async () => {
  await world?.close();
});

describe('support-desk sign-on (GET /api/v1/support_desk/sso)', () => {
  for (const code of BANKS) {
    it(`sends a logged-in user of bank ${code} to the bank's desk with a signed token naming them`, async () => {
      const login = await loginAs(world.app, code, `owner-${code}`);
      const me = (await apiGet(world.app, code, login.cookie, '/api/v1/user/me')).json().result;
      const response = await apiGet(world.app, code, login.cookie, '/api/v1/support_desk/sso');
      expect(response.statusCode).toBe(302);
      const target = new URL(response.headers.location as string);
      const desk = world.app.tenants.get(code)!.config.urls.support_desk_url;
      expect(`${target.origin}${target.pathname}`).toBe(desk);
      const { payload } = await jwtVerify(
        target.searchParams.get('jwt')!,
        new TextEncoder().encode('support-desk-secret-shared-with-the-desk-0123'),
        { audience: desk },
      );
      expect(payload.sub).toBe(me.user_unique_code);
      expect(payload.bank_code).toBe(code);
      expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(120);
    });
  }

  it('answers 401 without a session', async () => {
    const response = await world.app.inject({
      method: 'GET',
      url: '/api/v1/support_desk/sso',
      headers: { host: gatewayHost('0182') },
    });
    expect(response.statusCode).toBe(401);
  });
});
