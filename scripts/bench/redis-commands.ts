import http from 'node:http';
import { Redis } from 'ioredis';
import { CURRENT_USER_PATH } from '#server/contracts/identity.ts';
import { type LoggedInWorld, loopbackGet } from './logged-in-world.ts';

/**
 * DESIGN.md section 7: exactly one Redis command per authenticated read. Counted on the
 * benchmark's own redis-server with INFO commandstats before and after N reads of
 * GET /api/v1/user/me with one session (nothing else uses that server meanwhile).
 */
export const REDIS_COMMANDS_PER_READ_BUDGET = 1;
const BANK = '0158';
const LOGIN_ID = `user-${BANK}`;
const CONCURRENCY = 10;

export interface RedisCommandsResult {
  path: string;
  loginId: string;
  reads: number;
  /** Commands by name (lower case, as Redis names them) over all reads. */
  commands: Record<string, number>;
  perRead: number;
  failures: number;
  budget: number;
  passed: boolean;
}

/** `cmdstat_getex:calls=3,usec=…` lines into calls by command. */
function callsByCommand(info: string): Map<string, number> {
  const calls = new Map<string, number>();
  for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) calls.set(match[1]!, Number(match[2]));
  return calls;
}

export async function benchmarkRedisCommandsPerRead(
  world: LoggedInWorld,
  reads = 1_000,
): Promise<RedisCommandsResult> {
  const { cookie } = await world.logIn(BANK, LOGIN_ID);
  const url = `${world.origin(BANK)}${CURRENT_USER_PATH}`;
  const headers = { cookie, accept: 'application/json' };
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const counter = new Redis(world.redisUrl, { maxRetriesPerRequest: 1 });
  try {
    // One read first: anything done once per process (a connection, a cache) stays out of the count.
    const warm = await loopbackGet(url, { headers, agent });
    if (warm.status !== 200) throw new Error(`${CURRENT_USER_PATH} answered ${warm.status}`);

    const before = callsByCommand(await counter.info('commandstats'));
    let next = 0;
    let failures = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < reads) {
          next++;
          const answer = await loopbackGet(url, { headers, agent });
          if (answer.status !== 200) failures++;
        }
      }),
    );
    const after = callsByCommand(await counter.info('commandstats'));

    const commands: Record<string, number> = {};
    for (const [command, calls] of after) {
      // The counting connection's own INFO is not the gateway's.
      if (command === 'info') continue;
      const delta = calls - (before.get(command) ?? 0);
      if (delta > 0) commands[command] = delta;
    }
    const total = Object.values(commands).reduce((sum, calls) => sum + calls, 0);
    const perRead = total / reads;
    return {
      path: CURRENT_USER_PATH,
      loginId: LOGIN_ID,
      reads,
      commands,
      perRead,
      failures,
      budget: REDIS_COMMANDS_PER_READ_BUDGET,
      passed: perRead === REDIS_COMMANDS_PER_READ_BUDGET && failures === 0,
    };
  } finally {
    agent.destroy();
    counter.disconnect();
  }
}
