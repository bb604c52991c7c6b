import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { loadServerConfig } from '#server/config.ts';
import type { Database } from '#server/db/database.ts';
import type { LoginRateLimit } from '#server/idp/interaction-routes.ts';
import { startServer } from '#server/startup.ts';
import type { TenantRegistry } from '#server/tenancy/tenant.ts';
import { copyTenants, ROOT_DIR } from './app.ts';
import { createTestDatabase } from './database.ts';

/** A TCP port nobody listens on right now (127.0.0.1). */
export async function findFreePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A bank's issuer on a test provider's port: what tenantsForIssuerPort writes into its tenant file. */
export const testIssuer = (code: string, idpPort: number) => `http://localhost:${idpPort}/oidc/bank${code}`;

/** Points a bank folder's tenant file at a test provider's port (oidc.issuer). */
export async function rewriteIssuer(tenantsDir: string, code: string, idpPort: number): Promise<void> {
  const file = path.join(tenantsDir, code, 'tenant.json');
  const tenant = JSON.parse(await fs.readFile(file, 'utf8')) as { oidc: { issuer: string } };
  tenant.oidc.issuer = testIssuer(code, idpPort);
  await fs.writeFile(file, `${JSON.stringify(tenant, null, 2)}\n`);
}

/** A temp copy of some committed banks whose `oidc.issuer` is `http://localhost:{idpPort}/oidc/bank{code}`. */
export async function tenantsForIssuerPort(codes: string[], idpPort: number): Promise<string> {
  const dir = await copyTenants(codes);
  for (const code of codes) await rewriteIssuer(dir, code, idpPort);
  return dir;
}

/** The one port the tenant files' issuers name (tenantsForIssuerPort wrote it). */
async function issuerPort(tenantsDir: string): Promise<number> {
  const ports = new Set<number>();
  for (const entry of await fs.readdir(tenantsDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const file = path.join(tenantsDir, entry.name, 'tenant.json');
    const tenant = JSON.parse(await fs.readFile(file, 'utf8')) as { oidc: { issuer: string } };
    ports.add(Number(new URL(tenant.oidc.issuer).port));
  }
  const [port, ...others] = ports;
  if (port === undefined || others.length > 0 || !port) {
    throw new Error(`${tenantsDir}: the tenant files must name one issuer port (see tenantsForIssuerPort)`);
  }
  return port;
}

export interface TestIdentityProviderOptions {
  tenantsDir: string;
  /** Where to listen (127.0.0.1); default the one port the tenant files' issuers name. */
  port?: number;
  /** The gateway's database; without it the provider opens a test database of its own and seeds the demo data. */
  db?: Database;
  /** A Redis of the test's own; without it the in-memory adapter. */
  redis?: { client: Redis; keyPrefix: string };
  /** The gateway's port, for the development redirect URIs (http://bank{code}.localhost:{port}/callback). Default 3000. */
  gatewayPort?: number;
  env?: Record<string, string>;
  loginRateLimit?: LoginRateLimit;
  /** Watch the tenants folder (a bank added at run time). Default false. */
  watchTenants?: boolean;
  logger?: FastifyBaseLogger;
  /** Where the signing keys and cookie secret live; default a temp folder removed at close (pass one to restart on the same keys). */
  dataDir?: string;
}

export interface TestIdentityProvider {
  /** `http://localhost:{port}` (the host the issuers name). */
  origin: string;
  port: number;
  issuer(code: string): string;
  /** The database the provider reads users from (the test's own when none was passed). */
  db: Database;
  tenants: TenantRegistry;
  /** The provider's data folder: the banks' signing keys are in `{dataDir}/idp-keys/{code}.json`. */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real identity provider (server/idp/app.ts) listening on 127.0.0.1 at the port the tenant
 * files' issuers name, with keys in a temp data folder of its own.
 */
export async function startTestIdentityProvider(
  options: TestIdentityProviderOptions,
): Promise<TestIdentityProvider> {
  const port = options.port ?? (await issuerPort(options.tenantsDir));
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'portal-idp-')));
  const ownDatabase = options.db ? undefined : await createTestDatabase();
  const config = loadServerConfig(
    {
      NODE_ENV: 'test',
      TENANTS_DIR: options.tenantsDir,
      DATA_DIR: dataDir,
      PORT: String(options.gatewayPort ?? 3000),
      IDP_HOST: '127.0.0.1',
      IDP_PORT: String(port),
      ...(ownDatabase?.databaseUrl ? { DATABASE_URL: ownDatabase.databaseUrl } : {}),
      ...(options.redis ? { REDIS_KEY_PREFIX: options.redis.keyPrefix } : {}),
      ...options.env,
    },
    ROOT_DIR,
  );
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({
      serve: 'provider',
      config,
      // Without a database of the gateway's, the provider's own one gets the banks' demo accounts.
      ...(options.db ? { db: options.db } : { prepareBanks: true }),
      watchTenants: options.watchTenants ?? false,
      redis: options.redis?.client ?? false,
      appLogger: options.logger,
      loginRateLimit: options.loginRateLimit,
    });
  } catch (error) {
    await ownDatabase?.drop();
    if (!options.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const origin = `http://localhost:${port}`;
  return {
    origin,
    port,
    issuer: (code) => testIssuer(code, port),
    db: server.db,
    tenants: server.tenants,
    dataDir,
    async close() {
      await server.close();
      await ownDatabase?.drop();
      if (!options.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * startTestIdentityProvider for some committed banks: their tenant files in a folder of its own,
 * pointing at a free port, removed again on close.
 */
export async function startProviderForBanks(
  codes: readonly string[],
  options: Omit<TestIdentityProviderOptions, 'tenantsDir'> = {},
): Promise<TestIdentityProvider & { tenantsDir: string }> {
  const tenantsDir = await tenantsForIssuerPort([...codes], await findFreePort());
  const idp = await startTestIdentityProvider({ ...options, tenantsDir });
  return {
    ...idp,
    tenantsDir,
    async close() {
      await idp.close();
      await fs.rm(tenantsDir, { recursive: true, force: true });
    },
  };
}

interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
}

/**
 * A browser's cookies for the tests' fetches: kept per host name (not port, as browsers do) and
 * path, sent back on matching requests, removed when the server expires them. Enough for the
 * provider and the gateway on localhost; no Domain or Secure handling.
 */
export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  /** Keeps the Set-Cookie headers of a response to `url`. */
  store(url: string | URL, response: Response): void {
    const { hostname, pathname } = new URL(url);
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const attribute = (key: string) =>
        attributes.find((part) => part.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const cookiePath = attribute('path') ?? pathname.replace(/\/[^/]*$/, '') ?? '/';
      const expires = attribute('expires');
      const maxAge = attribute('max-age');
      const expired =
        value === '' ||
        (maxAge !== undefined && Number(maxAge) <= 0) ||
        (expires !== undefined && Date.parse(expires) <= Date.now());
      const key = `${hostname} ${cookiePath} ${name}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, host: hostname, path: cookiePath || '/' });
    }
  }

  /** The Cookie header a browser would send to `url` (undefined when none). */
  header(url: string | URL): string | undefined {
    const { hostname, pathname } = new URL(url);
    const matching = [...this.cookies.values()].filter(
      (cookie) =>
        cookie.host === hostname &&
        (pathname === cookie.path ||
          pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`)),
    );
    return matching.length > 0
      ? matching.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
      : undefined;
  }

  /** The names of the cookies held for a host name. */
  names(hostname = 'localhost'): string[] {
    return [...this.cookies.values()]
      .filter((cookie) => cookie.host === hostname)
      .map((cookie) => cookie.name);
  }
}

/** One request as a browser sends it: the jar's cookies, no automatic redirects; the answer's cookies are kept. */
export async function browserFetch(
  jar: CookieJar,
  url: string | URL,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(url, response);
  return response;
}

export interface LoginCredentials {
  loginId: string;
  password: string;
}

type ProviderStep =
  | { kind: 'login-form'; formUrl: string; html: string }
  | { kind: 'left-provider'; url: string }
  | { kind: 'page'; url: string; status: number; html: string };

/**
 * Follows redirects from `url` as a browser would, while they stay on the provider's origin: stops
 * at the login form, at a page, or at a redirect that leaves the provider (the gateway's callback).
 */
async function followOnProvider(jar: CookieJar, url: string, providerOrigin: string): Promise<ProviderStep> {
  let current = url;
  for (let hops = 0; hops < 10; hops++) {
    const response = await browserFetch(jar, current);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      current = new URL(location, current).href;
      if (new URL(current).origin !== providerOrigin) return { kind: 'left-provider', url: current };
      continue;
    }
    const html = await response.text();
    if (response.status === 200 && /name="login_id"/.test(html))
      return { kind: 'login-form', formUrl: current, html };
    return { kind: 'page', url: current, status: response.status, html };
  }
  throw new Error(`more than 10 redirects from ${url}`);
}

async function postLoginForm(jar: CookieJar, formUrl: string, credentials: LoginCredentials) {
  return browserFetch(jar, formUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login_id: credentials.loginId, password: credentials.password }).toString(),
  });
}

/** The message of a provider page (the login form's error, or a message page's text). */
export function providerPageMessage(html: string): string | undefined {
  const text =
    /<p class="error"[^>]*>(.*?)<\/p>/s.exec(html)?.[1] ?? /<main>.*?<p>(.*?)<\/p>/s.exec(html)?.[1];
  return text
    ?.replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * The browser's part of a login at a bank's provider: opens the authorization URL, follows the
 * provider's redirects to its login page, posts the credentials and follows back until a redirect
 * leaves the provider: that URL is the gateway's /callback?code=&state=&iss=. With a jar that
 * already holds the provider's session, no form is shown (single sign-on). Throws when the login is
 * refused (see loginFailure).
 */
export async function completeProviderLogin(
  authorizationUrl: string,
  credentials: LoginCredentials,
  jar: CookieJar = new CookieJar(),
): Promise<{ callbackUrl: string; providerCookies: CookieJar }> {
  const providerOrigin = new URL(authorizationUrl).origin;
  const first = await followOnProvider(jar, authorizationUrl, providerOrigin);
  if (first.kind === 'left-provider') return { callbackUrl: first.url, providerCookies: jar };
  if (first.kind === 'page')
    throw new Error(
      `the provider answered ${first.status}: ${providerPageMessage(first.html) ?? first.html}`,
    );

  const posted = await postLoginForm(jar, first.formUrl, credentials);
  const location = posted.headers.get('location');
  if (posted.status !== 303 || !location) {
    const message = providerPageMessage(await posted.text());
    throw new Error(`login refused (${posted.status}): ${message ?? 'no message'}`);
  }
  const next = new URL(location, first.formUrl).href;
  if (new URL(next).origin !== providerOrigin) return { callbackUrl: next, providerCookies: jar };
  const last = await followOnProvider(jar, next, providerOrigin);
  if (last.kind !== 'left-provider')
    throw new Error(`the provider did not send the browser back (${last.kind})`);
  return { callbackUrl: last.url, providerCookies: jar };
}

/**
 * A login the provider refuses: the status and the message the login page shows after posting the
 * credentials (e.g. ログインIDまたはパスワードが正しくありません。).
 */
export async function loginFailure(
  authorizationUrl: string,
  credentials: LoginCredentials,
  jar: CookieJar = new CookieJar(),
): Promise<{ status: number; message: string | undefined }> {
  const providerOrigin = new URL(authorizationUrl).origin;
  const first = await followOnProvider(jar, authorizationUrl, providerOrigin);
  if (first.kind !== 'login-form') throw new Error(`expected the login form, got ${first.kind}`);
  const posted = await postLoginForm(jar, first.formUrl, credentials);
  if (posted.status === 303) throw new Error('the provider accepted the login');
  return { status: posted.status, message: providerPageMessage(await posted.text()) };
}

/** Just the message of a refused login. */
export async function loginFailureMessage(
  authorizationUrl: string,
  credentials: LoginCredentials,
  jar?: CookieJar,
): Promise<string | undefined> {
  return (await loginFailure(authorizationUrl, credentials, jar)).message;
}
