import { normalizeIP, type RateLimitPluginOptions } from '@fastify/rate-limit';
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

/**
 * @fastify/rate-limit's options for one budget per bank and client address. `global: false`: the
 * plugin limits nothing by itself; a route opts in with `onRequest: app.rateLimit()` in the scope
 * that registered it, so the check runs before the body is read. `request.ip` is the socket's
 * address unless TRUST_PROXY names the proxy (then X-Forwarded-For's client); IPv6 addresses count
 * per /64, since one household or office usually holds a whole /64. If the store fails (Redis down),
 * the request goes through: the limit guards against floods, and an outage should not also
 * silence the public forms.
 */
export function bankRateLimitOptions(limit: BankRateLimit): RateLimitPluginOptions {
  const { redis, redisKeyPrefix } = limit.store;
  return {
    global: false,
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    keyGenerator: (request) =>
      bankScopedKey(request.tenant.code, 'rate-limit', limit.name, normalizeIP(request.ip)),
    errorResponseBuilder: () => tooManyRequests(limit.message),
    skipOnError: true,
    ...(redis ? { redis, nameSpace: redisKeyPrefix } : {}),
  };
}
