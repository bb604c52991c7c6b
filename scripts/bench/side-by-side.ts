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
  const results: AutocannonResult[][] = [[], []];
  for (let round = 0; round < options.rounds; round++) {
    // Alternate which goes first, so neither always follows the other's garbage collection.
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const index of order) {
      results[index]!.push(await load(targets[index]!, options.roundSeconds, options.connections));
    }
  }
  const summarise = (index: number): TargetThroughput => {
    const rounds = results[index]!;
    const perRound = rounds.map((result) => result.requests.total / result.duration);
    return {
      label: targets[index]!.label,
      requestsPerSecond: median(perRound),
      perRound,
      failures: warmupFailures[index]! + rounds.reduce((sum, result) => sum + failuresOf(result), 0),
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
