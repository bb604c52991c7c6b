import fs from 'node:fs';
import autocannon, { type AutocannonResult } from 'autocannon';

/**
 * Measures two servers in one run on this machine, in alternating rounds, so that whatever else the
 * machine does (CPU frequency, another process) weighs on both alike. Loopback only; every round is
 * bounded in time.
 */

export interface LoadTarget {
  label: string;
  url: string;
  headers: Record<string, string>;
  /** The server's process, whose CPU time per request is measured beside its throughput (Linux). */
  pid?: number;
}

export interface SideBySideOptions {
  warmupSeconds: number;
  rounds: number;
  roundSeconds: number;
  connections: number;
}

export interface TargetThroughput {
  label: string;
  /** Requests per second: the median of the rounds. */
  requestsPerSecond: number;
  /** Requests per second in each round, in the order they ran. */
  perRound: number[];
  /** Errors, timeouts and non-2xx answers: a measurement with any is not a measurement of the page. */
  failures: number;
  /**
   * The server process's CPU time (all its threads, user and system) per request in µs, the median
   * of the rounds; undefined without a pid or /proc. Steadier than throughput on a machine whose
   * speed drifts, and independent of the load generator's share of the cores.
   */
  cpuMicrosPerRequest: number | undefined;
}

/** utime + stime of a process in clock ticks (/proc/<pid>/stat), or undefined off Linux. */
function cpuTicks(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const MICROS_PER_TICK = 10_000;

interface RoundResult {
  result: AutocannonResult;
  cpuMicrosPerRequest: number | undefined;
}

async function measuredLoad(target: LoadTarget, seconds: number, connections: number): Promise<RoundResult> {
  const before = cpuTicks(target.pid);
  const result = await load(target, seconds, connections);
  const after = cpuTicks(target.pid);
  const cpuMicrosPerRequest =
    before === undefined || after === undefined || result.requests.total === 0
      ? undefined
      : ((after - before) * MICROS_PER_TICK) / result.requests.total;
  return { result, cpuMicrosPerRequest };
}

function assertLoopback(url: string): void {
  const { hostname } = new URL(url);
  if (!/^(127(\.\d{1,3}){3}|localhost|\[::1\])$/.test(hostname))
    throw new Error(`${url} is not on the loopback address`);
}

function load(target: LoadTarget, seconds: number, connections: number): Promise<AutocannonResult> {
  return autocannon({ url: target.url, headers: target.headers, connections, duration: seconds });
}

const failuresOf = (result: AutocannonResult) => result.errors + result.timeouts + result.non2xx;

/** Warms both targets, then loads them in turn for `rounds` rounds each. */
export async function measureSideBySide(
  first: LoadTarget,
  second: LoadTarget,
  options: SideBySideOptions,
): Promise<[TargetThroughput, TargetThroughput]> {
  const targets = [first, second] as const;
  for (const target of targets) assertLoopback(target.url);
  // Warm-up lets the JIT compile the request path and the connection pools fill; not counted.
  const warmupFailures = [0, 0];
  for (const [index, target] of targets.entries()) {
    warmupFailures[index] = failuresOf(await load(target, options.warmupSeconds, options.connections));
  }
  const results: RoundResult[][] = [[], []];
  for (let round = 0; round < options.rounds; round++) {
    // Alternate which goes first, so neither always follows the other's garbage collection.
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const index of order) {
      results[index]!.push(await measuredLoad(targets[index]!, options.roundSeconds, options.connections));
    }
  }
  const summarise = (index: number): TargetThroughput => {
    const rounds = results[index]!;
    const perRound = rounds.map(({ result }) => result.requests.total / result.duration);
    const cpu = rounds.flatMap(({ cpuMicrosPerRequest }) =>
      cpuMicrosPerRequest === undefined ? [] : [cpuMicrosPerRequest],
    );
    return {
      label: targets[index]!.label,
      requestsPerSecond: median(perRound),
      perRound,
      failures: warmupFailures[index]! + rounds.reduce((sum, { result }) => sum + failuresOf(result), 0),
      cpuMicrosPerRequest: cpu.length === rounds.length ? median(cpu) : undefined,
    };
  };
  return [summarise(0), summarise(1)];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A ratio over alternating rounds: the median of the per-round ratios, with the lowest and highest. */
export interface RoundRatio {
  median: number;
  min: number;
  max: number;
}

/** `first` over `second`, round by round (each pair of rounds ran back to back). */
export function roundRatio(first: TargetThroughput, second: TargetThroughput): RoundRatio {
  const ratios = first.perRound.map((value, round) => value / second.perRound[round]!);
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
}
