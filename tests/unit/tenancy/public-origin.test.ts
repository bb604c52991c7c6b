import { describe, expect, it } from 'vitest';
import { bankPublicOrigin, bankPublicOrigins } from '#server/tenancy/public-origin.ts';
import type { Tenant } from '#server/tenancy/tenant.ts';

/** A bank with two hosts, as its tenant file names them (lower case, no port). */
const bank = {
  code: '0182',
  config: { hosts: ['portal.shiosai-bank.example.jp', 'biz.shiosai-bank.example.jp'] },
} as unknown as Tenant;

const development = { env: 'development', port: 3000 } as const;
const production = { env: 'production', port: 8080 } as const;

describe('bankPublicOrigin: where a bank’s mail links lead, from configuration', () => {
  it('keeps the host the request came in on when it is one of the bank’s own, on https without a port', () => {
    for (const host of [
      'biz.shiosai-bank.example.jp',
      'biz.shiosai-bank.example.jp:99999',
      'BIZ.Shiosai-Bank.Example.JP',
      'biz.shiosai-bank.example.jp.:8443',
    ]) {
      expect(bankPublicOrigin(bank, production, host), host).toBe('https://biz.shiosai-bank.example.jp');
      expect(bankPublicOrigin(bank, development, host), host).toBe('https://biz.shiosai-bank.example.jp');
    }
  });

  it('answers the development host on the configured port outside production, whatever the request’s port', () => {
    for (const host of [
      'bank0182.localhost:99999',
      'BANK0182.LOCALHOST:3000',
      'bank0182.localhost.',
      'bank0182.localhost',
      undefined,
    ]) {
      expect(bankPublicOrigin(bank, development, host), String(host)).toBe('http://bank0182.localhost:3000');
    }
    expect(bankPublicOrigin(bank, { env: 'test', port: 8080 }, 'bank0182.localhost:99999')).toBe(
      'http://bank0182.localhost:8080',
    );
  });

  it('answers the bank’s first host in production for any other host, or none (a job)', () => {
    for (const host of ['bank0182.localhost:3000', 'evil.example:443', 'localhost', '', undefined]) {
      expect(bankPublicOrigin(bank, production, host), String(host)).toBe(
        'https://portal.shiosai-bank.example.jp',
      );
    }
  });

  it('never answers a host the bank does not have', () => {
    for (const host of [
      'evil.example',
      'portal.shiosai-bank.example.jp.evil.example',
      'bank0158.localhost',
    ]) {
      expect(bankPublicOrigin(bank, development, host)).toBe('http://bank0182.localhost:3000');
    }
  });
});

describe('bankPublicOrigins', () => {
  it('lists each configured host on https, and the development host outside production', () => {
    expect(bankPublicOrigins(bank, development)).toEqual([
      'https://portal.shiosai-bank.example.jp',
      'https://biz.shiosai-bank.example.jp',
      'http://bank0182.localhost:3000',
    ]);
    expect(bankPublicOrigins(bank, production)).toEqual([
      'https://portal.shiosai-bank.example.jp',
      'https://biz.shiosai-bank.example.jp',
    ]);
  });
});
