import type { VisitorNavigation } from '../lib/request/api-client.ts';

/** The part of the router this follows (a data router's subscribe). */
interface RouterLocationSource {
  subscribe(listener: (state: { location: { pathname: string } }) => void): () => void;
}

export interface NavigationHistory extends VisitorNavigation {
  /** Follows the router's location; answers the unsubscribe. */
  follow(router: RouterLocationSource): () => void;
}

/**
 * Where the visitor is and where they came from, for the request layer's 401 rule (spec section 8:
 * a 401 is ignored when arriving from login or logout). On arrival the previous page is the
 * referrer, if it was this site; after that, the app's previous route.
 */
export function createNavigationHistory(location: Location, referrer: string): NavigationHistory {
  let current = location.pathname;
  let previous: string | null = null;
  if (referrer) {
    const from = new URL(referrer, location.href);
    if (from.origin === location.origin) previous = from.pathname;
  }
  return {
    currentPath: () => location.pathname,
    previousPath: () => previous,
    follow(router) {
      return router.subscribe((state) => {
        if (state.location.pathname === current) return;
        previous = current;
        current = state.location.pathname;
      });
    },
  };
}
