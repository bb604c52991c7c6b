import { and, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { UnsubscriptionReservation } from '#server/contracts/company-unsubscription.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { companies, companyUnsubscriptions, unsubscribeReasons, users } from '#server/db/schema.ts';
import { codeNameOf } from '#server/db/select-code-list.ts';

/** A company as the reservation sees it: its id, whether it left, whether it is a portal member. */
export async function companyToLeave(tx: DbTransaction, companyUniqueCode: string) {
  const [row] = await tx
    .select({
      id: companies.company_id,
      isUnsubscribed: companies.company_is_unsubscribed,
      enableBaportal: companies.company_enable_baportal,
    })
    .from(companies)
    .where(eq(companies.company_unique_code, companyUniqueCode));
  return row;
}

const reservationColumns = {
  leaves_on: companyUnsubscriptions.leaves_on,
  reason_code: companyUnsubscriptions.unsubscribe_reason,
  note: companyUnsubscriptions.unsubscribe_note,
};

/**
 * A reservation as the desk's company page and the company's own page read it: its reason also by
 * name (null for a code the master lacks), when it was asked for and carried out.
 */
export const reservationReadColumns = {
  leavesOn: companyUnsubscriptions.leaves_on,
  reasonCode: companyUnsubscriptions.unsubscribe_reason,
  reasonName: codeNameOf(unsubscribeReasons, companyUnsubscriptions.unsubscribe_reason),
  note: companyUnsubscriptions.unsubscribe_note,
  requestedAt: companyUnsubscriptions.requested_at,
  carriedOutAt: companyUnsubscriptions.carried_out_at,
};

/**
 * Reserves the company's leaving, unless a reservation stands (or was carried out): one INSERT, so
 * of two admins reserving at once one wins. Answers the reservation made, or undefined when there
 * was one already.
 */
export async function insertReservation(
  tx: DbTransaction,
  reservation: {
    companyId: number;
    reason: string;
    note: string | null;
    leavesOn: string;
    requestedBy: number;
  },
): Promise<UnsubscriptionReservation | undefined> {
  const [row] = await tx
    .insert(companyUnsubscriptions)
    .values({
      company_id: reservation.companyId,
      unsubscribe_reason: reservation.reason,
      unsubscribe_note: reservation.note,
      leaves_on: reservation.leavesOn,
      requested_by: reservation.requestedBy,
    })
    .onConflictDoNothing()
    .returning(reservationColumns);
  return row;
}

/**
 * Removes the company's standing reservation if its day has not passed (`today`, in Japan, is the
 * last day it can be cancelled). Answers whether one was removed; when not, `reservationOf` says why.
 */
export async function deleteReservation(
  tx: DbTransaction,
  companyId: number,
  today: string,
): Promise<boolean> {
  const removed = await tx
    .delete(companyUnsubscriptions)
    .where(
      and(
        eq(companyUnsubscriptions.company_id, companyId),
        isNull(companyUnsubscriptions.carried_out_at),
        gte(companyUnsubscriptions.leaves_on, today),
      ),
    )
    .returning({ companyId: companyUnsubscriptions.company_id });
  return removed.length > 0;
}

/** The company's reservation (standing or carried out), or undefined. */
export async function reservationOf(tx: DbTransaction, companyId: number) {
  const [row] = await tx
    .select({ ...reservationColumns, carriedOutAt: companyUnsubscriptions.carried_out_at })
    .from(companyUnsubscriptions)
    .where(eq(companyUnsubscriptions.company_id, companyId));
  return row;
}

/**
 * Carries out every standing reservation whose last day lies before `today` (in Japan): the
 * reservation is stamped `now`, the company is marked left and disabled, and so is each of its
 * users. Answers the companies carried out (for the audit trail) and the users disabled (whose
 * sessions are to end). The rows stay: the data is kept for the retention period.
 */
export async function carryOutDueReservations(tx: DbTransaction, today: string, now: Date) {
  const due = await tx
    .update(companyUnsubscriptions)
    .set({ carried_out_at: now })
    .where(and(isNull(companyUnsubscriptions.carried_out_at), lt(companyUnsubscriptions.leaves_on, today)))
    .returning({ companyId: companyUnsubscriptions.company_id });
  if (due.length === 0) return { companies: [], userIds: [] };
  const companyIds = due.map((row) => row.companyId);
  const left = await tx
    .update(companies)
    .set({ company_is_unsubscribed: true, company_is_disabled: true })
    .where(inArray(companies.company_id, companyIds))
    .returning({ code: companies.company_unique_code });
  const disabled = await tx
    .update(users)
    .set({ user_is_disabled: true })
    .where(inArray(users.company_id, companyIds))
    .returning({ userId: users.user_id });
  return { companies: left.map((row) => row.code), userIds: disabled.map((row) => row.userId) };
}
