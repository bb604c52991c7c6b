import http from 'node:http';
import type { LookupFunction } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { CookieJar } from '#tests/support/idp.ts';
import { completeProviderLogin, findFreePort } from '#tests/support/idp.ts';
import { startPrivateRedis } from '#tests/support/private-redis.ts';
import type { loggedInGatewayInputSchema } from './logged-in-gateway-target.ts';
import { startTargetProcess } from './target-process.ts';

/**
 * What the logged-in benchmarks share: a redis-server of their own, the gateway with its identity
 * provider in a process of its own (logged-in-gateway-target.ts), and logins over real HTTP as a
 * browser makes them (/login, the provider's login page, /callback).
 */

// What the target reports once it listens (a value import of the target would run it here).
const loggedInGatewayReadySchema = z.object({ database: z.enum(['pglite', 'postgres']) });

/** The demo accounts' password (server/db/demo-banks.ts). */
const DEMO_PASSWORD = 'demo-password';
/** Seeding, migrations and the provider's keys take a while on PGlite. */
const START_TIMEOUT_MS = 180_000;

/**
 * Node does not resolve `bank{code}.localhost` (browsers do): every name is looked up as the
 * loopback address, so a request to http://bank0182.localhost:{port}/ reaches 127.0.0.1 with the
 * bank's Host header.
 */
const loopbackLookup = ((_hostname, options, callback) => {
  if ((options as { all?: boolean }).all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
}) as LookupFunction;

export interface LoopbackAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET to a bank's development host over the loopback address (with `agent`, on its connections). */
export function loopbackGet(
  url: string,
  options: { headers?: Record<string, string>; agent?: http.Agent } = {},
): Promise<LoopbackAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: options.headers, agent: options.agent, lookup: loopbackLookup, timeout: 10_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on('error', reject);
  });
}

/** `name=value` of the cookie `name` an answer sets. */
function cookiePair(answer: LoopbackAnswer, name: string): string {
  const pair = (answer.headers['set-cookie'] ?? [])
    .map((header) => header.split(';')[0] ?? '')
    .find((candidate) => candidate.startsWith(`${name}=`) && candidate.length > name.length + 1);
  if (!pair) throw new Error(`the answer (${answer.status}) set no ${name} cookie`);
  return pair;
}

export interface BrowserLogin {
  /** The Cookie header for the gateway: `portal_session=…`. */
  cookie: string;
  /** The provider's cookies: pass them to the next login to sign on without the form. */
  providerCookies: CookieJar;
}

export interface LoggedInWorld {
  gatewayPort: number;
  /** http://bank{code}.localhost:{port} */
  origin(code: string): string;
  /** The Host header a browser sends to the bank's development host. */
  host(code: string): string;
  /** http://127.0.0.1:{port}, for autocannon (which takes the Host header as given). */
  loopbackOrigin: string;
  /** The gateway's process (its CPU time per request is measured). */
  gatewayPid: number | undefined;
  redisUrl: string;
  redisKeyPrefix: string;
  database: 'pglite' | 'postgres';
  /**
   * A browser's whole login on a bank's host. With the provider's cookies of an earlier login of
   * the same person, the provider signs them on without its form (single sign-on), as a browser
   * with a provider session would; each login makes a new gateway session.
   */
  logIn(code: string, loginId: string, providerCookies?: CookieJar): Promise<BrowserLogin>;
  close(): Promise<void>;
}

export async function startLoggedInWorld(
  rootDir: string,
  codes: readonly string[],
  extra: Pick<z.input<typeof loggedInGatewayInputSchema>, 'newsRowsPerBank' | 'newsReader'> = {},
): Promise<LoggedInWorld> {
  const redis = await startPrivateRedis();
  const redisKeyPrefix = 'bench:';
  try {
    const gatewayPort = await findFreePort();
    let idpPort = await findFreePort();
    while (idpPort === gatewayPort) idpPort = await findFreePort();
    const input: z.input<typeof loggedInGatewayInputSchema> = {
      rootDir,
      codes: [...codes],
      gatewayPort,
      idpPort,
      redisUrl: redis.url,
      redisKeyPrefix,
      ...extra,
    };
    const gateway = await startTargetProcess(
      path.join(import.meta.dirname, 'logged-in-gateway-target.ts'),
      input,
      loggedInGatewayReadySchema,
      { startTimeoutMs: START_TIMEOUT_MS },
    );
    const origin = (code: string) => `http://bank${code}.localhost:${gatewayPort}`;

    async function logIn(code: string, loginId: string, providerCookies?: CookieJar): Promise<BrowserLogin> {
      const start = await loopbackGet(`${origin(code)}/login`);
      const authorizationUrl = start.headers.location;
      if (start.status !== 302 || !authorizationUrl)
        throw new Error(
          `GET /login on bank ${code} answered ${start.status}: ${start.body.toString().slice(0, 200)}`,
        );
      const loginCookie = cookiePair(start, 'portal_login');
      const provider = await completeProviderLogin(
        authorizationUrl,
        { loginId, password: DEMO_PASSWORD },
        providerCookies,
      );
      const callback = await loopbackGet(provider.callbackUrl, { headers: { cookie: loginCookie } });
      if (callback.status !== 302)
        throw new Error(
          `/callback for ${loginId} answered ${callback.status}: ${callback.body.toString().slice(0, 200)}`,
        );
      return { cookie: cookiePair(callback, 'portal_session'), providerCookies: provider.providerCookies };
    }

    return {
      gatewayPort,
      origin,
      host: (code) => `bank${code}.localhost:${gatewayPort}`,
      loopbackOrigin: `http://127.0.0.1:${gatewayPort}`,
      gatewayPid: gateway.pid,
      redisUrl: redis.url,
      redisKeyPrefix,
      database: gateway.ready.database,
      logIn,
      async close() {
        try {
          await gateway.stop();
        } finally {
          await redis.close();
        }
      },
    };
  } catch (error) {
    await redis.close();
    throw error;
  }
}
