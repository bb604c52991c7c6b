import { isAdmin, isBankUser, isCompanyUser } from '../contracts/account-types.ts';
import type { RouteAccess } from '../contracts/call.ts';
import type { RouteRuleId } from '../contracts/route-access.ts';
import type { SessionUser, LoadedSession } from './sessions.ts';

/** A bank-scoped row a path parameter names: its table, id column, and which rows fit the route. */
export interface RouteObjectRef {
  param: string;
  table: string;
  column: string;
  /** SQL condition on the table's rows the route can name (e.g. `article_kind = 'seminar'`). */
  where?: string;
}

/** Who is asking: set by the authentication hook of the API scope (null: nobody is logged in). */
export interface RequestAuth {
  user: SessionUser;
  /** A browser's session cookie, or the mobile-app wrapper's `Authorization: Bearer <id token>`. */
  via: 'session' | 'bearer';
  /** The session, when via is 'session'. */
  session: LoadedSession | null;
}

/** Who may call a route: declared by its call definition (server/contracts/call.ts). */
export type { RouteAccess } from '../contracts/call.ts';

/**
 * Whether an account of `userType` (null: nobody logged in) may make a call of `access`: the one
 * check the API guard (auth-plugin.ts) runs on the session's user and serveCall's viewer
 * (request-context.ts) runs on the loaded user, so the two cannot disagree.
 */
export function accessAdmits(access: RouteAccess, userType: string | null): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'login':
      return isBankUser(userType) || isCompanyUser(userType);
    case 'company':
      return isCompanyUser(userType);
    case 'bank':
      return isBankUser(userType);
    case 'admin':
      return isAdmin(userType);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * What the path's parameter names: a row of a bank-scoped table. The security walk
     * (tests/api/security/by-construction.test.ts) takes one of the first bank's and checks that a
     * user of another bank gets 404 for it. Every route with a path parameter declares it.
     */
    object?: RouteObjectRef;
    /** What a caller may send that the route accepts (serveCall's `example`): the walk sends its body. */
    example?: { params?: unknown; query?: unknown; body?: unknown };
    /** The answer is no JSON envelope: a file's bytes, or a redirect (no response schema then). */
    answers?: 'file' | 'redirect';
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
    /** The call definition's refusedWhileSwitched: 403 while the session acts as its user. */
    refusedWhileSwitched?: boolean;
  }
}
