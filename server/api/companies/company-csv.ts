import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { sql, type SQL } from 'drizzle-orm';
import { COMPANY_LIST_COLUMN_LABELS, COMPANY_LIST_COLUMNS } from '#server/contracts/companies.ts';
import type { DbTransaction } from '#server/db/database.ts';
import type { CompanyExportRow } from './list-queries.ts';

/**
 * The company list as a CSV file (issue 15): UTF-8 with a byte order mark (Excel reads a file
 * without one as Shift_JIS and garbles the Japanese), CRLF line ends, a Japanese heading row, every
 * company of the search in the list's order.
 *
 * The rows are read through a server-side cursor in batches of EXPORT_BATCH_ROWS, inside the
 * request's one transaction, and each batch is written to the answer as it arrives: the gateway
 * never holds more than one batch, however many companies the bank has. A reader that stops reading
 * for longer than the database's idle-in-transaction timeout has its file cut there.
 *
 * The quoting is csv-stringify's (the csv project's writer, with a few million downloads a week):
 * a name holding a comma, a quote or a line break is quoted as RFC 4180 says, and a text that
 * Excel would run as a formula (=, +, -, @ first) is written with a leading ' (escape_formulas):
 * company and owner names are typed by companies, not by the bank.
 */

export const EXPORT_BATCH_ROWS = 500;
const CURSOR = sql.raw('company_export');

/** The file's columns: each list column under its heading. */
const CSV_COLUMNS = COMPANY_LIST_COLUMNS.map((key) => ({ key, header: COMPANY_LIST_COLUMN_LABELS[key] }));

function csvText(rows: readonly CompanyExportRow[], first: boolean): string {
  return stringify(rows as CompanyExportRow[], {
    columns: CSV_COLUMNS,
    header: first,
    bom: first,
    record_delimiter: 'windows',
    escape_formulas: true,
  });
}

/**
 * Opens the export: declares the cursor on `query` in `tx` (so a query that fails, fails before a
 * byte of the answer is sent) and answers the file's text as a stream, batch by batch. The stream
 * must be read within the transaction; `onEnd` is told how many rows it held.
 */
export async function openCompanyCsv(
  tx: DbTransaction,
  query: SQL,
  onEnd: (rows: number) => void,
): Promise<Readable> {
  await tx.execute(sql`declare ${CURSOR} no scroll cursor for ${query}`);
  async function* text() {
    let rows = 0;
    for (;;) {
      const batch = await tx.execute<CompanyExportRow>(
        sql`fetch forward ${sql.raw(String(EXPORT_BATCH_ROWS))} from ${CURSOR}`,
      );
      // The heading row (and the byte order mark) even for a search that found nothing.
      if (rows === 0 || batch.rows.length > 0) yield csvText(batch.rows, rows === 0);
      rows += batch.rows.length;
      if (batch.rows.length < EXPORT_BATCH_ROWS) break;
    }
    await tx.execute(sql`close ${CURSOR}`);
    onEnd(rows);
  }
  return Readable.from(text(), { objectMode: false });
}
