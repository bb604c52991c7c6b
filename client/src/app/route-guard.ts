import { type MiddlewareFunction, redirect } from '#client/lib/router/index.ts';
import type { RouteAccessSubject } from '#server/contracts/route-access.ts';
import type { PublicAppConfig } from '#server/contracts/app-config.ts';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import type { PageLocation } from '../lib/page-location.ts';
import { HttpError } from '../lib/request/http-error.ts';

/**
 * A page the route rules keep from this user (403, 404 or 422 with the rule's message): an answer,
 * not a fault, so it is not reported.
 */
export class RouteAccessDeniedError extends HttpError {
  constructor(status: number, message: string) {
    super(status, message);
    this.name = 'RouteAccessDeniedError';
  }
}

/** The rules' view of the visit: the user and the bank's flags (terms agreement is the forum's and the mall's to tell). */
export function routeAccessSubjectOf(
  user: LoggedInUser | null,
  config: Pick<PublicAppConfig, 'features'>,
): RouteAccessSubject {
  return { user, features: config.features };
}

export interface RouteGuardServices {
  /** The bank's config and the user, as start-up loaded them. */
  session: () => Promise<{ config: PublicAppConfig; user: LoggedInUser | null }>;
  /** Leaves the app for a page the gateway serves (/login). */
  pageLocation: Pick<PageLocation, 'assign'>;
}

/**
 * The layouts' route middleware: before a page of the company or admin layout loads or renders, the
 * route rules of server/contracts/route-access.ts (the ones the gateway enforces) decide. A redirect
 * inside the app is a router redirect; the login redirect leaves the app; a denial throws the error
 * page's status and message (the route error element shows it).
 */
export function createRouteGuard({ session, pageLocation }: RouteGuardServices): MiddlewareFunction {
  return async function routeGuard({ request }) {
    const url = new URL(request.url);
    // The rule table loads with the first guarded page, not with the public pages' first visit.
    const [{ config, user }, { evaluateRouteAccess }] = await Promise.all([
      session(),
      import('#server/contracts/route-access.ts'),
    ]);
    const decision = evaluateRouteAccess(`${url.pathname}${url.search}`, routeAccessSubjectOf(user, config));
    switch (decision.kind) {
      case 'allow':
        return;
      case 'error':
        throw new RouteAccessDeniedError(decision.status, decision.message);
      case 'redirect':
        // /login is the gateway's page, not the React app's: it takes a full page load.
        if (decision.rule === 'login') {
          pageLocation.assign(decision.to);
          // The page is being replaced: nothing of this navigation may load or render meanwhile.
          await new Promise<never>(() => {});
        }
        throw redirect(decision.to);
    }
  };
}
