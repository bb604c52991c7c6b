import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeProviderLogin, startProviderForBanks } from '#tests/support/idp.ts';
import {
  authorizationRequest,
  callbackOf,
  clientIdOf,
  portalClient,
  redeemCallback,
} from './relying-party.ts';

const BANKS = ['0182', '0158'] as const;

describe('each bank has its own OpenID Connect provider', () => {
  let idp: Awaited<ReturnType<typeof startProviderForBanks>>;

  beforeAll(async () => {
    idp = await startProviderForBanks([...BANKS]);
  });
  afterAll(async () => {
    await idp?.close();
  });

  it.each(BANKS)('publishes discovery and a JWKS at the issuer of bank %s', async (code) => {
    const response = await fetch(`${idp.issuer(code)}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(idp.issuer(code));
    expect(discovery.authorization_endpoint).toBe(`${idp.issuer(code)}/auth`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.response_types_supported).toEqual(['code']);
    expect(discovery.authorization_response_iss_parameter_supported).toBe(true);
    expect(discovery.end_session_endpoint).toBe(`${idp.issuer(code)}/session/end`);

    const jwks = (await (await fetch(String(discovery.jwks_uri))).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('signs each bank with keys of its own', async () => {
    const kid = async (code: string) => {
      const jwks = (await (await fetch(`${idp.issuer(code)}/jwks`)).json()) as { keys: { kid: string }[] };
      return jwks.keys[0]?.kid;
    };
    expect(await kid('0182')).not.toBe(await kid('0158'));
  });

  it('answers 404 for a bank that has no tenant file', async () => {
    const response = await fetch(`${idp.origin}/oidc/bank0001/.well-known/openid-configuration`);
    expect(response.status).toBe(404);
  });

  it.each(BANKS)('logs in to bank %s with the code flow and PKCE, and refreshes', async (code) => {
    const config = await portalClient(idp, code);
    const request = await authorizationRequest(config, code);
    const { callbackUrl } = await completeProviderLogin(request.url, {
      loginId: `owner-${code}`,
      password: 'demo-password',
    });
    const callback = new URL(callbackUrl);
    expect(`${callback.origin}${callback.pathname}`).toBe(callbackOf(code));
    expect(callback.searchParams.get('iss')).toBe(idp.issuer(code));

    const tokens = await redeemCallback(config, request, callbackUrl);
    const claims = tokens.claims();
    expect(claims).toMatchObject({
      iss: idp.issuer(code),
      aud: clientIdOf(code),
      nonce: request.nonce,
      user_type: 'company_owner',
      preferred_username: `owner-${code}`,
      bank_code: code,
    });
    expect(claims?.sub).toMatch(/\S/);
    expect(claims?.exp).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 1800 - 5);
    expect(claims?.exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1800 + 5);
    expect(tokens.expires_in).toBeGreaterThan(1790);
    expect(tokens.refresh_token).toBeDefined();

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '');
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.claims()?.sub).toBe(claims?.sub);

    const userinfo = await oidc.fetchUserInfo(config, refreshed.access_token, claims?.sub ?? '');
    expect(userinfo).toMatchObject({
      sub: claims?.sub,
      user_type: 'company_owner',
      email: expect.any(String),
    });
  });
});
