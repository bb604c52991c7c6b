import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionDataSchema, type SessionData } from '../../../server/auth/sessions.ts';
import { users } from '../../../server/db/schema.ts';
import { browserFetch, type CookieJar } from '../../support/idp.ts';
import {
  apiGet,
  gatewayHost,
  gatewayOrigin,
  loginAs,
  startLogin,
  startLoginWorld,
  type LoginWorld,
} from '../../support/login.ts';
import { clientIdOf, portalClient } from '../idp/relying-party.ts';
import { createTestRedis, type TestRedis, testStoreKinds } from '../support/redis.ts';

const BANKS = ['0182', '0158'] as const;
const MINUTE = 60_000;

/** Moves this process's clock (the gateway's and the provider's: both run here) forward. */
function advanceClock(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
}

/** The session id in a `portal_session=…` Cookie header. */
const sessionIdOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

/** Whether a response tells the browser to drop its session cookie. */
function clearsSessionCookie(response: { cookies: { name: string; value: string; expires?: Date }[] }) {
  const cookie = response.cookies.find((entry) => entry.name === 'portal_session');
  return cookie !== undefined && cookie.value === '' && (cookie.expires?.getTime() ?? Infinity) <= Date.now();
}

/**
 * Whether the browser's next login at the bank shows the provider's form (false: its provider
 * session signs it in at once).
 */
async function asksForPassword(world: LoginWorld, code: string, jar: CookieJar): Promise<boolean> {
  const start = await startLogin(world.app, code);
  let url = start.headers.location as string;
  for (let hops = 0; hops < 10; hops++) {
    const response = await browserFetch(jar, url);
    const location = response.headers.get('location');
    if (!location) return (await response.text()).includes('name="login_id"');
    url = new URL(location, url).href;
    if (new URL(url).origin !== world.idp.origin) return false;
  }
  throw new Error('more than 10 redirects at the provider');
}

/** Confirms an RP-initiated logout at the provider as the browser does; answers where it sends the browser. */
async function confirmProviderLogout(jar: CookieJar, endSessionUrl: string): Promise<string | null> {
  const confirmation = await browserFetch(jar, endSessionUrl);
  expect(confirmation.status).toBe(200);
  const html = await confirmation.text();
  const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !xsrf) throw new Error(`no logout form at the provider: ${html}`);
  const confirmed = await browserFetch(jar, new URL(action, endSessionUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
  });
  expect(confirmed.status).toBe(303);
  return confirmed.headers.get('location');
}

afterEach(() => {
  vi.useRealTimers();
});

describe.each(testStoreKinds())('sessions on the %s store: refresh and logout', (store) => {
  let world: LoginWorld;
  let redis: TestRedis | undefined;

  beforeAll(async () => {
    redis = store === 'redis' ? await createTestRedis() : undefined;
    world = await startLoginWorld({ codes: [...BANKS], gateway: { redis } });
  });
  afterAll(async () => {
    await world?.close();
    await redis?.close();
  });

  /** The stored session (Redis store only): `{prefix}{bank}:session:{id}`. */
  async function storedSession(code: string, cookie: string): Promise<SessionData | undefined> {
    if (!redis) return undefined;
    const raw = await redis.client.get(`${redis.keyPrefix}${code}:session:${sessionIdOf(cookie)}`);
    return raw === null ? undefined : sessionDataSchema.parse(JSON.parse(raw));
  }

  /** GET /logout as the browser; the provider's end-session URL it redirects to. */
  async function logout(code: string, cookie: string, query = '') {
    const response = await world.app.inject({
      method: 'GET',
      url: `/logout${query}`,
      headers: { host: gatewayHost(code), cookie },
    });
    expect(response.statusCode).toBe(302);
    return { response, location: new URL(response.headers.location as string, gatewayOrigin(code)) };
  }

  for (const code of BANKS) {
    describe(`bank ${code}`, () => {
      it('refreshes the provider’s tokens on the first call within 5 minutes of their expiry', async () => {
        const login = await loginAs(world.app, code, `user-${code}`);
        const before = await storedSession(code, login.cookie);
        const loggedInAt = Date.now();

        advanceClock(26 * MINUTE);
        const me = await apiGet(world.app, code, login.cookie, '/api/v1/user/me');
        expect(me.statusCode).toBe(200);
        expect(me.json().result.user_login_id).toBe(`user-${code}`);
        expect(clearsSessionCookie(me)).toBe(false);

        if (before) {
          const after = await storedSession(code, login.cookie);
          expect(after?.tokens.accessToken).not.toBe(before.tokens.accessToken);
          expect(after?.tokens.idToken).not.toBe(before.tokens.idToken);
          expect(after?.tokens.expiresAt).toBeGreaterThan(before.tokens.expiresAt + 25 * MINUTE);
        }

        // 52 minutes after login the first tokens are long expired: the refreshed ones carry on.
        advanceClock(26 * MINUTE);
        expect((await apiGet(world.app, code, login.cookie, '/api/v1/menu')).statusCode).toBe(200);

        // The session's id token now is one issued after the move (the logout hint shows it).
        const { location } = await logout(code, login.cookie);
        const hint = decodeJwt(location.searchParams.get('id_token_hint') ?? '');
        expect((hint.iat ?? 0) * 1000).toBeGreaterThanOrEqual(loggedInAt + 26 * MINUTE - 5_000);
      });

      it('ends the session when the provider refuses the refresh (the user was disabled)', async () => {
        const loginId = `employee-${code}`;
        const setDisabled = (disabled: boolean) =>
          world.app.db.withBank(code, (tx) =>
            tx.update(users).set({ user_is_disabled: disabled }).where(eq(users.user_login_id, loginId)),
          );
        const login = await loginAs(world.app, code, loginId);
        await setDisabled(true);
        try {
          advanceClock(26 * MINUTE);
          // The session has ended: nobody is logged in (null), and the cookie is cleared.
          const me = await apiGet(world.app, code, login.cookie, '/api/v1/user/me');
          expect(me.json()).toEqual({ status: 'success', result: null });
          expect(clearsSessionCookie(me)).toBe(true);
          expect((await apiGet(world.app, code, login.cookie, '/api/v1/menu')).statusCode).toBe(401);
          expect(await storedSession(code, login.cookie)).toBeUndefined();
        } finally {
          await setDisabled(false);
        }
      });

      it.skipIf(store !== 'redis')(
        'ends the session when the provider refuses the refresh (the grant was revoked)',
        async () => {
          const login = await loginAs(world.app, code, `partner-${code}`);
          const refreshToken = (await storedSession(code, login.cookie))?.tokens.refreshToken;
          expect(refreshToken).toBeTruthy();
          await oidc.tokenRevocation(await portalClient(world.idp, code), refreshToken ?? '');

          advanceClock(26 * MINUTE);
          const me = await apiGet(world.app, code, login.cookie, '/api/v1/user/me');
          expect(me.json().result).toBeNull();
          expect(clearsSessionCookie(me)).toBe(true);
          expect((await apiGet(world.app, code, login.cookie, '/api/v1/menu')).statusCode).toBe(401);
        },
      );

      it('logs out: the session ends and the browser goes to the provider’s end_session with the id token hint', async () => {
        const login = await loginAs(world.app, code, `owner-${code}`);
        const me = await apiGet(world.app, code, login.cookie, '/api/v1/user/me');
        const { response, location } = await logout(code, login.cookie);

        expect(`${location.origin}${location.pathname}`).toBe(`${world.idp.issuer(code)}/session/end`);
        expect(location.searchParams.get('post_logout_redirect_uri')).toBe(
          `http://bank${code}.localhost:3000/`,
        );
        expect(location.searchParams.get('client_id')).toBe(clientIdOf(code));
        const hint = decodeJwt(location.searchParams.get('id_token_hint') ?? '');
        expect(hint).toMatchObject({
          iss: world.idp.issuer(code),
          aud: clientIdOf(code),
          sub: me.json().result.user_unique_code,
        });
        expect(clearsSessionCookie(response)).toBe(true);
        expect((await apiGet(world.app, code, login.cookie, '/api/v1/user/me')).json().result).toBeNull();
        expect((await apiGet(world.app, code, login.cookie, '/api/v1/menu')).statusCode).toBe(401);
      });

      it('ends the provider session too, so the next /login shows the login form again', async () => {
        const login = await loginAs(world.app, code, `owner-${code}`);
        // Before logout the provider session signs the browser in without the form (single sign-on).
        expect(await asksForPassword(world, code, login.providerCookies)).toBe(false);

        const { location } = await logout(code, login.cookie);
        const back = await confirmProviderLogout(login.providerCookies, location.href);
        expect(back).toBe(`http://bank${code}.localhost:3000/`);
        expect(await asksForPassword(world, code, login.providerCookies)).toBe(true);
      });

      it('sends the browser back to /login after /logout?to=login', async () => {
        const login = await loginAs(world.app, code, `owner-${code}`);
        const { location } = await logout(code, login.cookie, '?to=login');
        expect(location.searchParams.get('post_logout_redirect_uri')).toBe(
          `http://bank${code}.localhost:3000/login`,
        );
        expect(await confirmProviderLogout(login.providerCookies, location.href)).toBe(
          `http://bank${code}.localhost:3000/login`,
        );
      });

      it('redirects /logout without a session to the top page', async () => {
        for (const cookie of ['', 'portal_session=not-a-session-id']) {
          const { response, location } = await logout(code, cookie);
          expect(location.href).toBe(`${gatewayOrigin(code)}/`);
          expect(response.headers.location).not.toContain('session/end');
        }
      });

      it.skipIf(store !== 'redis')(
        'revokes the session’s refresh token at the provider at logout',
        async () => {
          const login = await loginAs(world.app, code, `user-${code}`);
          const refreshToken = (await storedSession(code, login.cookie))?.tokens.refreshToken ?? '';
          expect(refreshToken).not.toBe('');
          await logout(code, login.cookie);
          await expect(
            oidc.refreshTokenGrant(await portalClient(world.idp, code), refreshToken),
          ).rejects.toMatchObject({ error: 'invalid_grant' });
        },
      );
    });
  }
});
