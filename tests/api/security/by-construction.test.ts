import type { World } from '#tests/support/world.ts';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteObjectRef } from '#server/auth/request-auth.ts';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import type { RouteEntry } from '#server/plugins/route-index.ts';
import { BANK_A, BANK_B, expectEnvelopeRefusal, startSecurityWorld } from './security-world.ts';

/**
 * Security by construction (issue 12 item 7): what every registered API route must declare, and
 * what the gateway then guarantees for it, walked over the route index. A new domain's routes are
 * checked here as soon as they are registered; nothing needs writing again.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface ApiRoute {
  method: Method;
  url: string;
  config: { access?: string; object?: RouteObjectRef; answers?: string; example?: { body?: unknown } };
  schema: { params?: unknown; querystring?: unknown; body?: unknown; consumes?: string[]; response?: object };
}

let world: World;
let routes: ApiRoute[];
beforeAll(async () => {
  world = await startSecurityWorld();
  routes = world.app.routeIndex
    .list()
    .filter((route: RouteEntry) => route.url.startsWith('/api/v1/') && !route.url.includes('*'))
    .flatMap((route: RouteEntry) =>
      (typeof route.method === 'string' ? [route.method] : [...route.method])
        .filter((method) => method !== 'HEAD' && method !== 'OPTIONS')
        .map((method) => ({
          method: method as Method,
          url: route.url,
          config: (route.config ?? {}) as ApiRoute['config'],
          schema: (route.schema ?? {}) as ApiRoute['schema'],
        })),
    );
});
afterAll(async () => {
  await world?.close();
});

const isCommand = (route: ApiRoute) => route.method !== 'GET';
const paramsOf = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
const label = (route: ApiRoute) => `${route.method} ${route.url}`;

/** An account the route's access admits. */
function callerOf(route: ApiRoute): UserTypeCode | 'visitor' {
  const access = route.config.access;
  if (access === 'public') return 'visitor';
  if (access === 'bank' || access === 'admin') return 'system_admin';
  return 'company_owner';
}

describe('every API route declares', () => {
  it('who may call it', () => {
    const undeclared = routes.filter((route) => route.config.access === undefined).map(label);
    expect(undeclared).toEqual([]);
  });

  it('a zod schema for its path parameters and for its answer', () => {
    const missing = routes.flatMap((route) => [
      ...(paramsOf(route.url).length > 0 && !route.schema.params ? [`${label(route)}: params`] : []),
      ...(!route.schema.response && !route.config.answers ? [`${label(route)}: response`] : []),
    ]);
    expect(missing).toEqual([]);
  });

  it('what its path parameter names, so the cross-bank walk below can try it', () => {
    const undeclared = routes
      .filter((route) => paramsOf(route.url).length > 0 && !route.config.object)
      .map(label);
    expect(undeclared).toEqual([]);
  });

  it('a body it accepts when it names an object and reads a body, so the walk gets past validation', () => {
    const undeclared = routes
      .filter((route) => route.config.object && route.schema.body && route.config.example?.body === undefined)
      .map(label);
    expect(undeclared).toEqual([]);
  });
});

describe('a state-changing call', () => {
  const send = (route: ApiRoute, headers: Record<string, string>) =>
    world.send(BANK_A, callerOf(route), {
      method: route.method,
      url: route.url.replace(/:([A-Za-z0-9_]+)/g, '1'),
      payload: {},
      headers,
    });

  it('is refused with 403 without X-Requested-With, on every route', async () => {
    for (const route of routes.filter(isCommand)) {
      const response = await send(route, { 'x-requested-with': '' });
      expect(response.statusCode, label(route)).toBe(403);
      expectEnvelopeRefusal(response, 403);
    }
  });

  it('is refused with 403 from a foreign Origin, on every route', async () => {
    for (const route of routes.filter(isCommand)) {
      const response = await send(route, { origin: 'https://attacker.example' });
      expect(response.statusCode, label(route)).toBe(403);
      expectEnvelopeRefusal(response, 403);
    }
  });
});

describe("another bank's object", () => {
  /** One id of the first bank's rows the route can name, read past the API as that bank. */
  async function idOfFirstBank(object: RouteObjectRef): Promise<string | undefined> {
    const where = object.where ? sql.raw(`where ${object.where}`) : sql``;
    const rows = await world.app.db.withBank(BANK_A, (tx) =>
      tx.execute(
        sql`select ${sql.identifier(object.column)}::text as id from ${sql.identifier(object.table)} ${where} limit 1`,
      ),
    );
    return (rows.rows[0] as { id?: string } | undefined)?.id;
  }

  function expectNoData(response: LightMyRequestResponse, what: string) {
    expect(response.statusCode, `${what}: ${response.body.slice(0, 200)}`).toBe(404);
    expect(response.body, what).not.toMatch(/"result"/);
  }

  it('answers 404 and no data to a user of another bank, on every route with an object id, with a body it accepts', async () => {
    let tried = 0;
    let triedWithBody = 0;
    const untried: string[] = [];
    for (const route of routes.filter((candidate) => candidate.config.object)) {
      const object = route.config.object!;
      const id = await idOfFirstBank(object);
      if (id === undefined) {
        untried.push(object.table);
        continue;
      }
      const url = route.url
        .replace(`:${object.param}`, encodeURIComponent(id!))
        .replace(/:[A-Za-z0-9_]+/g, '1');
      const response = await world.send(BANK_B, callerOf(route), {
        method: route.method,
        url,
        ...(isCommand(route) ? { payload: route.config.example?.body ?? {} } : {}),
      });
      expectNoData(response, `${route.method} ${url} as ${BANK_B}`);
      tried++;
      if (route.schema.body) triedWithBody++;
    }
    expect(tried).toBeGreaterThan(5);
    expect(triedWithBody).toBeGreaterThanOrEqual(4);
    // The demo data has no uploaded files (they need the storage); tests/api/news/files.test.ts and
    // tests/api/registration/identification.test.ts upload one and ask for it from another bank; the
    // companies' logos likewise (tests/api/companies/company-profile.test.ts), and the users' profile
    // pictures (tests/api/settings/user-profile.test.ts).
    // Every other object must be in the demo data.
    expect([...new Set(untried)].sort()).toEqual([
      'article_files',
      'companies',
      'registration_files',
      'users',
    ]);
  });
});
