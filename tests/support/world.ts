import fs from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Redis } from 'ioredis';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import type { Database } from '#server/db/database.ts';
import { seedDemoData } from '#server/demo-data.ts';
import { users } from '#server/db/schema/users.ts';
import { createTestRedis, type TestRedis } from '../api/support/redis.ts';
import { buildTestApp, type TestApp, type TestAppOptions } from './app.ts';
import {
  findFreePort,
  startTestIdentityProvider,
  tenantsForIssuerPort,
  type TestIdentityProvider,
} from './idp.ts';
import {
  DEMO_LOGIN_OF,
  GATEWAY_PORT,
  type GatewayLogin,
  gatewayHost,
  gatewayOrigin,
  loginAs,
} from './login.ts';

/**
 * The api suite's one test world: two banks (A = 0182, B = 0158) with their demo accounts behind the
 * real gateway (injected, no port) and the real identity provider (listening on a free port),
 * sharing one test database of the world's own. Every test file starts its own world, so files run
 * in parallel without seeing each other's rows, sessions or Redis keys.
 */

export const BANK_A = '0182';
export const BANK_B = '0158';

/** An account type, or a visitor (no session). */
export type Actor = UserTypeCode | 'visitor';

/** A request as a page of the bank sends it. */
export interface PageRequest {
  method: string;
  url: string;
  /** An object goes as JSON; a string or a Buffer (a multipart body, with its content-type) as it is. */
  payload?: string | Buffer | object;
  headers?: Record<string, string>;
}

export interface WorldOptions {
  /** The committed banks the world carries; default [BANK_A, BANK_B]. */
  banks?: readonly string[];
  /** Edits the banks' tenant files (a temp copy) before anything starts: allowlists, flags. */
  prepareTenants?: (tenantsDir: string) => Promise<void>;
  /** The gateway's environment, logger, tenant watch or Redis (tests/support/app.ts). */
  gateway?: Omit<TestAppOptions, 'tenantsDir'>;
  /**
   * Sessions and rate limits in a Redis key prefix of the world's own when REDIS_URL is set (CI),
   * removed at close; else in memory. Default false (memory).
   */
  redisWhenSet?: boolean;
  /** A Redis for the provider's grants and sessions; default its in-memory adapter. */
  idpRedis?: { client: Redis; keyPrefix: string };
}

export interface World {
  banks: readonly string[];
  gateway: TestApp;
  /** The gateway: inject requests with a bank's Host (`gatewayHost`). */
  app: FastifyInstance;
  /** The world's database, for set-up a call cannot make (`db.withBank(code, tx => …)`). */
  db: Database;
  idp: TestIdentityProvider;
  tenantsDir: string;
  /** The world's own Redis key prefix (redisWhenSet and REDIS_URL set). */
  redis: TestRedis | undefined;
  /** A fresh login of the bank's demo account of that type through the provider's login page. */
  loginAs(code: string, userType: UserTypeCode): Promise<GatewayLogin>;
  /** The session cookie of the bank's demo account of that type, logged in once per world ('' for a visitor). */
  cookieOf(code: string, as: Actor): Promise<string>;
  /** A call on the bank's host as that account's page sends it (same origin, X-Requested-With). */
  send(code: string, as: Actor, request: PageRequest): Promise<LightMyRequestResponse>;
  /** The user id of the bank's demo account of that type. */
  userIdOf(code: string, userType: UserTypeCode): Promise<number>;
  close(): Promise<void>;
}

/** A request as the bank's page holding `cookie` ('' for none) sends it. */
export function sendFromPage(app: FastifyInstance, code: string, cookie: string, request: PageRequest) {
  const json =
    request.payload !== undefined && typeof request.payload === 'object' && !Buffer.isBuffer(request.payload);
  return app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: {
      host: gatewayHost(code),
      origin: gatewayOrigin(code),
      'x-requested-with': 'XMLHttpRequest',
      ...(cookie ? { cookie } : {}),
      ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...request.headers,
    },
    ...(request.payload === undefined
      ? {}
      : { payload: json ? JSON.stringify(request.payload) : (request.payload as string | Buffer) }),
  });
}

/** Starts a world (see World); close it in the file's afterAll. */
export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const banks = options.banks ?? [BANK_A, BANK_B];
  const redis = options.redisWhenSet && process.env.REDIS_URL ? await createTestRedis() : undefined;
  const idpPort = await findFreePort();
  const tenantsDir = await tenantsForIssuerPort([...banks], idpPort);
  await options.prepareTenants?.(tenantsDir);
  const gateway = await buildTestApp({
    redis,
    ...options.gateway,
    tenantsDir,
    // Many logins from one test address: the limit itself has a test of its own.
    env: { LOGIN_RATE_LIMIT_MAX: '100000', ...options.gateway?.env },
  });
  const { app } = gateway;
  await seedDemoData(
    app.db,
    app.tenants.list().map((tenant) => ({ code: tenant.code, bank_name: tenant.config.bank_name })),
  );
  const idp = await startTestIdentityProvider({
    tenantsDir,
    db: app.db,
    gatewayPort: GATEWAY_PORT,
    port: idpPort,
    redis: options.idpRedis,
    watchTenants: options.gateway?.watchTenants,
  });

  const sessions = new Map<string, Promise<string>>();
  const loginOf = (code: string, userType: UserTypeCode) =>
    loginAs(app, code, `${DEMO_LOGIN_OF[userType]}-${code}`);
  const cookieOf = (code: string, as: Actor): Promise<string> => {
    if (as === 'visitor') return Promise.resolve('');
    const key = `${code}/${as}`;
    let cookie = sessions.get(key);
    if (!cookie) {
      cookie = loginOf(code, as).then((login) => login.cookie);
      sessions.set(key, cookie);
    }
    return cookie;
  };
  return {
    banks,
    gateway,
    app,
    db: app.db,
    idp,
    tenantsDir,
    redis,
    loginAs: loginOf,
    cookieOf,
    async send(code, as, request) {
      return sendFromPage(app, code, await cookieOf(code, as), request);
    },
    async userIdOf(code, userType) {
      const [row] = await app.db.withBank(code, (tx) =>
        tx
          .select({ user_id: users.user_id })
          .from(users)
          .where(eq(users.user_login_id, `${DEMO_LOGIN_OF[userType]}-${code}`)),
      );
      if (!row) throw new Error(`no demo ${userType} in bank ${code}`);
      return row.user_id;
    },
    async close() {
      await idp.close();
      await gateway.close();
      await redis?.close();
      await fs.rm(tenantsDir, { recursive: true, force: true });
    },
  };
}
