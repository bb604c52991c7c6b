import type { RouteRuleId } from '../contracts/route-access.ts';
import type { SessionUser, LoadedSession } from './sessions.ts';

/** Who is asking: set by the authentication hook of the API scope (null: nobody is logged in). */
export interface RequestAuth {
  user: SessionUser;
  /** A browser's session cookie, or the mobile-app wrapper's `Authorization: Bearer <id token>`. */
  via: 'session' | 'bearer';
  /** The session, when via is 'session'. */
  session: LoadedSession | null;
}

/**
 * What a route needs of the caller, declared in its route config next to its schema:
 * - 'public': anyone (the default, for the bank's public calls such as app config and inquiry);
 * - 'login': any logged-in user; 'company' / 'bank': a user of that side;
 * - 'admin': system_admin or bank_admin (the spec's admin helper).
 * Bank staff outside the allowlist or the office hours are refused (422) on every route that needs
 * a login, unless the route sets `staffRestrictionExempt` (the current user, which reports them).
 */
export type RouteAccess = 'public' | 'login' | 'company' | 'bank' | 'admin';

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** False for badge polling: reading the session does not count as activity. */
    sessionActivity?: boolean;
    /** The route answers bank staff outside the allowlist or office hours (it reports them). */
    staffRestrictionExempt?: boolean;
    /**
     * A page rule of server/contracts/route-access.ts the API call shares with its page (the same
     * table the client routes with): a refusal answers the rule's status and message, and a rule
     * that would redirect a page answers 403.
     */
    rule?: RouteRuleId;
  }
}
