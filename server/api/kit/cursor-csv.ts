import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbTransaction } from '#server/db/database.ts';

/**
 * The staff's lists as CSV files (the company list, the matching needs and deals): UTF-8 with a byte
 * order mark (Excel reads a file without one as Shift_JIS and garbles the Japanese), CRLF line ends,
 * a Japanese heading row, every row of the search in the list's order.
 *
 * The rows are read through a server-side cursor in batches of CSV_BATCH_ROWS, inside the request's
 * one transaction, and each batch is written to the answer as it arrives: the gateway holds one batch
 * at most, however many rows the bank has.
 *
 * The transaction waits while the reader's socket is full. A reader that takes nothing for
 * `stallLimitMs` (less than PostgreSQL's idle-in-transaction timeout) is cut there: its file ends
 * short, the transaction rolls back and its connection goes back to the pool, so a reader that stops
 * reading holds neither a connection nor a snapshot for longer than that.
 *
 * The quoting is csv-stringify's (the csv project's writer, with a few million downloads a week): a
 * text holding a comma, a quote or a line break is quoted as RFC 4180 says, and a text Excel would run
 * as a formula (=, +, -, @ first) is written with a leading ' (escape_formulas): names and titles are
 * typed by companies, not by the bank.
 */

export const CSV_BATCH_ROWS = 500;
const CURSOR = sql.raw('list_export');
/** The longest a reader may take nothing before its file is cut, unless the database allows less. */
export const CSV_STALL_LIMIT_MS = 15_000;

/** How long a reader may stall: well inside the time PostgreSQL leaves a transaction idle. */
export function csvStallLimitMs(idleInTransactionMs: number): number {
  return Math.min(CSV_STALL_LIMIT_MS, Math.floor(idleInTransactionMs / 2));
}

/** A column of the file: the key of the row it shows and its heading. */
export interface CsvColumn<K extends string> {
  key: K;
  header: string;
}

/** What a file holds: the query its cursor reads, its columns, and each row's text. */
export interface CursorCsv<R, K extends string> {
  query: SQL;
  columns: readonly CsvColumn<K>[];
  textOf: (row: R) => Record<K, string | number | null>;
  /** Told how many rows the file held, once the last is written. */
  onEnd: (rows: number) => void;
}

/** The reader took nothing for the stall limit: its file was cut. */
export class CsvReaderStalledError extends Error {
  constructor(stallLimitMs: number) {
    super(`the reader took nothing for ${stallLimitMs} ms`);
    this.name = 'CsvReaderStalledError';
  }
}

/**
 * Declares the cursor in `tx` (a query that fails, fails before a byte is sent) and answers the file's
 * text as a stream, batch by batch. The stream must be read within the transaction.
 */
async function openCursorCsv<R, K extends string>(
  tx: DbTransaction,
  file: CursorCsv<R, K>,
  stallLimitMs: number,
): Promise<Readable> {
  await tx.execute(sql`declare ${CURSOR} no scroll cursor for ${file.query}`);
  const columns = file.columns.map((column) => ({ key: column.key, header: column.header }));
  const csvText = (rows: readonly R[], first: boolean) =>
    stringify(rows.map(file.textOf), {
      columns,
      header: first,
      bom: first,
      record_delimiter: 'windows',
      escape_formulas: true,
    });
  // Armed while the stream waits for its reader (suspended at `yield`), not while a batch is fetched.
  let stall: NodeJS.Timeout | undefined;
  async function* text() {
    let rows = 0;
    try {
      for (;;) {
        const batch = await tx.execute<R & Record<string, unknown>>(
          sql`fetch forward ${sql.raw(String(CSV_BATCH_ROWS))} from ${CURSOR}`,
        );
        // The heading row (and the byte order mark) even for a search that found nothing.
        if (rows === 0 || batch.rows.length > 0) {
          stall = setTimeout(() => stream.destroy(new CsvReaderStalledError(stallLimitMs)), stallLimitMs);
          yield csvText(batch.rows as R[], rows === 0);
          clearTimeout(stall);
        }
        rows += batch.rows.length;
        if (batch.rows.length < CSV_BATCH_ROWS) break;
      }
    } finally {
      clearTimeout(stall);
    }
    await tx.execute(sql`close ${CURSOR}`);
    file.onEnd(rows);
  }
  const stream = Readable.from(text(), { objectMode: false });
  return stream;
}

/**
 * Sends the file `open` describes, read in the request's transaction of the bank, under `fileName`,
 * kept in no cache (the bank's customers). A failure before the first byte is the usual refusal; one
 * after it cuts the file short (the reader went away or stalled, or a batch failed) and is only logged.
 */
export async function sendCursorCsv<R, K extends string>(
  request: FastifyRequest,
  reply: FastifyReply,
  fileName: string,
  open: (tx: DbTransaction) => Promise<CursorCsv<R, K>> | CursorCsv<R, K>,
): Promise<FastifyReply> {
  const stallLimitMs = csvStallLimitMs(request.server.config.databaseTimeouts.idleInTransactionMs);
  let sending = false;
  try {
    await request.inBank(async (tx) => {
      const csv = await openCursorCsv(tx, await open(tx), stallLimitMs);
      sending = true;
      reply
        .headers({
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${fileName}"`,
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        })
        .send(csv);
      // The transaction (and the cursor in it) stays open until the last batch is sent.
      await finished(csv);
    });
  } catch (error) {
    if (!sending) throw error;
    // The answer has been ended already: there is nothing more to say to the reader.
    if (!reply.raw.destroyed) reply.raw.destroy();
    request.log.warn({ err: error }, 'list export ended early');
  }
  return reply;
}
