import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { APP_CONFIG_ELEMENT_ID, publicAppConfigSchema } from '#server/contracts/app-config.ts';
import { buildTestApp, devHost, type TestApp } from '#tests/support/app.ts';
import { committedTenant, committedTenants } from '#tests/support/tenants.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const page = (code: string, url = '/mypage/dashboard', headers: Record<string, string> = {}) =>
  testApp.app.inject({
    method: 'GET',
    url,
    headers: { host: devHost(code), accept: 'text/html', ...headers },
  });

function embeddedConfig(html: string) {
  const match = new RegExp(
    `<script id="${APP_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`,
  ).exec(html);
  if (!match?.[1]) throw new Error('no app config in page');
  return publicAppConfigSchema.parse(JSON.parse(match[1]));
}

describe('branded index.html', () => {
  it.each(['0182', '0158', '9980', '9998'])(
    'titles bank %s with its service name and bank name',
    async (code) => {
      const tenant = committedTenant(code);
      const response = await page(code);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const title = /<title>(.*?)<\/title>/.exec(response.body)?.[1];
      expect(title).toContain(tenant.service_name);
      expect(title).toContain(tenant.bank_name);
    },
  );

  it('links each bank its own favicon and paints it in its own main colour', async () => {
    const a = await page('0182');
    const b = await page('0158');
    const favicon = (html: string) => /<link rel="icon" href="([^"]+)"/.exec(html)?.[1];
    const mainColour = (html: string) => /--color-main:\s*(#[0-9a-fA-F]{6})/.exec(html)?.[1]?.toLowerCase();
    expect(favicon(a.body)).toMatch(/^\/\S+$/);
    expect(favicon(a.body)).not.toBe(favicon(b.body));
    expect(mainColour(a.body)).toBe(embeddedConfig(a.body).theme.tokens.colors.main.toLowerCase());
    expect(mainColour(a.body)).not.toBe(mainColour(b.body));

    const icon = await testApp.app.inject({ url: favicon(a.body)!, headers: { host: devHost('0182') } });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\//);
    expect(icon.headers['cache-control']).toContain('immutable');
    // Shown by other origins too (the bank's mails in a webmail client).
    expect(icon.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('marks only the demo and test banks (9980, 9998) noindex', async () => {
    for (const tenant of committedTenants()) {
      const response = await page(tenant.code);
      const noindex = response.body.includes('<meta name="robots" content="noindex">');
      expect(noindex, `bank ${tenant.code}`).toBe(['9980', '9998'].includes(tenant.code) || tenant.noindex);
    }
    const robots = await testApp.app.inject({ url: '/robots.txt', headers: { host: devHost('9980') } });
    expect(robots.body).toContain('Disallow: /\n');
  });

  it('carries no analytics tag outside production, so a development host calls no analytics service', async () => {
    for (const tenant of committedTenants()) {
      const response = await page(tenant.code);
      expect(response.body, tenant.code).not.toMatch(/gtag|gtm\.js|googletagmanager/);
      expect(String(response.headers['content-security-policy']), tenant.code).not.toMatch(
        /googletagmanager|google-analytics/,
      );
    }
  });

  it('loads GA and GTM only for banks that set the ids and allow the analytics tag, where tags are on', async () => {
    const tenants = committedTenants();
    expect(tenants.some((t) => t.ga_id && t.customize.enable_analytics_tag)).toBe(true);
    expect(tenants.some((t) => !t.ga_id && !t.gtm_id)).toBe(true);
    const tagged = await buildTestApp({ env: { ANALYTICS_OUTSIDE_PRODUCTION: 'true' } });
    const taggedPage = (code: string) =>
      tagged.app.inject({
        method: 'GET',
        url: '/mypage/dashboard',
        headers: { host: devHost(code), accept: 'text/html' },
      });
    onTestFinished(() => tagged.close());
    for (const tenant of tenants) {
      const response = await taggedPage(tenant.code);
      const allowed = tenant.customize.enable_analytics_tag;
      const csp = String(response.headers['content-security-policy']);
      expect(response.body.includes('gtag/js?id='), `GA on ${tenant.code}`).toBe(
        allowed && tenant.ga_id !== null,
      );
      expect(response.body.includes('gtm.js'), `GTM on ${tenant.code}`).toBe(
        allowed && tenant.gtm_id !== null,
      );
      expect(csp.includes('googletagmanager.com'), `CSP of ${tenant.code}`).toBe(
        allowed && (tenant.ga_id !== null || tenant.gtm_id !== null),
      );
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    }
  });

  it('embeds the public config without secrets, staff restrictions or another bank', async () => {
    const response = await page('0182');
    const tenant = committedTenant('0182');
    const raw =
      /<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(response.body)?.[1] ?? '';
    const config = embeddedConfig(response.body);
    expect(config.bank_code).toBe('0182');
    expect(config.bank.name).toBe(tenant.bank_name);
    for (const hidden of [
      'client_secret',
      'OIDC_CLIENT_SECRET',
      'ip_allowlist',
      'office_hours',
      'oidc',
      'hosts',
    ]) {
      expect(raw).not.toContain(hidden);
    }
    for (const other of committedTenants().filter((t) => t.code !== '0182')) {
      expect(raw).not.toContain(other.bank_name);
    }
  });

  it('answers a repeated visit with 304 and is never cached without revalidation', async () => {
    const first = await page('0182');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    const second = await page('0182', '/', { 'if-none-match': etag });
    expect(second.statusCode).toBe(304);
    const otherBank = await page('0158', '/', { 'if-none-match': etag });
    expect(otherBank.statusCode).toBe(200);
  });

  it('answers every page of the page table with 200', async () => {
    for (const path of [
      '/',
      '/page/rule',
      '/inquiry/completed',
      '/news/detail/42',
      '/mypage',
      '/admin',
      '/register',
    ]) {
      expect((await page('0182', path)).statusCode, path).toBe(200);
    }
    expect((await page('0158', '/mypage/news/detail/42/')).statusCode).toBe(200);
    expect((await page('0158', '/admin/xba/pi/detail/7?tab=1')).statusCode).toBe(200);
  });

  it.each(['/no-such-page', '/chat', '/mypage/forum', '/admin/newsletter', '/register/unknown'])(
    'answers %s, which no page answers, with 404 and the branded page for the browser to draw the 404 page',
    async (path) => {
      const response = await page('0158', path);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="root"></div>');
      expect(embeddedConfig(response.body).bank_code).toBe('0158');
      expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(response.headers.etag).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it("answers an unknown page with 404 even when the browser holds the page's ETag", async () => {
    const etag = String((await page('0182', '/')).headers.etag);
    const head = await testApp.app.inject({
      method: 'HEAD',
      url: '/no-such-page',
      headers: { host: devHost('0182'), accept: 'text/html', 'if-none-match': etag },
    });
    expect(head.statusCode).toBe(404);
  });

  it('serves built assets immutably and a missing asset as 404, never index.html', async () => {
    const asset = await testApp.app.inject({
      url: '/assets/index-fixture.js',
      headers: { host: devHost('0182') },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await testApp.app.inject({
      url: '/assets/nothing-here.js',
      headers: { host: devHost('0182') },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('id="root"');
    const image = await page('0182', '/images/logo.png', { accept: 'image/png' });
    expect(image.statusCode).toBe(404);
    const unknownTenantAsset = await testApp.app.inject({
      url: '/tenant-assets/tenant.json',
      headers: { host: devHost('0182') },
    });
    expect(unknownTenantAsset.statusCode).toBe(404);
  });

  it('answers an unknown /api path with a JSON 404 envelope', async () => {
    const response = await testApp.app.inject({
      url: '/api/v1/no-such-call',
      headers: { host: devHost('0182') },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 'error', message: 'This page could not be found' });
  });

  it('links the built client entry, its chunks and stylesheet', async () => {
    const response = await page('0158', '/');
    expect(response.body).toContain('<script type="module" src="/assets/index-fixture.js"></script>');
    expect(response.body).toContain('<link rel="modulepreload" href="/assets/vendor-fixture.js">');
    expect(response.body).toContain('<link rel="stylesheet" href="/assets/index-fixture.css">');
  });
});
