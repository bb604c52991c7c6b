import * as z from 'zod/mini';
import {
  BULK_CREATE_MESSAGES,
  type BulkCompanyField,
  type BulkCompanyRow,
  type BulkCompanyRowInput,
  bulkCompanyRowSchema,
  normaliseBulkCompanyRow,
  rowErrorKey,
} from '#server/contracts/company-bulk-create.ts';
import type { FieldErrors } from '#server/contracts/envelope.ts';
import { specErrorMap } from '#server/contracts/zod-error-map.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { newLoginId } from '../accounts/company-users.ts';
import { corporateNumbersTaken, loginIdsTaken, openBranchesByCode } from './bulk-create-queries.ts';

/** A row without an error: its values as the rules read them, and its branch's id. */
export interface CheckedBulkRow {
  index: number;
  row: BulkCompanyRow;
  bbId: number | null;
}

export interface BulkRowsExamination {
  /** Every row's errors under `rows.<index>.<field>`, each message once. */
  errors: FieldErrors;
  /** How many rows have at least one error. */
  errorRowCount: number;
  /** The rows without an error, in the file's order. */
  checked: CheckedBulkRow[];
}

/**
 * Checks every row of a bulk create, the server being the authority whatever the browser checked:
 * each row against the shared field rules (bulkCompanyRowSchema), then what only the whole file and
 * the bank can tell — a corporate number or login id twice in the file (every row holding it is
 * marked), one the bank's companies or users hold already, a branch number that is not an open
 * branch of the bank. The database is asked once per question, whatever the number of rows.
 */
export async function examineBulkRows(
  tx: DbTransaction,
  input: readonly BulkCompanyRowInput[],
): Promise<BulkRowsExamination> {
  const errors: FieldErrors = {};
  const add = (index: number, field: BulkCompanyField, message: string) => {
    const messages = (errors[rowErrorKey(index, field)] ??= []);
    if (!messages.includes(message)) messages.push(message);
  };
  const hasError = (index: number, field: BulkCompanyField) =>
    errors[rowErrorKey(index, field)] !== undefined;

  const rows = input.map(normaliseBulkCompanyRow);
  const parsed: (BulkCompanyRow | undefined)[] = rows.map((row, index) => {
    const result = z.safeParse(bulkCompanyRowSchema, row, { error: specErrorMap });
    if (result.success) return result.data;
    for (const issue of result.error.issues) add(index, issue.path[0] as BulkCompanyField, issue.message);
    return undefined;
  });

  /** The rows holding each well-formed value of the field (an empty cell holds none). */
  const rowsByValue = (field: BulkCompanyField) => {
    const byValue = new Map<string, number[]>();
    rows.forEach((row, index) => {
      const value = row[field];
      if (value === '' || hasError(index, field)) return;
      const holders = byValue.get(value);
      if (holders) holders.push(index);
      else byValue.set(value, [index]);
    });
    return byValue;
  };
  const markTwiceInFile = (byValue: Map<string, number[]>, field: BulkCompanyField, message: string) => {
    for (const holders of byValue.values())
      if (holders.length > 1) for (const index of holders) add(index, field, message);
  };

  const numbers = rowsByValue('company_corporate_number');
  const loginIds = rowsByValue('user_login_id');
  const branchCodes = rowsByValue('bb_code');
  markTwiceInFile(numbers, 'company_corporate_number', BULK_CREATE_MESSAGES.corporateNumberInFile);
  markTwiceInFile(loginIds, 'user_login_id', BULK_CREATE_MESSAGES.loginIdInFile);

  const takenNumbers = await corporateNumbersTaken(tx, [...numbers.keys()]);
  const takenLoginIds = await loginIdsTaken(tx, [...loginIds.keys()]);
  const branches = await openBranchesByCode(tx, [...branchCodes.keys()]);
  for (const number of takenNumbers)
    for (const index of numbers.get(number) ?? [])
      add(index, 'company_corporate_number', BULK_CREATE_MESSAGES.corporateNumberTaken);
  for (const loginId of takenLoginIds)
    for (const index of loginIds.get(loginId) ?? [])
      add(index, 'user_login_id', BULK_CREATE_MESSAGES.loginIdTaken);
  for (const [code, holders] of branchCodes)
    if (!branches.has(code))
      for (const index of holders) add(index, 'bb_code', BULK_CREATE_MESSAGES.unknownBranch);

  const rowsWithErrors = new Set(Object.keys(errors).map((key) => key.split('.')[1]));
  const checked: CheckedBulkRow[] = [];
  parsed.forEach((row, index) => {
    if (row === undefined || rowsWithErrors.has(String(index))) return;
    const code = rows[index]?.bb_code ?? '';
    checked.push({ index, row, bbId: code === '' ? null : (branches.get(code) ?? null) });
  });
  return { errors, errorRowCount: rowsWithErrors.size, checked };
}

/** How many draws a batch of new login ids may take before giving up (the bank's ids nearly all used). */
const LOGIN_ID_DRAWS_PER_ID = 20;

/**
 * `count` login ids of the bank's prefix and six random digits (newLoginId), none of them in
 * `reserved` (the file's own ids, ids handed out already) nor held by a user of the bank: drawn in
 * one go, checked in one query, the few taken drawn again.
 */
export async function freeLoginIds(
  tx: DbTransaction,
  prefix: string,
  count: number,
  reserved: ReadonlySet<string>,
): Promise<string[]> {
  const picked = new Set<string>();
  let draws = 0;
  while (picked.size < count) {
    const candidates = new Set<string>();
    while (candidates.size < count - picked.size) {
      if (++draws > count * LOGIN_ID_DRAWS_PER_ID)
        throw new Error(`no ${count} free login ids for ${prefix}`);
      const id = newLoginId(prefix);
      if (!reserved.has(id) && !picked.has(id)) candidates.add(id);
    }
    const taken = await loginIdsTaken(tx, [...candidates]);
    for (const id of candidates) if (!taken.has(id)) picked.add(id);
  }
  return [...picked];
}
