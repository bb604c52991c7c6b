import { eq } from 'drizzle-orm';
import { isCancellable } from '#server/contracts/company-unsubscription.ts';
import type { CompanyUnsubscribeReservation } from '#server/contracts/unsubscribe-setting.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { reservationReadColumns } from '../accounts/unsubscription-queries.ts';
import { companyUnsubscriptions, users } from '#server/db/schema.ts';

/**
 * The company's own view of its reservation (company_unsubscriptions, the bank desk's table): the
 * reservation's row with its reason's name and who asked for it, each inside the call's transaction
 * of the host's bank. Reserving and cancelling reuse the desk's queries
 * (server/api/accounts/unsubscription-queries.ts), so both sides write the same row the same way.
 */

export interface CompanyReservationRow {
  leavesOn: string;
  reasonCode: string;
  reasonName: string | null;
  note: string | null;
  requestedAt: Date;
  requesterLastName: string | null;
  requesterFirstName: string | null;
  /** The requester's company: the company's own when one of its users asked, null for bank staff. */
  requesterCompanyId: number | null;
  carriedOutAt: Date | null;
}

/**
 * The company's reservation (standing or carried out) with its reason's name and its requester, or
 * undefined. `lock` holds the reservation's row for the rest of the transaction (a cancel decides
 * on what it read).
 */
export async function companyReservationOf(
  tx: DbTransaction,
  companyId: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<CompanyReservationRow | undefined> {
  const query = tx
    .select({
      ...reservationReadColumns,
      requesterLastName: users.user_last_name,
      requesterFirstName: users.user_first_name,
      requesterCompanyId: users.company_id,
    })
    .from(companyUnsubscriptions)
    .leftJoin(users, eq(users.user_id, companyUnsubscriptions.requested_by))
    .where(eq(companyUnsubscriptions.company_id, companyId));
  const [row] = lock ? await query.for('update', { of: companyUnsubscriptions }) : await query;
  return row;
}

/** Whether the company asked for the reservation itself (a user of its own requested it). */
export function requestedByCompany(row: CompanyReservationRow, companyId: number): boolean {
  return row.requesterCompanyId === companyId;
}

/** The reservation as the company's pages show it, judged at `now`. */
export function companyReservationView(
  row: CompanyReservationRow,
  companyId: number,
  now: Date,
): CompanyUnsubscribeReservation {
  const byCompany = requestedByCompany(row, companyId);
  return {
    leaves_on: row.leavesOn,
    reason_code: row.reasonCode,
    reason_name: row.reasonName ?? row.reasonCode,
    note: row.note,
    requested_at: row.requestedAt.toISOString(),
    requested_by_name:
      row.requesterLastName === null
        ? null
        : `${row.requesterLastName} ${row.requesterFirstName ?? ''}`.trim(),
    requested_by_company: byCompany,
    cancellable: byCompany && row.carriedOutAt === null && isCancellable(row.leavesOn, now),
  };
}
