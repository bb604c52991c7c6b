import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { USER_CACHE_TTL_MS } from '#server/api/user/logged-in-user-loader.ts';
import { eq } from 'drizzle-orm';
import { USER_TYPES } from '#server/contracts/account-types.ts';
import { users } from '#server/db/schema/users.ts';
import {
  apiGet,
  currentUser,
  gatewayHost,
  gatewayOrigin,
  loginAs,
  DEMO_LOGIN_OF,
} from '#tests/support/login.ts';
import { startWorld, type World } from '#tests/support/world.ts';
import type { CookieJar } from '#tests/support/idp.ts';

const BANK_A = '0182';
const BANK_B = '0158';

/**
 * r values that a check of the raw string lets through and the browser then resolves to another
 * site (the whole list, with why, is tests/unit/auth/safe-redirect.test.ts).
 */
const OFF_SITE_R = [
  '/.//evil.example',
  '/..//evil.example',
  '/a/..//evil.example',
  '/%2e//evil.example',
  '/%2e%2e//evil.example',
  '/.%2e//evil.example',
  '/%252e%252e//evil.example',
  '/%2f%2fevil.example',
  '/%5c%5cevil.example',
  '/\\evil.example',
  '/.\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '//evil.example',
  '//@evil.example',
  '/\\@evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
];

/**
 * A login of the bank's company owner, with r when given. Only the first of a bank posts the
 * provider's form (it allows 20 posts per address in 5 minutes); the later ones are single sign-on.
 */
const providerSessions = new Map<string, CookieJar>();
async function ownerLogin(code: string, r?: string) {
  const login = await loginAs(world.app, code, `owner-${code}`, {
    query: r === undefined ? '' : `?r=${encodeURIComponent(r)}`,
    providerCookies: providerSessions.get(code),
  });
  providerSessions.set(code, login.providerCookies);
  return login;
}

/** Where a browser on the bank's /login goes for a Location: the URL it resolves, then resolves again. */
function expectToStayOn(code: string, location: string, because: string) {
  const origin = gatewayOrigin(code);
  const target = new URL(location, `${origin}/login`);
  expect(target.origin, because).toBe(origin);
  expect(location.startsWith('//') || location.startsWith('/\\'), because).toBe(false);
  expect(new URL(`${target.pathname}${target.search}${target.hash}`, origin).href, because).toBe(target.href);
}

let world: World;

beforeAll(async () => {
  world = await startWorld({ banks: [BANK_A, BANK_B] });
});
afterAll(async () => {
  await world?.close();
});

describe('logging in at the gateway with the bank’s own provider', () => {
  for (const code of [BANK_A, BANK_B]) {
    for (const userType of USER_TYPES) {
      it(`logs in a ${userType} of bank ${code} and lands on the side's dashboard`, async () => {
        const login = await loginAs(world.app, code, `${DEMO_LOGIN_OF[userType]}-${code}`);
        const bankSide = ['system_admin', 'bank_admin', 'branch_admin', 'branch_user'].includes(userType);
        expect(login.landing).toBe(bankSide ? '/admin/dashboard' : '/mypage/dashboard');
        const me = await apiGet(world.app, code, login.cookie, '/api/v1/user/me');
        expect(me.statusCode).toBe(200);
        const user = me.json().result;
        expect(user.user_type).toBe(userType);
        expect(user.user_login_id).toBe(`${DEMO_LOGIN_OF[userType]}-${code}`);
        expect(user.user_type_group).toBe(bankSide ? 'bank' : 'company');
        expect(user.permitted_actions.length).toBeGreaterThan(0);
        expect(user).not.toHaveProperty('id_token');
      });
    }
  }

  it('answers a visitor null from /api/v1/user/me (no 401 in every visitor’s console) and 401 from login-only calls', async () => {
    const headers = { host: gatewayHost(BANK_A) };
    const me = await world.app.inject({ method: 'GET', url: '/api/v1/user/me', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ status: 'success', result: null });
    expect(me.headers['set-cookie']).toBeUndefined();
    const menu = await world.app.inject({ method: 'GET', url: '/api/v1/menu', headers });
    expect(menu.statusCode).toBe(401);
    expect(menu.json()).toEqual({ status: 'error', message: 'ログインが必要です' });
  });

  it('ends the session of a user disabled after logging in', async () => {
    const login = await loginAs(world.app, BANK_B, `user-${BANK_B}`);
    const setDisabled = (disabled: boolean) =>
      world.app.db.withBank(BANK_B, (tx) =>
        tx
          .update(users)
          .set({ user_is_disabled: disabled })
          .where(eq(users.user_login_id, `user-${BANK_B}`)),
      );
    await setDisabled(true);
    // A process reuses a user it read for USER_CACHE_TTL_MS: the change shows once that has passed.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + USER_CACHE_TTL_MS + 1);
    try {
      const me = await apiGet(world.app, BANK_B, login.cookie, '/api/v1/user/me');
      expect(me.json().result).toBeNull();
      expect(String(me.headers['set-cookie'])).toMatch(/^portal_session=;/);
      expect((await apiGet(world.app, BANK_B, login.cookie, '/api/v1/menu')).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
      await setDisabled(false);
    }
  });

  it('clears a session cookie whose session has ended', async () => {
    const me = await apiGet(world.app, BANK_A, `portal_session=${'x'.repeat(43)}`, '/api/v1/user/me');
    expect(me.json().result).toBeNull();
    expect(String(me.headers['set-cookie'])).toMatch(/^portal_session=;/);
  });

  it('refuses bank A’s session cookie on bank B’s host', async () => {
    const login = await loginAs(world.app, BANK_A, `owner-${BANK_A}`);
    expect((await currentUser(world.app, BANK_A, login.cookie))?.user_login_id).toBe(`owner-${BANK_A}`);
    expect(await currentUser(world.app, BANK_B, login.cookie)).toBeNull();
    expect((await apiGet(world.app, BANK_B, login.cookie, '/api/v1/menu')).statusCode).toBe(401);
  });

  it('goes back to the wanted path after login', async () => {
    const login = await loginAs(world.app, BANK_A, `owner-${BANK_A}`, {
      query: `?r=${encodeURIComponent('/mypage/news?page=2')}`,
    });
    expect(login.landing).toBe('/mypage/news?page=2');
  });

  it('refuses an open redirect in r and lands on the dashboard instead', async () => {
    for (const r of ['https://evil.example.com/', '//evil.example.com/', '/\\evil.example.com']) {
      const login = await loginAs(world.app, BANK_A, `owner-${BANK_A}`, {
        query: `?r=${encodeURIComponent(r)}`,
      });
      expect(login.landing).toBe('/mypage/dashboard');
    }
  });

  for (const code of [BANK_A, BANK_B]) {
    it(`never sends a logged-in user of bank ${code} off the bank's origin from /login?r=`, async () => {
      const login = await ownerLogin(code);
      const urls = [
        ...OFF_SITE_R.map((r) => `/login?r=${encodeURIComponent(r)}`),
        // As a link would carry them, unencoded.
        '/login?r=/.//evil.example',
        '/login?r=/a/../%2e%2e//evil.example',
      ];
      for (const url of urls) {
        const response = await world.app.inject({
          method: 'GET',
          url,
          headers: { host: gatewayHost(code), cookie: login.cookie },
        });
        const location = String(response.headers.location);
        expect(response.statusCode, url).toBe(302);
        expectToStayOn(code, location, `${url} → ${location}`);
      }
    });

    it(`never lands a user of bank ${code} off the bank's origin after logging in with r`, async () => {
      for (const r of [
        '/.//evil.example',
        '/%2e%2e//evil.example',
        '/\t/evil.example',
        '/a/..//evil.example',
      ]) {
        const login = await ownerLogin(code, r);
        expectToStayOn(code, login.landing, `${r} → ${login.landing}`);
        expect(login.landing, r).toBe('/mypage/dashboard');
      }
    });

    it(`still sends a user of bank ${code} to a wanted path with its query and fragment`, async () => {
      const wanted = '/mypage/news?page=2&rows=50#list';
      const login = await ownerLogin(code, wanted);
      expect(login.landing).toBe(wanted);
      const again = await world.app.inject({
        method: 'GET',
        url: `/login?r=${encodeURIComponent('/mypage/./news/../news?page=3#top')}`,
        headers: { host: gatewayHost(code), cookie: login.cookie },
      });
      expect(again.statusCode).toBe(302);
      expect(again.headers.location).toBe('/mypage/news?page=3#top');
    });
  }

  it('rotates the session id at login', async () => {
    const first = await loginAs(world.app, BANK_A, `owner-${BANK_A}`);
    const second = await loginAs(world.app, BANK_A, `user-${BANK_A}`, { callbackCookie: first.cookie });
    expect(second.cookie).not.toBe(first.cookie);
    expect(await currentUser(world.app, BANK_A, first.cookie)).toBeNull();
  });

  it('sets every cookie HttpOnly, host-only and SameSite=Lax', async () => {
    const login = await loginAs(world.app, BANK_A, `owner-${BANK_A}`);
    const start = await world.app.inject({
      method: 'GET',
      url: '/login',
      headers: { host: gatewayHost(BANK_A) },
    });
    for (const response of [start, login.callback]) {
      for (const header of [response.headers['set-cookie']].flat()) {
        if (!header) continue;
        expect(header).toMatch(/;\s*HttpOnly/i);
        expect(header).toMatch(/;\s*SameSite=Lax/i);
        expect(header).not.toMatch(/;\s*Domain=/i);
      }
    }
  });
});
