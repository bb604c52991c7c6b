import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionDataSchema, type SessionData } from '#server/auth/sessions.ts';
import { users } from '#server/db/schema.ts';
import { browserFetch, type CookieJar } from '#tests/support/idp.ts';
import {
  apiGet,
  formPost,
  gatewayHost,
  gatewayOrigin,
  loginAs,
  sameOriginFormHeaders,
  selfSubmittingForm,
  startLogin,
} from '#tests/support/login.ts';
import { startWorld, type World } from '#tests/support/world.ts';
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
async function asksForPassword(world: World, code: string, jar: CookieJar): Promise<boolean> {
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
  let world: World;
  let redis: TestRedis | undefined;

  beforeAll(async () => {
    redis = store === 'redis' ? await createTestRedis() : undefined;
    world = await startWorld({ banks: [...BANKS], gateway: { redis } });
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

  /** GET /logout[?to=login] as the browser opens it from the bank's own page (or from `site`). */
  const openLogoutPage = (code: string, cookie: string, query = '', site = 'same-origin') =>
    world.app.inject({
      method: 'GET',
      url: `/logout${query}`,
      headers: { host: gatewayHost(code), cookie, 'sec-fetch-site': site },
    });

  /**
   * Logs out as the browser does: GET /logout opens the page, whose form POSTs to /logout from the
   * same origin; answers that POST and the provider's end-session URL it redirects to.
   */
  async function logout(code: string, cookie: string, query = '') {
    const page = await openLogoutPage(code, cookie, query);
    expect(page.statusCode, page.body).toBe(200);
    const { action } = selfSubmittingForm(page);
    expect(action).toBe(`/logout${query}`);
    const response = await formPost(world.app, code, cookie, action ?? '');
    expect(response.statusCode, response.body).toBe(303);
    return { response, location: new URL(response.headers.location as string, gatewayOrigin(code)) };
  }

  /** Whether the browser holding `cookie` is still logged in as `loginId`. */
  async function expectLoggedIn(code: string, cookie: string, loginId: string) {
    const me = await apiGet(world.app, code, cookie, '/api/v1/user/me');
    expect(me.json().result?.user_login_id).toBe(loginId);
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
          expect(refreshToken, 'the session keeps a refresh token').toEqual(expect.any(String));
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
          const response = await openLogoutPage(code, cookie);
          expect(response.statusCode).toBe(302);
          expect(response.headers.location).toBe(`${gatewayOrigin(code)}/`);
          const posted = await formPost(world.app, code, cookie, '/logout');
          expect(posted.statusCode).toBe(303);
          expect(posted.headers.location).toBe(`${gatewayOrigin(code)}/`);
        }
      });

      it('ends nothing on GET /logout: its page posts the logout, submitting itself only for the bank’s own pages', async () => {
        const login = await loginAs(world.app, code, `employee-${code}`);
        const refreshToken = (await storedSession(code, login.cookie))?.tokens.refreshToken;

        // Opened from the bank's own page (the logout link, the 401 page): it submits itself.
        const own = await openLogoutPage(code, login.cookie, '?to=login');
        expect(own.statusCode).toBe(200);
        expect(own.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(own.headers['cache-control']).toBe('no-store');
        expect(own.cookies).toEqual([]);
        const form = selfSubmittingForm(own);
        expect(form).toEqual({
          action: '/logout?to=login',
          script: expect.stringContaining('submit()'),
          button: 'ログアウト',
        });
        expect(own.body).toContain('ログアウトしています');
        // The strict policy admits the script by its hash, lets the form go on to the provider's
        // logout, and has the browser name the origin in the POST (no-referrer would send Origin: null).
        const policy = String(own.headers['content-security-policy']);
        const hash = createHash('sha256')
          .update(form.script ?? '')
          .digest('base64');
        expect(policy).toContain(`script-src 'sha256-${hash}'`);
        expect(policy).toMatch(new RegExp(`form-action 'self' ${world.idp.origin}(;|$)`));
        expect(policy).toContain("frame-ancestors 'none'");
        expect(own.headers['referrer-policy']).toBe('same-origin');

        // Opened from another site (a link on someone else's page): the button only.
        for (const site of ['cross-site', 'same-site']) {
          const foreign = await openLogoutPage(code, login.cookie, '', site);
          expect(foreign.statusCode).toBe(200);
          expect(selfSubmittingForm(foreign)).toEqual({
            action: '/logout',
            script: undefined,
            button: 'ログアウト',
          });
          expect(foreign.body).toContain('ログアウトするには');
        }

        // An <img> of /logout changes nothing either.
        const image = await world.app.inject({
          method: 'GET',
          url: '/logout',
          headers: { host: gatewayHost(code), cookie: login.cookie, accept: 'image/*' },
        });
        expect(image.cookies).toEqual([]);
        await expectLoggedIn(code, login.cookie, `employee-${code}`);
        if (refreshToken) {
          expect(await storedSession(code, login.cookie)).toBeDefined();
          await expect(
            oidc.refreshTokenGrant(await portalClient(world.idp, code), refreshToken),
          ).resolves.toMatchObject({ access_token: expect.any(String) });
        }
      });

      it('refuses a logout POST that is not from the bank’s own page with 403 and ends nothing', async () => {
        const login = await loginAs(world.app, code, `user-${code}`);
        const form = { 'content-type': 'application/x-www-form-urlencoded' };
        const forged: Record<string, string>[] = [
          form,
          { ...form, origin: 'https://evil.example' },
          { ...form, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
          // Another bank's host is the same site, not the same origin.
          {
            ...form,
            origin: gatewayOrigin(code === '0182' ? '0158' : '0182'),
            'sec-fetch-site': 'same-site',
          },
          { ...form, origin: 'null', 'sec-fetch-site': 'cross-site' },
          { ...sameOriginFormHeaders(code), 'sec-fetch-site': 'cross-site' },
          { origin: `https://${gatewayHost(code)}` },
        ];
        for (const headers of forged) {
          for (const url of ['/logout', '/logout?to=login']) {
            const response = await formPost(world.app, code, login.cookie, url, headers);
            expect(response.statusCode, JSON.stringify(headers)).toBe(403);
            expect(response.headers.location).toBeUndefined();
            expect(response.cookies).toEqual([]);
            expect(response.body).toContain('この操作は受け付けられませんでした');
          }
        }
        await expectLoggedIn(code, login.cookie, `user-${code}`);
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
