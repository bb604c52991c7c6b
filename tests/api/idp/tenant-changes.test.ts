import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '#server/demo-data.ts';
import { ROOT_DIR } from '#tests/support/app.ts';
import {
  completeProviderLogin,
  CookieJar,
  rewriteIssuer,
  startProviderForBanks,
} from '#tests/support/idp.ts';
import { authorizationRequest, portalClient, redeemCallback } from './relying-party.ts';

/** An operator's edit must take effect within 2 seconds without a restart (as the gateway's). */
const RELOAD_BUDGET_MS = 2_000;

async function within<T>(ms: number, probe: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + ms;
  let last = await probe();
  while (!accept(last) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await probe();
  }
  return last;
}

describe('tenant files changed while the identity provider runs', () => {
  let idp: Awaited<ReturnType<typeof startProviderForBanks>>;

  beforeAll(async () => {
    idp = await startProviderForBanks(['0182'], { watchTenants: true });
  });
  afterAll(async () => {
    await idp?.close();
  });

  const discoveryStatus = async (code: string) =>
    (await fetch(`${idp.issuer(code)}/.well-known/openid-configuration`)).status;

  it('gives a bank whose folder is added a working issuer, without a restart', async () => {
    expect(await discoveryStatus('9980')).toBe(404);
    // The folder is prepared beside the tenants and moved in whole, as an operator's copy lands.
    const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-tenant-'));
    await fs.cp(path.join(ROOT_DIR, 'tenants', '9980'), path.join(staging, '9980'), { recursive: true });
    await rewriteIssuer(staging, '9980', idp.port);
    await fs.cp(path.join(staging, '9980'), path.join(idp.tenantsDir, '9980'), { recursive: true });
    await fs.rm(staging, { recursive: true, force: true });

    expect(
      await within(
        RELOAD_BUDGET_MS,
        () => discoveryStatus('9980'),
        (status) => status === 200,
      ),
    ).toBe(200);
    const tenant = idp.tenants.get('9980');
    await seedDemoData(idp.db, [{ code: '9980', bank_name: tenant?.config.bank_name ?? '' }]);

    const config = await portalClient(idp, '9980');
    const request = await authorizationRequest(config, '9980');
    const { callbackUrl } = await completeProviderLogin(request.url, {
      loginId: 'owner-9980',
      password: 'demo-password',
    });
    const tokens = await redeemCallback(config, request, callbackUrl);
    expect(tokens.claims()).toMatchObject({ iss: idp.issuer('9980'), bank_code: '9980' });
  });

  it('applies an edited tenant file and keeps the provider sessions of that bank', async () => {
    const jar = new CookieJar();
    const config = await portalClient(idp, '0182');
    const first = await authorizationRequest(config, '0182');
    await completeProviderLogin(first.url, { loginId: 'user-0182', password: 'demo-password' }, jar);

    const file = path.join(idp.tenantsDir, '0182', 'tenant.json');
    const tenant = JSON.parse(await fs.readFile(file, 'utf8'));
    tenant.bank_name = 'あたらしい銀行';
    await fs.writeFile(file, JSON.stringify(tenant, null, 2));
    await within(
      RELOAD_BUDGET_MS,
      async () => idp.tenants.get('0182')?.config.bank_name,
      (name) => name === 'あたらしい銀行',
    );

    // A new browser sees the new name on the login page of the rebuilt provider.
    const fresh = await authorizationRequest(await portalClient(idp, '0182'), '0182');
    const start = await fetch(fresh.url, { redirect: 'manual' });
    const cookie = start.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const page = await fetch(new URL(start.headers.get('location') ?? '', idp.origin), {
      headers: { cookie },
    });
    expect(await page.text()).toContain('<title>ログイン | あたらしい銀行</title>');

    // The browser that logged in before the edit is still signed in (single sign-on, no form).
    const again = await authorizationRequest(config, '0182');
    await expect(
      completeProviderLogin(again.url, { loginId: 'ignored', password: 'ignored' }, jar),
    ).resolves.toHaveProperty('callbackUrl');
  });
});
