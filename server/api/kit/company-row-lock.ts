import { eq } from 'drizzle-orm';
import type { DbTransaction } from '#server/db/database.ts';
import { companies } from '#server/db/schema/companies.ts';

/**
 * Holds the company's row until the transaction ends, so that of two writes checked against one of
 * the company's limits (its needs, offers, chat templates) the second waits for the first to commit
 * and counts it. NO KEY UPDATE: rows of other tables that refer to the company are not held up.
 * False when the company is not there.
 */
export async function lockCompanyRow(tx: DbTransaction, companyId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: companies.company_id })
    .from(companies)
    .where(eq(companies.company_id, companyId))
    .for('no key update');
  return row !== undefined;
}
