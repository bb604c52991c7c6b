import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type BankUserType,
  type CompanyTypeCode,
  type CompanyUserType,
  hasAllPermissions,
  isBankUser,
  isCompanyUser,
  type PermissionCode,
} from '../contracts/account-types.ts';
import type { LoggedInUser } from '../contracts/logged-in-user.ts';
import { accessAdmits, type RouteAccess } from '../auth/request-auth.ts';
import type { DbTransaction } from '../db/database.ts';
import { forbidden, notFound, unauthorized } from '../errors.ts';

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

/**
 * A company user whose company is there: what a call that works on the asker's own company
 * (`member` in its definition) hands its handler, once the kit has refused the others.
 */
export interface CompanyMemberViewer extends CompanyViewer {
  companyId: number;
}

/** The viewer as a member of their company, or null for anyone else (a visitor, staff, a user whose company row is gone). */
export function companyMemberOf(viewer: Viewer): CompanyMemberViewer | null {
  if (viewer.kind !== 'company' || viewer.companyId === null) return null;
  return viewer as CompanyMemberViewer;
}

/** The viewer as a member of their company, else the refusal (404 by default): for the routes outside serveCall. */
export function requireCompanyMember(viewer: Viewer, refusal: () => Error = notFound): CompanyMemberViewer {
  const member = companyMemberOf(viewer);
  if (!member) throw refusal();
  return member;
}

/** Whether the logged-in user holds every permission of `codes` (a super user holds them all). */
export function holdsPermissions(
  viewer: CompanyViewer | StaffViewer,
  codes: readonly PermissionCode[],
): boolean {
  const { user } = viewer;
  return hasAllPermissions(
    { isSuperUser: user.user_is_super_user, permittedActions: user.permitted_actions },
    codes,
  );
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
    /** The viewer's one load of this request: request-context's own (read it through viewer()). */
    loadedViewer: Promise<Viewer> | null;
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

/** Whether `viewer` is one a route of `access` admits: the API guard's check (accessAdmits). */
export function admits(access: RouteAccess, viewer: Viewer): boolean {
  return accessAdmits(access, viewer.kind === 'visitor' ? null : viewer.userType);
}

export const requestContextPlugin = fp(
  async function requestContext(app: FastifyInstance) {
    // One load per request, whoever asks first (the guard's page rule, the handler, a badge).
    app.decorateRequest('loadedViewer', null);

    app.decorateRequest('inBank', function inBank<
      T,
    >(this: FastifyRequest, work: (tx: DbTransaction) => Promise<T>) {
      return app.db.withBank(this.tenant.code, work);
    });

    app.decorateRequest('viewer', function viewer(this: FastifyRequest) {
      if (!this.loadedViewer) {
        const auth = this.auth;
        this.loadedViewer = auth
          ? app.loggedInUsers.load(this, auth.user).then(viewerOfUser)
          : Promise.resolve<Viewer>({ kind: 'visitor' });
      }
      return this.loadedViewer;
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
