// zod/mini: the bulk-create page bundles these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { COMPANY_TYPE_CODES } from './account-types.ts';
import { defineCall } from './call.ts';
import { COMPANY_CREATE_MESSAGES } from './company-create.ts';
import { fieldErrorsSchema } from './envelope.ts';
import { isEmptyValue, VALIDATION_MESSAGES, validationRules } from './validation.ts';

/**
 * Creating many companies at once (admin spec: /admin/company/bulk-create, POST
 * /api/v1/company/create_all): system and bank admins upload a CSV (UTF-8 or Shift_JIS) or an Excel
 * file of one company and its owner a row. The browser reads the file into rows
 * (client/src/features/companies/admin/bulk-create/) and sends them as JSON; the server checks every
 * row (the shared field rules, duplicates inside the file and against the bank's companies and
 * users, the type and branch codes) and then creates all of them in one transaction, or none.
 */

/** The most rows one file may hold (the issue's 10,000, which the bench times against 30 s). */
export const BULK_CREATE_MAX_ROWS = 10_000;

/** Admin spec section 8's toasts of the bulk create, and the refusals of a row or a file. */
export const BULK_CREATE_MESSAGES = {
  saved: '保存しました',
  /** The server answered a refusal (the rows have errors). */
  saveFailed: '保存に失敗しました',
  /** Anything else: no answer, or one that could not be read. */
  failed: 'エラーが発生しました',
  /** Not in the spec: the 422's message when any row has errors (each row's errors come with it). */
  rowsRefused: 'エラーのある行があります。ファイルを直して、もう一度選んでください。',
  noRows: '登録する行がありません',
  tooManyRows: `一度に登録できるのは${BULK_CREATE_MAX_ROWS.toLocaleString('ja-JP')}件までです`,
  corporateNumberInFile: '法人番号がファイル内で重複しています',
  /** The desk's own words for a number another company of the bank holds (company-create.ts). */
  corporateNumberTaken: COMPANY_CREATE_MESSAGES.duplicateCorporateNumber,
  loginIdInFile: 'ログインIDがファイル内で重複しています',
  loginIdTaken: 'このログインIDはすでに使われています',
  loginIdFormat: 'ログインIDは半角英数字と記号（- _ . @）の4〜64文字で入力してください',
  unknownBranch: '取引店コードに該当する支店がありません',
  unknownType: `企業種別は ${COMPANY_TYPE_CODES.join('・')} のいずれかを入力してください`,
} as const;

/**
 * The file's columns: the template's header row in this order, each read by its header (a file may
 * order them differently, and leave the optional ones out).
 */
export const BULK_CREATE_COLUMNS = [
  { key: 'company_name', header: '企業名', required: true },
  { key: 'company_name_kana', header: '企業名カナ', required: true },
  { key: 'company_type', header: '企業種別', required: true },
  { key: 'company_corporate_number', header: '法人番号', required: false },
  { key: 'bb_code', header: '取引店コード', required: false },
  { key: 'company_representative_name', header: '代表者氏名', required: false },
  { key: 'company_tel', header: '電話番号', required: false },
  { key: 'user_last_name', header: 'オーナー姓', required: true },
  { key: 'user_first_name', header: 'オーナー名', required: true },
  { key: 'user_last_name_kana', header: 'オーナー姓カナ', required: true },
  { key: 'user_first_name_kana', header: 'オーナー名カナ', required: true },
  { key: 'user_email', header: 'オーナーメールアドレス', required: true },
  { key: 'user_login_id', header: 'ログインID', required: false },
] as const;
export type BulkCompanyField = (typeof BULK_CREATE_COLUMNS)[number]['key'];

/** A column's header, by its field. */
export const BULK_CREATE_HEADERS = Object.fromEntries(
  BULK_CREATE_COLUMNS.map((column) => [column.key, column.header]),
) as Record<BulkCompanyField, string>;

const cell = z.optional(
  z.pipe(
    z.string(),
    z.transform((value) => value.trim()),
  ),
);

/**
 * One row as it travels: every cell is text (or absent), trimmed. Only the shape is checked here, so
 * a row's mistakes come back as that row's errors (in the check's answer, or the create's 422)
 * rather than as a 400 the page would not hear of.
 */
export const bulkCompanyRowInputSchema = z.object({
  company_name: cell,
  company_name_kana: cell,
  company_type: cell,
  company_corporate_number: cell,
  bb_code: cell,
  company_representative_name: cell,
  company_tel: cell,
  user_last_name: cell,
  user_first_name: cell,
  user_last_name_kana: cell,
  user_first_name_kana: cell,
  user_email: cell,
  user_login_id: cell,
});
export type BulkCompanyRowInput = z.input<typeof bulkCompanyRowInputSchema>;

export const bulkCreateBodySchema = z.object({
  rows: z
    .array(bulkCompanyRowInputSchema)
    .check(
      z.minLength(1, BULK_CREATE_MESSAGES.noRows),
      z.maxLength(BULK_CREATE_MAX_ROWS, BULK_CREATE_MESSAGES.tooManyRows),
    ),
});

// Text typed in another width: full-width digits and letters, half-width katakana (ｶﾌﾞｼｷ). NFKC
// gives the one form the rules accept; names are left as written (NFKC would change ㈱ to (株)).
const NORMALISED_FIELDS: readonly BulkCompanyField[] = [
  'company_name_kana',
  'company_corporate_number',
  'bb_code',
  'company_tel',
  'user_last_name_kana',
  'user_first_name_kana',
  'user_email',
  'user_login_id',
];

/**
 * A row as the rules read it and the server stores it: every cell trimmed, the codes, numbers, kana
 * and addresses in their half-width (kana: full-width) form, a branch code of one or two digits
 * padded to the bank's three (a spreadsheet drops the leading zeros of 001).
 */
export function normaliseBulkCompanyRow(row: BulkCompanyRowInput): Record<BulkCompanyField, string> {
  const normalised = {} as Record<BulkCompanyField, string>;
  for (const { key } of BULK_CREATE_COLUMNS) {
    const text = (row[key] ?? '').trim();
    normalised[key] = NORMALISED_FIELDS.includes(key) ? text.normalize('NFKC').trim() : text;
  }
  if (/^[0-9]{1,2}$/.test(normalised.bb_code)) normalised.bb_code = normalised.bb_code.padStart(3, '0');
  normalised.company_type = normalised.company_type.toLowerCase();
  return normalised;
}

/** A login id as the portal's are written: 4 to 64 of half-width letters, digits and - _ . @. */
export const LOGIN_ID_PATTERN = /^[A-Za-z0-9._@-]{4,64}$/;

const rules = validationRules();

/**
 * The rules of one row, the registration form's rules for the same fields (validation.ts): the
 * company's name and kana, its type, corporate number (check digit), branch code, representative
 * and phone; the owner's name, kana and e-mail address; the login id, generated when left empty.
 */
export const bulkCompanyRowSchema = z.object({
  company_name: rules.text({ required: true, maxLength: 100 }),
  company_name_kana: rules.katakana({ required: true, maxLength: 200 }),
  company_type: z.enum(COMPANY_TYPE_CODES, {
    error: (issue) =>
      isEmptyValue(issue.input) ? VALIDATION_MESSAGES.required : BULK_CREATE_MESSAGES.unknownType,
  }),
  company_corporate_number: rules.corporateNumber(),
  bb_code: rules.digits({ maxLength: 3 }),
  company_representative_name: rules.text({ maxLength: 60 }),
  company_tel: rules.phone({ maxLength: 20 }),
  user_last_name: rules.text({ required: true, maxLength: 30 }),
  user_first_name: rules.text({ required: true, maxLength: 30 }),
  user_last_name_kana: rules.katakana({ required: true, maxLength: 60 }),
  user_first_name_kana: rules.katakana({ required: true, maxLength: 60 }),
  user_email: rules.email({ required: true }),
  user_login_id: rules.text({ maxLength: 64 }).check(
    z.refine((text) => isEmptyValue(text) || LOGIN_ID_PATTERN.test(text ?? ''), {
      message: BULK_CREATE_MESSAGES.loginIdFormat,
    }),
  ),
});
export type BulkCompanyRow = z.output<typeof bulkCompanyRowSchema>;

/**
 * Where a row's error is kept in `errors`: `rows.<index>.<field>`, as a 400 names a field of a list
 * (`rows.3.user_email`); the index counts the rows sent, from 0.
 */
export const rowErrorKey = (index: number, field: BulkCompanyField) => `rows.${index}.${field}`;
const ROW_ERROR_KEY = /^rows\.(\d+)\.([a-z_]+)$/;

export interface RowError {
  index: number;
  field: BulkCompanyField;
  messages: string[];
}

const FIELDS = new Set<string>(BULK_CREATE_COLUMNS.map((column) => column.key));

/** The rows' errors in `errors`, by row index (a key that names no row's field is left out). */
export function rowErrorsOf(errors: Readonly<Record<string, readonly string[]>>): Map<number, RowError[]> {
  const byRow = new Map<number, RowError[]>();
  for (const [key, messages] of Object.entries(errors)) {
    const match = ROW_ERROR_KEY.exec(key);
    if (!match || !FIELDS.has(match[2] ?? '')) continue;
    const index = Number(match[1]);
    const list = byRow.get(index) ?? [];
    list.push({ index, field: match[2] as BulkCompanyField, messages: [...messages] });
    byRow.set(index, list);
  }
  return byRow;
}

export const bulkCreateCheckResultSchema = z.object({
  row_count: z.int(),
  /** How many rows have at least one error. */
  error_row_count: z.int(),
  /** Each row's errors under `rows.<index>.<field>` (rowErrorsOf reads them). */
  errors: fieldErrorsSchema,
});

export const checkBulkCreateCall = /* @__PURE__ */ defineCall({
  domain: 'companies',
  method: 'POST',
  path: '/api/v1/company/create_all/check',
  body: bulkCreateBodySchema,
  result: bulkCreateCheckResultSchema,
  access: 'bank',
  rule: 'company_bulk_create',
  reads: true,
  summary: '企業の一括作成（内容の確認）',
  description: `一括作成する行（1〜${BULK_CREATE_MAX_ROWS}行）を登録せずに確かめ、行ごとのエラー（rows.<行の番号>.<項目>）を返します。項目の形式、ファイル内と登録済みの法人番号・ログインIDの重複、企業種別、取引店コードを確かめます。システム管理者・銀行管理者のみ（ほかの行員には 404）。`,
});

export const createAllCompaniesCall = /* @__PURE__ */ defineCall({
  domain: 'companies',
  method: 'POST',
  path: '/api/v1/company/create_all',
  body: bulkCreateBodySchema,
  result: z.object({ created_count: z.int() }),
  access: 'bank',
  refusedWhileSwitched: true,
  rule: 'company_bulk_create',
  summary: '企業の一括作成',
  description: `行ごとに企業とそのオーナー利用者（ログインIDは空なら発行）を1つのトランザクションで作成し、オーナーにログイン方法（初回パスワード設定のリンク）をメールで送ります。1行でもエラーがあれば何も作成せず、422 で行ごとのエラーを返します（内容の確認と同じ形）。システム管理者・銀行管理者のみ（ほかの行員には 404）。`,
});
