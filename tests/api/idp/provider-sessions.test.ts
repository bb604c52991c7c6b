import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserFetch, completeProviderLogin, CookieJar, startProviderForBanks } from '#tests/support/idp.ts';
import { authorizationRequest, portalClient, redeemCallback } from './relying-party.ts';

const BANK_A = '0182';
const BANK_B = '0158';
const credentials = (code: string) => ({ loginId: `user-${code}`, password: 'demo-password' });

describe('the provider sessions of the banks', () => {
  let idp: Awaited<ReturnType<typeof startProviderForBanks>>;

  beforeAll(async () => {
    idp = await startProviderForBanks([BANK_A, BANK_B]);
  });
  afterAll(async () => {
    await idp?.close();
  });

  /** Logs in through the browser (jar) and redeems the code: the gateway's tokens. */
  async function logIn(jar: CookieJar, code: string) {
    const config = await portalClient(idp, code);
    const request = await authorizationRequest(config, code);
    const { callbackUrl } = await completeProviderLogin(request.url, credentials(code), jar);
    return { config, tokens: await redeemCallback(config, request, callbackUrl) };
  }

  /** Whether the browser's next login at the bank shows the form (false: the provider session signs it in). */
  async function asksForPassword(jar: CookieJar, code: string): Promise<boolean> {
    const config = await portalClient(idp, code);
    const request = await authorizationRequest(config, code);
    let url = request.url;
    for (;;) {
      const response = await browserFetch(jar, url);
      const location = response.headers.get('location');
      if (!location) return (await response.text()).includes('name="login_id"');
      url = new URL(location, url).href;
      if (new URL(url).origin !== idp.origin) return false;
    }
  }

  it('names each bank’s cookies apart, so a login to one bank keeps the other’s session', async () => {
    const jar = new CookieJar();
    await logIn(jar, BANK_A);
    await logIn(jar, BANK_B);
    expect(jar.names()).toEqual(expect.arrayContaining([`_idp_session_${BANK_A}`, `_idp_session_${BANK_B}`]));
    expect(await asksForPassword(jar, BANK_A)).toBe(false);
    expect(await asksForPassword(jar, BANK_B)).toBe(false);
  });

  it('ends the provider session at RP-initiated logout and sends the browser back', async () => {
    const jar = new CookieJar();
    const { config, tokens } = await logIn(jar, BANK_A);
    await logIn(jar, BANK_B);
    const postLogout = `http://bank${BANK_A}.localhost:3000/`;
    const endSession = oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: postLogout,
      state: 'bye',
    });

    const confirmation = await browserFetch(jar, endSession);
    expect(confirmation.status).toBe(200);
    const html = await confirmation.text();
    expect(html).toContain('ログアウト');
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const confirmed = await browserFetch(jar, action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${postLogout}?state=bye`);

    expect(await asksForPassword(jar, BANK_A)).toBe(true);
    expect(await asksForPassword(jar, BANK_B)).toBe(false);
  });

  it('revokes the whole grant when the gateway revokes its refresh token', async () => {
    const { config, tokens } = await logIn(new CookieJar(), BANK_A);
    const refreshToken = tokens.refresh_token ?? '';
    await oidc.tokenRevocation(config, refreshToken);
    await expect(oidc.refreshTokenGrant(config, refreshToken)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck)).rejects.toThrow();
  });

  it('refuses an authorization request without PKCE', async () => {
    const config = await portalClient(idp, BANK_A);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: `http://bank${BANK_A}.localhost:3000/callback`,
      scope: 'openid',
      state: 'x',
    });
    const response = await fetch(url, { redirect: 'manual' });
    const callback = new URL(response.headers.get('location') ?? '');
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('refuses a redirect URI of another bank', async () => {
    const config = await portalClient(idp, BANK_A);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: `http://bank${BANK_B}.localhost:3000/callback`,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const response = await fetch(url, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });
});
