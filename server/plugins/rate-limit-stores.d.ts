/**
 * @fastify/rate-limit's own stores, which its package ships without declarations of their own
 * (node_modules/@fastify/rate-limit/store). Their shape is the plugin's store interface.
 */
declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';

  const LocalStore: new (
    continueExceeding: boolean | undefined,
    exponentialBackoff: boolean | undefined,
    cache?: number,
  ) => FastifyRateLimitStore;
  export default LocalStore;
}

declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';

  const RedisStore: new (
    continueExceeding: boolean | undefined,
    exponentialBackoff: boolean | undefined,
    redis: Redis,
    key?: string,
  ) => FastifyRateLimitStore;
  export default RedisStore;
}
