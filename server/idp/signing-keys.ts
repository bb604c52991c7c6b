import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { z } from 'zod';

/** Where the identity provider keeps what must survive a restart: `{dataDir}/idp-keys`. */
export function idpKeysDir(dataDir: string): string {
  return path.join(dataDir, 'idp-keys');
}

const privateRsaJwk = z.looseObject({
  kty: z.literal('RSA'),
  kid: z.string().min(1),
  alg: z.literal('RS256'),
  use: z.literal('sig'),
  n: z.string(),
  e: z.string(),
  d: z.string(),
});
const keyFileSchema = z.object({ keys: z.array(privateRsaJwk).min(1) });

export interface BankSigningKeys {
  /** The private JWKS the bank's provider signs with (oidc-provider's `jwks`). */
  privateJwks: { keys: JWK[] };
  /** The same keys without their private parts: what /jwks answers and use_idtoken verifies with. */
  publicJwks: { keys: JWK[] };
}

const PUBLIC_RSA_MEMBERS = ['kty', 'kid', 'alg', 'use', 'n', 'e'] as const;

/** Reads a file, or answers undefined when it does not exist. */
async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Writes a new file unless another process wrote it first (flag `wx`); either way answers what the
 * file now holds, so two processes starting together end with the same secret.
 */
async function createOnce(file: string, contents: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    await writeFile(file, contents, { flag: 'wx', mode: 0o600 });
    return contents;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFile(file, 'utf8');
  }
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

/**
 * The bank's RS256 signing keys, from `{keysDir}/{code}.json`, generated on first use. Kept on disk
 * so that a restart does not invalidate the tokens already issued.
 */
export async function loadBankSigningKeys(keysDir: string, bankCode: string): Promise<BankSigningKeys> {
  const file = path.join(keysDir, `${bankCode}.json`);
  const stored =
    (await readIfExists(file)) ??
    (await createOnce(file, `${JSON.stringify({ keys: [await generateSigningKey()] }, null, 2)}\n`));
  const parsed = keyFileSchema.safeParse(JSON.parse(stored));
  if (!parsed.success) throw new Error(`${file}: not a JWKS of RS256 signing keys`);
  const keys: JWK[] = parsed.data.keys;
  return {
    privateJwks: { keys },
    publicJwks: {
      keys: keys.map((key) => Object.fromEntries(PUBLIC_RSA_MEMBERS.map((name) => [name, key[name]]))),
    },
  };
}

/**
 * The secret the banks' cookie keys are derived from: the configured one, else a random secret kept
 * in `{keysDir}/cookie-secret` (made on first start).
 */
export async function loadCookieSecret(keysDir: string, configured?: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(keysDir, 'cookie-secret');
  const stored =
    (await readIfExists(file)) ?? (await createOnce(file, randomBytes(32).toString('base64url')));
  return stored.trim();
}

/** One bank's cookie signing keys: derived from the secret and the bank code, so no bank can forge another's cookies. */
export function bankCookieKeys(secret: string, bankCode: string): string[] {
  return [createHmac('sha256', secret).update(`idp-cookies:${bankCode}`).digest('base64url')];
}
