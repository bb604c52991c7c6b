import { createHash } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { z } from 'zod';

/**
 * What the gateway must remember between /login and /callback (state, nonce, PKCE verifier and
 * where to go afterwards). It travels in a short-lived, encrypted, HttpOnly cookie rather than in a
 * session: an anonymous visitor to /login gets no session and no Redis key.
 */
export const LOGIN_TRANSACTION_MAX_AGE_SECONDS = 600;

const transactionSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirectTo: z.string(),
  /** The bank the login started for: a transaction is never completed on another bank's host. */
  bankCode: z.string(),
});
export type LoginTransaction = z.infer<typeof transactionSchema>;

export function createLoginTransactionCodec(secret: string) {
  const key = createHash('sha256').update(`login-transaction:${secret}`).digest();
  return {
    async seal(transaction: LoginTransaction): Promise<string> {
      return new EncryptJWT({ ...transaction })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt()
        .setExpirationTime(`${LOGIN_TRANSACTION_MAX_AGE_SECONDS}s`)
        .encrypt(key);
    },
    /** The transaction, or undefined when the cookie is missing, forged, expired or unreadable. */
    async open(sealed: string | undefined): Promise<LoginTransaction | undefined> {
      if (!sealed) return undefined;
      try {
        const { payload } = await jwtDecrypt(sealed, key);
        const parsed = transactionSchema.safeParse(payload);
        return parsed.success ? parsed.data : undefined;
      } catch {
        // A cookie this gateway did not seal (or sealed too long ago) starts no login: the caller answers 400.
        return undefined;
      }
    },
  };
}
