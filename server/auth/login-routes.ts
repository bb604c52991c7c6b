import { createHash } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { isBankUser } from '../contracts/account-types.ts';
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
import {
  AUTH_PAGES,
  type AuthPage,
  renderAuthPage,
  renderSelfSubmittingPage,
  SELF_SUBMIT_SCRIPT,
  SELF_SUBMITTING_PAGES,
  type SelfSubmittingPage,
} from './auth-pages.ts';
import { LOGIN_TRANSACTION_MAX_AGE_SECONDS } from './login-transaction.ts';
import { SessionStoreUnavailableError } from './session-store.ts';
import { findPortalUser } from './portal-user.ts';
import { InvalidIdTokenError, ProviderUnavailableError } from './relying-party.ts';
import { absoluteLifetimeSeconds, type LoadedSession, type SessionUser } from './sessions.ts';
import { endImpersonation } from './impersonation.ts';
import { recordSessionAudit } from './session-audit.ts';
import { isSameOriginRequest, requestOrigin } from './same-origin.ts';
import { computeSecurityHeaders, securityHeaderOptions } from '../web/security-headers.ts';

/** The impersonation banner's link, and where its page posts. */
const SWITCH_BACK_URL = `${LOGIN_PATH}?${SWITCH_BACK_PARAM}=1`;

/** Where a user lands after login when no (acceptable) `r` was given. */
export function defaultLandingPath(user: Pick<SessionUser, 'userType'>): string {
  return isBankUser(user.userType) ? '/admin/dashboard' : '/mypage/dashboard';
}

export interface LoginRoutesOptions {
  /** Requests one client address may make to /login and /callback of one bank per minute. */
  rateLimit: { max: number; timeWindowMs: number };
  rateLimitStore: RateLimitStore;
}

/**
 * The login at the gateway (backend for frontend): /login starts the authorization code flow at the
 * bank's own provider, /callback finishes it and starts the session, /logout ends it here and at
 * the provider. The browser never sees a token.
 *
 * Ending the session and ending an impersonation take a POST from the bank's own page: GET /logout
 * and GET /login?switch_back=1 (the spec's links) answer a page that posts it.
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

  // The logout and switch-back forms carry no fields: their body is read and ignored.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  /**
   * The API guard's same-origin check for the POSTs that end something. A form cannot send
   * X-Requested-With, so Origin and Sec-Fetch-Site decide alone; the session cookie's SameSite=Lax
   * already keeps it out of another site's POST.
   */
  const refuseCrossSite = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isSameOriginRequest(request)) return;
    request.log.warn(
      { origin: request.headers.origin, site: request.headers['sec-fetch-site'] },
      'a post from another origin refused',
    );
    return page(request, reply, 403, AUTH_PAGES.crossSiteRequest);
  };

  /**
   * The self-submitting pages' headers: the script admitted by its hash; forms to this origin and on
   * to `formTargets` (form-action binds the redirects answering the POST too); and a referrer policy
   * that lets the browser name this origin in the POST (under helmet's no-referrer, Chromium sends
   * `Origin: null`). Computed once per list of targets (one per bank's provider).
   */
  const selfSubmitScriptSource = `'sha256-${createHash('sha256').update(SELF_SUBMIT_SCRIPT).digest('base64')}'`;
  const selfSubmittingHeaders = new Map<string, Record<string, string>>();
  const selfSubmittingHeadersFor = (formTargets: readonly string[]) => {
    const key = formTargets.join(' ');
    let headers = selfSubmittingHeaders.get(key);
    if (!headers) {
      headers = computeSecurityHeaders({
        ...securityHeaderOptions(app.config.env),
        contentSecurityPolicy: {
          directives: {
            defaultSrc: ["'none'"],
            baseUri: ["'none'"],
            formAction: ["'self'", ...formTargets],
            frameAncestors: ["'none'"],
            scriptSrc: [selfSubmitScriptSource],
            styleSrc: ["'unsafe-inline'"],
          },
        },
        referrerPolicy: { policy: 'same-origin' },
      });
      selfSubmittingHeaders.set(key, headers);
    }
    return headers;
  };

  /**
   * A page whose form POSTs to `action`. It submits itself when opened from this origin's pages or by
   * the user (typed, bookmarked: Sec-Fetch-Site none); opened from another site, it waits for its
   * button, so a link elsewhere ends nothing by itself.
   */
  const selfSubmittingPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    content: SelfSubmittingPage,
    action: string,
    formTargets: readonly string[] = [],
  ) => {
    const site = request.headers['sec-fetch-site'];
    const autoSubmit = site === undefined || site === 'same-origin' || site === 'none';
    return reply
      .code(200)
      .headers(selfSubmittingHeadersFor(formTargets))
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderSelfSubmittingPage(request.tenant.config.bank_name, content, { action, autoSubmit }));
  };

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
      const wanted = safeRedirectPath(request.query[LOGIN_REDIRECT_PARAM], requestOrigin(request));
      const session = await loadSession(request);
      if (session && request.query[SWITCH_BACK_PARAM] !== undefined && session.data.switchedFrom) {
        return selfSubmittingPage(request, reply, SELF_SUBMITTING_PAGES.switchBack, SWITCH_BACK_URL);
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
        redirect_uri: `${requestOrigin(request)}${CALLBACK_PATH}`,
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

  // The switch-back page's form: the admin is restored (and audited) and lands on their dashboard.
  app.post(
    LOGIN_PATH,
    {
      schema: {
        hide: true,
        querystring: z.object({ [SWITCH_BACK_PARAM]: z.string().max(8).optional() }),
      },
      onRequest: refuseCrossSite,
    },
    async (request, reply) => {
      if (request.query[SWITCH_BACK_PARAM] === undefined) return reply.callNotFound();
      reply.header('cache-control', 'no-store');
      const session = await loadSession(request);
      if (!session) return reply.redirect(LOGIN_PATH, 303);
      const user = session.data.switchedFrom
        ? (await endImpersonation(app, request, reply, session)).data.user
        : session.data.user;
      return reply.redirect(defaultLandingPath(user), 303);
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
          new URL(request.url, requestOrigin(request)),
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
      // Recorded first: a login the audit trail cannot record does not start.
      await request.inBank((tx) => recordSessionAudit(tx, request, 'LOGIN', user, null));
      await app.sessions.start(
        request,
        reply,
        { user, tokens, absoluteExpiresAt: Date.now() + absoluteLifetimeSeconds(user) * 1000 },
        previous,
      );
      request.log.info({ user: user.userUniqueCode }, 'logged in');
      // Checked again on the way out: the sealed value is ours, but the check is what makes it safe.
      const wanted = safeRedirectPath(transaction.redirectTo, requestOrigin(request));
      return reply.header('cache-control', 'no-store').redirect(wanted ?? defaultLandingPath(user));
    },
  );

  const logoutQuery = z.object({ [LOGOUT_TO_PARAM]: z.string().max(16).optional() });
  /**
   * Where the browser lands after logout: the top page, or /login for ?to=login (an absolute URL, as
   * the provider's list of post-logout URIs names it).
   */
  const logoutLanding = (request: FastifyRequest, to: string | undefined) =>
    `${requestOrigin(request)}${to === 'login' ? LOGIN_PATH : '/'}`;

  /** Where the logout POST sends the browser on: the provider's end-session endpoint (its origin). */
  const providerLogoutOrigins = async (request: FastifyRequest): Promise<string[]> => {
    const origins = new Set<string>();
    const issuer = URL.parse(request.tenant.config.oidc.issuer);
    if (issuer) origins.add(issuer.origin);
    try {
      const client = await app.relyingParties.forTenant(request.tenant);
      const endpoint = URL.parse(client.configuration.serverMetadata().end_session_endpoint ?? '');
      if (endpoint) origins.add(endpoint.origin);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
    }
    return [...origins];
  };

  // The logout link: a page that posts the logout (nothing ends on a GET). Without a session there
  // is nothing to end, and the browser goes on at once.
  app.get(LOGOUT_PATH, { schema: { hide: true, querystring: logoutQuery } }, async (request, reply) => {
    const to = request.query[LOGOUT_TO_PARAM];
    let session: LoadedSession | null | undefined;
    try {
      session = await app.sessions.load(request, false);
    } catch (error) {
      // The POST tries again, and clears the cookie whatever happens.
      request.log.warn({ err: error }, 'session unreadable at the logout page');
    }
    if (session === null) {
      return reply.header('cache-control', 'no-store').redirect(logoutLanding(request, to));
    }
    const action = to === 'login' ? `${LOGOUT_PATH}?${LOGOUT_TO_PARAM}=login` : LOGOUT_PATH;
    return selfSubmittingPage(
      request,
      reply,
      SELF_SUBMITTING_PAGES.logout,
      action,
      await providerLogoutOrigins(request),
    );
  });

  app.post(
    LOGOUT_PATH,
    { schema: { hide: true, querystring: logoutQuery }, onRequest: refuseCrossSite },
    async (request, reply) => {
      const landing = logoutLanding(request, request.query[LOGOUT_TO_PARAM]);
      let session: LoadedSession | null = null;
      try {
        session = await loadSession(request);
      } catch (error) {
        request.log.warn({ err: error }, 'session unreadable at logout; the cookie is cleared');
      }
      if (session) {
        const { user, switchedFrom } = session.data;
        // A user can always log out: a row the trail cannot write is logged, and the logout goes on.
        await request
          .inBank(async (tx) => {
            await recordSessionAudit(tx, request, 'LOGOUT', user, switchedFrom?.user ?? null);
            // Logging out while acting as a user ends the admin's own session too.
            if (switchedFrom) await recordSessionAudit(tx, request, 'LOGOUT', switchedFrom.user, null);
          })
          .catch((error: unknown) =>
            request.log.error({ err: error }, 'logout not recorded in the audit trail'),
          );
      }
      await app.sessions.end(reply, session).catch((error: unknown) => {
        request.log.warn({ err: error }, 'session could not be removed at logout');
      });
      reply.header('cache-control', 'no-store');
      if (!session) return reply.redirect(landing, 303);
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
        return reply.redirect(endSession.href, 303);
      } catch (error) {
        request.log.warn({ err: error }, 'could not end the session at the provider');
        return reply.redirect(landing, 303);
      }
    },
  );
};
