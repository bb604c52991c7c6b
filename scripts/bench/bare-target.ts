import Fastify from 'fastify';
import { z } from 'zod';
import { serveAsTarget } from './target-process.ts';

/**
 * The baseline: a bare Fastify app (default options, no plugins) whose one route answers fixed
 * bytes — the gateway's body with the gateway's headers (content type, security headers, ETag) —
 * what sending the very same response costs at the least.
 */
export const bareTargetInputSchema = z.object({
  path: z.string(),
  /** Base64 of the exact bytes to answer. */
  body: z.string(),
  headers: z.record(z.string(), z.string()),
});

serveAsTarget(async (input) => {
  const { path, body, headers } = bareTargetInputSchema.parse(input);
  const bytes = Buffer.from(body, 'base64');
  const app = Fastify({ logger: false });
  app.get(path, (_request, reply) => {
    reply.headers(headers).send(bytes);
  });
  return { app, ready: {} };
});
