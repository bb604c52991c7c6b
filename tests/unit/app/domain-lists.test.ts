import { describe, expect, it } from 'vitest';
import { SERVER_DOMAINS } from '#server/domains.ts';

// A domain has two halves under one name: its server half in server/domains.ts (routes, badge
// counters, demo data) and its client half in client/src/app/features.ts (eager) or
// client/src/app/lazy-domains.ts (lazy). `npm run domain:new` writes both; this keeps a domain added
// or removed by hand from keeping only one of them.

/**
 * The domains with one half only, each with why. Adding a name here is a decision, not a fix.
 */
const SERVER_ONLY: Record<string, string> = {
  // The manual dialog's content, per page kind and bank: the dialog reads it, no page is its own.
  manual: 'no page of its own: the manual dialog reads its content',
};
const CLIENT_ONLY: Record<string, string> = {
  // The top page shows the bank's config and links; it asks no API of its own.
  home: 'the top page reads the start-up config only',
  // The bank's terms and policies are texts in the client bundle (spec: 規約 pages).
  'static-pages': 'the bank’s documents are static texts',
  // Switching into a user: the login routes of server/api/user/routes.ts (not a domain: server/app.ts
  // registers them with the login flow).
  user: 'its calls are the login flow’s (server/api/user/routes.ts), registered by server/app.ts',
};

/**
 * A client module's domain list, by name only. Imported by a path the type checker does not follow:
 * the server's project (tsconfig.node.json) does not type-check the client's modules.
 */
async function clientDomainNames(module: string, list: string): Promise<string[]> {
  const path = `#client/app/${module}`;
  const exports = (await import(path)) as Record<string, readonly { name: string }[]>;
  return (exports[list] ?? []).map((domain) => domain.name);
}

const serverNames = SERVER_DOMAINS.map((domain) => domain.name);
const eagerNames = await clientDomainNames('features.ts', 'CLIENT_DOMAINS');
const lazyNames = await clientDomainNames('lazy-domains.ts', 'LAZY_CLIENT_DOMAINS');
const clientNames = new Set([...eagerNames, ...lazyNames]);

describe('the server and client domain lists', () => {
  it('name each domain once per list', () => {
    expect(eagerNames).toContain('home');
    expect(lazyNames).toContain('news');
    expect(serverNames).toEqual([...new Set(serverNames)]);
    expect(lazyNames).toEqual([...new Set(lazyNames)]);
    // A domain's dashboard widgets stay eager while its pages are lazy (news): one name in both.
    expect(eagerNames).toEqual([...new Set(eagerNames)]);
  });

  it('name the same domains, but for the one-sided ones listed here with their reason', () => {
    expect(serverNames.filter((name) => !clientNames.has(name)).sort()).toEqual(
      Object.keys(SERVER_ONLY).sort(),
    );
    expect([...clientNames].filter((name) => !serverNames.includes(name)).sort()).toEqual(
      Object.keys(CLIENT_ONLY).sort(),
    );
  });

  it('list no one-sided domain that is not one', () => {
    for (const name of Object.keys(SERVER_ONLY)) expect(clientNames.has(name), name).toBe(false);
    for (const name of Object.keys(CLIENT_ONLY)) expect(serverNames, name).not.toContain(name);
  });
});
