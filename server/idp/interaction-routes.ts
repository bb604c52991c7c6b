import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { bankScopedKey } from '../tenancy/bank-key.ts';
import type { Tenant, TenantRegistry } from '../tenancy/tenant.ts';
import { bankAssetPath } from './bank-asset-routes.ts';
import { type BankProvider, interactionPath } from './bank-provider.ts';
import { checkLogin } from './provider-accounts.ts';
import { LOGIN_MESSAGES, renderLoginPage, renderMessagePage } from './provider-pages.ts';
import type { ProviderRegistry } from './provider-registry.ts';

export interface LoginRateLimit {
  /** Login posts one client address may send to one bank per window. */
  max: number;
  timeWindowMs: number;
}
/** 20 login posts per client address and bank in 5 minutes (enough for typos, not for guessing). */
export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = { max: 20, timeWindowMs: 5 * 60 * 1000 };

export interface InteractionRoutesOptions {
  providers: ProviderRegistry;
  tenants: TenantRegistry;
  db: Database;
  loginRateLimit: LoginRateLimit;
  /** Where the login rate-limit counters live (shared by replicas); memory without it. */
  redis: Redis | undefined;
  redisKeyPrefix: string;
}

const params = z.object({ code: z.string().regex(/^\d{4}$/), uid: z.string().min(1).max(100) });
const loginForm = z.object({
  login_id: z.string().max(64).default(''),
  password: z.string().max(256).default(''),
});

/**
 * Pages must not be cached, framed or leak the interaction URL (it holds the interaction id). They
 * load the bank's logo and favicon from the provider itself, nothing else.
 */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

function sendPage(reply: FastifyReply, statusCode: number, html: string) {
  return reply.code(statusCode).headers(PAGE_HEADERS).send(html);
}

const expiredPage = () => renderMessagePage('ログイン', LOGIN_MESSAGES.expired);

/**
 * The portal the browser came from: the origin of the interaction's redirect_uri, and only when that
 * is one of the client's registered redirect URIs (oidc-provider checked it before the interaction
 * began; checked again here so that the page's links can never lead anywhere else).
 */
function portalOrigin(bank: BankProvider, redirectUri: unknown): string | undefined {
  if (typeof redirectUri !== 'string' || !bank.redirectUris.includes(redirectUri)) return undefined;
  return new URL(redirectUri).origin;
}

/** The bank's login page, in its logo and colours; `form` is what a refused post shows again. */
function loginPage(
  interaction: { tenant: Tenant; portalOrigin: string | undefined },
  uid: string,
  form: { loginId?: string; message?: string } = {},
): string {
  const { tenant } = interaction;
  return renderLoginPage({
    bankName: tenant.config.bank_name,
    theme: tenant.theme,
    logoUrl: bankAssetPath(tenant, tenant.config.logo),
    faviconUrl: bankAssetPath(tenant, tenant.config.favicon),
    action: interactionPath(tenant.code, uid),
    portalOrigin: interaction.portalOrigin,
    ...form,
  });
}

/**
 * The login page of each bank's provider, at /interaction/bank{code}/{uid} (outside the provider's
 * prefix, where oidc-provider's interaction cookie is scoped). GET shows the form; POST checks the
 * login id and password against the portal's users and hands the result back to the provider. Consent
 * is never asked (the provider grants the portal's client what it asks for).
 */
export const interactionRoutes: FastifyPluginAsyncZod<InteractionRoutesOptions> = async (app, options) => {
  const { providers, tenants, db } = options;

  await app.register(fastifyRateLimit, {
    global: false,
    max: options.loginRateLimit.max,
    timeWindow: options.loginRateLimit.timeWindowMs,
    keyGenerator: (request) =>
      bankScopedKey(
        (request.params as { code?: string }).code ?? 'none',
        'rate-limit',
        'idp-login',
        normalizeIP(request.ip),
      ),
    errorResponseBuilder: () =>
      Object.assign(new Error('login rate limit'), { statusCode: 429, rateLimited: true }),
    skipOnError: true,
    ...(options.redis ? { redis: options.redis, nameSpace: options.redisKeyPrefix } : {}),
  });

  app.setErrorHandler((error, request, reply) => {
    if ((error as { rateLimited?: boolean }).rateLimited) {
      const code = (request.params as { code?: string }).code ?? '';
      const bankName = tenants.get(code)?.config.bank_name ?? 'ログイン';
      return sendPage(reply, 429, renderMessagePage(`ログイン | ${bankName}`, LOGIN_MESSAGES.rateLimited));
    }
    // SessionNotFound and friends: the interaction cookie is gone or the interaction expired.
    if ((error as { statusCode?: number }).statusCode === 400) return sendPage(reply, 400, expiredPage());
    request.log.error({ err: error }, 'login page failed');
    return sendPage(reply, 500, renderMessagePage('ログイン', 'エラーが発生しました。'));
  });

  async function loginInteraction(request: FastifyRequest, reply: FastifyReply, code: string, uid: string) {
    const bank = await providers.providerFor(code);
    const tenant = tenants.get(code);
    if (!bank || !tenant) return undefined;
    const details = await bank.provider.interactionDetails(request.raw, reply.raw);
    if (details.uid !== uid || details.prompt.name !== 'login') return undefined;
    return { bank, tenant, portalOrigin: portalOrigin(bank, details.params.redirect_uri) };
  }

  app.get('/interaction/bank:code/:uid', { schema: { params } }, async (request, reply) => {
    const { code, uid } = request.params;
    const interaction = await loginInteraction(request, reply, code, uid);
    if (!interaction) return sendPage(reply, 400, expiredPage());
    return sendPage(reply, 200, loginPage(interaction, uid));
  });

  app.post(
    '/interaction/bank:code/:uid',
    { schema: { params, body: loginForm }, onRequest: app.rateLimit() },
    async (request, reply) => {
      const { code, uid } = request.params;
      const interaction = await loginInteraction(request, reply, code, uid);
      if (!interaction) return sendPage(reply, 400, expiredPage());
      const { bank, tenant } = interaction;
      const log = request.log.child({ bank: code });
      const { login_id: loginId, password } = request.body;
      const page = (statusCode: number, message: string) =>
        sendPage(reply, statusCode, loginPage(interaction, uid, { loginId, message }));
      if (!loginId || !password) return page(400, LOGIN_MESSAGES.required);

      const outcome = await checkLogin(
        db,
        code,
        { loginId, password },
        { accountLock: tenant.config.features.enable_account_lock },
      );
      if (outcome.kind !== 'accepted') {
        // Neither the login id nor anything typed is logged.
        log.info({ outcome: outcome.kind }, 'login refused');
        return page(401, outcome.kind === 'locked' ? LOGIN_MESSAGES.locked : LOGIN_MESSAGES.refused);
      }
      log.info({ user: outcome.sub }, 'login accepted');
      const returnTo = await bank.provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: outcome.sub, remember: false } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    },
  );
};
