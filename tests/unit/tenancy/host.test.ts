import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ambiguousHostReason, devHostBankCode, devHostFor, normalizeHost } from '#server/tenancy/host.ts';
import { createTenantRegistry } from '#server/tenancy/tenant-registry.ts';
import type { TenantRegistry } from '#server/tenancy/tenant.ts';
import { recordingLogger, TENANTS_DIR, THEMES_DIR } from './tenant-folders.ts';

describe('normalizeHost', () => {
  it.each([
    ['portal.shiosai-bank.example.jp', 'portal.shiosai-bank.example.jp'],
    ['portal.shiosai-bank.example.jp:443', 'portal.shiosai-bank.example.jp'],
    ['PORTAL.Shiosai-Bank.Example.JP', 'portal.shiosai-bank.example.jp'],
    ['portal.shiosai-bank.example.jp.', 'portal.shiosai-bank.example.jp'],
    ['Bank0182.Localhost.:8080', 'bank0182.localhost'],
    ['localhost:3000', 'localhost'],
    ['127.0.0.1:3000', '127.0.0.1'],
    ['[::1]:3000', '[::1]'],
    ['[2001:DB8::1]', '[2001:db8::1]'],
    ['example.jp:', 'example.jp'],
  ])('reads %j as %j', (raw, expected) => {
    expect(normalizeHost(raw)).toBe(expected);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['only a port', ':3000'],
    ['only a dot', '.'],
    ['two trailing dots', 'example.jp..'],
    ['an empty label', 'portal..example.jp'],
    ['a label starting with a hyphen', '-portal.example.jp'],
    ['an underscore', 'my_bank.example.jp'],
    ['a space inside', 'portal example.jp'],
    ['user information', 'user@portal.example.jp'],
    ['a path', 'portal.example.jp/admin'],
    ['a non-numeric port', 'portal.example.jp:https'],
    ['a six-digit port', 'portal.example.jp:123456'],
    ['two ports', 'portal.example.jp:80:80'],
    ['an unbracketed IPv6 address', '::1'],
    ['a bracketed IPv6 address with a bad port', '[::1]:abc'],
    ['non-ASCII characters', 'しおさい.example.jp'],
    ['a label over 63 characters', `${'a'.repeat(64)}.example.jp`],
    ['a name over 253 characters', `${'abcdefghi.'.repeat(25)}example.jp`],
    ['control characters', 'portal.example.jp\r\nx-injected: 1'],
  ])('refuses %s', (_what, raw) => {
    expect(normalizeHost(raw)).toBeUndefined();
  });

  it('accepts a name of exactly 253 characters', () => {
    const name = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
    expect(name).toHaveLength(253);
    expect(normalizeHost(`${name}.:80`)).toBe(name);
  });
});

describe('devHostBankCode', () => {
  it('reads the bank code of bank{code}.localhost', () => {
    expect(devHostBankCode('bank0182.localhost')).toBe('0182');
    expect(devHostBankCode(devHostFor('9980'))).toBe('9980');
  });

  it.each([
    'bank182.localhost',
    'bank01820.localhost',
    'bank0182.localhost.example.jp',
    'xbank0182.localhost',
    'localhost',
  ])('has no bank for %s', (hostname) => {
    expect(devHostBankCode(hostname)).toBeUndefined();
  });
});

describe('finding the bank of a request host', () => {
  let withDevHosts: TenantRegistry;
  let production: TenantRegistry;
  const find = (registry: TenantRegistry, raw: string) => {
    const hostname = normalizeHost(raw);
    return hostname === undefined ? undefined : registry.findByHost(hostname)?.code;
  };

  beforeAll(async () => {
    const options = {
      tenantsDir: TENANTS_DIR,
      themesDir: THEMES_DIR,
      watch: false,
      logger: recordingLogger().logger,
    };
    withDevHosts = await createTenantRegistry({ ...options, devHosts: true });
    production = await createTenantRegistry({ ...options, devHosts: false });
  });
  afterAll(async () => {
    await withDevHosts.close();
    await production.close();
  });

  it('answers a configured host, with or without port, case and trailing dot', () => {
    for (const registry of [withDevHosts, production]) {
      expect(find(registry, 'portal.shiosai-bank.example.jp')).toBe('0182');
      expect(find(registry, 'biz.shiosai-bank.example.jp')).toBe('0182');
      expect(find(registry, 'PORTAL.Yamabuki-Bank.example.jp.:443')).toBe('0158');
    }
  });

  it('answers no bank for an unknown host or garbage', () => {
    for (const registry of [withDevHosts, production]) {
      expect(find(registry, 'portal.unknown-bank.example.jp')).toBeUndefined();
      expect(find(registry, 'shiosai-bank.example.jp')).toBeUndefined();
      expect(find(registry, '[::1]:3000')).toBeUndefined();
      expect(find(registry, 'portal.shiosai-bank.example.jp/../0158')).toBeUndefined();
    }
  });

  it('answers bank{code}.localhost only while development hosts are on', () => {
    expect(find(withDevHosts, 'bank0182.localhost:3000')).toBe('0182');
    expect(find(withDevHosts, 'BANK0158.LOCALHOST')).toBe('0158');
    expect(find(withDevHosts, 'bank0001.localhost')).toBeUndefined();
    expect(find(production, 'bank0182.localhost:3000')).toBeUndefined();
  });
});

describe('ambiguousHostReason', () => {
  const headers = (...hosts: string[]) => hosts.flatMap((host) => ['Host', host]);

  it('passes one Host header with an origin-form target', () => {
    expect(ambiguousHostReason(headers('bank0182.localhost'), '/api/v1/x', 'bank0182.localhost')).toBe(
      undefined,
    );
  });

  it('refuses two Host headers, whatever their case or values', () => {
    expect(ambiguousHostReason(['host', 'a.example', 'HOST', 'a.example'], '/', 'a.example')).toBe(
      'duplicate_host',
    );
  });

  it('passes an absolute-form target naming the Host header (port and case aside)', () => {
    expect(
      ambiguousHostReason(
        headers('Bank0182.localhost:3000'),
        'http://bank0182.localhost:3000/x',
        'Bank0182.localhost:3000',
      ),
    ).toBe(undefined);
  });

  it('refuses an absolute-form target naming another host, or none', () => {
    for (const target of [
      'http://bank0158.localhost/x',
      'http://evil.example/',
      'http:///x',
      '*',
      'mailto:a@b',
    ]) {
      expect(ambiguousHostReason(headers('bank0182.localhost'), target, 'bank0182.localhost'), target).toBe(
        'absolute_target_host',
      );
    }
  });
});
