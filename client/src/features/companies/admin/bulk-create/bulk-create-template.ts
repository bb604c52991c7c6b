import Papa from 'papaparse';
import {
  BULK_CREATE_COLUMNS,
  BULK_CREATE_HEADERS,
  type BulkCompanyField,
} from '#server/contracts/company-bulk-create.ts';

/** The template's name as the browser saves it. */
export const BULK_CREATE_TEMPLATE_FILE_NAME = '企業一括作成テンプレート.csv';

/** The template's one example row: a made-up company (法人番号 with a valid check digit, no login id). */
const EXAMPLE_ROW: Record<BulkCompanyField, string> = {
  company_name: '株式会社みなと商事',
  company_name_kana: 'カブシキガイシャミナトショウジ',
  company_type: 'normal',
  company_corporate_number: '7000012050002',
  bb_code: '001',
  company_representative_name: '山田 太郎',
  company_tel: '03-1234-5678',
  user_last_name: '山田',
  user_first_name: '花子',
  user_last_name_kana: 'ヤマダ',
  user_first_name_kana: 'ハナコ',
  user_email: 'hanako.yamada@example.jp',
  user_login_id: '',
};

/**
 * The template's text: the header row in BULK_CREATE_COLUMNS' order and the example row, with the
 * BOM that makes Excel open it as UTF-8 and Windows' line ends.
 */
export function bulkCreateTemplateCsv(): string {
  const csv = Papa.unparse(
    {
      fields: BULK_CREATE_COLUMNS.map((column) => BULK_CREATE_HEADERS[column.key]),
      data: [BULK_CREATE_COLUMNS.map((column) => EXAMPLE_ROW[column.key])],
    },
    { newline: '\r\n' },
  );
  return `\uFEFF${csv}\r\n`;
}

/** The template as a link's address: small enough to travel in the link itself. */
export const bulkCreateTemplateHref = () =>
  `data:text/csv;charset=utf-8,${encodeURIComponent(bulkCreateTemplateCsv())}`;
