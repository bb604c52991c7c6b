import Fastify from 'fastify';
import { z } from 'zod';
import { connectRedis, redisReady } from '#server/redis.ts';
import { serveAsTarget } from './target-process.ts';

/**
 * The baseline: a bare Fastify app (default options, no plugins) whose one route answers the
 * gateway's body with the gateway's headers (content type, security headers, ETag) — what sending
 * the very same response costs at the least. `as: 'bytes'` sends the fixed bytes (a page);
 * `as: 'json'` returns the body's value for Fastify to serialise, as a bare JSON route does (DESIGN.md
 * section 7 measures a logged-in API call against "a bare Fastify JSON route"). With `redisRead`, a
 * JSON route first reads a key as the gateway reads a session (one GETEX sliding its expiry, by the
 * gateway's Redis client): the floor of an authenticated read, whatever the gateway does around it.
 */
export const bareTargetInputSchema = z.object({
  path: z.string(),
  /** Base64 of the exact bytes to answer. */
  body: z.string(),
  headers: z.record(z.string(), z.string()),
  as: z.enum(['bytes', 'json']).default('bytes'),
  redisRead: z.optional(z.object({ url: z.string(), key: z.string(), idleSeconds: z.int().positive() })),
});

serveAsTarget(async (input) => {
  const { path, body, headers, as, redisRead } = bareTargetInputSchema.parse(input);
  const bytes = Buffer.from(body, 'base64');
  const app = Fastify({ logger: false });
  if (as === 'json') {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    const { etag: _etag, ...jsonHeaders } = headers;
    if (redisRead) {
      const redis = connectRedis(redisRead.url, { warn: () => {} });
      await redisReady(redis);
      app.addHook('onClose', async () => {
        redis.disconnect();
      });
      app.get(path, async (_request, reply) => {
        if ((await redis.getex(redisRead.key, 'EX', redisRead.idleSeconds)) === null)
          throw new Error('the session key is gone');
        reply.headers(jsonHeaders);
        return value;
      });
    } else {
      app.get(path, async (_request, reply) => {
        reply.headers(jsonHeaders);
        return value;
      });
    }
  } else {
    app.get(path, (_request, reply) => {
      reply.headers(headers).send(bytes);
    });
  }
  return { app, ready: {} };
});
