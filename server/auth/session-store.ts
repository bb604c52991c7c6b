import type { Redis } from 'ioredis';
import { bankScopedKey } from '../tenancy/bank-key.ts';

/**
 * Where sessions live: Redis (REDIS_URL, shared by every gateway replica) or the process's memory
 * (the embedded default: one process only). Keys carry the bank code first
 * (`{REDIS_KEY_PREFIX}{bank}:session:{id}`), so a session id presented on another bank's host finds
 * nothing.
 *
 * An authenticated read is ONE command: GETEX reads the session and, for a request that counts as
 * activity, slides its idle expiry in the same command; badge polls read with a plain GET and so do
 * not keep an idle session alive. The store is written only when the session changed.
 */
export interface SessionStore {
  readonly kind: 'redis' | 'memory';
  /** The stored session, or undefined. `slideIdleSeconds` resets the idle expiry in the same command. */
  read(bankCode: string, sessionId: string, slideIdleSeconds?: number): Promise<string | undefined>;
  write(bankCode: string, sessionId: string, value: string, ttlSeconds: number): Promise<void>;
  remove(bankCode: string, sessionId: string): Promise<void>;
  /**
   * Notes a session under its user (at login and when its id rotates), kept `ttlSeconds`: the
   * user's sessions can then all be ended (a password reset). Reads never touch this list.
   */
  track(bankCode: string, userId: number, sessionId: string, ttlSeconds: number): Promise<void>;
  /**
   * Removes every session noted under the user, and the list; all but `exceptSessionId` when given
   * (a password changed by its user: the session that changed it stays, and stays noted).
   */
  removeAllOf(bankCode: string, userId: number, exceptSessionId?: string): Promise<void>;
}

/** The store could not be reached: the API answers 503 (never a 200 without a session). */
export class SessionStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the session store is unreachable', { cause });
    this.name = 'SessionStoreUnavailableError';
  }
}

const sessionKey = (prefix: string, bankCode: string, sessionId: string) =>
  `${prefix}${bankScopedKey(bankCode, 'session', sessionId)}`;
const userSessionsKey = (prefix: string, bankCode: string, userId: number) =>
  `${prefix}${bankScopedKey(bankCode, 'user-sessions', String(userId))}`;

async function unavailableOnError<T>(command: () => Promise<T>): Promise<T> {
  try {
    return await command();
  } catch (error) {
    throw new SessionStoreUnavailableError(error);
  }
}

export function createRedisSessionStore(redis: Redis, keyPrefix: string): SessionStore {
  return {
    kind: 'redis',
    read: (bankCode, sessionId, slideIdleSeconds) =>
      unavailableOnError(async () => {
        const key = sessionKey(keyPrefix, bankCode, sessionId);
        const value =
          slideIdleSeconds === undefined
            ? await redis.get(key)
            : await redis.getex(key, 'EX', slideIdleSeconds);
        return value ?? undefined;
      }),
    write: (bankCode, sessionId, value, ttlSeconds) =>
      unavailableOnError(async () => {
        await redis.set(sessionKey(keyPrefix, bankCode, sessionId), value, 'EX', Math.max(1, ttlSeconds));
      }),
    remove: (bankCode, sessionId) =>
      unavailableOnError(async () => {
        await redis.unlink(sessionKey(keyPrefix, bankCode, sessionId));
      }),
    track: (bankCode, userId, sessionId, ttlSeconds) =>
      unavailableOnError(async () => {
        const key = userSessionsKey(keyPrefix, bankCode, userId);
        await redis.multi().sadd(key, sessionId).expire(key, Math.max(1, ttlSeconds)).exec();
      }),
    removeAllOf: (bankCode, userId, exceptSessionId) =>
      unavailableOnError(async () => {
        const key = userSessionsKey(keyPrefix, bankCode, userId);
        const ids = (await redis.smembers(key)).filter((id) => id !== exceptSessionId);
        const sessionKeys = ids.map((id) => sessionKey(keyPrefix, bankCode, id));
        // Ids of sessions that already ended (logout, expiry) are among them: unlinking those is a no-op.
        if (exceptSessionId === undefined) await redis.unlink(key, ...sessionKeys);
        else if (ids.length > 0)
          await redis
            .multi()
            .unlink(...sessionKeys)
            .srem(key, ...ids)
            .exec();
      }),
  };
}

/** Sessions in this process's memory; expired entries are dropped when read and swept every minute. */
export function createMemorySessionStore(
  now: () => number = () => Date.now(),
): SessionStore & { close(): void } {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const byUser = new Map<string, { ids: Set<string>; expiresAt: number }>();
  const sweep = setInterval(() => {
    const time = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
    for (const [key, entry] of byUser) if (entry.expiresAt <= time) byUser.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    kind: 'memory',
    async read(bankCode, sessionId, slideIdleSeconds) {
      const key = sessionKey('', bankCode, sessionId);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      if (slideIdleSeconds !== undefined) entry.expiresAt = now() + slideIdleSeconds * 1000;
      return entry.value;
    },
    async write(bankCode, sessionId, value, ttlSeconds) {
      entries.set(sessionKey('', bankCode, sessionId), { value, expiresAt: now() + ttlSeconds * 1000 });
    },
    async remove(bankCode, sessionId) {
      entries.delete(sessionKey('', bankCode, sessionId));
    },
    async track(bankCode, userId, sessionId, ttlSeconds) {
      const key = userSessionsKey('', bankCode, userId);
      const ids = byUser.get(key)?.ids ?? new Set<string>();
      ids.add(sessionId);
      byUser.set(key, { ids, expiresAt: now() + ttlSeconds * 1000 });
    },
    async removeAllOf(bankCode, userId, exceptSessionId) {
      const key = userSessionsKey('', bankCode, userId);
      const noted = byUser.get(key);
      for (const id of noted?.ids ?? []) {
        if (id !== exceptSessionId) entries.delete(sessionKey('', bankCode, id));
      }
      if (noted && exceptSessionId !== undefined && noted.ids.has(exceptSessionId)) {
        noted.ids = new Set([exceptSessionId]);
      } else byUser.delete(key);
    },
    close: () => clearInterval(sweep),
  };
}
