import { createHash, randomBytes } from 'node:crypto';

/** A new unguessable id: 32 random bytes in base64url (RANDOM_TOKEN_PATTERN's shape). */
export const newRandomToken = () => randomBytes(32).toString('base64url');

/**
 * How a token a user holds is stored (a reset link, a draft's id): its SHA-256 in hex, so the table
 * alone opens nothing. Lookups hash what was presented.
 */
export const storedTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
