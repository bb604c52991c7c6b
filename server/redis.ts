import { Redis } from 'ioredis';

export interface RedisLogger {
  warn(details: object, message: string): void;
}

/**
 * The gateway's Redis client (REDIS_URL). ioredis by default queues a command while it reconnects
 * and holds it through about 10 s of attempts; here a command made while Redis is unreachable fails
 * at once (no offline queue) and one that gets no answer fails after a second, so the API answers
 * 503 within a second of an outage instead of hanging (or, where a caller allows it, goes on
 * without Redis). Reconnect attempts stay at most half a second apart, so the gateway recovers by
 * itself soon after Redis returns. Connection errors are logged, not thrown: ioredis keeps
 * reconnecting.
 */
export function connectRedis(url: string, logger: RedisLogger): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 50, 500),
    // Commands of many concurrent requests made in one tick go out in one write (and Redis answers
    // them in one read): fewer system calls on both sides under load, the same answers.
    enableAutoPipelining: true,
  });
  redis.on('error', (err: unknown) => logger.warn({ err }, 'redis connection error'));
  return redis;
}

/** Resolves once the client is connected (commands fail rather than wait while it is not). */
export async function redisReady(redis: Redis, timeoutMs = 5_000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new Error(`Redis was not ready within ${timeoutMs} ms`));
    }, timeoutMs);
    function onReady() {
      clearTimeout(timer);
      resolve();
    }
    redis.once('ready', onReady);
  });
}
