import path from 'node:path';
import { z } from 'zod';
import { SESSION_IDLE_SECONDS } from '#server/auth/sessions.ts';
import { CURRENT_USER_PATH } from '#server/contracts/identity.ts';
import { bankScopedKey } from '#server/tenancy/bank-key.ts';
import type { bareTargetInputSchema } from './bare-target.ts';
import { type LoggedInWorld, loopbackGet } from './logged-in-world.ts';
import {
  measureSideBySide,
  type RoundRatio,
  roundRatio,
  type SideBySideOptions,
  type TargetThroughput,
} from './side-by-side.ts';
import { startTargetProcess } from './target-process.ts';

/**
 * DESIGN.md section 7: a logged-in API call (tenant + session in Redis + user) serves at least
 * 0.6 x the requests per second of a bare Fastify JSON route. The call is GET /api/v1/user/me with
 * a session made by a real login; the baseline is a bare Fastify route returning the value the
 * gateway answered (Fastify serialises it), with the gateway's headers.
 *
 * A second pair of rounds sets the gateway beside the floor DESIGN.md itself sets: the same bare
 * route making the one Redis command an authenticated read is allowed (GETEX of the same session,
 * same client and options). What separates the gateway from that is the gateway's own work.
 */
export const AUTHENTICATED_READ_BUDGET = 0.6;
const BANK = '0182';
const LOGIN_ID = `owner-${BANK}`;
const ACCEPT = 'application/json';

export interface AuthenticatedReadResult {
  path: string;
  loginId: string;
  bytes: number;
  gateway: TargetThroughput;
  bare: TargetThroughput;
  /** Gateway over bare, per round: median and spread. */
  ratio: RoundRatio;
  /** The second pair: the gateway again, and the bare route with the session's GETEX. */
  floor: { gateway: TargetThroughput; bareWithRedis: TargetThroughput; ratio: RoundRatio };
  budget: number;
  passed: boolean;
}

export async function benchmarkAuthenticatedRead(
  world: LoggedInWorld,
  options: SideBySideOptions,
): Promise<AuthenticatedReadResult> {
  const { cookie } = await world.logIn(BANK, LOGIN_ID);
  const answer = await loopbackGet(`${world.origin(BANK)}${CURRENT_USER_PATH}`, {
    headers: { cookie, accept: ACCEPT },
  });
  if (answer.status !== 200)
    throw new Error(
      `${CURRENT_USER_PATH} answered ${answer.status}: ${answer.body.toString().slice(0, 200)}`,
    );

  const bareInput: z.input<typeof bareTargetInputSchema> = {
    path: CURRENT_USER_PATH,
    as: 'json',
    body: answer.body.toString('base64'),
    // The gateway's headers (content type, security headers), less those Node writes itself.
    headers: Object.fromEntries(
      Object.entries(answer.headers)
        .filter(
          ([name]) => !['date', 'connection', 'content-length', 'keep-alive', 'set-cookie'].includes(name),
        )
        .map(([name, value]) => [name, String(value)]),
    ),
  };
  const sessionId = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  const start = (input: z.input<typeof bareTargetInputSchema>) =>
    startTargetProcess(path.join(import.meta.dirname, 'bare-target.ts'), input, z.object({}));
  const bare = await start(bareInput);
  try {
    const bareWithRedis = await start({
      ...bareInput,
      redisRead: {
        url: world.redisUrl,
        key: `${world.redisKeyPrefix}${bankScopedKey(BANK, 'session', sessionId)}`,
        idleSeconds: SESSION_IDLE_SECONDS,
      },
    });
    try {
      const gatewayTarget = {
        label: 'gateway',
        url: `${world.loopbackOrigin}${CURRENT_USER_PATH}`,
        headers: { host: world.host(BANK), cookie, accept: ACCEPT },
        pid: world.gatewayPid,
      };
      const beside = (label: string, target: { origin: string; pid: number | undefined }) =>
        measureSideBySide(
          gatewayTarget,
          {
            label,
            url: `${target.origin}${CURRENT_USER_PATH}`,
            headers: { accept: ACCEPT },
            pid: target.pid,
          },
          options,
        );
      const [gateway, baseline] = await beside('bare Fastify', bare);
      const [gatewayAgain, withRedis] = await beside('bare + GETEX', bareWithRedis);
      const ratio = roundRatio(gateway, baseline);
      const failures = gateway.failures + baseline.failures + gatewayAgain.failures + withRedis.failures;
      return {
        path: CURRENT_USER_PATH,
        loginId: LOGIN_ID,
        bytes: answer.body.length,
        gateway,
        bare: baseline,
        ratio,
        floor: {
          gateway: gatewayAgain,
          bareWithRedis: withRedis,
          ratio: roundRatio(gatewayAgain, withRedis),
        },
        budget: AUTHENTICATED_READ_BUDGET,
        passed: ratio.median >= AUTHENTICATED_READ_BUDGET && failures === 0,
      };
    } finally {
      await bareWithRedis.stop();
    }
  } finally {
    await bare.stop();
  }
}
