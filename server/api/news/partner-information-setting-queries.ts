import { and, count, desc, eq, sql } from 'drizzle-orm';
import { mailRecipientColumns } from '../kit/mail-recipients.ts';
import { type PartnerInformationStatus, VISIBILITY } from '#server/contracts/news.ts';
import type {
  PartnerInformationSettingDetail,
  PartnerInformationSettingItem,
} from '#server/contracts/partner-information-setting.ts';
import { pageOffset } from '#server/contracts/paging.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { companies } from '#server/db/schema/companies.ts';
import { articles } from '#server/db/schema/news.ts';
import { users } from '#server/db/schema/users.ts';

/**
 * The reads and writes of partner information a partner company writes itself
 * (/mypage/setting/information) and of the bank's review of it. Every query runs in the request's
 * withBank transaction (row-level security keeps it to the bank) and names the kind; the company's
 * queries also name the company, so another company's item, or one the bank's staff wrote, is as
 * absent as another bank's.
 */

const PARTNER_INFORMATION = 'partner_information';

/** The company's own items of partner information. */
function ofCompany(companyId: number) {
  return and(eq(articles.article_kind, PARTNER_INFORMATION), eq(articles.article_company_id, companyId));
}

const itemFields = {
  article_id: articles.article_id,
  article_title: articles.article_title,
  pi_status: articles.pi_status,
  article_publish_start: articles.article_publish_start,
  article_publish_end: articles.article_publish_end,
  pi_review_note: articles.pi_review_note,
  article_updated_at: articles.article_updated_at,
};

type ItemRow = {
  article_id: number;
  article_title: string;
  pi_status: string | null;
  article_publish_start: string;
  article_publish_end: string | null;
  pi_review_note: string | null;
  article_updated_at: Date;
};

function toItem(row: ItemRow): PartnerInformationSettingItem {
  return {
    article_id: row.article_id,
    article_title: row.article_title,
    // articles_pi_status_known keeps a partner information row's status to the master's codes.
    pi_status: row.pi_status as PartnerInformationStatus,
    article_publish_start: row.article_publish_start,
    article_publish_end: row.article_publish_end,
    // A reason is the company's to read only while the item stands disapproved.
    pi_review_note: row.pi_status === 'DISAPPROVAL' ? row.pi_review_note : null,
    article_updated_at: row.article_updated_at.toISOString(),
  };
}

/** One page of the company's items, most recently changed first, and how many there are. */
export async function listCompanyPartnerInformation(
  tx: DbTransaction,
  companyId: number,
  paging: { page: number; rows: number },
): Promise<{ list: PartnerInformationSettingItem[]; totalRows: number }> {
  const rows = await tx
    .select(itemFields)
    .from(articles)
    .where(ofCompany(companyId))
    .orderBy(desc(articles.article_updated_at), desc(articles.article_id))
    .limit(paging.rows)
    .offset(pageOffset(paging.page, paging.rows));
  const [total] = await tx.select({ count: count() }).from(articles).where(ofCompany(companyId));
  return { list: rows.map(toItem), totalRows: total?.count ?? 0 };
}

/** One of the company's items with its body; undefined when the company has no such item. */
export async function findCompanyPartnerInformation(
  tx: DbTransaction,
  companyId: number,
  articleId: number,
): Promise<PartnerInformationSettingDetail | undefined> {
  const [row] = await tx
    .select({ ...itemFields, article_body: articles.article_body })
    .from(articles)
    .where(and(ofCompany(companyId), eq(articles.article_id, articleId)));
  return row ? { ...toItem(row), article_body: row.article_body } : undefined;
}

/** What a change of the company's item needs of it: its status and days. */
export interface LockedPartnerItem {
  article_id: number;
  pi_status: PartnerInformationStatus;
  article_publish_start: string;
  article_publish_end: string | null;
}

/**
 * The company's item, locked until the transaction ends (FOR UPDATE), so a review deciding it and
 * the company changing it are one after the other; undefined when the company has no such item.
 */
export async function lockCompanyPartnerInformation(
  tx: DbTransaction,
  companyId: number,
  articleId: number,
): Promise<LockedPartnerItem | undefined> {
  const [row] = await tx
    .select({
      article_id: articles.article_id,
      pi_status: articles.pi_status,
      article_publish_start: articles.article_publish_start,
      article_publish_end: articles.article_publish_end,
    })
    .from(articles)
    .where(and(ofCompany(companyId), eq(articles.article_id, articleId)))
    .for('update');
  return row ? { ...row, pi_status: row.pi_status as PartnerInformationStatus } : undefined;
}

/** The company's name: the item's provider, as the companies' pages show it. */
export async function companyNameOf(tx: DbTransaction, companyId: number): Promise<string> {
  const [row] = await tx
    .select({ name: companies.company_name })
    .from(companies)
    .where(eq(companies.company_id, companyId));
  if (!row) throw new Error('the writer’s company row is missing');
  return row.name;
}

/** What the company writes: the rest of the row is the kind's fixed shape. */
export interface PartnerItemColumns {
  article_title: string;
  article_body: string;
  article_publish_start: string;
  article_publish_end: string | null;
}

/** Who writes it: the company and its user (the author the review's mail goes to). */
export interface PartnerWriter {
  userId: number;
  companyId: number;
  companyName: string;
}

/**
 * The columns of a partner's item besides what the company wrote: public, for every company, no
 * category, its company as the provider, and (on every save) back under review with no reason.
 */
function partnerColumns(writer: PartnerWriter) {
  return {
    category_code: null,
    article_visibility: VISIBILITY.public,
    article_target: 'all',
    article_provider_name: writer.companyName,
    pi_status: 'REVIEWING' satisfies PartnerInformationStatus,
    pi_review_note: null,
    author_user_id: writer.userId,
  };
}

/** A new item of the company, under review; answers its id. */
export async function insertCompanyPartnerInformation(
  tx: DbTransaction,
  writer: PartnerWriter,
  columns: PartnerItemColumns,
): Promise<number> {
  const [inserted] = await tx
    .insert(articles)
    .values({
      ...columns,
      ...partnerColumns(writer),
      article_kind: PARTNER_INFORMATION,
      article_is_own_bank: true,
      article_company_id: writer.companyId,
    })
    .returning({ article_id: articles.article_id });
  if (!inserted) throw new Error('INSERT ... RETURNING answered no row for the new item');
  return inserted.article_id;
}

/** The company's edit: its text and days, and the item back under review. */
export async function updateCompanyPartnerInformation(
  tx: DbTransaction,
  writer: PartnerWriter,
  articleId: number,
  columns: PartnerItemColumns,
): Promise<void> {
  await tx
    .update(articles)
    .set({ ...columns, ...partnerColumns(writer) })
    .where(and(ofCompany(writer.companyId), eq(articles.article_id, articleId)));
}

/** A new review status (and the reason that goes with a disapproval, else none). */
export async function setPartnerInformationStatus(
  tx: DbTransaction,
  articleId: number,
  status: PartnerInformationStatus,
  reviewNote: string | null = null,
): Promise<void> {
  await tx
    .update(articles)
    .set({ pi_status: status, pi_review_note: reviewNote })
    .where(and(eq(articles.article_kind, PARTNER_INFORMATION), eq(articles.article_id, articleId)));
}

// ---------------------------------------------------------------------------------------------
// The bank's review

/** What the review needs of an item: who may decide it, where it stands, whom to tell. */
export interface ReviewedItem {
  article_id: number;
  article_title: string;
  pi_status: PartnerInformationStatus;
  article_company_id: number | null;
  article_is_own_bank: boolean;
  author_user_id: number | null;
  article_publish_start: string;
  article_publish_end: string | null;
  article_updated_at: Date;
}

/** The bank's item of partner information, locked for the decision; undefined when there is none. */
export async function lockPartnerInformationForReview(
  tx: DbTransaction,
  articleId: number,
): Promise<ReviewedItem | undefined> {
  const [row] = await tx
    .select({
      article_id: articles.article_id,
      article_title: articles.article_title,
      pi_status: articles.pi_status,
      article_company_id: articles.article_company_id,
      article_is_own_bank: articles.article_is_own_bank,
      author_user_id: articles.author_user_id,
      article_publish_start: articles.article_publish_start,
      article_publish_end: articles.article_publish_end,
      article_updated_at: articles.article_updated_at,
    })
    .from(articles)
    .where(and(eq(articles.article_kind, PARTNER_INFORMATION), eq(articles.article_id, articleId)))
    .for('update');
  return row ? { ...row, pi_status: row.pi_status as PartnerInformationStatus } : undefined;
}

/** The writer the review's mail goes to, when their account is still in use. */
export async function activeWriterOf(
  tx: DbTransaction,
  userId: number,
): Promise<{ email: string; name: string } | undefined> {
  const [row] = await tx
    .select(mailRecipientColumns)
    .from(users)
    .where(and(eq(users.user_id, userId), eq(users.user_is_disabled, false)));
  return row;
}

// ---------------------------------------------------------------------------------------------
// The calendar

/**
 * Moves approved items on with the calendar on `today` (YYYY-MM-DD in Japan), as approvedStatusOn
 * says: BEFORE_PUBLISHING from its first day → PUBLISHING (or straight to AFTER_PUBLISHING when its
 * last day has passed too), PUBLISHING after its last day → AFTER_PUBLISHING. The time of the last
 * change stays: the calendar moved, nobody changed the item. Answers how many items moved.
 */
export async function movePartnerInformationOn(tx: DbTransaction, today: string): Promise<number> {
  const moved = await tx
    .update(articles)
    .set({
      pi_status: sql`case when ${articles.article_publish_end} < ${today} then 'AFTER_PUBLISHING' else 'PUBLISHING' end`,
      article_updated_at: sql`${articles.article_updated_at}`,
    })
    .where(
      and(
        eq(articles.article_kind, PARTNER_INFORMATION),
        sql`((${articles.pi_status} = 'BEFORE_PUBLISHING' and ${articles.article_publish_start} <= ${today})
          or (${articles.pi_status} = 'PUBLISHING' and ${articles.article_publish_end} < ${today}))`,
      ),
    )
    .returning({ article_id: articles.article_id });
  return moved.length;
}
