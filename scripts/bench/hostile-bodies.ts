import http from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import type { gatewayTargetInputSchema } from './gateway-target.ts';
import { startTargetProcess } from './target-process.ts';

/**
 * Issue 11: anonymous hostile bodies stay cheap. While eight clients post 1 MB of nested JSON
 * (`[[[[…]]]]`) without pause, to an unknown API path (answered before its body is read) and to the
 * public inquiry (refused by the depth check before parsing), the gateway's `/healthz` keeps its p99
 * under 50 ms. Measured in alternating rounds against `/healthz` with no attack on the same process.
 * Before the fix one such body cost about 230 ms, and eight in parallel delayed `/healthz` by 1.7 s.
 */
export const HOSTILE_BODIES_BUDGET_MS = 50;
const BANK_HOST = 'bank0182.localhost';
const BODY_BYTES = 1_048_576;

export interface HostileBodiesOptions {
  attackers: number;
  rounds: number;
  roundMs: number;
}

export interface LatencySummary {
  label: string;
  samples: number;
  p50: number;
  p99: number;
  max: number;
  /** Hostile bodies answered during the rounds (none for the quiet rounds). */
  attacksAnswered: number;
  statuses: string;
}

export interface HostileBodiesResult {
  quiet: LatencySummary;
  unknownPath: LatencySummary;
  inquiry: LatencySummary;
  budgetMs: number;
  passed: boolean;
}

const percentile = (sorted: readonly number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;

function request(
  origin: string,
  options: {
    method: string;
    path: string;
    headers: Record<string, string>;
    body?: Buffer;
    agent: http.Agent;
  },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${options.path}`, {
      method: options.method,
      headers: options.headers,
      agent: options.agent,
    });
    req.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    // The gateway answers a refused body early and closes: the rest of ours is not wanted.
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? resolve(-1) : reject(error),
    );
    req.end(options.body);
  });
}

/** /healthz one after another on a keep-alive connection for `ms`: each request's time in ms. */
async function probeHealth(origin: string, ms: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  const end = performance.now() + ms;
  try {
    while (performance.now() < end) {
      const start = performance.now();
      await request(origin, { method: 'GET', path: '/healthz', headers: { host: BANK_HOST }, agent });
      times.push(performance.now() - start);
    }
  } finally {
    agent.destroy();
  }
  return times;
}

/** `attackers` loops posting the body to `path` until `stop` resolves: the answers by status. */
async function attack(origin: string, path: string, attackers: number, stop: Promise<void>) {
  const body = Buffer.from(`${'['.repeat(BODY_BYTES / 2)}${']'.repeat(BODY_BYTES / 2)}`);
  const statuses = new Map<number, number>();
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  const agent = new http.Agent({ keepAlive: false, maxSockets: attackers });
  const headers = {
    host: BANK_HOST,
    origin: `http://${BANK_HOST}`,
    'x-requested-with': 'XMLHttpRequest',
    'content-type': 'application/json',
  };
  await Promise.all(
    Array.from({ length: attackers }, async () => {
      while (!stopped) {
        const status = await request(origin, { method: 'POST', path, headers, body, agent });
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  agent.destroy();
  return statuses;
}

function summarise(label: string, times: number[], statuses: Map<number, number>): LatencySummary {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    label,
    samples: sorted.length,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
    attacksAnswered: [...statuses.values()].reduce((sum, count) => sum + count, 0),
    statuses: [...statuses.entries()]
      .map(([status, count]) => `${status === -1 ? 'closed' : status}: ${count}`)
      .join(', '),
  };
}

export async function benchmarkHostileBodies(
  rootDir: string,
  options: HostileBodiesOptions,
): Promise<HostileBodiesResult> {
  const input: z.input<typeof gatewayTargetInputSchema> = {
    rootDir,
    clientDistDir: path.join(rootDir, 'tests', 'fixtures', 'client-dist'),
    host: BANK_HOST,
    accept: 'text/html',
    // The limits would refuse the bodies before they are read: this measures what reading costs.
    env: { ANONYMOUS_API_RATE_LIMIT_MAX: '100000000', INQUIRY_RATE_LIMIT_MAX: '100000000' },
  };
  const gateway = await startTargetProcess(
    path.join(import.meta.dirname, 'gateway-target.ts'),
    input,
    z.object({}),
  );
  try {
    const phases = {
      quiet: { times: [] as number[], statuses: new Map<number, number>() },
      unknownPath: { times: [] as number[], statuses: new Map<number, number>() },
      inquiry: { times: [] as number[], statuses: new Map<number, number>() },
    };
    const targets = { unknownPath: '/api/v1/no-such-call', inquiry: '/api/v1/inquiry' } as const;
    await probeHealth(gateway.origin, 1_000); // warm-up
    for (let round = 0; round < options.rounds; round++) {
      phases.quiet.times.push(...(await probeHealth(gateway.origin, options.roundMs)));
      for (const phase of ['unknownPath', 'inquiry'] as const) {
        let stop = () => {};
        const stopped = new Promise<void>((resolve) => (stop = resolve));
        const attacking = attack(gateway.origin, targets[phase], options.attackers, stopped);
        phases[phase].times.push(...(await probeHealth(gateway.origin, options.roundMs)));
        stop();
        for (const [status, count] of await attacking)
          phases[phase].statuses.set(status, (phases[phase].statuses.get(status) ?? 0) + count);
      }
    }
    const quiet = summarise('no attack', phases.quiet.times, phases.quiet.statuses);
    const unknownPath = summarise(
      `${targets.unknownPath}`,
      phases.unknownPath.times,
      phases.unknownPath.statuses,
    );
    const inquiry = summarise(`${targets.inquiry}`, phases.inquiry.times, phases.inquiry.statuses);
    return {
      quiet,
      unknownPath,
      inquiry,
      budgetMs: HOSTILE_BODIES_BUDGET_MS,
      passed: unknownPath.p99 <= HOSTILE_BODIES_BUDGET_MS && inquiry.p99 <= HOSTILE_BODIES_BUDGET_MS,
    };
  } finally {
    await gateway.stop();
  }
}
