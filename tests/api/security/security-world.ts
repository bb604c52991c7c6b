import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { startWorld, type World } from '#tests/support/world.ts';

/**
 * The security suite (tests/api/security/) runs in the api suite's world (tests/support/world.ts):
 * two banks with their demo accounts behind the real identity provider, a session per bank and
 * account type made on first use, and calls as the bank's own pages send them. Later domains add
 * their routes to the app and are walked by the same tests without writing them again.
 */

export { BANK_A, BANK_B, sendFromPage } from '#tests/support/world.ts';

/** On PostgreSQL and Redis when DATABASE_URL and REDIS_URL are set, else PGlite and memory. */
export function startSecurityWorld(env: Record<string, string> = {}): Promise<World> {
  return startWorld({
    redisWhenSet: true,
    // The walks make many anonymous calls from one address: the budget has a test of its own.
    gateway: { env: { ANONYMOUS_API_RATE_LIMIT_MAX: '1000000', INQUIRY_RATE_LIMIT_MAX: '1000000', ...env } },
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
