import path from 'node:path';
import { z } from 'zod';
import { CURRENT_USER_PATH } from '#server/contracts/identity.ts';
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
  const bare = await startTargetProcess(
    path.join(import.meta.dirname, 'bare-target.ts'),
    bareInput,
    z.object({}),
  );
  try {
    const [gateway, baseline] = await measureSideBySide(
      {
        label: 'gateway',
        url: `${world.loopbackOrigin}${CURRENT_USER_PATH}`,
        headers: { host: world.host(BANK), cookie, accept: ACCEPT },
        pid: world.gatewayPid,
      },
      {
        label: 'bare Fastify',
        url: `${bare.origin}${CURRENT_USER_PATH}`,
        headers: { accept: ACCEPT },
        pid: bare.pid,
      },
      options,
    );
    const ratio = roundRatio(gateway, baseline);
    return {
      path: CURRENT_USER_PATH,
      loginId: LOGIN_ID,
      bytes: answer.body.length,
      gateway,
      bare: baseline,
      ratio,
      budget: AUTHENTICATED_READ_BUDGET,
      passed: ratio.median >= AUTHENTICATED_READ_BUDGET && gateway.failures === 0 && baseline.failures === 0,
    };
  } finally {
    await bare.stop();
  }
}
