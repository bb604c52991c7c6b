import * as oidc from 'openid-client';
import type { TestIdentityProvider } from '#tests/support/idp.ts';

/** The portal's client of a bank, as the tenant files and the development secret make it. */
export const clientIdOf = (code: string) => `portal-bank${code}`;
export const clientSecretOf = (code: string) => `development-secret-${code}`;
/** The gateway's development callback on port 3000 (the provider's default gatewayPort). */
export const callbackOf = (code: string) => `http://bank${code}.localhost:3000/callback`;

/** openid-client 6 as the gateway uses it: discovery at the bank's issuer, client_secret_post. */
export async function portalClient(idp: TestIdentityProvider, code: string): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(idp.issuer(code)), clientIdOf(code), clientSecretOf(code), undefined, {
    execute: [oidc.allowInsecureRequests],
  });
}

export interface AuthorizationRequest {
  url: string;
  verifier: string;
  nonce: string;
  state: string;
}

/** An authorization request with PKCE S256, a nonce and a state, for the portal's scopes. */
export async function authorizationRequest(
  config: oidc.Configuration,
  code: string,
  extra: Record<string, string> = {},
): Promise<AuthorizationRequest> {
  const verifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackOf(code),
    scope: 'openid profile email',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    nonce,
    state,
    ...extra,
  });
  return { url: url.href, verifier, nonce, state };
}

/** Exchanges the callback's code like the gateway does (PKCE, nonce, state and iss checked). */
export function redeemCallback(
  config: oidc.Configuration,
  request: AuthorizationRequest,
  callbackUrl: string,
) {
  return oidc.authorizationCodeGrant(config, new URL(callbackUrl), {
    pkceCodeVerifier: request.verifier,
    expectedNonce: request.nonce,
    expectedState: request.state,
    idTokenExpected: true,
  });
}
