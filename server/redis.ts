import { Redis } from 'ioredis';

export interface RedisLogger {
  warn(details: object, message: string): void;
}

/**
 * The gateway's Redis client (REDIS_URL). ioredis by default holds a command through about 10 s of
 * reconnect attempts; here a command fails after one, so a Redis outage makes a request fail (or,
 * where a caller allows it, go on without Redis) quickly instead of hanging. Commands made before
 * the first connection wait in the offline queue. Connection errors are logged, not thrown: ioredis
 * keeps reconnecting.
 */
export function connectRedis(url: string, logger: RedisLogger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  redis.on('error', (err: unknown) => logger.warn({ err }, 'redis connection error'));
  return redis;
}
