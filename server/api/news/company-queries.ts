import { and, asc, count, desc, eq, getTableName, gt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  type ArticleKind,
  type CompanyArticleDetail,
  type CompanyArticleListItem,
  type CompanyArticleSearchQuery,
  RECENT_ARTICLES_COUNT,
} from '#server/contracts/news.ts';
import { pageOffset } from '#server/contracts/paging.ts';
import type { ArticleClock } from './article-clock.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { newsCategories } from '#server/db/schema/master-lists.ts';
import { articleReads, articles, seminarApplications } from '#server/db/schema/news.ts';
import { keptArticleCount } from './article-counts.ts';
import { filesOfArticle } from './article-files.ts';
import { seminarRemainingSql, seminarStatusSql } from './seminar-applications.ts';
import { type ArticleViewer, visibleArticle, visibleArticles } from './visibility.ts';

/**
 * The company side's reads of the news domain (and the public news, whose viewer is a visitor):
 * lists, counts, details and read marks. Who sees what is visibleArticles (visibility.ts); these
 * add the list's conditions, order and paging, and the viewer's own reads and applications.
 */

/** The company user or visitor a list is for (staff read through their own routes). */
export type ArticleReader = Exclude<ArticleViewer, { kind: 'staff' }>;

export type CompanyArticleConditions = Pick<
  CompanyArticleSearchQuery,
  'category_code' | 'only_unread' | 'upcoming'
>;

/**
 * Seminar lists show the seminars still to be held unless told otherwise (upcoming=false lists
 * them all, the last held first); the condition means nothing for the other kinds.
 */
function upcomingSeminarsOnly(kind: ArticleKind, conditions: CompanyArticleConditions): boolean {
  return kind === 'seminar' && conditions.upcoming !== false;
}

/**
 * A column named with its table. Drizzle leaves the table out of column names in the select list of
 * a one-table query, where a correlated subquery's `bank_code = bank_code` would then compare the
 * inner table with itself; these subqueries name both sides in full.
 */
function qualified(column: PgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** The row's item among another table's rows for this user (a probe of that table's key). */
function ofThisUserAndItem(table: typeof articleReads | typeof seminarApplications, userId: number): SQL {
  return sql`select 1 from ${table} where ${qualified(table.bank_code)} = ${qualified(articles.bank_code)}
    and ${qualified(table.user_id)} = ${userId} and ${qualified(table.article_id)} = ${qualified(articles.article_id)}`;
}

/** Whether this user has applied to the row's seminar. */
function appliedBySql(userId: number): SQL<boolean> {
  return sql<boolean>`exists (${ofThisUserAndItem(seminarApplications, userId)})`;
}

/**
 * The item has no read mark of this user: NOT EXISTS, which PostgreSQL plans as an anti-join
 * probing article_reads per item (a nested loop under a page's LIMIT, a hash for the count).
 */
function unreadBy(userId: number): SQL {
  return sql`not exists (${ofThisUserAndItem(articleReads, userId)})`;
}

/**
 * The reader's read mark of each row, joined (a probe per row of the page; as a subquery in the
 * select list PostgreSQL would hash every read of the user first). A visitor has none: the join
 * condition is false and the rows read as read, so nothing shows as unread.
 */
function readMarkJoin(reader: ArticleReader): SQL {
  if (reader.kind === 'visitor') return sql`false`;
  const condition = and(
    eq(articleReads.bank_code, articles.bank_code),
    eq(articleReads.user_id, reader.userId),
    eq(articleReads.article_id, articles.article_id),
  );
  if (!condition) throw new Error('the read mark join built no condition');
  return condition;
}

function readBySql(reader: ArticleReader): SQL<boolean> {
  if (reader.kind === 'visitor') return sql<boolean>`true`;
  return sql<boolean>`${articleReads.article_id} is not null`;
}

/**
 * What a list shows and counts: visible to the reader, of the category, unread by the reader,
 * and (seminars) still to be held. Leads with articles_published_index's columns
 * (kind, visibility, publication start), so a page and its count read that index.
 */
function listCondition(
  kind: ArticleKind,
  reader: ArticleReader,
  conditions: CompanyArticleConditions,
  clock: ArticleClock,
): SQL {
  const condition = and(
    visibleArticles(kind, reader, clock.today),
    conditions.category_code ? eq(articles.category_code, conditions.category_code) : undefined,
    conditions.only_unread && reader.kind === 'company' ? unreadBy(reader.userId) : undefined,
    upcomingSeminarsOnly(kind, conditions) ? gt(articles.seminar_held_at, clock.now) : undefined,
  );
  if (!condition) throw new Error('the company list built no condition');
  return condition;
}

function listOrder(kind: ArticleKind, conditions: CompanyArticleConditions): SQL[] {
  if (kind === 'seminar')
    return upcomingSeminarsOnly(kind, conditions)
      ? [asc(articles.seminar_held_at), asc(articles.article_id)]
      : [desc(articles.seminar_held_at), desc(articles.article_id)];
  // Newest publication first, in the order articles_published_index holds (NULLS LAST as it was
  // created: with the default NULLS FIRST of DESC the planner cannot read the index in order, and
  // sorts every visible row instead of stopping after a page).
  return [
    sql`${articles.article_publish_start} desc nulls last`,
    sql`${articles.article_id} desc nulls last`,
  ];
}

function listFields(reader: ArticleReader, clock: ArticleClock) {
  return {
    article_id: articles.article_id,
    article_kind: articles.article_kind,
    article_title: articles.article_title,
    category_code: articles.category_code,
    category_name: newsCategories.name,
    article_publish_start: articles.article_publish_start,
    article_provider_name: articles.article_provider_name,
    is_read: readBySql(reader),
    seminar_held_at: articles.seminar_held_at,
    seminar_place: articles.seminar_place,
    seminar_status: seminarStatusSql(clock),
    seminar_capacity: articles.seminar_capacity,
    seminar_remaining: seminarRemainingSql(),
  };
}

type ListRow = {
  article_kind: string;
  seminar_held_at: Date | null;
} & Omit<CompanyArticleListItem, 'article_kind' | 'seminar_held_at'>;

function toListItem(row: ListRow): CompanyArticleListItem {
  return {
    ...row,
    // The table's check constraint keeps the kind to ARTICLE_KINDS.
    article_kind: row.article_kind as ArticleKind,
    seminar_held_at: row.seminar_held_at?.toISOString() ?? null,
  };
}

/** One page of a company list (or the public news list), without its count. */
export async function listCompanyArticles(
  tx: DbTransaction,
  kind: ArticleKind,
  reader: ArticleReader,
  query: CompanyArticleConditions & { rows: number; page: number },
  clock: ArticleClock,
): Promise<CompanyArticleListItem[]> {
  const rows = await tx
    .select(listFields(reader, clock))
    .from(articles)
    .leftJoin(newsCategories, eq(newsCategories.code, articles.category_code))
    .leftJoin(articleReads, readMarkJoin(reader))
    .where(listCondition(kind, reader, query, clock))
    .orderBy(...listOrder(kind, query))
    .limit(query.rows)
    .offset(pageOffset(query.page, query.rows));
  return rows.map(toListItem);
}

/**
 * How many items the list has under these conditions: with only_unread, the reader's unread count
 * (the list's total_rows, and the unread news badge through countUnreadNews).
 */
export function countCompanyArticles(
  tx: DbTransaction,
  kind: ArticleKind,
  reader: ArticleReader,
  conditions: CompanyArticleConditions,
  clock: ArticleClock,
): Promise<number> {
  const countNow = async () => {
    const [row] = await tx
      .select({ count: count() })
      .from(articles)
      .where(listCondition(kind, reader, conditions, clock));
    return row?.count ?? 0;
  };
  const listKey = keptListKey(kind, reader, conditions);
  if (listKey === undefined) return countNow();
  const userId = reader.kind === 'company' ? reader.userId : 0;
  return keptArticleCount(tx, { userId, listKey, day: clock.today }, countNow);
}

/**
 * What a list's count depends on besides the reader's reads and the day, as article-counts.ts keeps
 * it; undefined for a count counted every time: upcoming seminars (they leave the list the moment
 * they start, not at a day's end) and a category's list (any text of up to 40 characters would keep
 * a row; the badge and the plain lists are the counts asked again and again).
 */
function keptListKey(
  kind: ArticleKind,
  reader: ArticleReader,
  conditions: CompanyArticleConditions,
): string | undefined {
  if (upcomingSeminarsOnly(kind, conditions) || conditions.category_code) return undefined;
  const audience = reader.kind === 'company' ? reader.target : 'visitor';
  const unread = conditions.only_unread === true && reader.kind === 'company';
  return `${kind} ${audience} ${unread ? 'unread' : 'all'}`;
}

/** The unread news badge: exactly total_rows of GET /api/v1/news/search?only_unread=true. */
export function countUnreadNews(
  tx: DbTransaction,
  reader: Extract<ArticleReader, { kind: 'company' }>,
  clock: ArticleClock,
): Promise<number> {
  return countCompanyArticles(tx, 'news', reader, { only_unread: true }, clock);
}

/** The dashboard's block: the latest items (seminars: the next to be held). */
export function recentCompanyArticles(
  tx: DbTransaction,
  kind: ArticleKind,
  reader: ArticleReader,
  clock: ArticleClock,
): Promise<CompanyArticleListItem[]> {
  return listCompanyArticles(tx, kind, reader, { rows: RECENT_ARTICLES_COUNT, page: 1 }, clock);
}

/**
 * One item as the reader may see it, with its attachments; undefined when it is not theirs to see
 * (another bank's, private, outside its period or its target, another kind). `is_read` says
 * whether it had been read before this call.
 */
export async function findCompanyArticle(
  tx: DbTransaction,
  kind: ArticleKind,
  reader: ArticleReader,
  articleId: number,
  clock: ArticleClock,
): Promise<CompanyArticleDetail | undefined> {
  const [row] = await tx
    .select({
      ...listFields(reader, clock),
      article_body: articles.article_body,
      article_publish_end: articles.article_publish_end,
      seminar_apply_deadline: articles.seminar_apply_deadline,
      seminar_applied: reader.kind === 'company' ? appliedBySql(reader.userId) : sql<boolean>`false`,
    })
    .from(articles)
    .leftJoin(newsCategories, eq(newsCategories.code, articles.category_code))
    .leftJoin(articleReads, readMarkJoin(reader))
    .where(visibleArticle(kind, reader, articleId, clock.today));
  if (!row) return undefined;
  return {
    ...toListItem(row),
    article_body: row.article_body,
    article_publish_end: row.article_publish_end,
    attachments: await filesOfArticle(tx, articleId),
    seminar_apply_deadline: row.seminar_apply_deadline,
    seminar_applied: row.article_kind === 'seminar' ? row.seminar_applied : null,
  };
}

/** Marks an item read for the user (the first reading counts; reading again changes nothing). */
export async function markArticleRead(tx: DbTransaction, userId: number, articleId: number): Promise<void> {
  await tx
    .insert(articleReads)
    .values({ user_id: userId, article_id: articleId })
    .onConflictDoNothing({
      target: [articleReads.bank_code, articleReads.user_id, articleReads.article_id],
    });
}
