import { count, inArray } from 'drizzle-orm';
import { isAdmin } from '#server/contracts/account-types.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { inquiries } from '#server/db/schema/inquiries.ts';
import { defineBadge } from '../badges/badge-registry.ts';

/**
 * Inquiries still waiting to be closed (未対応 and 対応中): the admin top bar's inquiry badge and
 * GET /api/v1/inquiry/closed_summary. The spec names the call "closed summary"; what staff need on a
 * badge is how many are not closed yet, so that is what it counts (README, Decisions).
 */
export async function countUnclosedInquiries(tx: DbTransaction): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(inquiries)
    .where(inArray(inquiries.inquiry_status, ['CREATED', 'PROGRESS']));
  return row?.count ?? 0;
}

/** The inquiry badge: system_admin and bank_admin only (admin spec section 2). */
export const closedInquiryBadge = defineBadge({
  counter: 'closedInquiry',
  // The bank's whole count: no subject of the asker's.
  subjectOf: (auth) => (isAdmin(auth.user.userType) ? ('bank' as const) : null),
  count: (tx) => countUnclosedInquiries(tx),
});
