import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserFetch,
  CookieJar,
  findFreePort,
  startTestIdentityProvider,
  tenantsForIssuerPort,
  type TestIdentityProvider,
} from '#tests/support/idp.ts';
import { authorizationRequest, callbackOf, portalClient } from './relying-party.ts';

const SVG_LOGO_BANK = '0182';
/** Its copy gets a PNG logo, so that the content type follows the file. */
const PNG_LOGO_BANK = '0158';
const BANKS = [SVG_LOGO_BANK, PNG_LOGO_BANK];
/** A 1×1 PNG. */
const PNG_LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe("the login page in the bank's brand", () => {
  let idp: TestIdentityProvider;
  let tenantsDir: string;

  beforeAll(async () => {
    tenantsDir = await tenantsForIssuerPort(BANKS, await findFreePort());
    const file = path.join(tenantsDir, PNG_LOGO_BANK, 'tenant.json');
    const tenant = JSON.parse(await fs.readFile(file, 'utf8'));
    tenant.logo = 'logo.png';
    await fs.writeFile(file, JSON.stringify(tenant, null, 2));
    await fs.writeFile(path.join(tenantsDir, PNG_LOGO_BANK, 'logo.png'), PNG_LOGO);
    idp = await startTestIdentityProvider({ tenantsDir });
  });
  afterAll(async () => {
    await idp?.close();
    await fs.rm(tenantsDir, { recursive: true, force: true });
  });

  const tenantOf = (code: string) => {
    const tenant = idp.tenants.get(code);
    if (!tenant) throw new Error(`bank ${code} is not loaded`);
    return tenant;
  };
  /** The portal the test's authorization requests come from (their redirect_uri's origin). */
  const portalOf = (code: string) => new URL(callbackOf(code)).origin;

  /** The browser's way to a bank's login page: the authorization request, then the provider's redirect. */
  async function openLoginPage(code: string) {
    const jar = new CookieJar();
    const authorizationUrl = (await authorizationRequest(await portalClient(idp, code), code)).url;
    const start = await browserFetch(jar, authorizationUrl);
    const formUrl = new URL(start.headers.get('location') ?? '', idp.origin);
    const page = await browserFetch(jar, formUrl);
    expect(page.status).toBe(200);
    return { jar, formUrl, page, html: await page.text() };
  }

  const logoSrc = (html: string) => /<img class="logo" src="([^"]*)"/.exec(html)?.[1];

  it.each(BANKS)("shows bank %s's own logo and favicon", async (code) => {
    const tenant = tenantOf(code);
    const { html } = await openLoginPage(code);
    expect(logoSrc(html)).toBe(`/brand/bank${code}/${tenant.config.logo}?v=${tenant.revision}`);
    expect(html).toContain(`alt="${tenant.config.bank_name}"`);
    expect(html).toContain(
      `<link rel="icon" href="/brand/bank${code}/${tenant.config.favicon}?v=${tenant.revision}">`,
    );
    const other = BANKS.find((bank) => bank !== code);
    expect(html).not.toContain(`/brand/bank${other}/`);
  });

  it.each(BANKS)("draws bank %s's page in its theme colours", async (code) => {
    const { colors } = tenantOf(code).theme;
    const { html } = await openLoginPage(code);
    const style = /<style>(.*?)<\/style>/s.exec(html)?.[1] ?? '';
    expect(style).toContain(`--color-main:${colors.main}`);
    expect(style).toContain(`--color-on-main:${colors.onMain}`);
    expect(style).toMatch(/button\{[^}]*background:var\(--color-main\b/);
    const otherMain = tenantOf(BANKS.find((bank) => bank !== code) ?? '').theme.colors.main;
    expect(otherMain).not.toBe(colors.main);
    expect(style).not.toContain(otherMain);
  });

  it.each(BANKS)(
    'links bank %s to the password reminder and the top page of the portal it came from',
    async (code) => {
      const { html } = await openLoginPage(code);
      const portal = portalOf(code);
      expect(portal).toBe(`http://bank${code}.localhost:3000`);
      expect(html).toContain(`<a href="${portal}/reminder">パスワードをお忘れの方はこちら</a>`);
      expect(html).toContain(`<a href="${portal}/">ポータルに戻る</a>`);
      // Below the form.
      expect(html.indexOf('パスワードをお忘れの方はこちら')).toBeGreaterThan(html.indexOf('</form>'));
    },
  );

  it('keeps the logo, the colours and the links on the page of a refused login', async () => {
    const code = SVG_LOGO_BANK;
    const { jar, formUrl } = await openLoginPage(code);
    const refused = await browserFetch(jar, formUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login_id: `user-${code}`, password: 'wrong' }).toString(),
    });
    expect(refused.status).toBe(401);
    const html = await refused.text();
    expect(html).toContain('ログインIDまたはパスワードが正しくありません。');
    expect(logoSrc(html)).toBe(`/brand/bank${code}/logo.svg?v=${tenantOf(code).revision}`);
    expect(html).toContain(`--color-main:${tenantOf(code).theme.colors.main}`);
    expect(html).toContain(`<a href="${portalOf(code)}/reminder">`);
    expect(html).toContain(`<a href="${portalOf(code)}/">`);
  });

  it('lets the page load images from the provider itself and nothing else', async () => {
    const { page } = await openLoginPage(SVG_LOGO_BANK);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("img-src 'self'");
    expect(policy).not.toContain('script-src');
  });

  it.each([
    [SVG_LOGO_BANK, 'image/svg+xml'],
    [PNG_LOGO_BANK, 'image/png'],
  ])("answers bank %s's logo route with the tenant's file as %s", async (code, contentType) => {
    const { html } = await openLoginPage(code);
    const logo = await fetch(new URL(logoSrc(html) ?? '', idp.origin));
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe(contentType);
    expect(logo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(logo.headers.get('content-security-policy')).toContain('sandbox');
    const tenant = tenantOf(code);
    const file = await fs.readFile(path.join(tenantsDir, code, tenant.config.logo));
    expect(Buffer.from(await logo.arrayBuffer()).equals(file)).toBe(true);
  });

  it('asks browsers to check a logo again when its URL names an old revision', async () => {
    const logo = await fetch(`${idp.origin}/brand/bank${SVG_LOGO_BANK}/logo.svg?v=old`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('cache-control')).toBe('no-cache');
  });

  it.each([
    [`/brand/bank${SVG_LOGO_BANK}/tenant.json`, 'a file the tenant does not name'],
    [`/brand/bank${SVG_LOGO_BANK}/logo.png`, "another bank's logo name"],
    [`/brand/bank${SVG_LOGO_BANK}/..%2F${PNG_LOGO_BANK}%2Flogo.png`, 'a path out of the folder'],
    ['/brand/bank9999/logo.svg', 'an unknown bank'],
  ])('answers 404 for %s (%s)', async (url) => {
    expect((await fetch(`${idp.origin}${url}`)).status).toBe(404);
  });
});
