import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { connectRedis, redisReady } from '#server/redis.ts';
import {
  createMemorySessionStore,
  createRedisSessionStore,
  SessionStoreUnavailableError,
} from '#server/auth/session-store.ts';
import { startPrivateRedis, type PrivateRedis } from '#tests/support/private-redis.ts';

describe('the in-process session store', () => {
  it('slides the idle expiry on activity and not on a plain read', async () => {
    let now = 0;
    const store = createMemorySessionStore(() => now);
    await store.write('0182', 'a', 'value', 1800);
    now = 1_000_000; // 1000 s later
    expect(await store.read('0182', 'a')).toBe('value'); // a badge poll: no slide
    now = 1_900_000; // 1900 s after the write: expired despite the poll
    expect(await store.read('0182', 'a')).toBeUndefined();

    await store.write('0182', 'b', 'value', 1800);
    now += 1_000_000;
    expect(await store.read('0182', 'b', 1800)).toBe('value'); // activity: slides
    now += 1_000_000;
    expect(await store.read('0182', 'b')).toBe('value');
    store.close();
  });

  it('keeps banks apart: an id of one bank finds nothing in another', async () => {
    const store = createMemorySessionStore();
    await store.write('0182', 'same-id', 'bank A', 60);
    expect(await store.read('0158', 'same-id')).toBeUndefined();
    expect(await store.read('0182', 'same-id')).toBe('bank A');
    store.close();
  });

  it('ends every session noted under a user, and no other user’s or bank’s', async () => {
    const store = createMemorySessionStore();
    for (const [bank, id, user] of [
      ['0182', 'a1', 7],
      ['0182', 'a2', 7],
      ['0182', 'b1', 8],
      ['0158', 'c1', 7],
    ] as const) {
      await store.write(bank, id, id, 60);
      await store.track(bank, user, id, 60);
    }
    await store.removeAllOf('0182', 7);
    expect(await store.read('0182', 'a1')).toBeUndefined();
    expect(await store.read('0182', 'a2')).toBeUndefined();
    expect(await store.read('0182', 'b1')).toBe('b1');
    expect(await store.read('0158', 'c1')).toBe('c1');
    store.close();
  });

  it('ends a user’s other sessions and keeps the one named, still noted under the user', async () => {
    const store = createMemorySessionStore();
    for (const id of ['a1', 'a2', 'a3']) {
      await store.write('0182', id, id, 60);
      await store.track('0182', 7, id, 60);
    }
    await store.removeAllOf('0182', 7, 'a2');
    expect(await store.read('0182', 'a1')).toBeUndefined();
    expect(await store.read('0182', 'a2')).toBe('a2');
    expect(await store.read('0182', 'a3')).toBeUndefined();
    // Kept under the user: ending all of them later ends this one too.
    await store.removeAllOf('0182', 7);
    expect(await store.read('0182', 'a2')).toBeUndefined();
    store.close();
  });
});

describe('the Redis session store', () => {
  let redis: PrivateRedis;
  let client: Redis;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    client = connectRedis(redis.url, { warn: () => {} });
    await redisReady(client);
  });
  afterAll(async () => {
    client?.disconnect();
    await redis?.close();
  });

  it('keys sessions by prefix and bank code, and reads with one command that slides the expiry', async () => {
    const store = createRedisSessionStore(client, 'test:');
    await store.write('0182', 'id1', 'value', 1800);
    expect(await client.exists('test:0182:session:id1')).toBe(1);
    await client.expire('test:0182:session:id1', 10);
    const before = Number((await client.info('commandstats')).match(/cmdstat_getex:calls=(\d+)/)?.[1] ?? 0);
    expect(await store.read('0182', 'id1', 1800)).toBe('value');
    const after = Number((await client.info('commandstats')).match(/cmdstat_getex:calls=(\d+)/)?.[1] ?? 0);
    expect(after - before).toBe(1);
    expect(await client.ttl('test:0182:session:id1')).toBeGreaterThan(1000);
    expect(await store.read('0158', 'id1', 1800)).toBeUndefined();
  });

  it('ends every session noted under a user, and removes the list with them', async () => {
    const store = createRedisSessionStore(client, 'test:');
    for (const id of ['u1', 'u2']) {
      await store.write('0182', id, id, 1800);
      await store.track('0182', 7, id, 1800);
    }
    await store.write('0182', 'other', 'other', 1800);
    await store.track('0182', 8, 'other', 1800);
    expect(await client.ttl('test:0182:user-sessions:7')).toBeGreaterThan(1700);
    await store.removeAllOf('0182', 7);
    expect(
      await client.exists('test:0182:session:u1', 'test:0182:session:u2', 'test:0182:user-sessions:7'),
    ).toBe(0);
    expect(await store.read('0182', 'other')).toBe('other');
  });

  it('fails fast with SessionStoreUnavailableError while Redis is down, and works again after', async () => {
    const store = createRedisSessionStore(client, 'test:');
    await store.write('0182', 'kept', 'written before the outage', 1800);
    await redis.stop();
    const started = Date.now();
    await expect(store.read('0182', 'kept', 1800)).rejects.toBeInstanceOf(SessionStoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(1000);
    await redis.start();
    await redisReady(client, 10_000);
    expect(await store.read('0182', 'kept', 1800)).toBe('written before the outage');
  });
});
