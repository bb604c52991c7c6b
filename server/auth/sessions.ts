import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isBankUser, USER_TYPES } from '../contracts/account-types.ts';
import type { ServerConfig } from '../config.ts';
import { RANDOM_TOKEN_PATTERN } from '../contracts/random-token-format.ts';
import { newRandomToken } from './random-tokens.ts';
import type { SessionStore } from './session-store.ts';

/**
 * Server-side sessions (backend for frontend): the browser holds only an opaque, HttpOnly,
 * host-only cookie; the user and the provider's tokens stay in the store. A session belongs to the
 * bank and host it was made on: its key carries the bank code and the record names the host, so
 * the cookie is void anywhere else.
 */

/** Idle timeout: 1800 s, sliding on activity (badge polls do not count). */
export const SESSION_IDLE_SECONDS = 1800;
/** Absolute lifetimes: 30 days for company users, 12 hours for bank staff. */
export const COMPANY_SESSION_MAX_SECONDS = 30 * 24 * 60 * 60;
export const STAFF_SESSION_MAX_SECONDS = 12 * 60 * 60;

const tokensSchema = z.object({
  idToken: z.string(),
  accessToken: z.string(),
  refreshToken: z.string().nullable(),
  /** When the access and id tokens expire (epoch ms). */
  expiresAt: z.number(),
});
export type SessionTokens = z.infer<typeof tokensSchema>;

const sessionUserSchema = z.object({
  userId: z.int(),
  userUniqueCode: z.string(),
  userType: z.enum(USER_TYPES),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

const identitySchema = z.object({
  user: sessionUserSchema,
  tokens: tokensSchema,
  /** Epoch ms after which the session ends whatever the activity. */
  absoluteExpiresAt: z.number(),
});
export type SessionIdentity = z.infer<typeof identitySchema>;

export const sessionDataSchema = identitySchema.extend({
  bankCode: z.string(),
  /** The hostname the session was made on. */
  host: z.string(),
  createdAt: z.number(),
  /** Set while a system or bank admin acts as another user: the admin, restored on switch-back. */
  switchedFrom: identitySchema.nullable(),
});
export type SessionData = z.infer<typeof sessionDataSchema>;

export interface LoadedSession {
  id: string;
  data: SessionData;
}

export function absoluteLifetimeSeconds(user: SessionUser): number {
  return isBankUser(user.userType) ? STAFF_SESSION_MAX_SECONDS : COMPANY_SESSION_MAX_SECONDS;
}

/** 256 random bits, base64url (43 characters). */
const newSessionId = newRandomToken;
const SESSION_ID = RANDOM_TOKEN_PATTERN;

export interface SessionLogger {
  warn(details: object, message: string): void;
}

/**
 * Reads, starts, saves and ends sessions for the gateway's routes. Nothing is written for an
 * anonymous visitor, and a read that changes nothing writes nothing.
 */
export function createSessionManager(options: {
  store: SessionStore;
  env: ServerConfig['env'];
  now?: () => number;
}) {
  const { store } = options;
  const now = options.now ?? (() => Date.now());
  const secure = options.env === 'production';
  // The __Host- prefix makes the browser refuse the cookie unless it is Secure, host-only and Path=/.
  const cookieName = secure ? '__Host-portal_session' : 'portal_session';
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };

  const ttlSeconds = (data: SessionData) =>
    Math.max(1, Math.min(SESSION_IDLE_SECONDS, Math.floor((data.absoluteExpiresAt - now()) / 1000)));

  async function write(id: string, data: SessionData) {
    await store.write(data.bankCode, id, JSON.stringify(data), ttlSeconds(data));
  }

  /** Noted under the user it shows (an admin's switched session under the user switched to). */
  async function track(id: string, data: SessionData) {
    const remainingSeconds = Math.ceil((data.absoluteExpiresAt - now()) / 1000);
    await store.track(data.bankCode, data.user.userId, id, remainingSeconds);
  }

  return {
    cookieName,
    storeKind: store.kind,

    /**
     * The request's session, or null. One store command. `activity: false` (badge polls) reads
     * without sliding the idle expiry. A session of another bank or host, or past its absolute
     * lifetime, is null (and an expired one is removed).
     */
    async load(request: FastifyRequest, activity: boolean): Promise<LoadedSession | null> {
      const id = request.cookies[cookieName];
      if (id === undefined || !SESSION_ID.test(id)) return null;
      const bankCode = request.tenant.code;
      const raw = await store.read(bankCode, id, activity ? SESSION_IDLE_SECONDS : undefined);
      if (raw === undefined) return null;
      const parsed = sessionDataSchema.safeParse(JSON.parse(raw));
      if (!parsed.success) {
        request.log.warn({ issues: parsed.error.issues.length }, 'unreadable session record ignored');
        return null;
      }
      const data = parsed.data;
      if (data.bankCode !== bankCode || data.host !== request.hostname) return null;
      if (data.absoluteExpiresAt <= now()) {
        await store.remove(bankCode, id);
        return null;
      }
      return { id, data };
    },

    /** Starts a session under a new id (the id rotates at login); the previous one, if any, is removed. */
    async start(
      request: FastifyRequest,
      reply: FastifyReply,
      identity: SessionIdentity,
      previous: LoadedSession | null,
    ): Promise<LoadedSession> {
      const id = newSessionId();
      const data: SessionData = {
        ...identity,
        bankCode: request.tenant.code,
        host: request.hostname,
        createdAt: now(),
        switchedFrom: null,
      };
      await write(id, data);
      await track(id, data);
      if (previous) await store.remove(previous.data.bankCode, previous.id);
      reply.setCookie(cookieName, id, cookieOptions);
      return { id, data };
    },

    /** Writes a changed session back (same id). */
    async save(session: LoadedSession): Promise<void> {
      await write(session.id, session.data);
    },

    /** Replaces the session's content under a new id (impersonation and its end rotate the id too). */
    async rotate(reply: FastifyReply, session: LoadedSession, data: SessionData): Promise<LoadedSession> {
      const id = newSessionId();
      await write(id, data);
      await track(id, data);
      await store.remove(session.data.bankCode, session.id);
      reply.setCookie(cookieName, id, cookieOptions);
      return { id, data };
    },

    /** Ends every session of the user in the bank (a password reset): they must log in again. */
    async endAllOf(bankCode: string, userId: number): Promise<void> {
      await store.removeAllOf(bankCode, userId);
    },

    /** Ends every session of the user in the bank but `kept` (a password its user changed in `kept`). */
    async endOthersOf(bankCode: string, userId: number, kept: LoadedSession): Promise<void> {
      await store.removeAllOf(bankCode, userId, kept.id);
    },

    /** Removes the session and clears the cookie. */
    async end(reply: FastifyReply, session: LoadedSession | null): Promise<void> {
      if (session) await store.remove(session.data.bankCode, session.id);
      reply.clearCookie(cookieName, cookieOptions);
    },
  };
}

export type SessionManager = ReturnType<typeof createSessionManager>;
