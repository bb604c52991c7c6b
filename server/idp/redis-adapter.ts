import type { Redis } from 'ioredis';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import { bankScopedKey } from '../tenancy/bank-key.ts';

/** Models whose records belong to a grant: revoking the grant deletes them (revokeByGrantId). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);
/** Models that can be consumed: kept as a hash so `consume` can add its field without a read. */
const CONSUMABLE = new Set([
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/**
 * oidc-provider's storage for one bank in Redis, after the library's example Redis adapter
 * (https://github.com/panva/node-oidc-provider/blob/main/example/adapters/redis.js): every record is
 * JSON under `{REDIS_KEY_PREFIX}{code}:idp:{Model}:{id}` with the TTL the provider gives, a grant
 * lists the keys of its tokens under `…:idp:grant:{grantId}`, and sessions and user codes have
 * lookup keys (`…:idp:uid:{uid}`, `…:idp:userCode:{code}`).
 */
export function redisAdapterFactory(redis: Redis, keyPrefix: string, bankCode: string): AdapterFactory {
  const keyOf = (...parts: string[]) => `${keyPrefix}${bankScopedKey(bankCode, 'idp', ...parts)}`;
  return (model) => new RedisAdapter(redis, model, keyOf);
}

class RedisAdapter implements Adapter {
  private readonly redis: Redis;
  private readonly model: string;
  private readonly keyOf: (...parts: string[]) => string;

  constructor(redis: Redis, model: string, keyOf: (...parts: string[]) => string) {
    this.redis = redis;
    this.model = model;
    this.keyOf = keyOf;
  }

  private key(id: string): string {
    return this.keyOf(this.model, id);
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void> {
    const key = this.key(id);
    const multi = this.redis.multi();
    if (CONSUMABLE.has(this.model)) {
      multi.del(key);
      multi.hset(key, { payload: JSON.stringify(payload) });
    } else {
      multi.set(key, JSON.stringify(payload));
    }
    if (expiresIn) multi.expire(key, expiresIn);

    if (GRANTABLE.has(this.model) && payload.grantId) {
      const grantKey = this.keyOf('grant', payload.grantId);
      multi.rpush(grantKey, key);
      // The grant's list lives as long as its longest-lived token.
      const ttl = await this.redis.ttl(grantKey);
      if (expiresIn && expiresIn > ttl) multi.expire(grantKey, expiresIn);
    }
    if (payload.userCode) {
      const userCodeKey = this.keyOf('userCode', payload.userCode);
      multi.set(userCodeKey, id);
      if (expiresIn) multi.expire(userCodeKey, expiresIn);
    }
    if (payload.uid) {
      const uidKey = this.keyOf('uid', payload.uid);
      multi.set(uidKey, id);
      if (expiresIn) multi.expire(uidKey, expiresIn);
    }
    await execOrThrow(multi);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const key = this.key(id);
    if (CONSUMABLE.has(this.model)) {
      const { payload, ...rest } = await this.redis.hgetall(key);
      if (!payload) return undefined;
      const consumed = rest.consumed === undefined ? {} : { consumed: Number(rest.consumed) };
      return { ...(JSON.parse(payload) as AdapterPayload), ...consumed };
    }
    const stored = await this.redis.get(key);
    return stored === null ? undefined : (JSON.parse(stored) as AdapterPayload);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const id = await this.redis.get(this.keyOf('uid', uid));
    return id === null ? undefined : this.find(id);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const id = await this.redis.get(this.keyOf('userCode', userCode));
    return id === null ? undefined : this.find(id);
  }

  async consume(id: string): Promise<void> {
    await this.redis.hset(this.key(id), 'consumed', Math.floor(Date.now() / 1000));
  }

  async destroy(id: string): Promise<void> {
    await this.redis.del(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    const grantKey = this.keyOf('grant', grantId);
    const tokenKeys = await this.redis.lrange(grantKey, 0, -1);
    await this.redis.del(...tokenKeys, grantKey);
  }
}

async function execOrThrow(multi: ReturnType<Redis['multi']>): Promise<void> {
  const results = await multi.exec();
  const failed = results?.find(([error]) => error !== null);
  if (failed) throw failed[0];
}
