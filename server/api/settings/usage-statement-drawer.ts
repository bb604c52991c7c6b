import os from 'node:os';
import { Piscina } from 'piscina';
import { MESSAGES } from '#server/contracts/messages.ts';
import { serviceUnavailable } from '#server/errors.ts';
import type { UsageStatementContent } from './usage-statement-pdf.ts';

/**
 * Draws usage statements on worker threads (piscina, the Node.js worker pool its core team keeps),
 * not on the event loop that serves every bank. Drawing a statement is about 20 ms of synchronous
 * pdfkit work; ten drawn at once in the gateway's own thread held every other request behind them
 * (issue 28: /healthz median 54 ms). Half the cores draw (one on a 2-core machine), so the event
 * loop keeps a core; statements past the threads wait in a bounded queue, and past that the caller
 * is told to try again (503) instead of the gateway taking on work without end.
 */
export const STATEMENT_QUEUE_LIMIT = 32;
/** A worker nobody asked for a minute ends; the next statement starts one again (about 0.2 s). */
const IDLE_WORKER_MS = 60_000;

export interface StatementDrawer {
  draw(content: UsageStatementContent): Promise<Buffer>;
  close(): Promise<void>;
}

export function createStatementDrawer(threads = Math.max(1, Math.floor(os.availableParallelism() / 2))) {
  const pool = new Piscina<UsageStatementContent, Uint8Array>({
    filename: new URL('./usage-statement-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: IDLE_WORKER_MS,
    maxQueue: STATEMENT_QUEUE_LIMIT,
  });
  return {
    async draw(content) {
      if (pool.queueSize >= STATEMENT_QUEUE_LIMIT) throw serviceUnavailable(MESSAGES.busy);
      const bytes = await pool.run(content);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    close: () => pool.close(),
  } satisfies StatementDrawer;
}
