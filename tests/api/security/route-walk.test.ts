import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import type { RouteEntry } from '#server/plugins/route-index.ts';
import { BANK_A, expectEnvelopeRefusal, startSecurityWorld } from './security-world.ts';
import type { World } from '#tests/support/world.ts';

/**
 * Odd input over every registered API route: each string field of its path, query and body gets a
 * NUL, lone surrogates, a 0xFF byte, 10,000 characters and deep nesting, sent by an account the
 * route admits. None may answer 5xx, and every refusal is the spec's envelope. A domain's new routes
 * are walked here as soon as they are registered.
 */

interface OddValue {
  name: string;
  /** The value as JSON carries it (body). */
  json: unknown;
  /** The value as it appears percent-encoded in a path or query. */
  encoded: string;
}

const DEEP = 64;
const ODD_VALUES: readonly OddValue[] = [
  { name: 'a NUL', json: 'a\u0000b', encoded: 'a%00b' },
  { name: 'a lone high surrogate', json: 'a\ud800b', encoded: 'a%ED%A0%80b' },
  { name: 'a lone low surrogate', json: '\udc00', encoded: '%ED%B0%80' },
  { name: 'a 0xFF byte', json: 'a\u00ffb', encoded: 'a%FFb' },
  { name: '10,000 characters', json: 'あ'.repeat(10_000), encoded: '%E3%81%82'.repeat(10_000) },
  {
    name: 'deep nesting',
    json: JSON.parse(`${'['.repeat(DEEP)}"x"${']'.repeat(DEEP)}`),
    encoded: `${'%5B'.repeat(DEEP)}x${'%5D'.repeat(DEEP)}`,
  },
  { name: 'a number where text belongs', json: 1e300, encoded: '1e309' },
];

interface RouteSchema {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
}

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema };

function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | undefined {
  if (schema === undefined) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The schema's shape with every leaf (string or not) set to the odd value, two levels deep. */
function fillWith(schema: JsonSchema | undefined, value: unknown, depth = 0): unknown {
  if (schema?.properties && depth < 3) {
    return Object.fromEntries(
      Object.entries(schema.properties).map(([key, child]) => [key, fillWith(child, value, depth + 1)]),
    );
  }
  if (schema?.type === 'array' && depth < 3) return [fillWith(schema.items, value, depth + 1)];
  return value;
}

/** Who the route admits (its config.access): a visitor, a company owner or a system admin. */
function callerOf(route: RouteEntry): UserTypeCode | 'visitor' {
  const access = (route.config as { access?: string } | undefined)?.access ?? 'public';
  if (access === 'public') return 'visitor';
  if (access === 'bank' || access === 'admin') return 'system_admin';
  return 'company_owner';
}

/** The path with each `:param` replaced: the odd value for the one tried, '1' for the others. */
function pathWith(url: string, tried: string | undefined, encoded: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => (name === tried ? encoded : '1'));
}

const apiRoutes = (world: World) =>
  world.app.routeIndex
    .list()
    .filter((route) => route.url.startsWith('/api/'))
    .flatMap((route) =>
      (typeof route.method === 'string' ? [route.method] : [...route.method])
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ ...route, method })),
    );

let world: World;
beforeAll(async () => {
  world = await startSecurityWorld();
});
afterAll(async () => {
  await world?.close();
});

function expectNoServerError(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400) expectEnvelopeRefusal(response, response.statusCode);
}

describe('every API route', () => {
  it('is found by the walk (the index holds the routes the domains registered)', () => {
    const paths = apiRoutes(world).map((route) => `${route.method} ${route.url}`);
    expect(paths).toContain('POST /api/v1/inquiry');
    expect(paths).toContain('GET /api/v1/user/switchable');
    expect(paths).toContain('POST /api/v1/admin/news/search');
    expect(paths.length).toBeGreaterThan(40);
  });

  for (const odd of ODD_VALUES) {
    it(`answers ${odd.name} in any field with a 4xx envelope or success, never a 500`, async () => {
      for (const route of apiRoutes(world)) {
        const schema = (route.schema ?? {}) as RouteSchema;
        const as = callerOf(route);
        const params = Object.keys(jsonSchemaOf(schema.params)?.properties ?? {});
        for (const param of params) {
          const url = pathWith(route.url, param, odd.encoded);
          const response = await world.send(BANK_A, as, { method: route.method, url });
          expectNoServerError(response, `${route.method} ${url} as ${as}`);
        }
        const query = jsonSchemaOf(schema.querystring)?.properties ?? {};
        for (const field of Object.keys(query)) {
          const url = `${pathWith(route.url, undefined, '')}?${field}=${odd.encoded}`;
          const response = await world.send(BANK_A, as, { method: route.method, url });
          expectNoServerError(response, `${route.method} ${route.url}?${field} as ${as}`);
        }
        if (schema.body !== undefined) {
          const url = pathWith(route.url, undefined, '');
          const payload = JSON.stringify(fillWith(jsonSchemaOf(schema.body), odd.json));
          const response = await world.send(BANK_A, as, { method: route.method, url, payload });
          expectNoServerError(response, `${route.method} ${route.url} body as ${as}`);
        }
      }
    });
  }
});
