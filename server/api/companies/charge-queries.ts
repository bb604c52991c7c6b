import { and, asc, eq, ilike, or } from 'drizzle-orm';
import {
  CHARGE_COMPANY_LOOKUP_LIMIT,
  type ChargeCompany,
  type ChargeItem,
  type ChargeKind,
} from '#server/contracts/company-charges.ts';
import { containsPattern } from '#server/db/contains-pattern.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { bankBranches, companies, companyCharges, users } from '#server/db/schema.ts';
import { viewersCompanyOfCode, withinViewersBranches } from '../kit/branch-visibility.ts';
import { chargeEntryColumns, companyChargesIn } from '../kit/company-charge-months.ts';
import type { StaffViewer } from '#server/plugins/request-context.ts';

/**
 * The questions of /admin/company/charge: which companies the staff member may charge, a company's
 * charges, the charge_statuses master, and the staff member's own password hash. No bank_code
 * filter: the bank's transaction (row-level security) keeps the bank.
 */

const companyColumns = {
  company_id: companies.company_id,
  company_unique_code: companies.company_unique_code,
  company_name: companies.company_name,
  bb_name: bankBranches.bb_name,
};

/** Up to 20 companies whose name, kana or code holds the keyword (any, without one), in kana order. */
export async function lookupChargeCompanies(
  tx: DbTransaction,
  viewer: StaffViewer,
  keyword: string | undefined,
): Promise<ChargeCompany[]> {
  const text = keyword?.trim();
  const rows = await tx
    .select(companyColumns)
    .from(companies)
    .leftJoin(bankBranches, eq(bankBranches.bb_id, companies.bb_id))
    .where(
      and(
        withinViewersBranches(viewer, companies.bb_id),
        text
          ? or(
              ilike(companies.company_name, containsPattern(text)),
              ilike(companies.company_name_kana, containsPattern(text)),
              ilike(companies.company_unique_code, containsPattern(text)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(companies.company_name_kana), asc(companies.company_id))
    .limit(CHARGE_COMPANY_LOOKUP_LIMIT);
  return rows.map(({ company_id: _id, ...company }) => company);
}

/** The company the staff member may charge, by its code; undefined when unknown or not theirs to see. */
export async function findChargeCompany(tx: DbTransaction, viewer: StaffViewer, companyUniqueCode: string) {
  const [row] = await tx
    .select(companyColumns)
    .from(companies)
    .leftJoin(bankBranches, eq(bankBranches.bb_id, companies.bb_id))
    .where(viewersCompanyOfCode(viewer, companyUniqueCode));
  return row;
}

const chargeColumns = {
  ...chargeEntryColumns,
  charge_updated_at: companyCharges.charge_updated_at,
};

type ChargeRow = Pick<typeof companyCharges.$inferSelect, keyof typeof chargeColumns>;

function chargeItemOf(row: ChargeRow): ChargeItem {
  return {
    ...row,
    charge_month: row.charge_month.slice(0, 7),
    charge_kind: row.charge_kind as ChargeKind,
    charge_updated_at: row.charge_updated_at.toISOString(),
  };
}

/** The company's charges from the month that begins on `fromMonthStart` (YYYY-MM-01), newest month first. */
export async function companyChargesSince(
  tx: DbTransaction,
  companyId: number,
  fromMonthStart: string,
): Promise<ChargeItem[]> {
  const rows = await companyChargesIn(tx.select(chargeColumns).from(companyCharges).$dynamic(), companyId, {
    fromStart: fromMonthStart,
    untilStart: null,
  });
  return rows.map(chargeItemOf);
}

/** An entry's values as the save writes them. */
export interface ChargeValues {
  monthStart: string;
  kind: ChargeKind;
  amount: number;
  status: string;
  note: string | null;
}

export async function insertCharge(
  tx: DbTransaction,
  companyId: number,
  values: ChargeValues,
  staffUserId: number,
): Promise<ChargeItem> {
  const [row] = await tx
    .insert(companyCharges)
    .values({
      company_id: companyId,
      charge_month: values.monthStart,
      charge_kind: values.kind,
      charge_amount: values.amount,
      charge_status: values.status,
      charge_note: values.note,
      charge_created_by: staffUserId,
      charge_updated_by: staffUserId,
    })
    .returning(chargeColumns);
  if (!row) throw new Error('the charge was not inserted');
  return chargeItemOf(row);
}

/** Changes the company's entry; undefined when the company holds no entry of that id. */
export async function updateCharge(
  tx: DbTransaction,
  companyId: number,
  chargeId: number,
  values: ChargeValues,
  staffUserId: number,
): Promise<ChargeItem | undefined> {
  const [row] = await tx
    .update(companyCharges)
    .set({
      charge_month: values.monthStart,
      charge_kind: values.kind,
      charge_amount: values.amount,
      charge_status: values.status,
      charge_note: values.note,
      charge_updated_by: staffUserId,
    })
    .where(and(eq(companyCharges.charge_id, chargeId), eq(companyCharges.company_id, companyId)))
    .returning(chargeColumns);
  return row ? chargeItemOf(row) : undefined;
}

/** The staff member's password hash; null when the portal keeps none (the bank's provider does). */
export async function staffPasswordHash(tx: DbTransaction, userId: number): Promise<string | null> {
  const [row] = await tx
    .select({ hash: users.user_password_hash })
    .from(users)
    .where(eq(users.user_id, userId));
  return row?.hash ?? null;
}

const ONCE_PER_MONTH_INDEX = 'company_charges_once_per_month_and_kind';

/**
 * Whether a write failed on the once-a-month rule (PostgreSQL's unique_violation, 23505, on that
 * index): a second entry of the kind for the month, or two admins saving it at once. The driver's
 * error is the cause of drizzle's; either may carry the code.
 */
export function brokeOncePerMonth(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === ONCE_PER_MONTH_INDEX;
  }
  return false;
}
