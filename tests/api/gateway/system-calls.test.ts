import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, devHost, sameOriginHeaders, type TestApp } from '#tests/support/app.ts';
import { committedTenant } from '#tests/support/tenants.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const get = (code: string, url: string) => testApp.app.inject({ url, headers: { host: devHost(code) } });

describe('start-up calls', () => {
  it('gives the API base of the host the client came to', async () => {
    const response = await get('0182', '/api/server-info');
    expect(response.json()).toEqual({ status: 'success', result: { api_url: 'http://bank0182.localhost' } });
  });

  it('reports the build version', async () => {
    const response = await get('0158', '/api/v1/buildinfo');
    expect(response.json()).toEqual({ status: 'success', result: { build_version: 'test-build' } });
  });

  it("answers the public app config of the host's bank, with or without its bank_code", async () => {
    for (const url of ['/api/v1/setting/app_config', '/api/v1/setting/app_config?bank_code=0158']) {
      const response = await get('0158', url);
      expect(response.statusCode).toBe(200);
      const { result } = response.json();
      expect(result.bank_code).toBe('0158');
      expect(result.bank.name).toBe(committedTenant('0158').bank_name);
      expect(result.features.enable_forum).toBe(committedTenant('0158').features.enable_forum);
    }
  });

  it("refuses another bank's bank_code with 400 and a Japanese field message", async () => {
    const response = await get('0158', '/api/v1/setting/app_config?bank_code=0182');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 'error',
      message: '不正なリクエストです',
      errors: { bank_code: ['金融機関コードがこのサイトの金融機関と一致しません'] },
    });
  });

  it('never sends a secret, the OIDC client or the staff restrictions in the app config', async () => {
    const response = await get('0182', '/api/v1/setting/app_config');
    const body = response.body;
    for (const hidden of [
      'OIDC_CLIENT_SECRET',
      'client_secret',
      'client_id',
      'ip_allowlist',
      'office_hours',
      'issuer',
    ]) {
      expect(body).not.toContain(hidden);
    }
  });
});

describe('bad input', () => {
  it('answers an over-long query value with 400 and the max-length message', async () => {
    const response = await get('0182', `/api/v1/setting/app_config?bank_code=${'1'.repeat(5000)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.bank_code).toEqual(['4文字以内で入力してください']);
  });

  it('answers an unknown query parameter with 400', async () => {
    const response = await get('0182', '/api/v1/setting/app_config?debug=1');
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe('error');
  });

  it('answers a query that is not UTF-8 with a clear error and keeps serving', async () => {
    const response = await get('0182', '/api/v1/setting/app_config?bank_code=%FF%FE');
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe('error');
    expect((await get('0182', '/api/v1/buildinfo')).statusCode).toBe(200);
  });

  it('answers a body that is not JSON with 400 in the envelope', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/inquiry',
      headers: { ...sameOriginHeaders('0182'), 'content-type': 'application/json' },
      payload: '{"not json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'error', message: '不正なリクエストです' });
  });

  it('answers a malformed URL with 400, not a crash', async () => {
    const response = await get('0182', '/api/v1/%E0%A4%A');
    expect([400, 404]).toContain(response.statusCode);
    expect((await get('0182', '/api/v1/buildinfo')).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('serves a document generated from the route schemas', async () => {
    const response = await get('0182', '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/v1/buildinfo', '/api/v1/setting/app_config']),
    );
  });
});
