import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { BULK_CREATE_COLUMNS, BULK_CREATE_MESSAGES } from '#server/contracts/company-bulk-create.ts';
import {
  BULK_CREATE_FILE_MESSAGES,
  decodeCsvBytes,
  readBulkCreateFile,
  readCsvText,
} from '#client/features/companies/admin/bulk-create/bulk-create-file.ts';
import { bulkCreateTemplateCsv } from '#client/features/companies/admin/bulk-create/bulk-create-template.ts';

const HEADER = BULK_CREATE_COLUMNS.map((column) => column.header);
const ROW = [
  '株式会社みなと商事',
  'カブシキガイシャミナトショウジ',
  'normal',
  '7000012050002',
  '001',
  '山田 太郎',
  '03-1234-5678',
  '山田',
  '花子',
  'ヤマダ',
  'ハナコ',
  'hanako.yamada@example.jp',
  '',
];
const VALUES = Object.fromEntries(BULK_CREATE_COLUMNS.map((column, index) => [column.key, ROW[index]]));
const csv = (...lines: string[][]) => lines.map((line) => line.join(',')).join('\r\n');

/** A chosen file of these bytes (copied into an ArrayBuffer of their own, as File takes them). */
const fileOf = (name: string, bytes: Uint8Array | string) =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name);

describe('reading a bulk-create CSV (client/src/features/companies/admin/bulk-create)', () => {
  it('reads UTF-8 with and without its BOM, and Excel’s Shift_JIS, to the same text', () => {
    const text = csv(HEADER, ROW);
    const utf8 = new TextEncoder().encode(text);
    expect(decodeCsvBytes(utf8)).toBe(text);
    expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe(text);
    expect(decodeCsvBytes(new Uint8Array(iconv.encode(text, 'Shift_JIS')))).toBe(text);
    // Windows' code page 932: ㈱ and 髙 are Shift_JIS as Excel writes it.
    expect(decodeCsvBytes(new Uint8Array(iconv.encode('㈱髙橋', 'cp932')))).toBe('㈱髙橋');
  });

  it('answers each row with the number the spreadsheet shows it under, blank rows skipped', async () => {
    const text = `${csv(
      HEADER,
      ROW,
      [],
      ROW.map(() => ' '),
    )}\r\n"株式会社""引用""商事",${ROW.slice(1).join(',')}\r\n`;
    const reading = await readBulkCreateFile(fileOf('企業.csv', iconv.encode(text, 'Shift_JIS')));
    expect(reading).toEqual({
      kind: 'rows',
      rows: [
        { rowNumber: 2, values: VALUES },
        { rowNumber: 5, values: { ...VALUES, company_name: '株式会社"引用"商事' } },
      ],
    });
  });

  it('reads the columns by their headers, in any order, the optional ones left out', () => {
    const reading = readCsvText(
      csv(
        [
          'オーナーメールアドレス',
          '企業名',
          '企業名カナ',
          '企業種別（コード）',
          'オーナー姓',
          'オーナー名',
          'オーナー姓カナ',
          'オーナー名カナ',
        ],
        ['a@example.jp', '株式会社A', 'エー', 'partner', '姓', '名', 'セイ', 'メイ'],
      ),
    );
    expect(reading).toEqual({
      kind: 'rows',
      rows: [
        {
          rowNumber: 2,
          values: {
            user_email: 'a@example.jp',
            company_name: '株式会社A',
            company_name_kana: 'エー',
            company_type: 'partner',
            user_last_name: '姓',
            user_first_name: '名',
            user_last_name_kana: 'セイ',
            user_first_name_kana: 'メイ',
          },
        },
      ],
    });
  });

  it('refuses a file it cannot take as a whole, saying why', async () => {
    expect(readCsvText(csv(HEADER.slice(2), ROW.slice(2)))).toEqual({
      kind: 'refused',
      message: BULK_CREATE_FILE_MESSAGES.missingColumns(['企業名', '企業名カナ']),
    });
    expect(readCsvText(csv(HEADER))).toEqual({ kind: 'refused', message: BULK_CREATE_MESSAGES.noRows });
    expect(readCsvText(`${csv(HEADER)}\r\n"株式会社,${ROW.slice(1).join(',')}`)).toEqual({
      kind: 'refused',
      message: '2行目の「"」が閉じられていません',
    });
    expect(readCsvText(csv(HEADER, ...Array.from({ length: 10_001 }, () => ROW)))).toEqual({
      kind: 'refused',
      message: BULK_CREATE_MESSAGES.tooManyRows,
    });
    expect(await readBulkCreateFile(fileOf('企業.pdf', 'x'))).toEqual({
      kind: 'refused',
      message: BULK_CREATE_FILE_MESSAGES.notCsvOrExcel,
    });
    expect(await readBulkCreateFile(fileOf('企業.xlsx', 'not a zip'))).toEqual({
      kind: 'refused',
      message: BULK_CREATE_FILE_MESSAGES.unreadable,
    });
  });

  it('reads 10,000 rows', () => {
    const reading = readCsvText(csv(HEADER, ...Array.from({ length: 10_000 }, () => ROW)));
    expect(reading.kind === 'rows' && reading.rows.length).toBe(10_000);
  });

  it('reads its own template back: the header row and the example row', () => {
    const template = bulkCreateTemplateCsv();
    expect(
      template.startsWith('\uFEFF企業名,企業名カナ,企業種別,法人番号,取引店コード,代表者氏名,電話番号,'),
    ).toBe(true);
    expect(readCsvText(decodeCsvBytes(new TextEncoder().encode(template)))).toEqual({
      kind: 'rows',
      rows: [{ rowNumber: 2, values: VALUES }],
    });
  });
});

describe('reading a bulk-create Excel workbook', () => {
  it('reads the first sheet as the spreadsheet shows it: numbers as their digits, links as their text', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('企業');
    sheet.addRow(HEADER);
    sheet.addRow([
      ...ROW.slice(0, 3),
      7000012050002,
      1,
      ...ROW.slice(5, 11),
      { text: 'hanako.yamada@example.jp', hyperlink: 'mailto:hanako.yamada@example.jp' },
    ]);
    sheet.addRow([]);
    sheet.addRow(['株式会社B', ...ROW.slice(1)]);
    const bytes = await workbook.xlsx.writeBuffer();
    const reading = await readBulkCreateFile(fileOf('企業.xlsx', new Uint8Array(bytes)));
    expect(reading).toEqual({
      kind: 'rows',
      rows: [
        // 1 stays 1 here: the server reads a branch number of one or two digits as 001.
        { rowNumber: 2, values: { ...VALUES, bb_code: '1' } },
        { rowNumber: 4, values: { ...VALUES, company_name: '株式会社B' } },
      ],
    });
  });
});
