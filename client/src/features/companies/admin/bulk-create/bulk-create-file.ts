import type * as ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { ARCHIVE_MESSAGES, zipArchiveBounds } from '#server/contracts/archive-bounds.ts';
import {
  BULK_CREATE_COLUMNS,
  BULK_CREATE_MAX_ROWS,
  BULK_CREATE_MESSAGES,
  type BulkCompanyField,
  type BulkCompanyRowInput,
} from '#server/contracts/company-bulk-create.ts';

/**
 * Reading the bulk create's file in the browser: a CSV (UTF-8, with or without its BOM, or
 * Shift_JIS as Excel on Windows saves one) parsed with papaparse, or an Excel workbook (.xlsx, its
 * first sheet) read with exceljs, which is loaded only when such a file is chosen (it is large),
 * once its ZIP directory says it unpacks within bounds (server/contracts/archive-bounds.ts).
 * The first row names the columns (BULK_CREATE_COLUMNS' headers, in any order); each row after it
 * is a company and its owner. Blank rows are skipped; every row keeps the number the spreadsheet
 * shows it under, so the page can say where an error is.
 */

/** The largest file read: 10,000 rows of long Japanese text in UTF-8, and some. */
export const BULK_CREATE_FILE_MAX_BYTES = 20 * 1024 * 1024;

export const BULK_CREATE_FILE_MESSAGES = {
  notCsvOrExcel: 'CSVファイル（.csv）またはExcelファイル（.xlsx）を選んでください',
  unreadable:
    'ファイルを読み込めませんでした。CSV（UTF-8またはShift_JIS）かExcel（.xlsx）のファイルを選んでください',
  tooLarge: 'ファイルが大きすぎます（20MBまで）',
  unpacksTooLarge: ARCHIVE_MESSAGES.tooLarge,
  missingColumns: (headers: readonly string[]) => `1行目に次の列の見出しがありません：${headers.join('、')}`,
  unclosedQuote: (row: number) => `${row}行目の「"」が閉じられていません`,
  noRows: BULK_CREATE_MESSAGES.noRows,
  tooManyRows: BULK_CREATE_MESSAGES.tooManyRows,
} as const;

/** A row of the file: the number the spreadsheet shows it under (the header is row 1), and its cells. */
export interface BulkFileRow {
  rowNumber: number;
  values: BulkCompanyRowInput;
}

export type BulkFileReading = { kind: 'rows'; rows: BulkFileRow[] } | { kind: 'refused'; message: string };

const refused = (message: string): BulkFileReading => ({ kind: 'refused', message });

/**
 * A CSV's text from its bytes: UTF-8 when it has the BOM or reads as UTF-8 without a fault, else
 * Shift_JIS (the WHATWG decoder every browser has, which is Windows' code page 932: ①, ㈱, 髙).
 * Japanese text in Shift_JIS is practically never valid UTF-8, so the guess does not mistake one.
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  try {
    // The decoder drops a leading BOM itself.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8 (fatal: true throws on the first malformed byte): Excel's Shift_JIS.
    return new TextDecoder('shift_jis').decode(bytes);
  }
}

const HEADER_FIELDS = new Map<string, BulkCompanyField>(
  BULK_CREATE_COLUMNS.map((column) => [column.header, column.key]),
);

/** A header as written: without a BOM, spaces around it or a note in brackets (法人番号（任意）). */
const headerName = (cell: string) =>
  cell
    .replace(/^\uFEFF/, '')
    .replace(/[（(].*[)）]$/, '')
    .trim();

/**
 * The rows of a table of cells whose first record is the header row. `rowNumberOf` gives the
 * spreadsheet's number of each record (its position, for a CSV; the sheet's own, for Excel).
 */
export function rowsOfRecords(
  records: readonly (readonly string[])[],
  rowNumberOf: (position: number) => number = (position) => position + 1,
): BulkFileReading {
  const [header, ...body] = records;
  if (!header) return refused(BULK_CREATE_FILE_MESSAGES.noRows);
  const columnOf = new Map<BulkCompanyField, number>();
  header.forEach((cell, position) => {
    const field = HEADER_FIELDS.get(headerName(cell));
    if (field && !columnOf.has(field)) columnOf.set(field, position);
  });
  const missing = BULK_CREATE_COLUMNS.filter((column) => column.required && !columnOf.has(column.key));
  if (missing.length > 0)
    return refused(BULK_CREATE_FILE_MESSAGES.missingColumns(missing.map((column) => column.header)));

  const rows: BulkFileRow[] = [];
  for (const [position, record] of body.entries()) {
    if (record.every((cell) => cell.trim() === '')) continue;
    if (rows.length === BULK_CREATE_MAX_ROWS) return refused(BULK_CREATE_FILE_MESSAGES.tooManyRows);
    const values: BulkCompanyRowInput = {};
    for (const [field, column] of columnOf) values[field] = (record[column] ?? '').trim();
    rows.push({ rowNumber: rowNumberOf(position + 1), values });
  }
  if (rows.length === 0) return refused(BULK_CREATE_FILE_MESSAGES.noRows);
  return { kind: 'rows', rows };
}

/** The records of a CSV's text (papaparse: quoted cells, line breaks inside them, any delimiter). */
export function readCsvText(text: string): BulkFileReading {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  const quote = parsed.errors.find((error) => error.type === 'Quotes');
  if (quote) return refused(BULK_CREATE_FILE_MESSAGES.unclosedQuote((quote.row ?? 0) + 1));
  return rowsOfRecords(parsed.data);
}

type ExcelModule = typeof ExcelJS;

/** exceljs, loaded on first use: a CommonJS bundle, whose exports some loaders put under `default`. */
async function loadExcel(): Promise<ExcelModule> {
  const loaded = (await import('exceljs')) as ExcelModule & { default?: ExcelModule };
  return loaded.default ?? loaded;
}

/**
 * The first sheet's records from its first row that holds anything (the header), each cell as the
 * spreadsheet shows it (a number's digits, a link's text, a formula's result).
 */
export async function readWorkbook(bytes: ArrayBuffer): Promise<BulkFileReading> {
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.worksheets[0];
  if (!sheet) return refused(BULK_CREATE_FILE_MESSAGES.noRows);
  const records: string[][] = [];
  const numbers: number[] = [];
  let width = 0;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (records.length === 0) width = row.cellCount;
    const cells: string[] = [];
    for (let column = 1; column <= width; column += 1) cells.push(row.getCell(column).text);
    records.push(cells);
    numbers.push(rowNumber);
  });
  return rowsOfRecords(records, (position) => numbers[position] ?? position + 1);
}

const isWorkbook = (name: string) => /\.xlsx$/i.test(name);
const isCsv = (name: string) => /\.csv$/i.test(name);

/** The rows of the chosen file, or why it cannot be read. */
export async function readBulkCreateFile(file: File): Promise<BulkFileReading> {
  if (!isWorkbook(file.name) && !isCsv(file.name)) return refused(BULK_CREATE_FILE_MESSAGES.notCsvOrExcel);
  if (file.size > BULK_CREATE_FILE_MAX_BYTES) return refused(BULK_CREATE_FILE_MESSAGES.tooLarge);
  const bytes = await file.arrayBuffer();
  if (!isWorkbook(file.name)) return readCsvText(decodeCsvBytes(new Uint8Array(bytes)));
  // A workbook is a ZIP archive: one that declares it unpacks past the bounds is refused before
  // exceljs inflates it (a 1 MB file can unpack to 1 GB and take the tab down with it).
  const bounds = zipArchiveBounds(new Uint8Array(bytes));
  if (bounds.kind === 'too_large') return refused(BULK_CREATE_FILE_MESSAGES.unpacksTooLarge);
  if (bounds.kind === 'unreadable') return refused(BULK_CREATE_FILE_MESSAGES.unreadable);
  try {
    return await readWorkbook(bytes);
  } catch {
    // exceljs throws on a workbook that is no zip or a broken one: the file is what is wrong.
    return refused(BULK_CREATE_FILE_MESSAGES.unreadable);
  }
}
