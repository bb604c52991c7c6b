import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantRegistry } from '#server/tenancy/tenant-registry.ts';
import type { TenantChange, TenantRegistry } from '#server/tenancy/tenant.ts';
import type { TenantFile } from '#server/tenancy/tenant-file-schema.ts';
import { copyOfTenants, recordingLogger, TENANTS_DIR } from './tenant-folders.ts';

/** An operator's edit must be live within 2 seconds, without a restart. */
const RELOAD_BUDGET_MS = 2_000;

async function seenWithin(condition: () => boolean, ms = RELOAD_BUDGET_MS): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the tenant registry while watching tenants/ and themes/', () => {
  let copy: Awaited<ReturnType<typeof copyOfTenants>>;
  let registry: TenantRegistry;
  const log = recordingLogger();
  const changes: TenantChange[] = [];
  const tenantFile = (code: string) => path.join(copy.tenantsDir, code, 'tenant.json');
  const editTenant = async (code: string, edit: (tenant: TenantFile) => void) => {
    const tenant = JSON.parse(await readFile(tenantFile(code), 'utf8'));
    edit(tenant);
    await writeFile(tenantFile(code), JSON.stringify(tenant, null, 2));
  };

  beforeAll(async () => {
    copy = await copyOfTenants(['0182', '0158']);
    registry = await createTenantRegistry({ ...copy, devHosts: true, watch: true, logger: log.logger });
    registry.onChange((change) => changes.push(change));
  });
  afterAll(async () => {
    await registry.close();
    await copy.remove();
  });

  it('starts with the banks of the folder', () => {
    expect(registry.list().map((tenant) => tenant.code)).toEqual(['0158', '0182']);
  });

  it('serves a bank whose folder is added', async () => {
    expect(registry.findByHost('bank9980.localhost')).toBeUndefined();
    await cp(path.join(TENANTS_DIR, '9980'), path.join(copy.tenantsDir, '9980'), { recursive: true });
    expect(await seenWithin(() => registry.get('9980') !== undefined)).toBe(true);
    expect(registry.findByHost('portal.demo-bank.example.jp')?.config.bank_name).toBe('デモ銀行');
    expect(changes).toContainEqual({ code: '9980', kind: 'added' });
  });

  it('applies a changed bank name with a new revision', async () => {
    const before = registry.get('0182')!;
    await editTenant('0182', (tenant) => {
      tenant.bank_name = 'あたらしい銀行';
    });
    expect(await seenWithin(() => registry.get('0182')?.config.bank_name === 'あたらしい銀行')).toBe(true);
    expect(registry.get('0182')!.revision).not.toBe(before.revision);
    expect(registry.findByHost('portal.shiosai-bank.example.jp')?.config.bank_name).toBe('あたらしい銀行');
    expect(changes).toContainEqual({ code: '0182', kind: 'changed' });
  });

  it('gives a bank a new revision when its logo changes', async () => {
    const before = registry.get('0158')!.revision;
    await writeFile(
      path.join(copy.tenantsDir, '0158', 'logo.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
    );
    expect(await seenWithin(() => registry.get('0158')!.revision !== before)).toBe(true);
  });

  it('restyles every bank of a theme whose file changes', async () => {
    const themeFile = path.join(copy.themesDir, 'autumn.json');
    const theme = JSON.parse(await readFile(themeFile, 'utf8'));
    theme.tokens.radii.md = '7px';
    await writeFile(themeFile, JSON.stringify(theme, null, 2));
    expect(await seenWithin(() => registry.get('0158')!.theme.radii.md === '7px')).toBe(true);
    expect(registry.get('0182')!.theme.radii.md).toBe('8px');
  });

  it('keeps the last valid config when an edit breaks the file, and logs file, field and reason', async () => {
    const lastValid = registry.get('0182')!;
    changes.length = 0;
    await editTenant('0182', (tenant) => {
      tenant.bank_name = 'こわれた銀行';
      tenant.contact.tel = '0312345678';
    });
    const logged = () =>
      log.lines.find((line) => line.level === 'error' && line.details.field === 'contact.tel');
    expect(await seenWithin(() => logged() !== undefined)).toBe(true);
    expect(logged()!.details).toMatchObject({
      file: tenantFile('0182'),
      field: 'contact.tel',
      reason: '電話番号が正しくありません',
      keptLastValid: true,
    });
    expect(registry.get('0182')).toBe(lastValid);
    expect(registry.findByHost('bank0182.localhost')?.config.bank_name).toBe('あたらしい銀行');

    await writeFile(tenantFile('0182'), '{ "code": "0182", ');
    expect(
      await seenWithin(() => log.lines.some((line) => String(line.details.reason).includes('JSON'))),
    ).toBe(true);
    expect(registry.get('0182')).toBe(lastValid);
    expect(changes).toEqual([]);
  });

  it('applies the file again once it is fixed', async () => {
    await cp(path.join(TENANTS_DIR, '0182', 'tenant.json'), tenantFile('0182'));
    expect(await seenWithin(() => registry.get('0182')?.config.bank_name === 'しおさい銀行')).toBe(true);
    expect(changes).toContainEqual({ code: '0182', kind: 'changed' });
  });

  it('refuses a bank that takes another bank’s host, keeping both as they were', async () => {
    const before = registry.get('0158')!;
    await editTenant('0158', (tenant) => {
      tenant.hosts = ['portal.shiosai-bank.example.jp'];
    });
    const logged = () =>
      log.lines.find((line) => line.details.field === 'hosts.0' && line.details.file === tenantFile('0158'));
    expect(await seenWithin(() => logged() !== undefined)).toBe(true);
    expect(String(logged()!.details.reason)).toContain('0182');
    expect(registry.findByHost('portal.shiosai-bank.example.jp')?.code).toBe('0182');
    expect(registry.get('0158')).toBe(before);
  });

  it('stops serving a bank whose folder is removed, leaving the others', async () => {
    await rm(path.join(copy.tenantsDir, '0158'), { recursive: true });
    expect(await seenWithin(() => registry.get('0158') === undefined)).toBe(true);
    expect(registry.findByHost('portal.yamabuki-bank.example.jp')).toBeUndefined();
    expect(registry.findByHost('bank0158.localhost')).toBeUndefined();
    expect(registry.get('0182')?.config.bank_name).toBe('しおさい銀行');
    expect(changes).toContainEqual({ code: '0158', kind: 'removed' });
  });
});

describe('two registries in one process', () => {
  it('hold their own banks and stop watching when closed', async () => {
    const first = await copyOfTenants(['0182']);
    const second = await copyOfTenants(['0158']);
    const logger = recordingLogger().logger;
    const a = await createTenantRegistry({ ...first, devHosts: false, watch: true, logger });
    const b = await createTenantRegistry({ ...second, devHosts: true, watch: true, logger });
    try {
      expect(a.list().map((t) => t.code)).toEqual(['0182']);
      expect(b.list().map((t) => t.code)).toEqual(['0158']);
      expect(a.findByHost('bank0182.localhost')).toBeUndefined();
      expect(b.findByHost('bank0158.localhost')?.code).toBe('0158');

      await a.close();
      await cp(path.join(TENANTS_DIR, '9998'), path.join(first.tenantsDir, '9998'), { recursive: true });
      await cp(path.join(TENANTS_DIR, '9998'), path.join(second.tenantsDir, '9998'), { recursive: true });
      expect(await seenWithin(() => b.get('9998') !== undefined)).toBe(true);
      await pause(300);
      expect(a.get('9998')).toBeUndefined();
    } finally {
      await a.close();
      await b.close();
      await first.remove();
      await second.remove();
    }
  });

  it('loads every valid bank and skips an invalid one at start, logging why', async () => {
    const copy = await copyOfTenants(['0182', '0158']);
    const log = recordingLogger();
    try {
      await writeFile(path.join(copy.tenantsDir, '0158', 'tenant.json'), '{"code":"0158"}');
      const registry = await createTenantRegistry({
        ...copy,
        devHosts: false,
        watch: false,
        logger: log.logger,
      });
      expect(registry.list().map((t) => t.code)).toEqual(['0182']);
      expect(log.lines).toContainEqual(
        expect.objectContaining({
          level: 'error',
          details: expect.objectContaining({
            field: 'bank_name',
            reason: '必須入力項目です',
            keptLastValid: false,
          }),
        }),
      );
      await registry.close();
    } finally {
      await copy.remove();
    }
  });
});
