import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { isBankUser } from '../contracts/accounts.ts';
import { safeRedirectPath } from '../contracts/safe-redirect.ts';
import {
  CALLBACK_PATH,
  LOGIN_PATH,
  LOGIN_REDIRECT_PARAM,
  LOGOUT_PATH,
  LOGOUT_TO_PARAM,
  SWITCH_BACK_PARAM,
} from '../contracts/identity.ts';
import { bankRateLimitOptions, type RateLimitStore } from '../plugins/rate-limit.ts';
import { sessionTokensOf } from './auth-plugin.ts';
import { AUTH_PAGES, type AuthPage, renderAuthPage } from './auth-pages.ts';
import { LOGIN_TRANSACTION_MAX_AGE_SECONDS } from './login-transaction.ts';
import { SessionStoreUnavailableError } from './session-store.ts';
import { findPortalUser } from './portal-user.ts';
import { InvalidIdTokenError, ProviderUnavailableError } from './relying-party.ts';
import { absoluteLifetimeSeconds, type LoadedSession, type SessionUser } from './sessions.ts';
import { endImpersonation } from './impersonation.ts';

/** Where a user lands after login when no (acceptable) `r` was given. */
export function defaultLandingPath(user: Pick<SessionUser, 'userType'>): string {
  return isBankUser(user.userType) ? '/admin/dashboard' : '/mypage/dashboard';
}

export interface LoginRoutesOptions {
  /** Requests one client address may make to /login and /callback of one bank per minute. */
  rateLimit: { max: number; timeWindowMs: number };
  rateLimitStore: RateLimitStore;
}

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * The login at the gateway (backend for frontend): /login starts the authorization code flow at the
 * bank's own provider, /callback finishes it and starts the session, /logout ends it here and at
 * the provider. The browser never sees a token.
 */
export const loginRoutes: FastifyPluginAsyncZod<LoginRoutesOptions> = async (app, options) => {
  const secure = app.config.env === 'production';
  const transactionCookie = secure ? '__Host-portal_login' : 'portal_login';
  const transactionCookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };

  await app.register(
    fastifyRateLimit,
    bankRateLimitOptions({
      name: 'login',
      ...options.rateLimit,
      message: AUTH_PAGES.tooManyRequests.message,
      store: options.rateLimitStore,
    }),
  );

  const page = (request: FastifyRequest, reply: FastifyReply, status: number, content: AuthPage) => {
    if (status === 503) reply.header('retry-after', '30');
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderAuthPage(request.tenant.config.bank_name, content));
  };

  // The rate limit answers 429 as a page, not the API's envelope.
  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 429) return page(request, reply, 429, AUTH_PAGES.tooManyRequests);
    if (error instanceof SessionStoreUnavailableError) {
      request.log.warn({ err: error.cause }, 'session store unavailable at login');
      return page(request, reply, 503, AUTH_PAGES.sessionStoreUnavailable);
    }
    request.log.error({ err: error }, 'login route failed');
    return page(request, reply, 500, AUTH_PAGES.loginFailed);
  });

  const loadSession = async (request: FastifyRequest) => app.sessions.load(request, true);

  app.get(
    LOGIN_PATH,
    {
      schema: {
        hide: true,
        querystring: z.object({
          [LOGIN_REDIRECT_PARAM]: z.string().max(2048).optional(),
          [SWITCH_BACK_PARAM]: z.string().max(8).optional(),
          [LOGOUT_TO_PARAM]: z.string().max(16).optional(),
        }),
      },
      onRequest: app.rateLimit(),
    },
    async (request, reply) => {
      const wanted = safeRedirectPath(request.query[LOGIN_REDIRECT_PARAM], originOf(request));
      const session = await loadSession(request);
      if (session && request.query[SWITCH_BACK_PARAM] !== undefined && session.data.switchedFrom) {
        const restored = await endImpersonation(app, request, reply, session);
        return reply.redirect(defaultLandingPath(restored.data.user));
      }
      if (session) return reply.redirect(wanted ?? defaultLandingPath(session.data.user));

      let client;
      try {
        client = await app.relyingParties.forTenant(request.tenant);
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        request.log.warn({ err: error.cause }, 'identity provider unavailable');
        return page(request, reply, 503, AUTH_PAGES.providerUnavailable);
      }
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const authorizationUrl = oidc.buildAuthorizationUrl(client.configuration, {
        redirect_uri: `${originOf(request)}${CALLBACK_PATH}`,
        scope: 'openid',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      const sealed = await app.loginTransactions.seal({
        state,
        nonce,
        codeVerifier,
        redirectTo: wanted ?? '',
        bankCode: request.tenant.code,
      });
      reply.setCookie(transactionCookie, sealed, {
        ...transactionCookieOptions,
        maxAge: LOGIN_TRANSACTION_MAX_AGE_SECONDS,
      });
      return reply.header('cache-control', 'no-store').redirect(authorizationUrl.href);
    },
  );

  app.get(
    CALLBACK_PATH,
    {
      schema: {
        hide: true,
        querystring: z.object({
          code: z.string().max(2048).optional(),
          state: z.string().max(512).optional(),
          iss: z.string().max(2048).optional(),
          error: z.string().max(256).optional(),
          error_description: z.string().max(2048).optional(),
          session_state: z.string().max(512).optional(),
        }),
      },
      onRequest: app.rateLimit(),
    },
    async (request, reply) => {
      const transaction = await app.loginTransactions.open(request.cookies[transactionCookie]);
      reply.clearCookie(transactionCookie, transactionCookieOptions);
      if (!transaction || transaction.bankCode !== request.tenant.code) {
        return page(request, reply, 400, AUTH_PAGES.loginExpired);
      }
      let client;
      try {
        client = await app.relyingParties.forTenant(request.tenant);
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        return page(request, reply, 503, AUTH_PAGES.providerUnavailable);
      }
      // Mix-up defence (RFC 9207): with 14 providers, a response must come from this bank's issuer.
      if (request.query.iss !== client.issuer) {
        request.log.warn({ iss: request.query.iss }, 'authorization response from another issuer refused');
        return page(request, reply, 400, AUTH_PAGES.loginFailed);
      }
      if (request.query.error !== undefined) {
        request.log.info({ error: request.query.error }, 'the provider refused the login');
        return page(request, reply, 400, AUTH_PAGES.loginFailed);
      }

      let tokens;
      let subject: string;
      try {
        const answer = await oidc.authorizationCodeGrant(
          client.configuration,
          new URL(request.url, originOf(request)),
          {
            pkceCodeVerifier: transaction.codeVerifier,
            expectedState: transaction.state,
            expectedNonce: transaction.nonce,
            idTokenExpected: true,
          },
        );
        tokens = sessionTokensOf(answer);
        const payload = await app.relyingParties.verifyIdToken(client, tokens.idToken, {
          nonce: transaction.nonce,
        });
        subject = payload.sub;
      } catch (error) {
        const expected =
          error instanceof InvalidIdTokenError ||
          error instanceof oidc.ResponseBodyError ||
          error instanceof oidc.AuthorizationResponseError ||
          error instanceof oidc.ClientError;
        request.log.warn({ err: error }, expected ? 'login refused' : 'code exchange failed');
        return page(request, reply, 400, AUTH_PAGES.loginFailed);
      }

      const user = await findPortalUser(app.db, request.tenant.code, subject);
      if (!user) return page(request, reply, 403, AUTH_PAGES.unknownAccount);
      const previous = await loadSession(request);
      await app.sessions.start(
        request,
        reply,
        { user, tokens, absoluteExpiresAt: Date.now() + absoluteLifetimeSeconds(user) * 1000 },
        previous,
      );
      request.log.info({ user: user.userUniqueCode }, 'logged in');
      // Checked again on the way out: the sealed value is ours, but the check is what makes it safe.
      const wanted = safeRedirectPath(transaction.redirectTo, originOf(request));
      return reply.header('cache-control', 'no-store').redirect(wanted ?? defaultLandingPath(user));
    },
  );

  app.get(
    LOGOUT_PATH,
    {
      schema: {
        hide: true,
        querystring: z.object({ [LOGOUT_TO_PARAM]: z.string().max(16).optional() }),
      },
    },
    async (request, reply) => {
      const toLogin = request.query[LOGOUT_TO_PARAM] === 'login';
      const landing = `${originOf(request)}${toLogin ? LOGIN_PATH : '/'}`;
      let session: LoadedSession | null = null;
      try {
        session = await loadSession(request);
      } catch (error) {
        request.log.warn({ err: error }, 'session unreadable at logout; the cookie is cleared');
      }
      await app.sessions.end(reply, session).catch((error: unknown) => {
        request.log.warn({ err: error }, 'session could not be removed at logout');
      });
      reply.header('cache-control', 'no-store');
      if (!session) return reply.redirect(landing);
      try {
        const client = await app.relyingParties.forTenant(request.tenant);
        // The provider's refresh tokens outlive its login session (expiresWithSession: false in
        // server/idp/bank-provider.ts): revoking them (the whole grant) is how logout ends them,
        // the admin's too when the session was impersonating.
        for (const tokens of [session.data.tokens, session.data.switchedFrom?.tokens]) {
          if (!tokens?.refreshToken) continue;
          await oidc.tokenRevocation(client.configuration, tokens.refreshToken).catch((error: unknown) => {
            request.log.warn({ err: error }, 'refresh token not revoked at logout');
          });
        }
        const endSession = oidc.buildEndSessionUrl(client.configuration, {
          id_token_hint: session.data.tokens.idToken,
          post_logout_redirect_uri: landing,
          client_id: client.clientId,
        });
        return reply.redirect(endSession.href);
      } catch (error) {
        request.log.warn({ err: error }, 'could not end the session at the provider');
        return reply.redirect(landing);
      }
    },
  );
};
