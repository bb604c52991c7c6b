import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type BankUserType,
  type CompanyTypeCode,
  type CompanyUserType,
  isAdmin,
  isBankUser,
  isCompanyUser,
} from '../contracts/account-types.ts';
import type { LoggedInUser } from '../contracts/logged-in-user.ts';
import type { RouteAccess } from '../auth/request-auth.ts';
import type { DbTransaction } from '../db/database.ts';
import { forbidden, unauthorized } from '../errors.ts';

/**
 * What every handler needs of its request, settled once per request: the bank's transaction and
 * who is asking. A handler runs its queries with `request.inBank(tx => …)` (one transaction of the
 * host's bank, row-level security on) and asks `request.viewerFor(access)` for the viewer its
 * route's access admits, already narrowed: a 'company' route gets a CompanyViewer.
 */

/** Nobody logged in (or a session whose user is gone or disabled). */
export interface VisitorViewer {
  kind: 'visitor';
}

/** A user of a company of the bank (owner, user, employee, partner owner). */
export interface CompanyViewer {
  kind: 'company';
  user: LoggedInUser;
  userId: number;
  userType: CompanyUserType;
  /** Null only for an account whose company row is missing; such a user sees what a visitor sees. */
  companyId: number | null;
  companyType: CompanyTypeCode | null;
}

/** A member of the bank's staff. */
export interface StaffViewer {
  kind: 'staff';
  user: LoggedInUser;
  userId: number;
  userType: BankUserType;
  branchCodes: readonly string[];
}

export type Viewer = VisitorViewer | CompanyViewer | StaffViewer;

/** The viewer a route of that access receives (the API guard has already refused the others). */
export type ViewerFor<Access extends RouteAccess> = Access extends 'company'
  ? CompanyViewer
  : Access extends 'bank' | 'admin'
    ? StaffViewer
    : Access extends 'login'
      ? CompanyViewer | StaffViewer
      : Viewer;

declare module 'fastify' {
  interface FastifyRequest {
    /** Runs `work` in one transaction of this request's bank (row-level security on). */
    inBank<T>(work: (tx: DbTransaction) => Promise<T>): Promise<T>;
    /** Who is asking: read once per request (the user from the per-process cache). */
    viewer(): Promise<Viewer>;
    /** The viewer as the route's access admits it: 401/403 if it is not (the guard checked first). */
    viewerFor<Access extends RouteAccess>(access: Access): Promise<ViewerFor<Access>>;
  }
}

function viewerOfUser(user: LoggedInUser | undefined): Viewer {
  if (!user) return { kind: 'visitor' };
  if (isBankUser(user.user_type)) {
    return {
      kind: 'staff',
      user,
      userId: user.user_id,
      userType: user.user_type,
      branchCodes: user.user_branche_codes,
    };
  }
  if (isCompanyUser(user.user_type)) {
    return {
      kind: 'company',
      user,
      userId: user.user_id,
      userType: user.user_type,
      companyId: user.company_id,
      companyType: user.company_type,
    };
  }
  return { kind: 'visitor' };
}

/** Whether `viewer` is one a route of `access` admits. */
export function admits(access: RouteAccess, viewer: Viewer): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'login':
      return viewer.kind !== 'visitor';
    case 'company':
      return viewer.kind === 'company';
    case 'bank':
      return viewer.kind === 'staff';
    case 'admin':
      return viewer.kind === 'staff' && isAdmin(viewer.userType);
  }
}

export const requestContextPlugin = fp(
  async function requestContext(app: FastifyInstance) {
    // One load per request, whoever asks first (the guard's page rule, the handler, a badge).
    const viewers = new WeakMap<FastifyRequest, Promise<Viewer>>();

    app.decorateRequest('inBank', function inBank<
      T,
    >(this: FastifyRequest, work: (tx: DbTransaction) => Promise<T>) {
      return app.db.withBank(this.tenant.code, work);
    });

    app.decorateRequest('viewer', function viewer(this: FastifyRequest) {
      let loaded = viewers.get(this);
      if (!loaded) {
        const auth = this.auth;
        loaded = auth
          ? app.loggedInUsers.load(this, auth.user).then(viewerOfUser)
          : Promise.resolve<Viewer>({ kind: 'visitor' });
        viewers.set(this, loaded);
      }
      return loaded;
    });

    app.decorateRequest('viewerFor', async function viewerFor<
      Access extends RouteAccess,
    >(this: FastifyRequest, access: Access) {
      const viewer = await this.viewer();
      if (!admits(access, viewer)) throw viewer.kind === 'visitor' ? unauthorized() : forbidden();
      return viewer as ViewerFor<Access>;
    });
  },
  { name: 'request-context', dependencies: ['tenancy', 'auth'] },
);
