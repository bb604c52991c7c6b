import fs from 'node:fs/promises';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '#tests/support/app.ts';
import {
  findFreePort,
  startProviderForBanks,
  startTestIdentityProvider,
  tenantsForIssuerPort,
} from '#tests/support/idp.ts';
import { gatewayHost } from '#tests/support/login.ts';

const BANKS = ['0182', '0158'] as const;
const FORGED = 'attacker.example';

/** A GET with headers fetch() would not send as given (Host): node:http's own request. */
function getJson(url: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      })
      .on('error', reject);
  });
}

/** Every http(s) URL anywhere in the document: the endpoints, jwks_uri and any other. */
function urlsIn(value: unknown): string[] {
  if (typeof value === 'string') return /^https?:\/\//.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(urlsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(urlsIn);
  return [];
}

const FORGED_HEADERS = {
  'a forged Host': { host: FORGED },
  'a forged X-Forwarded-Host and X-Forwarded-Proto': {
    'x-forwarded-host': FORGED,
    'x-forwarded-proto': 'https',
  },
  'both forged': { host: `${FORGED}:8443`, 'x-forwarded-host': FORGED, 'x-forwarded-proto': 'https' },
};

describe.each([
  ['directly', {}],
  ['behind a trusted proxy (TRUST_PROXY=true)', { TRUST_PROXY: 'true' }],
])('the discovery document names the configured issuer only, the provider reached %s', (_how, env) => {
  let idp: Awaited<ReturnType<typeof startProviderForBanks>>;

  beforeAll(async () => {
    idp = await startProviderForBanks([...BANKS], { env });
  });
  afterAll(async () => {
    await idp?.close();
  });

  for (const code of BANKS) {
    for (const [forgery, headers] of Object.entries(FORGED_HEADERS)) {
      it(`bank ${code}, ${forgery}: issuer and every endpoint are the tenant file's issuer's`, async () => {
        const issuer = idp.issuer(code);
        const { status, body } = await getJson(`${issuer}/.well-known/openid-configuration`, headers);
        expect(status).toBe(200);
        const discovery = body as Record<string, unknown>;
        expect(discovery.issuer).toBe(issuer);
        expect(discovery).toMatchObject({
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          userinfo_endpoint: `${issuer}/me`,
          end_session_endpoint: `${issuer}/session/end`,
          revocation_endpoint: `${issuer}/token/revocation`,
        });
        const urls = urlsIn(discovery);
        expect(urls.length).toBeGreaterThan(5);
        for (const url of urls) expect(url.startsWith(`${issuer}/`) || url === issuer, url).toBe(true);
        expect(JSON.stringify(discovery)).not.toContain(FORGED);
      });
    }
  }

  it('answers a request with the issuer’s own Host as before', async () => {
    const issuer = idp.issuer(BANKS[0]);
    const { body } = await getJson(`${issuer}/.well-known/openid-configuration`, {});
    expect(body).toMatchObject({ issuer, token_endpoint: `${issuer}/token` });
  });
});

describe('a gateway that reaches the provider elsewhere than the browser does (OIDC_BACKCHANNEL_ORIGINS)', () => {
  it('sends the browser to the issuer’s origin, not to the origin it fetched discovery from', async () => {
    const code = BANKS[0];
    const port = await findFreePort();
    const tenantsDir = await tenantsForIssuerPort([code], port);
    // As in compose: the issuers name localhost, the gateway calls the provider at another address.
    const gateway = await buildTestApp({
      tenantsDir,
      env: { OIDC_BACKCHANNEL_ORIGINS: `http://localhost:${port}=http://127.0.0.1:${port}` },
    });
    // The gateway's database: /login needs no user, and the test makes no second one.
    const idp = await startTestIdentityProvider({ tenantsDir, port, db: gateway.app.db });
    try {
      const login = await gateway.app.inject({
        method: 'GET',
        url: '/login',
        headers: { host: gatewayHost(code) },
      });
      expect(login.statusCode, login.body).toBe(302);
      expect(String(login.headers.location)).toMatch(new RegExp(`^${idp.issuer(code)}/auth\\?`));
    } finally {
      await idp.close();
      await gateway.close();
      await fs.rm(tenantsDir, { recursive: true, force: true });
    }
  });
});
