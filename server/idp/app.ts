import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyMiddie from '@fastify/middie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { healthRoutes } from '../health.ts';
import type { TenantRegistry } from '../tenancy/tenant.ts';
import { bankAssetRoutes } from './bank-asset-routes.ts';
import type { BankProvider } from './bank-provider.ts';
import { IdpError } from './idp-error.ts';
import { DEFAULT_LOGIN_RATE_LIMIT, interactionRoutes, type LoginRateLimit } from './interaction-routes.ts';
import { createProviderRegistry } from './provider-registry.ts';
import { IdpLogController } from './request-logging.ts';
import { idpKeysDir, loadCookieSecret } from './signing-keys.ts';
import { tokenRoutes } from './token-routes.ts';

export interface IdentityProviderOptions {
  config: ServerConfig;
  tenants: TenantRegistry;
  db: Database;
  /** Redis (REDIS_URL): grants, sessions, codes and login rate limits are kept there, per bank. */
  redis?: Redis;
  /** A pino logger; silent by default (tests). */
  logger?: FastifyBaseLogger;
  /** Login posts per client address and bank; default 20 per 5 minutes. */
  loginRateLimit?: LoginRateLimit;
  /** The secret the banks' cookie keys derive from; default: a random one kept under dataDir/idp-keys. */
  cookieSecret?: string;
}

/** `/bank0182/.well-known/…` (the URL below /oidc) → the bank and the provider's own path. */
const PROVIDER_URL = /^\/bank(\d{4})(\/[^?]*)?(\?.*)?$/;
/** Calls of the spec that live under a bank's provider prefix but are this server's own routes. */
const OWN_ROUTES_UNDER_PROVIDER = new Set(['/token/switch']);

/**
 * Builds the development identity provider: one OpenID Connect provider per bank at
 * /oidc/bank{code} (oidc-provider 9, mounted with @fastify/middie), the banks' login pages under
 * /interaction/bank{code}/ with their logos under /brand/bank{code}/, and the spec's extra token
 * calls. Providers are made on a bank's first request from the tenant registry, so a bank added
 * while the server runs works at once. It never listens: server/idp/main.ts (alone) or
 * server/main.ts (beside the gateway) does.
 */
export async function buildIdentityProvider(options: IdentityProviderOptions): Promise<FastifyInstance> {
  const { config, tenants, db, redis } = options;
  // Request log lines without query strings (use_idtoken and end_session carry tokens there).
  const logController = new IdpLogController();
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    logController,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const keysDir = idpKeysDir(config.dataDir);
  const providers = createProviderRegistry({
    config,
    tenants,
    db,
    redis,
    keysDir,
    cookieSecret: await loadCookieSecret(keysDir, options.cookieSecret),
    logger: app.log,
  });
  app.log.info(
    { store: redis ? 'redis' : 'memory' },
    redis
      ? 'identity provider keeps grants and sessions in Redis'
      : 'identity provider keeps grants and sessions in memory (development only: lost on restart, one process)',
  );

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof IdpError) {
      return reply.code(error.statusCode).send({ error: error.error, error_description: error.message });
    }
    const statusCode = (error as { statusCode?: number }).statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return reply
        .code(statusCode)
        .send({ error: 'invalid_request', error_description: 'リクエストの内容が正しくありません。' });
    }
    request.log.error({ err: error }, 'identity provider request failed');
    return reply.code(500).send({ error: 'server_error', error_description: 'エラーが発生しました。' });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ error: 'not_found', error_description: 'ページが見つかりません。' }),
  );

  // The same liveness and readiness as the gateway's: the provider reads users from the database and
  // keeps grants in Redis.
  await app.register(healthRoutes, { db, redis });

  // Each provider answers its bank's prefix; anything else below /oidc falls through to the routes.
  const handlers = new WeakMap<BankProvider, ReturnType<BankProvider['provider']['callback']>>();
  await app.register(fastifyMiddie);
  app.use('/oidc', (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => {
    const match = PROVIDER_URL.exec(req.url ?? '');
    const [, code, providerPath = '/', query = ''] = match ?? [];
    if (!code || OWN_ROUTES_UNDER_PROVIDER.has(providerPath)) return next();
    providers.providerFor(code).then((bank) => {
      if (!bank) return next();
      let handle = handlers.get(bank);
      if (!handle) {
        // Behind a trusted proxy the client's address comes from X-Forwarded-For. The URLs the
        // provider writes never follow the request's host: they come from the issuer (bank-provider.ts).
        if (config.trustProxy) bank.provider.proxy = true;
        handle = bank.provider.callback();
        handlers.set(bank, handle);
      }
      logController.tagProviderRequest(req, code);
      // oidc-provider works out its mount path from originalUrl (/oidc/bank0182/…) minus this url.
      req.url = `${providerPath}${query}`;
      return handle(req, res);
    }, next);
  });

  await app.register(interactionRoutes, {
    providers,
    tenants,
    db,
    loginRateLimit: options.loginRateLimit ?? DEFAULT_LOGIN_RATE_LIMIT,
    redis,
    redisKeyPrefix: config.redisKeyPrefix,
  });
  await app.register(bankAssetRoutes, { tenants });
  await app.register(tokenRoutes, { providers, db });
  return app;
}
