import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { THEME_NAMES } from '#server/contracts/theme-tokens.ts';
import { devHostBankCode } from '#server/tenancy/host.ts';
import { loadTenantDirectory } from '#server/tenancy/tenant-directory.ts';
import { renderTenantJsonSchema } from '#server/tenancy/tenant-json-schema.ts';
import { TENANTS_DIR, THEMES_DIR } from './tenant-folders.ts';

const committed = await loadTenantDirectory({ tenantsDir: TENANTS_DIR, themesDir: THEMES_DIR });
const tenants = committed.tenants;
const byCode = (code: string) => tenants.find((tenant) => tenant.code === code)!;

describe('the 14 committed banks', () => {
  it('all load with no problem', () => {
    expect(committed.problems).toEqual([]);
    expect(tenants).toHaveLength(14);
    expect(tenants.map((t) => t.code)).toEqual(expect.arrayContaining(['9980', '9998', '0182', '0158']));
  });

  it('have distinct hosts, none of them a development host', () => {
    const hosts = tenants.flatMap((tenant) => tenant.config.hosts);
    expect(new Set(hosts).size).toBe(hosts.length);
    for (const host of hosts) {
      expect(devHostBankCode(host)).toBeUndefined();
      expect(host).toMatch(/\.example\.jp$/);
    }
  });

  it('keep the demo (9980) and test (9998) banks out of search engines, and only them', () => {
    for (const tenant of tenants)
      expect(tenant.config.noindex, tenant.code).toBe(['9980', '9998'].includes(tenant.code));
  });

  it('make 0182 and 0158 clearly different banks', async () => {
    const [a, b] = [byCode('0182'), byCode('0158')];
    expect(a.config.theme.name).not.toBe(b.config.theme.name);
    expect(a.config.service_name).not.toBe(b.config.service_name);
    expect(a.config.bank_name).not.toBe(b.config.bank_name);
    expect(a.theme.colors.main).not.toBe(b.theme.colors.main);
    const logo = (code: string) => readFile(path.join(TENANTS_DIR, code, 'logo.svg'), 'utf8');
    expect(await logo('0182')).not.toBe(await logo('0158'));
  });

  it('spread the four themes, with overrides, analytics on and off and varied features', () => {
    expect(new Set(tenants.map((t) => t.config.theme.name))).toEqual(new Set(THEME_NAMES));
    expect(
      tenants.filter((t) => Object.keys(t.config.theme.overrides).length > 0).length,
    ).toBeGreaterThanOrEqual(2);
    expect(tenants.some((t) => t.config.ga_id !== null)).toBe(true);
    expect(tenants.some((t) => t.config.gtm_id === null)).toBe(true);
    expect(tenants.some((t) => !t.config.customize.enable_analytics_tag)).toBe(true);
    const flagSets = new Set(tenants.map((t) => JSON.stringify(t.config.features)));
    expect(flagSets.size).toBeGreaterThan(10);
  });

  it('each have their own logo and favicon, showing the bank in its main colour', async () => {
    const logos = new Set<string>();
    const favicons = new Set<string>();
    for (const tenant of tenants) {
      const logo = await readFile(path.join(tenant.assetsDir, tenant.config.logo), 'utf8');
      const favicon = await readFile(path.join(tenant.assetsDir, tenant.config.favicon), 'utf8');
      expect(logo).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(logo).toContain(tenant.theme.colors.main);
      expect(logo).toContain(tenant.config.bank_name.replace(/銀行$/, ''));
      expect(logo.length).toBeLessThan(4096);
      expect(favicon.length).toBeLessThan(2048);
      logos.add(logo);
      favicons.add(favicon);
    }
    expect(logos.size).toBe(14);
    expect(favicons.size).toBe(14);
  });

  it('name their OIDC secret by environment variable only', () => {
    for (const tenant of tenants) {
      expect(tenant.config.oidc).toEqual({
        issuer: `http://localhost:3001/oidc/bank${tenant.code}`,
        client_id: `portal-bank${tenant.code}`,
        client_secret_env: `OIDC_CLIENT_SECRET_${tenant.code}`,
      });
    }
  });
});

describe('tenants/tenant.schema.json', () => {
  it('is what npm run tenant:schema generates from the zod schema today', async () => {
    const committedSchema = await readFile(path.join(TENANTS_DIR, 'tenant.schema.json'), 'utf8');
    expect(committedSchema, 'run npm run tenant:schema and commit the result').toBe(renderTenantJsonSchema());
  });

  it('accepts every committed bank file, as an editor would', async () => {
    const schema = JSON.parse(await readFile(path.join(TENANTS_DIR, 'tenant.schema.json'), 'utf8'));
    // Formats (email, uri, cidr) are zod's job; the editor schema is checked for shape and patterns.
    const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(schema);
    for (const tenant of tenants) {
      const file = JSON.parse(await readFile(path.join(tenant.assetsDir, 'tenant.json'), 'utf8'));
      expect(validate(file), `${tenant.code}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });
});
