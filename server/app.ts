import { randomUUID } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { badgeRoutes } from './api/badges/routes.ts';
import { type BadgeCounterDefinition, createBadgeRegistry } from './api/badges/registry.ts';
import { companyRegisterRoutes } from './api/companyregister/routes.ts';
import { closedInquiryBadge } from './api/inquiry/badges.ts';
import { unreadNewsBadge } from './api/news/badges.ts';
import { newsDomainRoutes } from './api/news/routes.ts';
import { createFileStorage } from './storage/create-file-storage.ts';
import type { FileStorage } from './storage/file-storage.ts';
import { createLoggedInUserLoader } from './api/user/current-user.ts';
import { menuRoutes } from './api/menu/routes.ts';
import { supportDeskRoutes } from './api/support-desk/routes.ts';
import { loginCallbackRoutes, userRoutes } from './api/user/routes.ts';
import { apiGuardPlugin, authPlugin } from './auth/auth-plugin.ts';
import { loginRoutes } from './auth/login-routes.ts';
import { inquiryRoutes } from './api/inquiry/routes.ts';
import { masterRoutes } from './api/master/routes.ts';
import { systemRoutes } from './api/system/routes.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { notFound } from './errors.ts';
import './fastify-types.ts';
import { healthRoutes } from './health.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { zodValidatorCompiler } from './plugins/request-validation.ts';
import { tenancyPlugin } from './plugins/tenancy.ts';
import type { TenantRegistry } from './tenancy/tenant.ts';
import { type ClientAssets, readClientAssets } from './web/client-assets.ts';
import { assetRoutes, pageRoutes } from './web/routes.ts';
import { computeSecurityHeaders, securityHeaderOptions } from './web/security-headers.ts';

export interface AppOptions {
  config: ServerConfig;
  tenants: TenantRegistry;
  db: Database;
  /** Redis when config.redisUrl is set (server/redis.ts); without it rate limits count in memory. */
  redis?: Redis;
  buildVersion: string;
  /** The built client's entry; by default read once from config.clientDistDir. */
  clientAssets?: () => ClientAssets;
  /** A pino logger; by default a silent one (tests). */
  logger?: FastifyBaseLogger;
  /** Where uploaded files live; by default the one config.storage names (server/storage/). */
  storage?: FileStorage;
}

/** The badge counters of the domains that have landed (GET /api/v1/badges). */
const BADGE_COUNTERS: readonly BadgeCounterDefinition[] = [closedInquiryBadge, unreadNewsBadge];

export const API_DOCS_PATH = '/api/docs';

/**
 * Builds the gateway: tenancy, security headers, the JSON API under /api/v1, the bank's branded
 * pages and assets. It never listens (server/main.ts does) and reads no environment: everything
 * comes in through `options`, so tests build it with their own database and tenants.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, tenants, db } = options;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('tenants', tenants);
  app.decorate('db', db);
  app.decorate('loggedInUsers', createLoggedInUserLoader(db));

  await app.register(errorHandlerPlugin);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: '金融機関ビジネスポータル API',
        description:
          'ホスト名で金融機関を判別するマルチテナントAPI。応答は { status, result, message, errors } の形です。',
        version: options.buildVersion,
      },
    },
    transform: jsonSchemaTransform,
  });

  // Security headers: helmet on every scope below except the branded pages, which send helmet's
  // output computed once per bank revision (server/web/routes.ts).
  const helmetOptions = { global: true, ...securityHeaderOptions(config.env) };
  const fallbackHeaders = computeSecurityHeaders(securityHeaderOptions(config.env));
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).headers(fallbackHeaders).send({ status: 'error', message: notFound().message }),
  );

  await app.register(async (platformScope) => {
    await platformScope.register(fastifyHelmet, helmetOptions);
    await platformScope.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: true });
    // Liveness and readiness for health checks and load balancers: any Host, no bank.
    await platformScope.register(healthRoutes, { db, redis: options.redis });
  });

  const deployment = { env: config.env, buildVersion: options.buildVersion, sentryDsn: config.sentryDsn };
  const rateLimitStore = { redis: options.redis, redisKeyPrefix: config.redisKeyPrefix };
  const clientAssets = options.clientAssets ?? memoize(() => readClientAssets(config.clientDistDir));

  // Everything below answers per bank: the tenancy plugin sets request.tenant or ends with a 404.
  await app.register(async (bankScope) => {
    await bankScope.register(tenancyPlugin, { unknownHostHeaders: fallbackHeaders });
    await bankScope.register(authPlugin, { redis: options.redis });
    await bankScope.register(async (apiAndAssets) => {
      // Helmet's headers, computed once: running helmet per call rebuilds and re-parses its policy
      // (a few percent of an authenticated call's time). Same options, same headers.
      apiAndAssets.addHook('onRequest', async (_request, reply) => {
        reply.headers(fallbackHeaders);
      });
      // The JSON API: same-origin checks, authentication and each route's access rule (route config).
      await apiAndAssets.register(async (api) => {
        await apiGuardPlugin(api);
        await api.register(systemRoutes, { deployment, publicApiUrl: config.publicApiUrl });
        await api.register(masterRoutes, { prefix: '/api/v1/master' });
        await api.register(companyRegisterRoutes, { prefix: '/api/v1/companyregister' });
        await api.register(inquiryRoutes, {
          prefix: '/api/v1/inquiry',
          rateLimit: config.inquiryRateLimit,
          rateLimitStore,
        });
        await api.register(userRoutes, { prefix: '/api/v1/user' });
        await api.register(loginCallbackRoutes, { prefix: '/api/v1/login/callback' });
        await api.register(menuRoutes, { prefix: '/api/v1/menu' });
        await api.register(badgeRoutes, {
          prefix: '/api/v1/badges',
          badges: createBadgeRegistry(BADGE_COUNTERS),
        });
        await api.register(newsDomainRoutes, { storage: options.storage ?? createFileStorage(config) });
        await api.register(supportDeskRoutes, {
          prefix: '/api/v1/support_desk',
          signingSecret: config.supportDeskSigningSecret,
        });
        api.all('/api/*', { schema: { hide: true } }, async () => {
          throw notFound();
        });
      });
      // /login, /callback and /logout: the login at the bank's own identity provider.
      await apiAndAssets.register(loginRoutes, {
        rateLimit: config.loginRateLimit,
        // In memory, per process, on purpose: an anonymous visitor to /login must add no key to Redis.
        rateLimitStore: { redis: undefined, redisKeyPrefix: config.redisKeyPrefix },
      });
      await apiAndAssets.register(assetRoutes, { clientDistDir: config.clientDistDir });
    });
    await bankScope.register(pageRoutes, { clientDistDir: config.clientDistDir, clientAssets, deployment });
  });

  return app;
}

function memoize<T>(read: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= read());
}
