import { randomUUID } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { AccessLogController } from './access-log.ts';
import { requestLoggerFactory } from './request-logger.ts';
import { badgeRoutes } from './api/badges/routes.ts';
import { type BadgeCounterDefinition, createBadgeRegistry } from './api/badges/badge-registry.ts';
import { companyRegisterRoutes } from './api/companyregister/routes.ts';
import type { DomainServices } from './api/kit/server-domain.ts';
import { SERVER_DOMAINS } from './domains.ts';
import { collectCompanyFigures } from './api/kit/company-figures.ts';
import type { PaymentGateway } from './payment/gateway.ts';
import { createHttpPaymentGateway, unconfiguredPaymentGateway } from './payment/http-gateway.ts';
import { createFileStorage } from './storage/create-file-storage.ts';
import type { FileStorage } from './storage/file-storage.ts';
import { createLoggedInUserLoader } from './api/user/logged-in-user-loader.ts';
import { menuRoutes } from './api/menu/routes.ts';
import { supportDeskRoutes } from './api/support-desk/routes.ts';
import { loginCallbackRoutes, userRoutes } from './api/user/routes.ts';
import { apiGuardPlugin, authPlugin } from './auth/auth-plugin.ts';
import { loginRoutes } from './auth/login-routes.ts';
import { masterRoutes } from './api/master/routes.ts';
import { systemRoutes } from './api/system/routes.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { AppError, MESSAGES, notFound } from './errors.ts';
import './fastify-types.ts';
import { healthRoutes } from './health.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { clientErrorHandler, frameworkErrorHandler } from './plugins/framework-errors.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { requestContextPlugin } from './plugins/request-context.ts';
import { bankRateLimitOptions } from './plugins/rate-limit.ts';
import { createRouteIndex, type RouteIndex } from './plugins/route-index.ts';
import { zodValidatorCompiler } from './plugins/request-validation.ts';
import { tenancyPlugin } from './plugins/tenancy.ts';
import { ambiguousHostReason } from './tenancy/host.ts';
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
  /** The payment gateway cards are tokenised by; by default the HTTP client of config.paymentGateway.url. */
  paymentGateway?: PaymentGateway;
}

/** Every domain's badge counters (GET /api/v1/badges). */
const BADGE_COUNTERS: readonly BadgeCounterDefinition[] = SERVER_DOMAINS.flatMap(
  (domain) => domain.badges ?? [],
);

/** The company list's figures the domains own (server/api/companies/company-figures.ts). */
const COMPANY_FIGURES = collectCompanyFigures(SERVER_DOMAINS.map((domain) => domain.companyFigures ?? {}));

export const API_DOCS_PATH = '/api/docs';

const MAX_PARAM_LENGTH = 200;

export const ANONYMOUS_API_RATE_LIMITED_MESSAGE =
  'アクセスが集中しています。しばらく時間をおいて再度お試しください';

/**
 * A request no route answers: 405 with Allow when a route names its path with other methods, else
 * 404. Its body is never read (this runs as an onRequest hook or as the not-found handler).
 */
function refuseUnrouted(routes: RouteIndex, request: FastifyRequest, reply: FastifyReply): never {
  const allowed = routes.allowedMethods(request.url.split('?', 1)[0] ?? '/');
  // A route of this very method sent it here (reply.callNotFound): the path has nothing for it.
  if (allowed.length === 0 || allowed.includes(request.method as (typeof allowed)[number])) throw notFound();
  reply.header('allow', allowed.join(', '));
  throw new AppError('method_not_allowed', 405, MESSAGES.methodNotAllowed);
}

/**
 * Builds the gateway: tenancy, security headers, the JSON API under /api/v1, the bank's branded
 * pages and assets. It never listens (server/main.ts does) and reads no environment: everything
 * comes in through `options`, so tests build it with their own database and tenants.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, tenants, db } = options;
  const fallbackHeaders = computeSecurityHeaders(securityHeaderOptions(config.env));
  const app = Fastify({
    // A request's logger makes no pino child until it writes more than a line (server/request-logger.ts).
    ...(options.logger
      ? { loggerInstance: options.logger, childLoggerFactory: requestLoggerFactory }
      : { logger: false }),
    // One access line per request instead of Fastify's two (server/access-log.ts).
    logController: new AccessLogController(config.accessLog),
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: (error, request, reply) =>
      frameworkErrorHandler(error, request, reply.headers(fallbackHeaders)),
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  const routes = createRouteIndex({ maxParamLength: MAX_PARAM_LENGTH });
  app.addHook('onRoute', (route) => routes.add(route));
  app.decorate('routeIndex', routes);
  // Callback style, as the tenancy hook: a hook that never waits costs no promise and no microtask.
  app.addHook('onRequest', (request, _reply, done) => {
    const reason = ambiguousHostReason(request.raw.rawHeaders, request.raw.url, request.headers.host);
    done(reason === undefined ? undefined : new AppError(reason, 400, MESSAGES.badRequest));
  });

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('tenants', tenants);
  app.decorate('db', db);
  app.decorate('loggedInUsers', createLoggedInUserLoader(db));

  await app.register(errorHandlerPlugin);
  await app.register(jsonBodyPlugin);
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
  app.setNotFoundHandler(async (request, reply) =>
    refuseUnrouted(routes, request, reply.headers(fallbackHeaders)),
  );

  await app.register(async (platformScope) => {
    await platformScope.register(fastifyHelmet, helmetOptions);
    // The document lists every call and its fields: a map for an attacker too, so production
    // serves it only when the deployment asks for it (API_DOCS).
    if (config.apiDocs) {
      await platformScope.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: true });
    }
    // Liveness and readiness for health checks and load balancers: any Host, no bank.
    await platformScope.register(healthRoutes, { db, redis: options.redis });
  });

  const deployment = {
    env: config.env,
    buildVersion: options.buildVersion,
    sentryDsn: config.sentryDsn,
    analyticsTags: config.analyticsTags,
  };
  const rateLimitStore = { redis: options.redis, redisKeyPrefix: config.redisKeyPrefix };
  const clientAssets = options.clientAssets ?? memoize(() => readClientAssets(config.clientDistDir));

  // Everything below answers per bank: the tenancy plugin sets request.tenant or ends with a 404.
  await app.register(async (bankScope) => {
    await bankScope.register(tenancyPlugin, { unknownHostHeaders: fallbackHeaders });
    await bankScope.register(authPlugin, { redis: options.redis });
    await bankScope.register(requestContextPlugin);
    await bankScope.register(async (apiAndAssets) => {
      // Helmet's headers, computed once: running helmet per call rebuilds and re-parses its policy
      // (a few percent of an authenticated call's time). Same options, same headers.
      apiAndAssets.addHook('onRequest', async (_request, reply) => {
        reply.headers(fallbackHeaders);
      });
      // The JSON API: same-origin checks, authentication and each route's access rule (route config).
      // An unknown /api path answers 404 (or 405) before the guard, the session or the body is read.
      await apiAndAssets.register(async (unknownApi) => {
        unknownApi.all('/api/*', {
          schema: { hide: true },
          onRequest: async (request, reply) => refuseUnrouted(routes, request, reply),
          handler: async () => {
            throw notFound();
          },
        });
      });
      // Anonymous calls: a budget per client address and bank, in this process's memory (a visitor
      // adds no Redis key). Its own scope, so the routes' own limits keep their own decorator.
      let limitAnonymous: ReturnType<FastifyInstance['rateLimit']> | undefined;
      await apiAndAssets.register(async (limiterScope) => {
        await limiterScope.register(fastifyRateLimit, {
          ...bankRateLimitOptions({
            name: 'anonymous-api',
            ...config.anonymousApiRateLimit,
            message: ANONYMOUS_API_RATE_LIMITED_MESSAGE,
            store: { redis: undefined, redisKeyPrefix: config.redisKeyPrefix },
          }),
          // Every public call would carry the budget's headers; a refusal still says Retry-After.
          addHeadersOnExceeding: {
            'x-ratelimit-limit': false,
            'x-ratelimit-remaining': false,
            'x-ratelimit-reset': false,
          },
        });
        limitAnonymous = limiterScope.rateLimit();
      });
      await apiAndAssets.register(async (api) => {
        await apiGuardPlugin(api, { limitAnonymous });
        await api.register(systemRoutes, { deployment, publicApiUrl: config.publicApiUrl });
        await api.register(masterRoutes, { prefix: '/api/v1/master' });
        await api.register(companyRegisterRoutes, { prefix: '/api/v1/companyregister' });
        await api.register(userRoutes, { prefix: '/api/v1/user' });
        await api.register(loginCallbackRoutes, { prefix: '/api/v1/login/callback' });
        await api.register(menuRoutes, { prefix: '/api/v1/menu' });
        await api.register(badgeRoutes, {
          prefix: '/api/v1/badges',
          badges: createBadgeRegistry(BADGE_COUNTERS),
        });
        const services: DomainServices = {
          config,
          storage: options.storage ?? createFileStorage(config),
          rateLimitStore,
          paymentGateway:
            options.paymentGateway ??
            (config.paymentGateway.url
              ? createHttpPaymentGateway(config.paymentGateway.url)
              : unconfiguredPaymentGateway),
          companyFigures: COMPANY_FIGURES,
        };
        for (const domain of SERVER_DOMAINS) {
          // Each domain in a scope of its own: its hooks and decorations stay with its routes.
          if (domain.routes) await api.register(async (scope) => domain.routes?.(scope, services));
        }
        await api.register(supportDeskRoutes, {
          prefix: '/api/v1/support_desk',
          signingSecret: config.supportDeskSigningSecret,
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
