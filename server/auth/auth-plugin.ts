import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import * as oidc from 'openid-client';
import { isBankUser } from '../contracts/account-types.ts';
import { evaluateRule, isCardRequiredAndMissing, type RouteRuleId } from '../contracts/route-access.ts';
import { AppError, forbidden, serviceUnavailable, unauthorized } from '../errors.ts';
import { isStaffAddressAllowed, staffOffHoursMessage } from '../tenancy/staff-access.ts';
import { createLoginTransactionCodec } from './login-transaction.ts';
import { findPortalUser } from './portal-user.ts';
import { accessAdmits } from './request-auth.ts';
import {
  createRelyingParties,
  InvalidIdTokenError,
  ProviderUnavailableError,
  type RelyingParties,
} from './relying-party.ts';
import { isSameOriginRequest } from './same-origin.ts';
import {
  createMemorySessionStore,
  createRedisSessionStore,
  SessionStoreUnavailableError,
} from './session-store.ts';
import {
  createSessionManager,
  type LoadedSession,
  type SessionManager,
  type SessionTokens,
} from './sessions.ts';

/** Refresh the provider's tokens when less than this is left of them. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

export const STAFF_ADDRESS_REFUSED_MESSAGE = 'この端末からはアクセスできません。';
export const SESSION_STORE_UNAVAILABLE_MESSAGE =
  'ただいまログイン状態を確認できません。しばらく時間をおいてから再度お試しください。';
export const CARD_REQUIRED_MESSAGE = 'お支払い方法（クレジットカード）を登録してからご利用ください。';
export const PROVIDER_UNAVAILABLE_MESSAGE =
  'ただいまログインサービスに接続できません。しばらく時間をおいてから再度お試しください。';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionManager;
    relyingParties: RelyingParties;
    loginTransactions: ReturnType<typeof createLoginTransactionCodec>;
  }
}

/** The provider's token answer as the session keeps it. */
export function sessionTokensOf(
  answer: Pick<oidc.TokenEndpointResponse, 'id_token' | 'access_token' | 'refresh_token' | 'expires_in'>,
  previous?: SessionTokens,
): SessionTokens {
  const idToken = answer.id_token ?? previous?.idToken;
  if (!idToken) throw new Error('the provider answered without an id token');
  return {
    idToken,
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? previous?.refreshToken ?? null,
    expiresAt: Date.now() + (answer.expires_in ?? 1800) * 1000,
  };
}

/**
 * Sessions, the banks' relying parties and the login cookie's codec, for every route under a bank's
 * host. Sessions live in Redis when the deployment has it, else in this process's memory.
 */
export const authPlugin = fp(
  async function auth(app: FastifyInstance, options: { redis?: Redis }) {
    await app.register(fastifyCookie);
    let store;
    if (options.redis) {
      store = createRedisSessionStore(options.redis, app.config.redisKeyPrefix);
    } else {
      const memory = createMemorySessionStore();
      app.addHook('onClose', async () => memory.close());
      store = memory;
    }
    app.decorate('sessions', createSessionManager({ store, env: app.config.env }));
    app.decorate('relyingParties', createRelyingParties(app.config));
    const { sessionSecret } = app.config;
    if (sessionSecret === undefined) {
      throw new Error('環境変数が正しくありません:\nSESSION_SECRET: 本番環境では必須です（32文字以上）');
    }
    app.decorate('loginTransactions', createLoginTransactionCodec(sessionSecret));
    app.decorateRequest('auth', null);
  },
  { name: 'auth', dependencies: ['tenancy'] },
);

async function refreshIfDue(app: FastifyInstance, request: FastifyRequest, session: LoadedSession) {
  const { tokens } = session.data;
  if (tokens.expiresAt - Date.now() > REFRESH_MARGIN_MS) return session;
  if (!tokens.refreshToken) throw unauthorized();
  const client = await app.relyingParties.forTenant(request.tenant);
  const answer = await oidc.refreshTokenGrant(client.configuration, tokens.refreshToken);
  const refreshed = sessionTokensOf(answer, tokens);
  const payload = await app.relyingParties.verifyIdToken(client, refreshed.idToken);
  if (payload.sub !== session.data.user.userUniqueCode)
    throw new Error('the refreshed id token names another user');
  session.data = { ...session.data, tokens: refreshed };
  await app.sessions.save(session);
  return session;
}

/** Who the request comes from: the bearer id token, else the session cookie. */
async function authenticate(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)$/i.exec(header);
    if (!match?.[1]) throw unauthorized();
    const client = await app.relyingParties.forTenant(request.tenant);
    const payload = await app.relyingParties.verifyIdToken(client, match[1]);
    const user = await findPortalUser(app.db, request.tenant.code, payload.sub);
    if (!user) throw unauthorized();
    request.auth = { user, via: 'bearer', session: null };
    return;
  }
  const activity = request.routeOptions.config.sessionActivity !== false;
  const loaded = await app.sessions.load(request, activity);
  if (!loaded) return;
  try {
    const session = activity ? await refreshIfDue(app, request, loaded) : loaded;
    request.auth = { user: session.data.user, via: 'session', session };
  } catch (error) {
    if (error instanceof SessionStoreUnavailableError) throw error;
    // A refresh the provider refused (or could not answer) ends the session: the client shows the 401 flow.
    request.log.info({ err: error }, 'token refresh failed; the session ends');
    await app.sessions.end(reply, loaded);
    request.auth = null;
  }
}

export interface ApiGuardOptions {
  /** Holds anonymous callers to their budget (an onRequest hook of @fastify/rate-limit). */
  limitAnonymous?: ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | undefined;
}

/**
 * The API scope's guard: state-changing calls carry the X-Requested-With marker and come from the
 * same origin; then the caller is authenticated (an anonymous one held to the anonymous budget) and
 * checked against the route's `access`.
 */
export const apiGuardPlugin = fp(
  async function apiGuard(app: FastifyInstance, options: ApiGuardOptions) {
    app.addHook('onRequest', async (request, reply) => {
      if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) {
        if (!request.headers['x-requested-with'] || !isSameOriginRequest(request)) throw forbidden();
      }
      try {
        await authenticate(app, request, reply);
      } catch (error) {
        if (error instanceof SessionStoreUnavailableError) {
          request.log.warn({ err: error.cause }, 'session store unavailable');
          throw serviceUnavailable(SESSION_STORE_UNAVAILABLE_MESSAGE);
        }
        if (error instanceof ProviderUnavailableError) throw serviceUnavailable(PROVIDER_UNAVAILABLE_MESSAGE);
        if (error instanceof InvalidIdTokenError) throw unauthorized();
        throw error;
      }
      if (!request.auth) await options.limitAnonymous?.(request, reply);
      const config = request.routeOptions.config;
      // Before anything else of the route (its rate limit, its body): a staff member acting as a user
      // never changes how that user logs in or is reached (decision 0095).
      if (config.refusedWhileSwitched && request.auth?.session?.data.switchedFrom) throw forbidden();
      const access = config.access ?? 'public';
      if (access === 'public') return;
      const auth = request.auth;
      if (!auth) throw unauthorized();
      const { userType } = auth.user;
      if (isBankUser(userType) && !config.staffRestrictionExempt) {
        const staffAccess = request.tenant.config.bank_staff_access;
        if (!isStaffAddressAllowed(staffAccess, request.ip)) {
          throw new AppError('staff_address_refused', 422, STAFF_ADDRESS_REFUSED_MESSAGE);
        }
        const offHours = staffOffHoursMessage(staffAccess, new Date());
        if (offHours !== undefined) throw new AppError('staff_off_hours', 422, offHours);
      }
      // The calls' own check (serveCall's viewerFor asks the same of the loaded user).
      if (!accessAdmits(access, userType)) throw forbidden();
      if (config.rule !== undefined) {
        const refusal = await routeRuleRefusal(request, config.rule);
        if (refusal) throw refusal;
      }
    });
  },
  // Encapsulation is skipped (fastify-plugin): the hook guards the scope that registers it, the API's.
  { name: 'api-guard', dependencies: ['tenancy', 'auth', 'request-context'] },
);

/**
 * Why the asker may not make a call under the page rule `rule` (the one a route names in
 * `config.rule`), or undefined when they may. The API guard throws it; a file route asks it of the
 * rule of the object its file belongs to (the object's read call's), so that the file follows the
 * object's rights: one rule for both.
 */
export async function routeRuleRefusal(
  request: FastifyRequest,
  rule: RouteRuleId,
): Promise<AppError | undefined> {
  const viewer = await request.viewer();
  if (viewer.kind === 'visitor') return unauthorized();
  const subject = { user: viewer.user, features: request.tenant.config.features };
  // A call that shares a page's rule serves that page, which the card requirement keeps from a
  // company without the card its bank asks for (spec section 4): so does the call.
  if (isCardRequiredAndMissing(subject.user, subject.features)) {
    return new AppError('card_required', 403, CARD_REQUIRED_MESSAGE);
  }
  const decision = evaluateRule(rule, subject);
  if (decision.kind === 'error') return new AppError('route_rule', decision.status, decision.message);
  if (decision.kind === 'redirect') return forbidden();
  return undefined;
}

/** Whether the asker passes the page rule `rule` (routeRuleRefusal finds nothing to refuse). */
export async function passesRouteRule(
  request: FastifyRequest,
  rule: RouteRuleId | undefined,
): Promise<boolean> {
  return rule === undefined || (await routeRuleRefusal(request, rule)) === undefined;
}
