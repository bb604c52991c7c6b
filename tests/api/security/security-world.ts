import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { UserTypeCode } from '../../../server/contracts/accounts.ts';
import {
  demoSessionCookies,
  gatewayHost,
  gatewayOrigin,
  startLoginWorld,
  type LoginWorld,
} from '../../support/login.ts';
import { createTestRedis } from '../support/redis.ts';

/**
 * What the security suite shares (tests/api/security/): two banks with their demo accounts behind
 * the real identity provider, a session per bank and account type made on first use, and calls as
 * the bank's own pages send them. Later domains add their routes to the app and are walked by the
 * same tests without writing them again.
 */

export const BANK_A = '0182';
export const BANK_B = '0158';

export interface SecurityWorld extends LoginWorld {
  /** The session cookie of the bank's demo account of that type ('' for a visitor). */
  cookieOf(code: string, userType: UserTypeCode | 'visitor'): Promise<string>;
  /** A call on the bank's host as the page of that account sends it (same origin, X-Requested-With). */
  send(
    code: string,
    as: UserTypeCode | 'visitor',
    request: { method: string; url: string; payload?: string | object; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
}

/** On PostgreSQL and Redis when DATABASE_URL and REDIS_URL are set, else PGlite and memory. */
export async function startSecurityWorld(env: Record<string, string> = {}): Promise<SecurityWorld> {
  const redis = process.env.REDIS_URL ? await createTestRedis() : undefined;
  const world = await startLoginWorld({
    codes: [BANK_A, BANK_B],
    // The walks make many anonymous calls from one address: the budget has a test of its own.
    gateway: {
      redis,
      env: { ANONYMOUS_API_RATE_LIMIT_MAX: '1000000', INQUIRY_RATE_LIMIT_MAX: '1000000', ...env },
    },
  });
  const sessionCookieOf = demoSessionCookies(world.app);
  const cookieOf = async (code: string, userType: UserTypeCode | 'visitor') =>
    userType === 'visitor' ? '' : sessionCookieOf(code, userType);
  return {
    ...world,
    async close() {
      await world.close();
      await redis?.close();
    },
    cookieOf,
    async send(code, as, request) {
      const cookie = await cookieOf(code, as);
      return sendFromPage(world.app, code, cookie, request);
    },
  };
}

/** A request as the bank's page holding `cookie` ('' for none) sends it. */
export function sendFromPage(
  app: FastifyInstance,
  code: string,
  cookie: string,
  request: { method: string; url: string; payload?: string | object; headers?: Record<string, string> },
) {
  const json = request.payload !== undefined && typeof request.payload === 'object';
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
      : { payload: json ? JSON.stringify(request.payload) : request.payload }),
  });
}

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

/**
 * A refusal as the spec's envelope: JSON `{ status: 'error', message }` with a message a user can
 * read (Japanese, or the spec's own 404 text), never a framework's English or a stack.
 */
export function expectEnvelopeRefusal(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as { status: string; message: string };
  expect(body.status).toBe('error');
  expect(JAPANESE.test(body.message) || body.message === 'This page could not be found', body.message).toBe(
    true,
  );
  return body as { status: 'error'; message: string; errors?: Record<string, string[]> };
}
