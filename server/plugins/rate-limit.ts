import {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  normalizeIP,
  type RateLimitPluginOptions,
} from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';
import { tooManyRequests } from '../errors.ts';
import { bankScopedKey } from '../tenancy/bank-key.ts';

/** Where rate-limit counters live: Redis when the deployment has it (shared by replicas), else memory. */
export interface RateLimitStore {
  redis: Redis | undefined;
  /** REDIS_KEY_PREFIX: every key of this deployment starts with it. */
  redisKeyPrefix: string;
}

/** What a public form's routes are given: the budget per client address and bank, and where it counts. */
export interface PublicFormLimit {
  /** Requests one client address may make to one bank per window (a config *_RATE_LIMIT_MAX). */
  rateLimit: { max: number; timeWindowMs: number };
  rateLimitStore: RateLimitStore;
}

export interface BankRateLimit {
  /** Names the budget in its keys, e.g. `inquiry` → `{prefix}0182:rate-limit:inquiry:{address}`. */
  name: string;
  max: number;
  timeWindowMs: number;
  /** What a refused request is told (HTTP 429 in the envelope, with Retry-After). */
  message: string;
  store: RateLimitStore;
}

type Count = { current: number; ttl: number };

/**
 * Counts every request in this process and, when the deployment has Redis, in Redis too, and
 * answers the larger count. Redis's count is the replicas' together, so while Redis answers it
 * decides; when Redis cannot be reached (a refused or timed-out command: the client queues nothing,
 * server/redis.ts) the process's own count still holds the budget, tries made before the outage
 * included. A limit never fails open: guessing a password costs the same with Redis down.
 */
class SharedOrProcessCount implements FastifyRateLimitStore {
  readonly process: FastifyRateLimitStore;
  readonly shared: FastifyRateLimitStore | undefined;

  constructor(process: FastifyRateLimitStore, shared: FastifyRateLimitStore | undefined) {
    this.process = process;
    this.shared = shared;
  }

  incr(
    key: string,
    callback: (error: Error | null, result?: Count) => void,
    timeWindow: number,
    max: number,
  ): void {
    this.process.incr(
      key,
      (_processError, own) => {
        const local = own ?? { current: 0, ttl: timeWindow };
        if (!this.shared) return callback(null, local);
        this.shared.incr(
          key,
          (sharedError, everyone) => {
            if (sharedError || !everyone) return callback(null, local);
            callback(null, everyone.current >= local.current ? everyone : local);
          },
          timeWindow,
          max,
        );
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new SharedOrProcessCount(this.process.child(routeOptions), this.shared?.child(routeOptions));
  }
}

/** The store class @fastify/rate-limit builds (it calls `new store(options)`): see SharedOrProcessCount. */
function sharedOrProcessStore({ redis, redisKeyPrefix }: RateLimitStore): FastifyRateLimitStoreCtor {
  return class extends SharedOrProcessCount {
    // The plugin passes its whole merged settings, the flags below included.
    constructor(
      options: FastifyRateLimitOptions &
        Pick<RateLimitPluginOptions, 'continueExceeding' | 'exponentialBackoff'>,
    ) {
      const { continueExceeding, exponentialBackoff } = options;
      super(
        new LocalStore(continueExceeding, exponentialBackoff),
        redis ? new RedisStore(continueExceeding, exponentialBackoff, redis, redisKeyPrefix) : undefined,
      );
    }
  };
}

/**
 * @fastify/rate-limit's options for one budget per bank and client address. `global: false`: the
 * plugin limits nothing by itself; a route opts in with `onRequest: app.rateLimit()` in the scope
 * that registered it, so the check runs before the body is read. `request.ip` is the socket's
 * address unless TRUST_PROXY names the proxy (then X-Forwarded-For's client); IPv6 addresses count
 * per /64, since one household or office usually holds a whole /64. The counts are Redis's with
 * this process's as the floor (SharedOrProcessCount): with Redis down a form still answers, and
 * its budget still holds.
 */
export function bankRateLimitOptions(limit: BankRateLimit): RateLimitPluginOptions {
  return {
    global: false,
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    keyGenerator: (request) =>
      bankScopedKey(request.tenant.code, 'rate-limit', limit.name, normalizeIP(request.ip)),
    errorResponseBuilder: () => tooManyRequests(limit.message),
    store: sharedOrProcessStore(limit.store),
  };
}
