import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CONFIG_ELEMENT_ID, publicAppConfigSchema } from '#server/contracts/app-config.ts';
import { buildTestApp, devHost, type TestApp } from '#tests/support/app.ts';

const BANKS = ['0182', '0158'];
const SENTRY_DSN = 'https://0f1e2d3c4b5a69788796a5b4c3d2e1f0@o450123.ingest.de.sentry.io/4507123456789012';
const INGEST_ORIGIN = 'https://o450123.ingest.de.sentry.io';

let withDsn: TestApp;
let withoutDsn: TestApp;
beforeAll(async () => {
  [withDsn, withoutDsn] = await Promise.all([
    buildTestApp({ env: { SENTRY_DSN } }),
    buildTestApp({ env: { SENTRY_DSN: '' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([withDsn?.close(), withoutDsn?.close()]);
});

async function appConfigOf(testApp: TestApp, code: string) {
  const response = await testApp.app.inject({
    url: '/api/v1/setting/app_config',
    headers: { host: devHost(code) },
  });
  expect(response.statusCode).toBe(200);
  return publicAppConfigSchema.parse(response.json().result);
}

async function pageOf(testApp: TestApp, code: string) {
  const response = await testApp.app.inject({
    url: '/inquiry',
    headers: { host: devHost(code), accept: 'text/html' },
  });
  expect(response.statusCode).toBe(200);
  const json = new RegExp(
    `<script id="${APP_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`,
  ).exec(response.body)?.[1];
  if (!json) throw new Error('no app config in page');
  const csp = String(response.headers['content-security-policy']);
  const directive = (name: string) =>
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([directiveName]) => directiveName === name)
      ?.slice(1) ?? [];
  return { embedded: JSON.parse(json) as Record<string, unknown>, connectSrc: directive('connect-src'), csp };
}

describe('the error-reporting DSN (SENTRY_DSN)', () => {
  it.each(BANKS)('is in the app config and the embedded config of bank %s when set', async (code) => {
    expect((await appConfigOf(withDsn, code)).sentry_dsn).toBe(SENTRY_DSN);
    expect((await pageOf(withDsn, code)).embedded.sentry_dsn).toBe(SENTRY_DSN);
  });

  it.each(BANKS)(
    'is null in the app config and the embedded config of bank %s when not set',
    async (code) => {
      expect((await appConfigOf(withoutDsn, code)).sentry_dsn).toBeNull();
      const { embedded } = await pageOf(withoutDsn, code);
      expect(embedded).toHaveProperty('sentry_dsn', null);
    },
  );

  it.each(BANKS)("admits the DSN's ingest origin to connect-src of bank %s only when set", async (code) => {
    const set = await pageOf(withDsn, code);
    expect(set.connectSrc).toContain(INGEST_ORIGIN);
    expect(set.connectSrc).toContain("'self'");
    // The origin only: neither the key nor the project path belongs in the policy.
    expect(set.csp).not.toContain('0f1e2d3c4b5a69788796a5b4c3d2e1f0');
    expect(set.csp).not.toContain('4507123456789012');

    const unset = await pageOf(withoutDsn, code);
    expect(unset.connectSrc.some((source) => source.includes('sentry'))).toBe(false);
    // The rest of the policy is the same either way.
    expect(set.connectSrc.filter((source) => source !== INGEST_ORIGIN)).toEqual(unset.connectSrc);
  });
});
