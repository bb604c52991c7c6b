import { and, asc, count, desc, eq, gt, gte, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  type ArticleKind,
  type PartnerInformationStatus,
  type PublicationStatus,
  VISIBILITY,
} from '#server/contracts/news.ts';
import {
  type AdminArticleConditions,
  type AdminArticleDetail,
  type AdminArticleListItem,
} from '#server/contracts/news-staff.ts';
import { pageOffset } from '#server/contracts/paging.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { companies } from '#server/db/schema/companies.ts';
import { newsCategories } from '#server/db/schema/master-lists.ts';
import { articles, seminarApplications } from '#server/db/schema/news.ts';
import { users } from '#server/db/schema/users.ts';
import { filesOfArticle } from './article-files.ts';
import type { ArticleClock } from './article-clock.ts';
import { asStoredBodyText } from '../kit/sanitize-rich-text.ts';
import { seminarStatusSql } from './seminar-applications.ts';
import { type StaffMember, staffCanChange } from './staff-permissions.ts';
import { type ArticleViewer, visibleArticle, visibleArticles } from './visibility.ts';
import { containsPattern } from '#server/db/contains-pattern.ts';

/**
 * The staff's reads and writes of the news domain (/admin/news, /admin/xba/{column,seminar,pi}).
 * Every query runs inside the request's withBank transaction, so row-level security keeps it to
 * the bank; each also names the kind, so an id of another kind is as absent as another bank's.
 */

export type StaffViewer = Extract<ArticleViewer, { kind: 'staff' }>;

/**
 * An item's publication status on `today` (YYYY-MM-DD in Japan), in the order the contract defines
 * it: private → 非公開; before its start → 公開前; after its end → 公開終了; else 公開中. The list
 * answers it and its status filter compares it, so the two never disagree.
 */
export function publicationStatusSql(today: string): SQL<PublicationStatus> {
  return sql<PublicationStatus>`(case
    when ${articles.article_visibility} = ${VISIBILITY.private} then 'private'
    when ${articles.article_publish_start} > ${today} then 'scheduled'
    when ${articles.article_publish_end} < ${today} then 'ended'
    else 'published' end)`;
}

/** The body's text without its markup (a keyword never matches a tag or attribute name). */
const bodyTextSql = sql`regexp_replace(${articles.article_body}, '<[^>]*>', '', 'g')`;

/** The condition `upcoming` means something for seminars only; the other kinds ignore it. */
function upcomingSeminarsOnly(kind: ArticleKind, conditions: AdminArticleConditions): boolean {
  return kind === 'seminar' && conditions.upcoming === true;
}

/**
 * The list's conditions (contract adminArticleConditionsSchema), each optional:
 * keyword in the title or the body's text (case-insensitive); category; publication status on the
 * day; publication period overlapping [publish_from, publish_to] (an item without an end runs on);
 * target partner-only or non-partner-only; own items or those provided by the operator; the
 * publication ending on or before publish_end_to (items without an end left out); seminars still
 * to be held (upcoming: their start is after now).
 */
function staffListCondition(
  kind: ArticleKind,
  viewer: StaffViewer,
  conditions: AdminArticleConditions,
  clock: ArticleClock,
): SQL | undefined {
  const { today } = clock;
  const keyword = conditions.keyword?.trim();
  return and(
    visibleArticles(kind, viewer, today),
    keyword
      ? or(
          ilike(articles.article_title, containsPattern(keyword)),
          ilike(bodyTextSql, containsPattern(asStoredBodyText(keyword))),
        )
      : undefined,
    conditions.category_code ? eq(articles.category_code, conditions.category_code) : undefined,
    conditions.status ? sql`${publicationStatusSql(today)} = ${conditions.status}` : undefined,
    conditions.publish_to ? lte(articles.article_publish_start, conditions.publish_to) : undefined,
    conditions.publish_from
      ? or(isNull(articles.article_publish_end), gte(articles.article_publish_end, conditions.publish_from))
      : undefined,
    conditions.target ? eq(articles.article_target, conditions.target) : undefined,
    conditions.bank === 'own' || conditions.bank === 'other'
      ? eq(articles.article_is_own_bank, conditions.bank === 'own')
      : undefined,
    conditions.publish_end_to ? lte(articles.article_publish_end, conditions.publish_end_to) : undefined,
    upcomingSeminarsOnly(kind, conditions) ? gt(articles.seminar_held_at, clock.now) : undefined,
    kind === 'partner_information' && conditions.pi_status
      ? eq(articles.pi_status, conditions.pi_status)
      : undefined,
  );
}

/**
 * The list's order: most recently updated first. The dashboard's questions read better in time
 * order, so upcoming seminars come soonest first, and items asked for by their end (publish_end_to)
 * the soonest ending first.
 */
function staffListOrder(kind: ArticleKind, conditions: AdminArticleConditions): SQL[] {
  if (upcomingSeminarsOnly(kind, conditions))
    return [asc(articles.seminar_held_at), asc(articles.article_id)];
  if (conditions.publish_end_to) return [asc(articles.article_publish_end), asc(articles.article_id)];
  return [desc(articles.article_updated_at), desc(articles.article_id)];
}

const authorNameSql = sql<string | null>`${users.user_last_name} || ' ' || ${users.user_first_name}`;

function staffListFields(clock: ArticleClock) {
  return {
    article_id: articles.article_id,
    article_kind: articles.article_kind,
    article_title: articles.article_title,
    category_code: articles.category_code,
    category_name: newsCategories.name,
    article_visibility: articles.article_visibility,
    article_publish_start: articles.article_publish_start,
    article_publish_end: articles.article_publish_end,
    article_target: articles.article_target,
    article_is_own_bank: articles.article_is_own_bank,
    article_provider_name: articles.article_provider_name,
    publication_status: publicationStatusSql(clock.today),
    pi_status: articles.pi_status,
    article_company_name: companies.company_name,
    seminar_held_at: articles.seminar_held_at,
    seminar_capacity: articles.seminar_capacity,
    seminar_applied_count: articles.seminar_applied_count,
    seminar_status: seminarStatusSql(clock),
    author_user_id: articles.author_user_id,
    author_name: authorNameSql,
    article_updated_at: articles.article_updated_at,
  };
}

/** The joins of the staff's reads: the category's name, the author's, and a partner writer's company. */
const categoryOfArticle = eq(newsCategories.code, articles.category_code);
const authorOfArticle = and(
  eq(users.bank_code, articles.bank_code),
  eq(users.user_id, articles.author_user_id),
);
const writingCompanyOfArticle = and(
  eq(companies.bank_code, articles.bank_code),
  eq(companies.company_id, articles.article_company_id),
);

type StaffListRow = Awaited<ReturnType<typeof selectStaffListRows>>[number];

function selectStaffListRows(tx: DbTransaction, clock: ArticleClock) {
  return tx
    .select(staffListFields(clock))
    .from(articles)
    .leftJoin(newsCategories, categoryOfArticle)
    .leftJoin(users, authorOfArticle)
    .leftJoin(companies, writingCompanyOfArticle);
}

function toStaffListItem(row: StaffListRow, staff: StaffMember): AdminArticleListItem {
  const isSeminar = row.article_kind === 'seminar';
  return {
    article_id: row.article_id,
    // The table's check constraints keep these to the contract's values.
    article_kind: row.article_kind as ArticleKind,
    article_title: row.article_title,
    category_code: row.category_code,
    category_name: row.category_name,
    article_visibility: row.article_visibility === VISIBILITY.public ? 1 : 0,
    article_publish_start: row.article_publish_start,
    article_publish_end: row.article_publish_end,
    article_target: row.article_target as AdminArticleListItem['article_target'],
    article_is_own_bank: row.article_is_own_bank,
    article_provider_name: row.article_provider_name,
    publication_status: row.publication_status,
    pi_status: row.pi_status as PartnerInformationStatus | null,
    article_company_name: row.article_company_name,
    seminar_held_at: row.seminar_held_at?.toISOString() ?? null,
    seminar_capacity: row.seminar_capacity,
    seminar_applied_count: isSeminar ? row.seminar_applied_count : null,
    seminar_status: row.seminar_status,
    author_name: row.author_name,
    can_edit: staffCanChange(staff, row),
    article_updated_at: row.article_updated_at.toISOString(),
  };
}

/** One page of the staff's list, most recently updated first, and how many items match. */
export async function searchStaffArticles(
  tx: DbTransaction,
  kind: ArticleKind,
  viewer: StaffViewer,
  request: { conditions: AdminArticleConditions; page: number; rows: number },
  clock: ArticleClock,
): Promise<{ list: AdminArticleListItem[]; totalRows: number }> {
  const where = staffListCondition(kind, viewer, request.conditions, clock);
  const rows = await selectStaffListRows(tx, clock)
    .where(where)
    .orderBy(...staffListOrder(kind, request.conditions))
    .limit(request.rows)
    .offset(pageOffset(request.page, request.rows));
  const [total] = await tx.select({ count: count() }).from(articles).where(where);
  return { list: rows.map((row) => toStaffListItem(row, viewer)), totalRows: total?.count ?? 0 };
}

/** One item of this kind with its body, seminar details and attachments; undefined when there is none. */
export async function findStaffArticle(
  tx: DbTransaction,
  kind: ArticleKind,
  viewer: StaffViewer,
  articleId: number,
  clock: ArticleClock,
): Promise<AdminArticleDetail | undefined> {
  const [row] = await tx
    .select({
      ...staffListFields(clock),
      article_body: articles.article_body,
      pi_review_note: articles.pi_review_note,
      seminar_place: articles.seminar_place,
      seminar_apply_deadline: articles.seminar_apply_deadline,
      seminar_is_cancelled: articles.seminar_is_cancelled,
    })
    .from(articles)
    .leftJoin(newsCategories, categoryOfArticle)
    .leftJoin(users, authorOfArticle)
    .leftJoin(companies, writingCompanyOfArticle)
    .where(visibleArticle(kind, viewer, articleId, clock.today));
  if (!row) return undefined;
  return {
    ...toStaffListItem(row, viewer),
    article_body: row.article_body,
    pi_review_note: row.pi_review_note,
    seminar_place: row.seminar_place,
    seminar_apply_deadline: row.seminar_apply_deadline,
    seminar_is_cancelled: row.seminar_is_cancelled,
    attachments: await filesOfArticle(tx, articleId),
  };
}

/** Whether the bank holds an item of this kind with this id. */
export async function staffArticleExists(
  tx: DbTransaction,
  kind: ArticleKind,
  viewer: StaffViewer,
  articleId: number,
): Promise<boolean> {
  const [row] = await tx
    .select({ article_id: articles.article_id })
    .from(articles)
    .where(visibleArticle(kind, viewer, articleId));
  return row !== undefined;
}

/** What a change (edit, delete) needs to know of the stored item: who may change it, and its dates. */
export interface LockedArticle {
  article_id: number;
  article_is_own_bank: boolean;
  author_user_id: number | null;
  /** A partner company that wrote it itself: the staff review it, they do not edit it. */
  article_company_id: number | null;
  article_publish_end: string | null;
  seminar_held_at: Date | null;
  seminar_apply_deadline: string | null;
  seminar_applied_count: number;
}

/**
 * The item of this kind, locked until the transaction ends (FOR UPDATE): an application taking a
 * seat waits, so a capacity checked against its applied count stays true until the change commits.
 */
export async function lockStaffArticle(
  tx: DbTransaction,
  kind: ArticleKind,
  viewer: StaffViewer,
  articleId: number,
): Promise<LockedArticle | undefined> {
  const [row] = await tx
    .select({
      article_id: articles.article_id,
      article_is_own_bank: articles.article_is_own_bank,
      author_user_id: articles.author_user_id,
      article_company_id: articles.article_company_id,
      article_publish_end: articles.article_publish_end,
      seminar_held_at: articles.seminar_held_at,
      seminar_apply_deadline: articles.seminar_apply_deadline,
      seminar_applied_count: articles.seminar_applied_count,
    })
    .from(articles)
    .where(visibleArticle(kind, viewer, articleId))
    .for('update');
  return row;
}

/** The columns a save writes (the rest keep their defaults or stored values). */
export type ArticleColumns = Pick<
  typeof articles.$inferInsert,
  | 'article_title'
  | 'article_body'
  | 'category_code'
  | 'article_visibility'
  | 'article_publish_start'
  | 'article_publish_end'
  | 'article_target'
  | 'article_provider_name'
  | 'pi_status'
  | 'seminar_held_at'
  | 'seminar_place'
  | 'seminar_capacity'
  | 'seminar_apply_deadline'
  | 'seminar_is_cancelled'
>;

/** A new item of the bank's own, written by this staff member; answers its id. */
export async function insertStaffArticle(
  tx: DbTransaction,
  kind: ArticleKind,
  authorUserId: number,
  columns: ArticleColumns,
): Promise<number> {
  const [inserted] = await tx
    .insert(articles)
    .values({ ...columns, article_kind: kind, author_user_id: authorUserId, article_is_own_bank: true })
    .returning({ article_id: articles.article_id });
  if (!inserted) throw new Error('INSERT ... RETURNING answered no row for the new item');
  return inserted.article_id;
}

export async function updateStaffArticle(
  tx: DbTransaction,
  articleId: number,
  columns: ArticleColumns,
): Promise<void> {
  await tx.update(articles).set(columns).where(eq(articles.article_id, articleId));
}

/** Deletes the item; its reads, applications and file rows go with it (ON DELETE CASCADE). */
export async function deleteStaffArticle(tx: DbTransaction, articleId: number): Promise<void> {
  await tx.delete(articles).where(eq(articles.article_id, articleId));
}

/** A seminar's applicants, the latest first: company, user and when they applied. */
export async function listSeminarApplicants(tx: DbTransaction, articleId: number) {
  const rows = await tx
    .select({
      company_name: companies.company_name,
      user_name: sql<string>`${users.user_last_name} || ' ' || ${users.user_first_name}`,
      applied_at: seminarApplications.applied_at,
    })
    .from(seminarApplications)
    .innerJoin(
      users,
      and(eq(users.bank_code, seminarApplications.bank_code), eq(users.user_id, seminarApplications.user_id)),
    )
    .innerJoin(
      companies,
      and(
        eq(companies.bank_code, seminarApplications.bank_code),
        eq(companies.company_id, seminarApplications.company_id),
      ),
    )
    .where(eq(seminarApplications.article_id, articleId))
    .orderBy(desc(seminarApplications.applied_at), desc(seminarApplications.user_id));
  return rows.map((row) => ({ ...row, applied_at: row.applied_at.toISOString() }));
}
