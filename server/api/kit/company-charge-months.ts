import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { companyCharges } from '#server/db/schema.ts';

/** A charge entry as the desk and the statement both read it. */
export const chargeEntryColumns = {
  charge_id: companyCharges.charge_id,
  charge_month: companyCharges.charge_month,
  charge_kind: companyCharges.charge_kind,
  charge_amount: companyCharges.charge_amount,
  charge_status: companyCharges.charge_status,
  charge_note: companyCharges.charge_note,
};

/** Months of charges: the first day they begin on (YYYY-MM-01), inclusive, and the one they end before. */
export interface MonthRange {
  fromStart: string;
  /** Null: no end (the recent months include any month entered ahead). */
  untilStart: string | null;
}

/**
 * The company's charges of the months in `range`, newest month first and, within a month, in the
 * order they were entered: the desk's charge list (companies) and the company's own usage statement
 * (settings) read the entries alike. `query` is a dynamic SELECT … FROM company_charges.
 */
export function companyChargesIn<Q extends PgSelect>(query: Q, companyId: number, range: MonthRange): Q {
  return query
    .where(
      and(
        eq(companyCharges.company_id, companyId),
        gte(companyCharges.charge_month, range.fromStart),
        range.untilStart === null ? undefined : lt(companyCharges.charge_month, range.untilStart),
      ),
    )
    .orderBy(desc(companyCharges.charge_month), asc(companyCharges.charge_id));
}
