import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { COMPANY_TYPE_SETUP, type CompanyCreateFields } from '#server/contracts/company-create.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { bankBranches, companies } from '#server/db/schema.ts';

/** The first key of the corporate-number lock (two-key advisory locks, apart from the jobs' class). */
const CORPORATE_NUMBER_LOCK_CLASS = 7_240_184;

/**
 * Whether another company of the bank that has not left holds the corporate number. Two admins
 * creating the same company at once are taken one after the other (a transaction lock on the bank
 * and the number), so the second sees the first's company: the column has no unique index, as a
 * company that left keeps its row (and may join again).
 */
export async function corporateNumberTaken(
  tx: DbTransaction,
  bankCode: string,
  number: string,
): Promise<boolean> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${CORPORATE_NUMBER_LOCK_CLASS}, hashtext(${`${bankCode}:${number}`}))`,
  );
  const [row] = await tx
    .select({ id: companies.company_id })
    .from(companies)
    .where(and(eq(companies.company_corporate_number, number), eq(companies.company_is_unsubscribed, false)))
    .limit(1);
  return row !== undefined;
}

/** Whether the branch is an open branch of the bank (row-level security keeps the bank). */
export async function isOpenBranch(tx: DbTransaction, bbId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: bankBranches.bb_id })
    .from(bankBranches)
    .where(and(eq(bankBranches.bb_id, bbId), eq(bankBranches.bb_is_closed, false)));
  return row !== undefined;
}

/** The company as the desk's form describes it, with the flags its type gives. */
export async function insertCompany(tx: DbTransaction, fields: CompanyCreateFields) {
  const setup = COMPANY_TYPE_SETUP[fields.company_type];
  const [company] = await tx
    .insert(companies)
    .values({
      company_unique_code: randomUUID().replaceAll('-', ''),
      company_corporate_number: fields.company_corporate_number ?? null,
      company_name: fields.company_name,
      company_name_kana: fields.company_name_kana,
      company_type: fields.company_type,
      company_enable_ba: setup.enableBa,
      company_enable_baportal: setup.enableBaportal,
      bb_id: fields.bb_id,
    })
    .returning({ id: companies.company_id, code: companies.company_unique_code });
  if (!company) throw new Error('the company was not created');
  return company;
}
