import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Passwords are kept only as scrypt hashes (node:crypto), in one self-describing string:
 * `scrypt$N$r$p$salt$key` (salt and key in base64url). The parameters travel with the hash so they
 * can be raised later without invalidating stored passwords.
 */
const COST = 16384;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function deriveKey(password: string, salt: Buffer, cost: number, blockSize: number, parallelism: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(
      password,
      salt,
      KEY_LENGTH,
      { N: cost, r: blockSize, p: parallelism, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await deriveKey(password, salt, COST, BLOCK_SIZE, PARALLELISM);
  return [
    'scrypt',
    COST,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** True when the password matches the stored hash. A stored value of another format is a data error and throws. */
export async function verifyPassword(password: string, storedHash: string): Promise<boolean> {
  const [scheme, cost, blockSize, parallelism, salt, key] = storedHash.split('$');
  if (scheme !== 'scrypt' || !cost || !blockSize || !parallelism || !salt || !key) {
    throw new Error('password hash is not in the scrypt$N$r$p$salt$key format');
  }
  const expected = Buffer.from(key, 'base64url');
  const actual = await deriveKey(
    password,
    Buffer.from(salt, 'base64url'),
    Number(cost),
    Number(blockSize),
    Number(parallelism),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
