import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchmarkBrandedIndex } from './branded-index.ts';
import type { TargetThroughput } from './side-by-side.ts';

/**
 * `npm run bench`: the budgets of DESIGN.md section 7, each measured side by side with its baseline
 * in one run on this machine and printed as a ratio with PASS or FAIL. Loopback only, under a
 * minute. Exits 1 when a budget is missed. Not part of `npm test`: ratios, not timed tests.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// 3 s of warm-up each and 3 alternating 5 s rounds each: about 36 s of load.
const SIDE_BY_SIDE = { warmupSeconds: 3, rounds: 3, roundSeconds: 5, connections: 50 };

const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')} req/s`;

function throughputLine(throughput: TargetThroughput): string {
  const rounds = throughput.perRound.map((value) => Math.round(value).toLocaleString('en-US')).join(', ');
  const failures = throughput.failures > 0 ? `, ${throughput.failures} failed requests` : '';
  return `  ${throughput.label.padEnd(13)} ${perSecond(throughput.requestsPerSecond).padStart(12)}  (rounds: ${rounds}${failures})`;
}

const index = await benchmarkBrandedIndex(rootDir, SIDE_BY_SIDE);
console.log(
  `branded index.html for ${index.host} (${index.bytes} bytes, client from ${index.clientBuild}): ` +
    `${SIDE_BY_SIDE.connections} connections, ${SIDE_BY_SIDE.rounds} alternating rounds of ${SIDE_BY_SIDE.roundSeconds} s`,
);
console.log(throughputLine(index.gateway));
console.log(throughputLine(index.bare));
console.log(
  `  ratio gateway/bare ${index.ratio.toFixed(2)} (budget >= ${index.budget.toFixed(2)}): ${index.passed ? 'PASS' : 'FAIL'}`,
);
process.exitCode = index.passed ? 0 : 1;
