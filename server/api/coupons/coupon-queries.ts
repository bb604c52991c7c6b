import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import {
  publishStatusOf,
  type ServiceOffer,
  type ServiceOfferFields,
  serviceOfferImageUrl,
  type ServiceOfferStatus,
} from '#server/contracts/service-offer.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { companies, serviceOffers } from '#server/db/schema.ts';
import { lockCompanyRow } from '../kit/company-row-lock.ts';

/**
 * A company's own service offers (/mypage/setting/service/offer), one function per question, each in
 * the call's transaction of the host's bank (row-level security keeps the bank; the company is
 * always the logged-in user's, given by the route). Every change the company makes to an offer's
 * content puts it (back) into the bank's review and forgets the bank's last decision.
 */

/** A service offer's row as every query of the domain reads it. */
export type ServiceOfferRow = typeof serviceOffers.$inferSelect;

/** The offer as the calls answer it, its publish status worked out for `today` (YYYY-MM-DD in Japan). */
export function serviceOfferOf(row: ServiceOfferRow, today: string): ServiceOffer {
  const image = row.cso_image_file_unique_code;
  return {
    cso_unique_code: row.cso_unique_code,
    cso_title: row.cso_title,
    cso_body: row.cso_body,
    cso_category: row.cso_category,
    cso_benefit: row.cso_benefit,
    cso_target: row.cso_target,
    cso_publish_start: row.cso_publish_start,
    cso_publish_end: row.cso_publish_end,
    cso_status: row.cso_status as ServiceOfferStatus,
    cso_publish_status: publishStatusOf(row, today),
    cso_image: image
      ? { file_unique_code: image, file_url: serviceOfferImageUrl(row.cso_unique_code, image) }
      : null,
    cso_review_note: row.cso_review_note,
    cso_reviewed_at: row.cso_reviewed_at?.toISOString() ?? null,
    cso_created_at: row.cso_created_at.toISOString(),
    cso_updated_at: row.cso_updated_at.toISOString(),
  };
}

/**
 * The columns a change of content sets: back into review, the last decision forgotten. The time is
 * the application's (milliseconds), so the desk's cso_updated_at reads back exactly.
 */
function backIntoReview(userId: number) {
  return {
    cso_status: 'REVIEWING',
    cso_review_note: null,
    cso_reviewed_by: null,
    cso_reviewed_at: null,
    cso_updated_by: userId,
    cso_updated_at: new Date(),
  } as const;
}

const ownOffer = (companyId: number, code: string) =>
  and(eq(serviceOffers.company_id, companyId), eq(serviceOffers.cso_unique_code, code));

/** A page of the company's offers, newest first, and how many it has. */
export async function listOwnServiceOffers(
  tx: DbTransaction,
  companyId: number,
  paging: { page: number; rows: number },
): Promise<{ rows: ServiceOfferRow[]; totalRows: number }> {
  const rows = await tx
    .select()
    .from(serviceOffers)
    .where(eq(serviceOffers.company_id, companyId))
    .orderBy(desc(serviceOffers.cso_created_at), desc(serviceOffers.cso_id))
    .limit(paging.rows)
    .offset((paging.page - 1) * paging.rows);
  const [counted] = await tx
    .select({ total: count() })
    .from(serviceOffers)
    .where(eq(serviceOffers.company_id, companyId));
  return { rows, totalRows: counted?.total ?? 0 };
}

/** The company's offer of that code, or undefined (another company's offer is none of its). */
export async function findOwnServiceOffer(
  tx: DbTransaction,
  companyId: number,
  code: string,
): Promise<ServiceOfferRow | undefined> {
  const [row] = await tx.select().from(serviceOffers).where(ownOffer(companyId, code));
  return row;
}

/**
 * How many offers the company has, counted under a lock of the company's row, so that of two
 * creations at once the second counts the first (the limit is never passed).
 */
export async function countOffersOfLockedCompany(tx: DbTransaction, companyId: number): Promise<number> {
  await lockCompanyRow(tx, companyId);
  const [counted] = await tx
    .select({ total: count() })
    .from(serviceOffers)
    .where(eq(serviceOffers.company_id, companyId));
  return counted?.total ?? 0;
}

/**
 * How many offers a list's conditions find, each offer joined to its company (the bank's desk and
 * the published search filter on the company's columns too).
 */
export async function countOffersWithCompany(tx: DbTransaction, where: SQL | undefined): Promise<number> {
  const [counted] = await tx
    .select({ total: count() })
    .from(serviceOffers)
    .innerJoin(companies, eq(companies.company_id, serviceOffers.company_id))
    .where(where);
  return counted?.total ?? 0;
}

/** The form's fields as the columns keep them (text trimmed; an empty last day is none). */
function columnsOf(fields: ServiceOfferFields) {
  return {
    cso_title: fields.cso_title.trim(),
    cso_body: fields.cso_body.trim(),
    cso_category: fields.cso_category.trim(),
    cso_benefit: fields.cso_benefit.trim(),
    cso_target: fields.cso_target.trim(),
    cso_publish_start: fields.cso_publish_start,
    cso_publish_end: fields.cso_publish_end,
  };
}

/** A new offer of the company, in review. */
export async function insertServiceOffer(
  tx: DbTransaction,
  companyId: number,
  userId: number,
  fields: ServiceOfferFields,
): Promise<ServiceOfferRow> {
  const now = new Date();
  const [row] = await tx
    .insert(serviceOffers)
    .values({
      cso_unique_code: randomBytes(16).toString('hex'),
      company_id: companyId,
      ...columnsOf(fields),
      ...backIntoReview(userId),
      cso_created_at: now,
      cso_updated_at: now,
    })
    .returning();
  if (!row) throw new Error('the new service offer was not returned');
  return row;
}

/** Saves the company's offer, back into review; undefined when it has none of that code. */
export async function updateOwnServiceOffer(
  tx: DbTransaction,
  companyId: number,
  code: string,
  userId: number,
  fields: ServiceOfferFields,
): Promise<ServiceOfferRow | undefined> {
  const [row] = await tx
    .update(serviceOffers)
    .set({ ...columnsOf(fields), ...backIntoReview(userId) })
    .where(ownOffer(companyId, code))
    .returning();
  return row;
}

/**
 * Withdraws the company's offer (CANCELLED): 'cancelled' with the row, 'already' when it was
 * withdrawn before, undefined when the company has no offer of that code. The bank's last decision
 * stays on record: the withdrawal is the company's, not a new review.
 */
export async function cancelOwnServiceOffer(
  tx: DbTransaction,
  companyId: number,
  code: string,
  userId: number,
): Promise<{ outcome: 'cancelled'; row: ServiceOfferRow } | { outcome: 'already' } | undefined> {
  const [row] = await tx
    .update(serviceOffers)
    .set({ cso_status: 'CANCELLED', cso_updated_by: userId, cso_updated_at: new Date() })
    .where(and(ownOffer(companyId, code), ne(serviceOffers.cso_status, 'CANCELLED')))
    .returning();
  if (row) return { outcome: 'cancelled', row };
  return (await findOwnServiceOffer(tx, companyId, code)) ? { outcome: 'already' } : undefined;
}

/** Deletes the company's offer; the image code it named (null: none), or undefined when there was no such offer. */
export async function deleteOwnServiceOffer(
  tx: DbTransaction,
  companyId: number,
  code: string,
): Promise<{ image: string | null } | undefined> {
  const [row] = await tx
    .delete(serviceOffers)
    .where(ownOffer(companyId, code))
    .returning({ image: serviceOffers.cso_image_file_unique_code });
  return row;
}

/**
 * Names `fileUniqueCode` as the offer's image (null: none) and, when that changes the image, puts the
 * offer back into review. Answers the code it named before (null when none), or undefined when the
 * company has no offer of that code. The row is locked first, so of two uploads at once each sees
 * the other's image as the one it replaces.
 */
export async function replaceServiceOfferImage(
  tx: DbTransaction,
  companyId: number,
  code: string,
  userId: number,
  fileUniqueCode: string | null,
): Promise<{ previous: string | null } | undefined> {
  const [current] = await tx
    .select({ image: serviceOffers.cso_image_file_unique_code })
    .from(serviceOffers)
    .where(ownOffer(companyId, code))
    .for('update');
  if (!current) return undefined;
  if (current.image !== fileUniqueCode)
    await tx
      .update(serviceOffers)
      .set({ cso_image_file_unique_code: fileUniqueCode, ...backIntoReview(userId) })
      .where(ownOffer(companyId, code));
  return { previous: current.image };
}

/**
 * Offers "offered and not expired" of a company, as the company list counts them (admin spec
 * section 2): approved, and their last day (if any) not before today in Japan.
 */
export const offeredAndUnexpired = sql`${serviceOffers.cso_status} = 'APPROVED' and (${serviceOffers.cso_publish_end} is null or ${serviceOffers.cso_publish_end} >= (now() at time zone 'Asia/Tokyo')::date)`;
