import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CompanyTypeCode, CompanyUserType } from '#server/contracts/account-types.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { bankBranches, companies, passwordResets, users } from '#server/db/schema.ts';
import { batchesOf } from '#server/db/insert-batches.ts';

/**
 * The bulk create's SQL (issue 15): the look-ups that check a file's rows against the bank in one
 * statement each whatever the number of rows, and the inserts of many rows in batches of multi-row
 * INSERTs. A batch of short rows travels as one parameter, a JSON array read by json_to_recordset:
 * measured on 10,000 companies, drizzle's `values([...])` (13,000 parameters a statement) spent
 * 3.6 s building and binding them, the JSON batch under 1 s. Row-level security keeps every statement to the
 * request's bank (bank_code's default is the transaction's bank).
 */

/** Rows per INSERT: each statement well inside the statement timeout. */
export const INSERT_BATCH_ROWS = 1_000;

/** The first key of the bulk create's lock (two-key advisory locks; create-queries.ts has its own class). */
const BULK_CREATE_LOCK_CLASS = 7_240_185;

/**
 * Takes the bank's bulk-create lock for the transaction: two files sent at once (two admins, or one
 * sent twice) are created one after the other, and the second's check sees the first's companies
 * and login ids. One lock for the file, not one per corporate number as the single create takes:
 * 10,000 locks would outgrow the server's lock table.
 */
export async function lockBulkCreates(tx: DbTransaction): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${BULK_CREATE_LOCK_CLASS}, hashtext(current_setting('app.bank_code')))`,
  );
}

/**
 * The values as one parameter (a JSON array) read as a set of text: a look-up of 10,000 values is
 * one parameter, not 10,000, on PostgreSQL and PGlite alike.
 */
function textSet(values: readonly string[], type: 'text' | 'bpchar' = 'text'): SQL {
  return sql`(select value::${sql.raw(type)} from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}

/**
 * The corporate numbers among `numbers` that a company of the bank holds, one that has left aside
 * (as the single create: a company that left keeps its row and may join again).
 */
export async function corporateNumbersTaken(
  tx: DbTransaction,
  numbers: readonly string[],
): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ number: companies.company_corporate_number })
    .from(companies)
    .where(
      and(
        sql`${companies.company_corporate_number} in ${textSet(numbers, 'bpchar')}`,
        eq(companies.company_is_unsubscribed, false),
      ),
    );
  return new Set(rows.flatMap((row) => (row.number === null ? [] : [row.number])));
}

/** The login ids among `loginIds` that a user of the bank has. */
export async function loginIdsTaken(tx: DbTransaction, loginIds: readonly string[]): Promise<Set<string>> {
  if (loginIds.length === 0) return new Set();
  const rows = await tx
    .select({ loginId: users.user_login_id })
    .from(users)
    .where(sql`${users.user_login_id} in ${textSet(loginIds)}`);
  return new Set(rows.map((row) => row.loginId));
}

/** The bank's open branches among the branch numbers (bb_code → bb_id). */
export async function openBranchesByCode(
  tx: DbTransaction,
  codes: readonly string[],
): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await tx
    .select({ code: bankBranches.bb_code, id: bankBranches.bb_id })
    .from(bankBranches)
    .where(
      and(sql`${bankBranches.bb_code} in ${textSet(codes, 'bpchar')}`, eq(bankBranches.bb_is_closed, false)),
    );
  return new Map(rows.map((row) => [row.code, row.id]));
}

/** How json_to_recordset reads a column of the batch (the insert casts it to the column's type). */
type JsonColumnType = 'text' | 'integer' | 'boolean';

/**
 * `insert into <table> (<columns>) select … from json_to_recordset($1)`: the rows of a batch as one
 * JSON parameter, each key a column of the table (typed: a key that is no column does not compile),
 * and `computed` columns the same SQL for every row (a time from the database's clock).
 */
function insertFromJson<T extends PgTable, R extends { [K in keyof T['$inferInsert']]?: unknown }>(
  table: T,
  columns: { [K in keyof R & string]: JsonColumnType },
  rows: readonly R[],
  computed: Partial<Record<keyof T['$inferInsert'] & string, SQL>> = {},
): SQL {
  const names = Object.keys(columns) as (keyof R & string)[];
  const computedNames = Object.keys(computed) as (keyof T['$inferInsert'] & string)[];
  const target = sql.join(
    [...names, ...computedNames].map((name) => sql.identifier(name)),
    sql`, `,
  );
  const values = sql.join(
    [
      ...names.map((name) => sql.identifier(name)),
      ...computedNames.map((name) => computed[name] ?? sql`null`),
    ],
    sql`, `,
  );
  const record = sql.join(
    names.map((name) => sql`${sql.identifier(name)} ${sql.raw(columns[name])}`),
    sql`, `,
  );
  return sql`insert into ${table} (${target}) select ${values} from json_to_recordset(${JSON.stringify(rows)}::json) as batch(${record})`;
}

/** A company to create, as a checked row gives it (the columns of companies). */
export interface NewBulkCompany {
  company_name: string;
  company_name_kana: string;
  company_type: CompanyTypeCode;
  company_enable_ba: boolean;
  company_enable_baportal: boolean;
  company_corporate_number: string | null;
  bb_id: number | null;
  company_representative_name: string | null;
  company_tel: string | null;
}

const COMPANY_COLUMNS = {
  company_unique_code: 'text',
  company_name: 'text',
  company_name_kana: 'text',
  company_type: 'text',
  company_enable_ba: 'boolean',
  company_enable_baportal: 'boolean',
  company_corporate_number: 'text',
  bb_id: 'integer',
  company_representative_name: 'text',
  company_tel: 'text',
} as const satisfies Record<keyof NewBulkCompany | 'company_unique_code', JsonColumnType>;

/** Inserts the companies in batches; answers each one's id, in the order given. */
export async function insertCompanies(tx: DbTransaction, list: readonly NewBulkCompany[]): Promise<number[]> {
  const ids: number[] = [];
  for (const batch of batchesOf(list, INSERT_BATCH_ROWS)) {
    // Each row gets its code here, so the ids are matched by code, not by the order RETURNING keeps.
    const rows = batch.map((company) => ({
      ...company,
      company_unique_code: randomUUID().replaceAll('-', ''),
    }));
    const { rows: inserted } = await tx.execute<{ id: number; code: string }>(
      sql`${insertFromJson(companies, COMPANY_COLUMNS, rows)} returning company_id as id, company_unique_code as code`,
    );
    const idOf = new Map(inserted.map((row) => [row.code, Number(row.id)]));
    for (const { company_unique_code: code } of rows) {
      const id = idOf.get(code);
      if (id === undefined) throw new Error('a company of the batch was not created');
      ids.push(id);
    }
  }
  return ids;
}

/** A company's owner to create (no password: it is set through the mailed link). */
export interface NewBulkOwner {
  company_id: number;
  user_type: CompanyUserType;
  user_login_id: string;
  user_last_name: string;
  user_first_name: string;
  user_last_name_kana: string;
  user_first_name_kana: string;
  user_email: string;
}

const OWNER_COLUMNS = {
  company_id: 'integer',
  user_unique_code: 'text',
  user_type: 'text',
  user_login_id: 'text',
  user_last_name: 'text',
  user_first_name: 'text',
  user_last_name_kana: 'text',
  user_first_name_kana: 'text',
  user_email: 'text',
} as const satisfies Record<keyof NewBulkOwner | 'user_unique_code', JsonColumnType>;

/**
 * Inserts the owners in batches, each with a login id checked free a moment ago. One that another
 * transaction took meanwhile is not inserted (no error, which would end the transaction): answers
 * the user id of each inserted owner by login id; the caller handles the ones missing.
 */
export async function insertOwners(
  tx: DbTransaction,
  owners: readonly NewBulkOwner[],
): Promise<Map<string, number>> {
  const inserted = new Map<string, number>();
  for (const batch of batchesOf(owners, INSERT_BATCH_ROWS)) {
    const rows = batch.map((owner) => ({
      company_id: owner.company_id,
      user_unique_code: randomUUID().replaceAll('-', ''),
      user_type: owner.user_type,
      user_login_id: owner.user_login_id,
      user_last_name: owner.user_last_name,
      user_first_name: owner.user_first_name,
      user_last_name_kana: owner.user_last_name_kana,
      user_first_name_kana: owner.user_first_name_kana,
      user_email: owner.user_email,
    }));
    const { rows: created } = await tx.execute<{ userId: number; loginId: string }>(
      sql`${insertFromJson(users, OWNER_COLUMNS, rows)} on conflict do nothing returning user_id as "userId", user_login_id as "loginId"`,
    );
    for (const row of created) inserted.set(row.loginId, Number(row.userId));
  }
  return inserted;
}

/** First-password links (their tokens' hashes), valid `validMinutes` from now, in batches. */
export async function insertFirstPasswordLinks(
  tx: DbTransaction,
  links: readonly { user_id: number; reset_token_hash: string }[],
  validMinutes: number,
): Promise<void> {
  for (const batch of batchesOf(links, INSERT_BATCH_ROWS)) {
    await tx.execute(
      insertFromJson(passwordResets, { user_id: 'integer', reset_token_hash: 'text' }, batch, {
        reset_expires_at: sql`now() + ${validMinutes} * interval '1 minute'`,
      }),
    );
  }
}

/**
 * Mails per INSERT. They go as plain parameters, unlike the rows above: each holds a few kB of text
 * and HTML, which PostgreSQL binds as it comes but would have to parse out of a JSON batch (measured
 * on 10,000 mails: 1.9 s bound, 4.4 s from JSON).
 */
