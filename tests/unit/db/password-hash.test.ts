import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '#server/db/password-hash.ts';

describe('password hashes', () => {
  it('stores a salted scrypt hash, never the password itself', async () => {
    const first = await hashPassword('demo-password');
    const second = await hashPassword('demo-password');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(first).not.toContain('demo-password');
    expect(first).not.toBe(second);
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('正しいパスワード');
    expect(await verifyPassword('正しいパスワード', stored)).toBe(true);
    expect(await verifyPassword('違うパスワード', stored)).toBe(false);
  });

  it('treats a stored value of another format as a data error', async () => {
    await expect(verifyPassword('demo-password', 'plain-text')).rejects.toThrow(/scrypt/);
  });
});
