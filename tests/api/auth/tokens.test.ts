import fs from 'node:fs/promises';
import path from 'node:path';
import {
  calculateJwkThumbprint,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  type JWTPayload,
  SignJWT,
} from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginTransactionCodec, type LoginTransaction } from '#server/auth/login-transaction.ts';
import { completeProviderLogin } from '#tests/support/idp.ts';
import { gatewayHost, setCookieValue, startLogin } from '#tests/support/login.ts';
import { startWorld, type World } from '#tests/support/world.ts';
import { authorizationRequest, clientIdOf, portalClient, redeemCallback } from '../idp/relying-party.ts';

const BANK_A = '0182';
const BANK_B = '0158';
const BANKS = [BANK_A, BANK_B] as const;
const UNAUTHORIZED = { status: 'error', message: 'ログインが必要です' };

let world: World;

beforeAll(async () => {
  world = await startWorld({ banks: [...BANKS] });
});
afterAll(async () => {
  await world?.close();
});

/** A real id token of the bank's provider for the portal's client: the code flow as the mobile app's wrapper runs it. */
async function idTokenOf(code: string, loginId: string): Promise<string> {
  const config = await portalClient(world.idp, code);
  const request = await authorizationRequest(config, code);
  const { callbackUrl } = await completeProviderLogin(request.url, { loginId, password: 'demo-password' });
  const tokens = await redeemCallback(config, request, callbackUrl);
  if (!tokens.id_token) throw new Error('the provider answered no id token');
  return tokens.id_token;
}

/** The bank's own private signing key, as the provider keeps it under its data folder. */
async function bankSigningKey(code: string): Promise<JWK> {
  const file = path.join(world.idp.dataDir, 'idp-keys', `${code}.json`);
  const { keys } = JSON.parse(await fs.readFile(file, 'utf8')) as { keys: JWK[] };
  const [key] = keys;
  if (!key) throw new Error(`${file} holds no key`);
  return key;
}

/** Signs claims as an RS256 id token with a private JWK (kid from the JWK). */
async function sign(claims: JWTPayload, jwk: JWK): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' })
    .sign(await importJWK(jwk, 'RS256'));
}

const now = () => Math.floor(Date.now() / 1000);

/** A GET of the API as the mobile app's wrapper sends it: the id token as a bearer, no cookie. */
const bearerGet = (code: string, idToken: string, url = '/api/v1/user/me') =>
  world.app.inject({
    method: 'GET',
    url,
    headers: { host: gatewayHost(code), authorization: `Bearer ${idToken}` },
  });

describe('Authorization: Bearer <id token> (the mobile app’s wrapper)', () => {
  for (const code of BANKS) {
    describe(`on bank ${code}`, () => {
      let valid: string;
      beforeAll(async () => {
        valid = await idTokenOf(code, `owner-${code}`);
      });

      it('accepts a valid id token of the bank’s provider', async () => {
        const me = await bearerGet(code, valid);
        expect(me.statusCode).toBe(200);
        expect(me.json().result).toMatchObject({
          user_login_id: `owner-${code}`,
          user_type: 'company_owner',
        });
        expect((await bearerGet(code, valid, '/api/v1/menu')).statusCode).toBe(200);
      });

      it('accepts a token the test signs with the bank’s own key and the right claims (so the refusals below are the claims’)', async () => {
        const claims = { ...decodeJwt(valid), iat: now(), exp: now() + 600 };
        const me = await bearerGet(code, await sign(claims, await bankSigningKey(code)));
        expect(me.statusCode).toBe(200);
      });

      it('refuses a token with one character of its signature changed', async () => {
        const [header, payload, signature = ''] = valid.split('.');
        // A character in the middle: the last one may only carry padding bits.
        const at = Math.floor(signature.length / 2);
        const changed = signature[at] === 'A' ? 'B' : 'A';
        const tampered = `${header}.${payload}.${signature.slice(0, at)}${changed}${signature.slice(at + 1)}`;
        const me = await bearerGet(code, tampered);
        expect(me.statusCode).toBe(401);
        expect(me.json()).toEqual(UNAUTHORIZED);
      });

      it('refuses an expired token', async () => {
        const claims = { ...decodeJwt(valid), iat: now() - 7200, exp: now() - 3600 };
        const me = await bearerGet(code, await sign(claims, await bankSigningKey(code)));
        expect(me.statusCode).toBe(401);
        expect(me.json()).toEqual(UNAUTHORIZED);
      });

      it('refuses a token for another audience', async () => {
        for (const aud of ['another-client', clientIdOf(code === BANK_A ? BANK_B : BANK_A)]) {
          const claims = { ...decodeJwt(valid), aud, iat: now(), exp: now() + 600 };
          const me = await bearerGet(code, await sign(claims, await bankSigningKey(code)));
          expect(me.statusCode, aud).toBe(401);
        }
      });

      it('refuses a token signed by another key, even one claiming the bank’s key id', async () => {
        const { privateKey } = await generateKeyPair('RS256', { extractable: true });
        const foreign = await exportJWK(privateKey);
        const claims = { ...decodeJwt(valid), iat: now(), exp: now() + 600 };
        const bankKid = decodeProtectedHeader(valid).kid;
        for (const kid of [bankKid, await calculateJwkThumbprint(foreign)]) {
          const me = await bearerGet(code, await sign(claims, { ...foreign, kid }));
          expect(me.statusCode, `kid ${kid}`).toBe(401);
        }
      });

      it('refuses a malformed Authorization header rather than falling back to the cookie', async () => {
        for (const authorization of ['Bearer', 'Basic dXNlcjpwYXNz', `Bearer ${valid} extra`]) {
          const me = await world.app.inject({
            method: 'GET',
            url: '/api/v1/user/me',
            headers: { host: gatewayHost(code), authorization },
          });
          expect(me.statusCode, authorization).toBe(401);
        }
      });
    });
  }

  it('refuses bank A’s id token on bank B’s host, and B’s on A’s', async () => {
    const fromA = await idTokenOf(BANK_A, `owner-${BANK_A}`);
    const fromB = await idTokenOf(BANK_B, `owner-${BANK_B}`);
    expect((await bearerGet(BANK_A, fromA)).statusCode).toBe(200);
    expect((await bearerGet(BANK_B, fromA)).statusCode).toBe(401);
    expect((await bearerGet(BANK_A, fromB)).statusCode).toBe(401);
  });
});

/**
 * The gateway's login cookie codec: the same one its bank scope decorates (loginTransactions), made
 * from the world's session secret, so the test can open the cookie and seal one of its own.
 */
function loginTransactions() {
  const secret = world.app.config.sessionSecret;
  if (secret === undefined) throw new Error('the world’s gateway has no session secret');
  return createLoginTransactionCodec(secret);
}

/** The /login redirect's authorization URL and the gateway's sealed login cookie, opened. */
async function startedLogin(code: string) {
  const start = await startLogin(world.app, code);
  expect(start.statusCode).toBe(302);
  const sealed = setCookieValue(start, 'portal_login');
  const transaction = await loginTransactions().open(sealed);
  if (!transaction) throw new Error('the gateway set no readable login cookie');
  return { authorizationUrl: start.headers.location as string, transaction };
}

/** The provider's answer for a login started at the gateway: /callback?code=&state=&iss=. */
async function authorizationResponse(code: string, authorizationUrl: string): Promise<URL> {
  const { callbackUrl } = await completeProviderLogin(authorizationUrl, {
    loginId: `user-${code}`,
    password: 'demo-password',
  });
  return new URL(callbackUrl);
}

/** Delivers an authorization response to a bank's /callback with a login cookie sealed by the world's gateway. */
async function deliver(code: string, callback: URL, transaction: LoginTransaction) {
  const sealed = await loginTransactions().seal(transaction);
  return world.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { host: gatewayHost(code), cookie: `portal_login=${sealed}` },
  });
}

/** A refused callback: the gateway's 400 page, and no session. */
function expectRefused(response: Awaited<ReturnType<typeof deliver>>) {
  expect(response.statusCode).toBe(400);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.body).toContain('ログイン');
  expect(setCookieValue(response, 'portal_session')).toBeUndefined();
}

describe('the callback refuses what the login did not start', () => {
  for (const code of BANKS) {
    describe(`on bank ${code}`, () => {
      it('completes a login whose resealed cookie is unchanged (the refusals below are the changes’)', async () => {
        const { authorizationUrl, transaction } = await startedLogin(code);
        const callback = await authorizationResponse(code, authorizationUrl);
        const response = await deliver(code, callback, transaction);
        expect(response.statusCode, response.body).toBe(302);
        expect(setCookieValue(response, 'portal_session')).toBeDefined();
      });

      it('refuses an id token whose nonce is not the login’s', async () => {
        const { authorizationUrl, transaction } = await startedLogin(code);
        const callback = await authorizationResponse(code, authorizationUrl);
        expectRefused(await deliver(code, callback, { ...transaction, nonce: oidc.randomNonce() }));
      });

      it('refuses a state that is not the login’s', async () => {
        const { authorizationUrl, transaction } = await startedLogin(code);
        const callback = await authorizationResponse(code, authorizationUrl);
        callback.searchParams.set('state', oidc.randomState());
        expectRefused(await deliver(code, callback, transaction));
      });
    });
  }

  it('refuses bank A’s authorization response delivered to bank B’s callback (mix-up)', async () => {
    const atA = await startedLogin(BANK_A);
    const responseOfA = await authorizationResponse(BANK_A, atA.authorizationUrl);
    expect(responseOfA.searchParams.get('iss')).toBe(world.idp.issuer(BANK_A));

    // With bank A's own login cookie: the login belongs to bank A.
    expectRefused(await deliver(BANK_B, responseOfA, atA.transaction));

    // With a login started at bank B (its state): A's code and issuer are still refused.
    const atB = await startedLogin(BANK_B);
    const mixedUp = new URL(responseOfA);
    mixedUp.searchParams.set('state', atB.transaction.state);
    expectRefused(await deliver(BANK_B, mixedUp, atB.transaction));

    // Even with B's issuer written in, B's provider never issued A's code.
    const relabelled = new URL(mixedUp);
    relabelled.searchParams.set('iss', world.idp.issuer(BANK_B));
    expectRefused(await deliver(BANK_B, relabelled, atB.transaction));
  });
});
