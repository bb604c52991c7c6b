import { desc, eq, sql } from 'drizzle-orm';
import { companyMasterNames } from '../kit/company-master-names.ts';
import { chargeEntryColumns, companyChargesIn, type MonthRange } from '../kit/company-charge-months.ts';
import { CHARGE_STATUS_URGENCY } from '#server/contracts/companies.ts';
import type { ChargeKind } from '#server/contracts/company-charges.ts';
import { CANCELLED_CHARGE_STATUS } from '#server/contracts/company-detail.ts';
import type { UsageCharge, UsageMonth } from '#server/contracts/usage-statement.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { chargeStatuses, companies, companyCharges } from '#server/db/schema.ts';

/**
 * The questions of the usage statement (/mypage/setting/invoice): the company's charges of a
 * period, the years it has charges in, and what its statement prints about it. Always the logged-in
 * user's company (given by the route); the bank's transaction (row-level security) keeps the bank.
 */

const chargeColumns = {
  ...chargeEntryColumns,
  /** For the statement, which prints the status by its name. */
  charge_status_name: chargeStatuses.name,
};

export type StatementCharge = UsageCharge & { charge_status_name: string };
export type StatementMonth = Omit<UsageMonth, 'charges'> & { charges: StatementCharge[] };

/** The most urgent of the statuses (CHARGE_STATUS_URGENCY); a code the list does not know comes last. */
function mostUrgent(statuses: readonly string[]): string {
  const rank = (status: string) => {
    const index = (CHARGE_STATUS_URGENCY as readonly string[]).indexOf(status);
    return index === -1 ? CHARGE_STATUS_URGENCY.length : index;
  };
  return statuses.reduce((urgent, status) => (rank(status) < rank(urgent) ? status : urgent));
}

/** What a month's charges add up to: cancelled entries (取消) count toward nothing, as on the desk. */
export function totalOf(charges: readonly Pick<UsageCharge, 'charge_amount' | 'charge_status'>[]): number {
  return charges
    .filter((charge) => charge.charge_status !== CANCELLED_CHARGE_STATUS)
    .reduce((total, charge) => total + charge.charge_amount, 0);
}

/**
 * The company's charges in the range, grouped by month, newest month first; within a month in the
 * order they were entered. Months without an entry are not listed.
 */
export async function usageMonthsOf(
  tx: DbTransaction,
  companyId: number,
  range: MonthRange,
): Promise<StatementMonth[]> {
  const rows = await companyChargesIn(
    tx
      .select(chargeColumns)
      .from(companyCharges)
      .innerJoin(chargeStatuses, eq(chargeStatuses.code, companyCharges.charge_status))
      .$dynamic(),
    companyId,
    range,
  );
  const months = new Map<string, StatementCharge[]>();
  for (const { charge_month: monthStart, ...row } of rows) {
    const month = monthStart.slice(0, 7);
    const charges = months.get(month) ?? [];
    charges.push({ ...row, charge_kind: row.charge_kind as ChargeKind });
    months.set(month, charges);
  }
  return [...months].map(([month, charges]) => ({
    month,
    charges,
    total: totalOf(charges),
    status: mostUrgent(charges.map((charge) => charge.charge_status)),
  }));
}

/** The calendar years the company has charges in, newest first. */
export async function usageYearsOf(tx: DbTransaction, companyId: number): Promise<number[]> {
  const year = sql<number>`extract(year from ${companyCharges.charge_month})::int`;
  const rows = await tx
    .selectDistinct({ year })
    .from(companyCharges)
    .where(eq(companyCharges.company_id, companyId))
    .orderBy(desc(year));
  return rows.map((row) => row.year);
}

/** The company as its statement addresses it: its name and its address (the prefecture by name). */
export async function statementAddresseeOf(tx: DbTransaction, companyId: number) {
  const [row] = await tx
    .select({
      company_name: companies.company_name,
      company_post_code: companies.company_post_code,
      prefecture_name: companyMasterNames.prefectureName,
      company_address1: companies.company_address1,
      company_address2: companies.company_address2,
      company_address3: companies.company_address3,
    })
    .from(companies)
    .where(eq(companies.company_id, companyId));
  return row;
}
export type StatementAddressee = NonNullable<Awaited<ReturnType<typeof statementAddresseeOf>>>;
