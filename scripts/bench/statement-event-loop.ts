import { createStatementDrawer } from '#server/api/settings/usage-statement-drawer.ts';
import { renderUsageStatementPdf, statementFontLoader } from '#server/api/settings/usage-statement-pdf.ts';
import { TYPICAL_CONTENT } from './usage-statement-pdf.ts';

/**
 * Issue 28 item 10: ten usage statements asked for at once must not hold up the gateway's other
 * requests. Side by side in one run, alternating: the statements drawn on the event loop itself (as
 * before) and through the drawer's worker threads, while the event loop's delay is sampled (what
 * every other request of every bank waits before it is even read; the /healthz median of the issue).
 * Budget: with the drawer, the p99 delay is at most a tenth of the inline drawing's.
 * Figures are over every probe of all rounds.
 */
export const STATEMENT_EVENT_LOOP_BUDGET_RATIO = 0.1;

interface DelaySummary {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface StatementEventLoopResult {
  concurrent: number;
  rounds: number;
  inline: DelaySummary;
  workers: DelaySummary;
  p99Ratio: number;
  passed: boolean;
}

/**
 * The lateness of a probe that asks for a 1 ms timer, again and again while `work` runs: what a
 * request arriving at that moment waits before the gateway even reads it. A probe that is still
 * waiting when the work ends counts too (an event loop held for the whole work samples nothing else).
 */
async function delaysWhile(work: () => Promise<unknown>): Promise<number[]> {
  const delays: number[] = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      const asked = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 1));
      delays.push(Math.max(0, performance.now() - asked - 1));
    }
  })();
  await work();
  done = true;
  await probing;
  return delays;
}

const percentileOf = (values: readonly number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;
};

export async function benchmarkStatementEventLoop(options: {
  concurrent: number;
  rounds: number;
}): Promise<StatementEventLoopResult> {
  const fonts = await statementFontLoader()();
  const drawer = createStatementDrawer();
  try {
    const inline = () =>
      Promise.all(
        Array.from({ length: options.concurrent }, () => renderUsageStatementPdf(fonts, TYPICAL_CONTENT)),
      );
    const workers = () =>
      Promise.all(Array.from({ length: options.concurrent }, () => drawer.draw(TYPICAL_CONTENT)));
    // Warm both: the fonts read, the workers started and their fonts read.
    await inline();
    await workers();
    const samples = { inline: [] as number[], workers: [] as number[] };
    for (let round = 0; round < options.rounds; round++) {
      samples.inline.push(...(await delaysWhile(inline)));
      samples.workers.push(...(await delaysWhile(workers)));
    }
    const summary = (delays: readonly number[]) => ({
      p50Ms: percentileOf(delays, 0.5),
      p99Ms: percentileOf(delays, 0.99),
      maxMs: percentileOf(delays, 1),
    });
    const inlineSummary = summary(samples.inline);
    const workersSummary = summary(samples.workers);
    const p99Ratio = workersSummary.p99Ms / inlineSummary.p99Ms;
    return {
      concurrent: options.concurrent,
      rounds: options.rounds,
      inline: inlineSummary,
      workers: workersSummary,
      p99Ratio,
      passed: p99Ratio <= STATEMENT_EVENT_LOOP_BUDGET_RATIO,
    };
  } finally {
    await drawer.close();
  }
}
