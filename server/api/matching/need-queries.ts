import { randomBytes } from 'node:crypto';
import { pageOffset } from '#server/contracts/paging.ts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  type NeedFields,
  needImageUrl,
  needPublishStatusOf,
  type OwnNeed,
} from '#server/contracts/matching.ts';
import type { NeedCategoryCode } from '#server/contracts/need-categories.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { matchingDeals, needs } from '#server/db/schema.ts';
import { lockCompanyRow } from '../kit/company-row-lock.ts';

/**
 * A company's own needs (/mypage/mybusiness/needs), each question one function, in the call's
 * transaction of the host's bank; the company is always the logged-in user's, given by the route.
 * The nationwide projection (network_needs) follows every write by the table's trigger.
 */

export type NeedRow = typeof needs.$inferSelect;

/** 32 random hex digits: a need's code in paths and in the projection (unique across banks). */
export const newUniqueCode = () => randomBytes(16).toString('hex');

function imagesOf(caUniqueCode: string, fileCodes: readonly string[]) {
  return fileCodes.map((code) => ({ file_unique_code: code, file_url: needImageUrl(caUniqueCode, code) }));
}

/** The columns a need and its nationwide projection (network_needs) both hold and answer alike. */
type NeedContentRow = Pick<
  NeedRow,
  | 'need_unique_code'
  | 'need_title'
  | 'need_category'
  | 'need_industry_codes'
  | 'need_area_codes'
  | 'need_body'
  | 'need_image_file_codes'
  | 'need_period_start'
  | 'need_period_end'
>;

/** What a need says, the same for its company (ownNeedOf) and for other companies (publishedNeedOf). */
export function needContentOf(row: NeedContentRow) {
  return {
    ca_unique_code: row.need_unique_code,
    need_title: row.need_title,
    need_category: row.need_category as NeedCategoryCode,
    need_industry_codes: row.need_industry_codes,
    need_area_codes: row.need_area_codes,
    need_body: row.need_body,
    need_images: imagesOf(row.need_unique_code, row.need_image_file_codes),
    need_period_start: row.need_period_start,
    need_period_end: row.need_period_end,
  };
}

/** The need as its company reads it, its publish status worked out for `today`. */
export function ownNeedOf(row: NeedRow, dealCount: number, today: string): OwnNeed {
  return {
    ...needContentOf(row),
    need_visibility: row.need_visibility,
    need_reach: row.need_reach as OwnNeed['need_reach'],
    need_publish_status: needPublishStatusOf(row, today),
    need_deal_count: dealCount,
    need_created_at: row.need_created_at.toISOString(),
    need_updated_at: row.need_updated_at.toISOString(),
  };
}

const ownNeed = (companyId: number, code: string) =>
  and(eq(needs.company_id, companyId), eq(needs.need_unique_code, code));

/** The company's needs a bank drafted and the company has not taken yet are not its own needs. */
const takenNeed = sql`(${needs.need_offer_status} is null or ${needs.need_offer_status} = 'accepted')`;

/** Deal requests each of the company's needs received (the receiver's bank is the host's). */
async function dealCountsOf(tx: DbTransaction, companyId: number, needIds: readonly number[]) {
  if (needIds.length === 0) return new Map<number, number>();
  const rows = await tx
    .select({ needId: matchingDeals.need_id, total: count() })
    .from(matchingDeals)
    .where(
      and(
        sql`${matchingDeals.receiver_bank_code} = current_setting('app.bank_code')::bpchar`,
        eq(matchingDeals.receiver_company_id, companyId),
        sql`${matchingDeals.need_id} = any(${sql.param([...needIds])}::int[])`,
      ),
    )
    .groupBy(matchingDeals.need_id);
  return new Map(rows.map((row) => [row.needId, row.total]));
}

/** A page of the company's needs, last changed first, and how many it has. */
export async function listOwnNeeds(
  tx: DbTransaction,
  companyId: number,
  paging: { page: number; rows: number },
  today: string,
): Promise<{ list: OwnNeed[]; totalRows: number }> {
  const where = and(eq(needs.company_id, companyId), takenNeed);
  const rows = await tx
    .select()
    .from(needs)
    .where(where)
    .orderBy(desc(needs.need_updated_at), desc(needs.need_id))
    .limit(paging.rows)
    .offset(pageOffset(paging.page, paging.rows));
  const [counted] = await tx.select({ total: count() }).from(needs).where(where);
  const deals = await dealCountsOf(
    tx,
    companyId,
    rows.map((row) => row.need_id),
  );
  return {
    list: rows.map((row) => ownNeedOf(row, deals.get(row.need_id) ?? 0, today)),
    totalRows: counted?.total ?? 0,
  };
}

/** The company's need of that code (another company's is none of its), with its deal count. */
export async function findOwnNeed(
  tx: DbTransaction,
  companyId: number,
  code: string,
): Promise<{ row: NeedRow; dealCount: number } | undefined> {
  const [row] = await tx
    .select()
    .from(needs)
    .where(and(ownNeed(companyId, code), takenNeed));
  if (!row) return undefined;
  const deals = await dealCountsOf(tx, companyId, [row.need_id]);
  return { row, dealCount: deals.get(row.need_id) ?? 0 };
}

/**
 * How many needs the company has, counted under a lock of the company's row, so that of two
 * creations at once the second counts the first (the limit is never passed).
 */
export async function countNeedsOfLockedCompany(tx: DbTransaction, companyId: number): Promise<number> {
  await lockCompanyRow(tx, companyId);
  const [counted] = await tx
    .select({ total: count() })
    .from(needs)
    .where(and(eq(needs.company_id, companyId), takenNeed));
  return counted?.total ?? 0;
}

/** The form's fields as a need's columns (the company's save, and its acceptance of a bank's draft). */
export const needFieldColumns = (fields: NeedFields) => ({
  need_title: fields.need_title,
  need_category: fields.need_category,
  need_industry_codes: fields.need_industry_codes,
  need_area_codes: fields.need_area_codes,
  need_body: fields.need_body,
  need_period_start: fields.need_period_start,
  need_period_end: fields.need_period_end,
  need_visibility: fields.need_visibility,
  need_reach: fields.need_reach,
});

/** A new need under a new code, written by `userId`: the company's own (insertNeed) or the bank's draft. */
export async function insertNewNeed(
  tx: DbTransaction,
  userId: number,
  columns: Omit<typeof needs.$inferInsert, 'need_unique_code' | 'need_created_by' | 'need_updated_by'>,
): Promise<NeedRow> {
  const [row] = await tx
    .insert(needs)
    .values({
      ...columns,
      need_unique_code: newUniqueCode(),
      need_created_by: userId,
      need_updated_by: userId,
    })
    .returning();
  if (!row) throw new Error('INSERT answered no need');
  return row;
}

export function insertNeed(tx: DbTransaction, companyId: number, userId: number, fields: NeedFields) {
  return insertNewNeed(tx, userId, { ...needFieldColumns(fields), company_id: companyId });
}

export async function updateOwnNeed(
  tx: DbTransaction,
  companyId: number,
  code: string,
  userId: number,
  fields: NeedFields,
): Promise<NeedRow | undefined> {
  const [row] = await tx
    .update(needs)
    .set({ ...needFieldColumns(fields), need_updated_by: userId, need_updated_at: new Date() })
    .where(and(ownNeed(companyId, code), takenNeed))
    .returning();
  return row;
}

/** Deletes the need; answers its image codes (their bytes go once the deletion commits), or undefined. */
export async function deleteOwnNeed(
  tx: DbTransaction,
  companyId: number,
  code: string,
): Promise<string[] | undefined> {
  const [row] = await tx
    .delete(needs)
    .where(and(ownNeed(companyId, code), takenNeed))
    .returning({ images: needs.need_image_file_codes });
  return row?.images;
}

/** Replaces the need's image list (an upload adds one, a deletion takes one away). */
export async function setNeedImages(
  tx: DbTransaction,
  companyId: number,
  code: string,
  userId: number,
  fileCodes: readonly string[],
): Promise<NeedRow | undefined> {
  const [row] = await tx
    .update(needs)
    .set({ need_image_file_codes: [...fileCodes], need_updated_by: userId, need_updated_at: new Date() })
    .where(and(ownNeed(companyId, code), takenNeed))
    .returning();
  return row;
}
