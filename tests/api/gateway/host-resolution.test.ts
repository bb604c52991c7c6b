import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, devHost, type TestApp } from '#tests/support/app.ts';
import { committedTenant, committedTenants } from '#tests/support/tenants.ts';

const title = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1] ?? '';

describe('working out the bank from the Host header', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });
  const get = (host: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ url: '/', headers: { host, accept: 'text/html', ...headers } });

  it('answers an unknown host with a 404 page that names no bank', async () => {
    for (const host of ['unknown.example.jp', 'bank0000.localhost', 'portal.example.jp:443', '[::1]:3000']) {
      const response = await get(host);
      expect(response.statusCode, host).toBe(404);
      for (const tenant of committedTenants()) {
        expect(response.body).not.toContain(tenant.bank_name);
        expect(response.body).not.toContain(tenant.service_name);
      }
    }
    const api = await testApp.app.inject({
      url: '/api/v1/buildinfo',
      headers: { host: 'unknown.example.jp' },
    });
    expect(api.statusCode).toBe(404);
  });

  it('accepts a port, upper case and a trailing dot in the Host header', async () => {
    const expected = committedTenant('0182').bank_name;
    for (const host of [
      'bank0182.localhost:3000',
      'BANK0182.LOCALHOST',
      'bank0182.localhost.',
      'Bank0182.Localhost.:8080',
    ]) {
      const response = await get(host);
      expect(response.statusCode, host).toBe(200);
      expect(title(response.body)).toContain(expected);
    }
  });

  it("answers a bank's configured production host", async () => {
    const tenant = committedTenant('0158');
    const response = await get(tenant.hosts[0]!);
    expect(response.statusCode).toBe(200);
    expect(title(response.body)).toContain(tenant.bank_name);
  });

  it('ignores X-Forwarded-Host when no trusted proxy is configured', async () => {
    const response = await get(devHost('0182'), { 'x-forwarded-host': devHost('0158') });
    expect(title(response.body)).toContain(committedTenant('0182').bank_name);
  });

  it('lists the development hosts of every bank at localhost outside production', async () => {
    const response = await get('localhost:3000');
    expect(response.statusCode).toBe(200);
    for (const tenant of committedTenants()) {
      expect(response.body).toContain(`http://bank${tenant.code}.localhost:3000/`);
    }
  });

  it('answers healthz on any host, for load balancers', async () => {
    const response = await testApp.app.inject({ url: '/healthz', headers: { host: '10.0.0.5:3000' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('behind a trusted proxy', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('takes the bank from X-Forwarded-Host sent by the proxy', async () => {
    const response = await testApp.app.inject({
      url: '/',
      remoteAddress: '127.0.0.1',
      headers: { host: 'internal-gateway:3000', 'x-forwarded-host': devHost('0158'), accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(title(response.body)).toContain(committedTenant('0158').bank_name);
  });

  it('ignores X-Forwarded-Host from an address that is not the proxy', async () => {
    const response = await testApp.app.inject({
      url: '/',
      remoteAddress: '198.51.100.7',
      headers: { host: devHost('0182'), 'x-forwarded-host': devHost('0158'), accept: 'text/html' },
    });
    expect(title(response.body)).toContain(committedTenant('0182').bank_name);
  });
});

describe('in production', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({
      env: { NODE_ENV: 'production', SESSION_SECRET: 'a-production-like-secret-of-32-characters-or-more' },
    });
  });
  afterAll(async () => {
    await testApp.close();
  });
  const get = (host: string) => testApp.app.inject({ url: '/', headers: { host, accept: 'text/html' } });

  it('answers only the configured hosts: no development host, no bank list at localhost', async () => {
    expect((await get(devHost('0182'))).statusCode).toBe(404);
    const local = await get('localhost:3000');
    expect(local.statusCode).toBe(404);
    expect(local.body).not.toContain('bank0182');
    expect((await get(committedTenant('0182').hosts[0]!)).statusCode).toBe(200);
  });
});
