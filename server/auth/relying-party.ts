import { createRemoteJWKSet, customFetch as joseCustomFetch, jwtVerify, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';
import type { ServerConfig } from '../config.ts';
import { oidcClientCredentials } from '../tenancy/oidc-client.ts';
import type { Tenant } from '../tenancy/tenant.ts';

/**
 * The portal as an OpenID Connect relying party of every bank's provider (openid-client 6, a
 * certified relying party). A bank's client is built on first use from its tenant file — discovery
 * then, not at boot — and rebuilt when the file changes, so a bank added while the gateway runs can
 * log in at once, and an unreachable provider neither stops the boot nor touches another bank.
 */

/** How long the gateway waits for a provider before telling the user it is unavailable. */
export const PROVIDER_TIMEOUT_MS = 2_500;
/** After a failed discovery, the next attempt waits this long (one request per bank, not a stampede). */
const RETRY_AFTER_FAILURE_MS = 5_000;

export interface BankClient {
  tenantCode: string;
  issuer: string;
  clientId: string;
  configuration: oidc.Configuration;
  /** The provider's signing keys, fetched again when a token names an unknown key (rotation). */
  jwks: ReturnType<typeof createRemoteJWKSet>;
  /** fetch for the provider's own endpoints (token/switch): the timeout and back-channel origin apply. */
  fetch: Fetch;
}

/** The bank's provider could not be reached or is not configured: its login answers 503. */
export class ProviderUnavailableError extends Error {
  constructor(bankCode: string, cause?: unknown) {
    super(`the identity provider of bank ${bankCode} is unavailable`, { cause });
    this.name = 'ProviderUnavailableError';
  }
}

/** An id token that does not verify (signature, issuer, audience, expiry, issued-at or nonce). */
export class InvalidIdTokenError extends Error {
  constructor(cause: unknown) {
    super('the id token is not valid', { cause });
    this.name = 'InvalidIdTokenError';
  }
}

type Fetch = typeof fetch;

/**
 * fetch with the provider timeout, through the back-channel origin when one is configured
 * (OIDC_BACKCHANNEL_ORIGINS: the gateway reaches the provider at another address than the browser).
 */
function backchannelFetch(origins: ReadonlyMap<string, string>): Fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const internal = origins.get(url.origin);
    const target = internal ? new URL(url.pathname + url.search, internal) : url;
    const signal = AbortSignal.any(
      [AbortSignal.timeout(PROVIDER_TIMEOUT_MS), init?.signal].filter((s): s is AbortSignal => s != null),
    );
    return fetch(target, { ...init, signal, redirect: 'manual' });
  };
}

export function createRelyingParties(
  config: Pick<ServerConfig, 'env' | 'readSecret' | 'oidcBackchannelOrigins' | 'oidcAllowHttpIssuers'>,
) {
  const fetchThroughBackchannel = backchannelFetch(config.oidcBackchannelOrigins);
  const clients = new Map<
    string,
    { key: string; client?: Promise<BankClient>; failedAt?: number; failure?: unknown }
  >();

  async function discover(tenant: Tenant): Promise<BankClient> {
    const credentials = oidcClientCredentials(tenant, config);
    if (!credentials) throw new ProviderUnavailableError(tenant.code, 'no client secret configured');
    const issuerUrl = new URL(credentials.issuer);
    const configuration = await oidc.discovery(
      issuerUrl,
      credentials.clientId,
      { client_secret: credentials.clientSecret, id_token_signed_response_alg: 'RS256' },
      oidc.ClientSecretBasic(credentials.clientSecret),
      {
        [oidc.customFetch]: fetchThroughBackchannel,
        // Development providers answer on http://localhost; production issuers are https.
        ...(issuerUrl.protocol === 'http:' && config.oidcAllowHttpIssuers
          ? { execute: [oidc.allowInsecureRequests] }
          : {}),
      },
    );
    const jwksUri = configuration.serverMetadata().jwks_uri;
    if (!jwksUri) throw new Error(`the provider of bank ${tenant.code} publishes no jwks_uri`);
    return {
      tenantCode: tenant.code,
      issuer: credentials.issuer,
      clientId: credentials.clientId,
      configuration,
      jwks: createRemoteJWKSet(new URL(jwksUri), {
        timeoutDuration: PROVIDER_TIMEOUT_MS,
        cooldownDuration: 30_000,
        [joseCustomFetch]: fetchThroughBackchannel,
      }),
      fetch: fetchThroughBackchannel,
    };
  }

  return {
    /** The bank's client, discovering its provider on first use. Throws ProviderUnavailableError. */
    async forTenant(tenant: Tenant): Promise<BankClient> {
      const key = `${tenant.revision}|${tenant.config.oidc.issuer}|${tenant.config.oidc.client_id}`;
      let entry = clients.get(tenant.code);
      if (!entry || entry.key !== key) {
        entry = { key };
        clients.set(tenant.code, entry);
      }
      if (entry.failedAt !== undefined && Date.now() - entry.failedAt < RETRY_AFTER_FAILURE_MS) {
        throw new ProviderUnavailableError(tenant.code, entry.failure);
      }
      const current = entry;
      current.client ??= discover(tenant).catch((error: unknown) => {
        current.client = undefined;
        current.failedAt = Date.now();
        current.failure = error;
        throw new ProviderUnavailableError(tenant.code, error);
      });
      const client = await current.client;
      current.failedAt = undefined;
      return client;
    },

    /**
     * Verifies an id token of the bank's provider: signature against the provider's JWKS (fetched
     * again for an unknown key id), issuer, audience, expiry, issued-at, and the nonce when given.
     */
    async verifyIdToken(client: BankClient, idToken: string, expected: { nonce?: string } = {}) {
      try {
        const { payload } = await jwtVerify(idToken, client.jwks, {
          issuer: client.issuer,
          audience: client.clientId,
          algorithms: ['RS256', 'PS256', 'ES256'],
          requiredClaims: ['sub', 'exp', 'iat'],
          clockTolerance: 5,
        });
        if (payload.iat !== undefined && payload.iat * 1000 > Date.now() + 60_000) {
          throw new Error('the id token was issued in the future');
        }
        if (expected.nonce !== undefined && payload.nonce !== expected.nonce) {
          throw new Error('the id token nonce does not match');
        }
        return payload as JWTPayload & { sub: string };
      } catch (error) {
        if (error instanceof ProviderUnavailableError) throw error;
        throw new InvalidIdTokenError(error);
      }
    },
  };
}

export type RelyingParties = ReturnType<typeof createRelyingParties>;
