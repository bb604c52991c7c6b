import type { LoggedInUserLoader } from './api/user/logged-in-user-loader.ts';
import type { Database } from './db/database.ts';
import type { ServerConfig } from './config.ts';
import type { RouteIndex } from './plugins/route-index.ts';
import type { Tenant, TenantRegistry } from './tenancy/tenant.ts';

// Decorations of the app factory (server/app.ts). Their types come from the implementations.
declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    tenants: TenantRegistry;
    db: Database;
    /** The logged-in user of a session, read through a short per-process cache (api/user/logged-in-user-loader.ts). */
    loggedInUsers: LoggedInUserLoader;
    /** Every route's method and path (405 with Allow; the route walks of tests/api/security). */
    routeIndex: RouteIndex;
  }
  interface FastifyRequest {
    /** The bank of this request's host; set by the tenancy plugin before any route runs. */
    tenant: Tenant;
  }
}
