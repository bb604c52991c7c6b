import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { connectRedis, redisReady } from '#server/redis.ts';
import { buildTestApp, type TestApp } from '#tests/support/app.ts';

export type TestStoreKind = 'memory' | 'redis';

export interface TestRedis {
  url: string;
  /** A key prefix of this test's own (under REDIS_KEY_PREFIX when set, as CI sets it). */
  keyPrefix: string;
  client: Redis;
  /** Deletes the keys under keyPrefix, and nothing else, then disconnects. */
  close(): Promise<void>;
}

const isCi = () => process.env.CI === 'true';

/**
 * The stores a Redis-backed suite runs on: memory always, Redis when REDIS_URL is set — and always
 * under CI, where a missing REDIS_URL then fails the suite instead of skipping it.
 */
export function testStoreKinds(): TestStoreKind[] {
  return process.env.REDIS_URL || isCi() ? ['memory', 'redis'] : ['memory'];
}

/** A connection to the REDIS_URL server with a key prefix of the test's own. */
export async function createTestRedis(): Promise<TestRedis> {
  const url = process.env.REDIS_URL;
  if (!url) {
    throw new Error(
      'REDIS_URL is not set: tests that need Redis fail under CI=true instead of skipping ' +
        '(locally: REDIS_URL=redis://127.0.0.1:6379)',
    );
  }
  const keyPrefix = `${process.env.REDIS_KEY_PREFIX ?? 'portal-test:'}${randomBytes(6).toString('hex')}:`;
  const client = connectRedis(url, { warn: (details, message) => console.warn(message, details) });
  await redisReady(client);
  await client.ping();
  return {
    url,
    keyPrefix,
    client,
    async close() {
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 500);
        if (keys.length > 0) await client.unlink(...keys);
        cursor = next;
      } while (cursor !== '0');
      await client.quit();
    },
  };
}

export interface TestAppOnStore extends TestApp {
  /** Set for the Redis store. */
  redis: TestRedis | undefined;
}

/** The app of tests/support/app.ts with its rate limits counting in memory, or in a Redis key prefix of its own. */
export async function buildTestAppOnStore(store: TestStoreKind): Promise<TestAppOnStore> {
  if (store === 'memory') return { ...(await buildTestApp()), redis: undefined };
  const redis = await createTestRedis();
  const built = await buildTestApp({ redis });
  return {
    ...built,
    redis,
    async close() {
      await built.close();
      await redis.close();
    },
  };
}
