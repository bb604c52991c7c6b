import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, copyTenants, devHost, ROOT_DIR, type TestApp } from '#tests/support/app.ts';

/** An operator's edit must take effect within 2 seconds without a restart. */
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

describe('tenant files changed while the server runs', () => {
  let testApp: TestApp;
  let tenantsDir: string;
  const tenantFile = (code: string) => path.join(tenantsDir, code, 'tenant.json');
  const title = async (code: string) => {
    const response = await testApp.app.inject({
      url: '/',
      headers: { host: devHost(code), accept: 'text/html' },
    });
    return response.statusCode === 200
      ? (/<title>(.*?)<\/title>/.exec(response.body)?.[1] ?? '')
      : `HTTP ${response.statusCode}`;
  };

  beforeAll(async () => {
    tenantsDir = await copyTenants(['0182', '0158']);
    testApp = await buildTestApp({ tenantsDir, watchTenants: true });
  });
  afterAll(async () => {
    await testApp.close();
    await fs.rm(tenantsDir, { recursive: true, force: true });
  });

  it('serves a bank whose folder is added', async () => {
    expect(await title('9980')).toBe('HTTP 404');
    await fs.cp(path.join(ROOT_DIR, 'tenants', '9980'), path.join(tenantsDir, '9980'), { recursive: true });
    expect(
      await within(
        RELOAD_BUDGET_MS,
        () => title('9980'),
        (t) => t !== 'HTTP 404',
      ),
    ).not.toBe('HTTP 404');
  });

  it('shows a changed bank name', async () => {
    const file = JSON.parse(await fs.readFile(tenantFile('0182'), 'utf8'));
    file.bank_name = 'あたらしい銀行';
    await fs.writeFile(tenantFile('0182'), JSON.stringify(file, null, 2));
    expect(
      await within(
        RELOAD_BUDGET_MS,
        () => title('0182'),
        (t) => t.includes('あたらしい銀行'),
      ),
    ).toContain('あたらしい銀行');
  });

  it('keeps the last valid config when an edit breaks the file', async () => {
    const file = JSON.parse(await fs.readFile(tenantFile('0182'), 'utf8'));
    file.bank_name = '';
    file.theme.name = 'midnight';
    await fs.writeFile(tenantFile('0182'), JSON.stringify(file, null, 2));
    await new Promise((resolve) => setTimeout(resolve, RELOAD_BUDGET_MS));
    expect(await title('0182')).toContain('あたらしい銀行');

    await fs.writeFile(tenantFile('0182'), '{ "code": "0182", ');
    await new Promise((resolve) => setTimeout(resolve, RELOAD_BUDGET_MS));
    expect(await title('0182')).toContain('あたらしい銀行');
  });

  it('stops serving a bank whose folder is removed, leaving the others', async () => {
    await fs.rm(path.join(tenantsDir, '0158'), { recursive: true });
    expect(
      await within(
        RELOAD_BUDGET_MS,
        () => title('0158'),
        (t) => t === 'HTTP 404',
      ),
    ).toBe('HTTP 404');
    expect(await title('0182')).toContain('あたらしい銀行');
  });
});
