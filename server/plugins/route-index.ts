import FindMyWay, { type HTTPMethod } from 'find-my-way';

/** What the index keeps of a route: Fastify's onRoute options, as declared. */
export interface RouteEntry {
  method: string | readonly string[];
  url: string;
  schema?: unknown;
  config?: unknown;
}

/** The methods a route of this gateway may answer, in the order an Allow header lists them. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Every route path the gateway answers and with which methods, so a request with the wrong method on
 * a known path answers 405 with `Allow` instead of 404. Fed from Fastify's onRoute hook; wildcard
 * routes (the pages' index.html fallback, static folders, the API's own catch-all) are left out, since
 * they answer for paths no route names. find-my-way is Fastify's own router, so a path matches here
 * exactly when it would match there.
 */
export function createRouteIndex(options: { maxParamLength: number }) {
  const router = FindMyWay({ maxParamLength: options.maxParamLength });
  const noop = () => {};
  const entries: RouteEntry[] = [];
  return {
    add(route: RouteEntry) {
      if (route.url.includes('*')) return;
      entries.push(route);
      for (const method of typeof route.method === 'string' ? [route.method] : route.method) {
        const known = METHODS.find((candidate) => candidate === method);
        if (known && !router.hasRoute(known, route.url)) router.on(known, route.url, noop);
      }
    },
    /** The routes as they were declared (method, path, schema, config): what a route walk checks. */
    list(): readonly RouteEntry[] {
      return entries;
    },
    /** The methods some route answers for this path (no query): empty when no route names it. */
    allowedMethods(path: string): HTTPMethod[] {
      return METHODS.filter((method) => router.find(method, path) !== null);
    },
  };
}

export type RouteIndex = ReturnType<typeof createRouteIndex>;
