import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbTransaction } from '#server/db/database.ts';

/**
 * The staff's matching lists as CSV files (/admin/company/needs and /admin/company/matching), as the
 * company list writes its own (companies/company-csv.ts): UTF-8 with a byte order mark (Excel reads
 * a file without one as Shift_JIS), CRLF line ends, a Japanese heading row, every row of the search
 * in the list's order. The rows are read through a server-side cursor in batches, inside the
 * request's one transaction, and each batch is written to the answer as it arrives, so the gateway
 * holds one batch at most however many rows the bank has. A text Excel would run as a formula (=,
 * +, -, @ first) is written with a leading ' (escape_formulas): titles and names are typed by
 * companies, not by the bank.
 */

export const STAFF_EXPORT_BATCH_ROWS = 500;
const CURSOR = sql.raw('staff_matching_export');

/** A column of the file: the key of the row it shows and its heading. */
export interface StaffCsvColumn<K extends string> {
  key: K;
  header: string;
}

/**
 * Opens the export: declares the cursor on `query` in `tx` (a query that fails fails before a byte
 * is sent) and answers the file's text as a stream, each batch's rows turned into the file's text
 * by `textOf`. The stream must be read within the transaction; `onEnd` is told how many rows it held.
 */
export async function openStaffCsv<R, K extends string>(
  tx: DbTransaction,
  query: SQL,
  columns: readonly StaffCsvColumn<K>[],
  textOf: (row: R) => Record<K, string | number | null>,
  onEnd: (rows: number) => void,
): Promise<Readable> {
  await tx.execute(sql`declare ${CURSOR} no scroll cursor for ${query}`);
  const csvText = (rows: readonly R[], first: boolean) =>
    stringify(rows.map(textOf), {
      columns: columns.map((column) => ({ key: column.key, header: column.header })),
      header: first,
      bom: first,
      record_delimiter: 'windows',
      escape_formulas: true,
    });
  async function* text() {
    let rows = 0;
    for (;;) {
      const batch = await tx.execute<R & Record<string, unknown>>(
        sql`fetch forward ${sql.raw(String(STAFF_EXPORT_BATCH_ROWS))} from ${CURSOR}`,
      );
      // The heading row (and the byte order mark) even for a search that found nothing.
      if (rows === 0 || batch.rows.length > 0) yield csvText(batch.rows as R[], rows === 0);
      rows += batch.rows.length;
      if (batch.rows.length < STAFF_EXPORT_BATCH_ROWS) break;
    }
    await tx.execute(sql`close ${CURSOR}`);
    onEnd(rows);
  }
  return Readable.from(text(), { objectMode: false });
}

/**
 * Sends the file opened by `open` in the request's transaction of the bank, under `fileName`, kept
 * in no cache (the bank's customers). A failure before the first byte is the usual refusal; one
 * after it cuts the file short (the reader went away, or a batch failed) and is only logged.
 */
export async function sendStaffCsv(
  request: FastifyRequest,
  reply: FastifyReply,
  fileName: string,
  open: (tx: DbTransaction) => Promise<Readable>,
): Promise<FastifyReply> {
  let sending = false;
  try {
    await request.inBank(async (tx) => {
      const csv = await open(tx);
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
    request.log.warn({ err: error }, 'matching export ended early');
  }
  return reply;
}
