import { and, eq, gt, gte, lt, not, sql, type SQL } from 'drizzle-orm';
import {
  SEMINAR_ALREADY_APPLIED_MESSAGE,
  SEMINAR_CLOSED_MESSAGE,
  SEMINAR_FULL_MESSAGE,
  SEMINAR_NOT_APPLIED_MESSAGE,
  SEMINAR_WITHDRAWAL_CLOSED_MESSAGE,
  type SeminarApplicationResult,
  type SeminarStatus,
} from '#server/contracts/news.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { articles, seminarApplications } from '#server/db/schema/news.ts';
import { AppError, notFound } from '#server/errors.ts';
import type { ArticleClock } from './article-clock.ts';
import { type ArticleViewer, visibleArticle } from './visibility.ts';

/** A company user: the only viewer who applies to seminars. */
export type CompanyViewer = Extract<ArticleViewer, { kind: 'company' }>;

/**
 * A seminar's status (contract SEMINAR_STATUSES), worked out in SQL from the row and the clock, in
 * this order: cancelled by the staff; held (its start has passed); reception closed (the deadline
 * day has passed); full; before reception (its publication has not started); else accepting.
 * Null for the other kinds. Every list, detail and application answer reads it from here.
 */
export function seminarStatusSql(clock: ArticleClock): SQL<SeminarStatus | null> {
  const now = clock.now.toISOString();
  return sql<SeminarStatus | null>`case
    when ${articles.article_kind} <> 'seminar' then null
    when ${articles.seminar_is_cancelled} then 'cancelled'
    when ${articles.seminar_held_at} <= ${now} then 'finished'
    when ${articles.seminar_apply_deadline} < ${clock.today} then 'reception_closed'
    when ${articles.seminar_applied_count} >= ${articles.seminar_capacity} then 'full'
    when ${articles.article_publish_start} > ${clock.today} then 'before_reception'
    else 'accepting' end`;
}

/** Seats left (null for the other kinds). */
export function seminarRemainingSql(): SQL<number | null> {
  return sql<number | null>`${articles.seminar_capacity} - ${articles.seminar_applied_count}`;
}

/**
 * An application is not an edit of the item: its last-changed time (the staff's list order) stays
 * as it was, rather than taking the schema's on-update default.
 */
const KEEP_UPDATED_AT = { article_updated_at: sql`${articles.article_updated_at}` };

/** The deadline day has not passed and the seminar has not started. */
function beforeDeadline(clock: ArticleClock): SQL | undefined {
  return and(gte(articles.seminar_apply_deadline, clock.today), gt(articles.seminar_held_at, clock.now));
}

/** The reception is open: not cancelled, and before the deadline. */
function receptionOpen(clock: ArticleClock): SQL | undefined {
  return and(not(articles.seminar_is_cancelled), beforeDeadline(clock));
}

/** The seminar's id condition, within what this viewer may see (a hidden seminar is a 404). */
function visibleSeminar(viewer: CompanyViewer, articleId: number, clock: ArticleClock): SQL | undefined {
  return visibleArticle('seminar', viewer, articleId, clock.today);
}

function seminarStateFields(clock: ArticleClock) {
  return {
    seminar_capacity: articles.seminar_capacity,
    seminar_applied_count: articles.seminar_applied_count,
    seminar_status: seminarStatusSql(clock),
  };
}

type SeminarStateRow = {
  seminar_capacity: number | null;
  seminar_applied_count: number;
  seminar_status: SeminarStatus | null;
};

function applicationResult(row: SeminarStateRow, applied: boolean): SeminarApplicationResult {
  // The row is a seminar (the statements select seminars only), so these are set.
  if (row.seminar_capacity === null || row.seminar_status === null)
    throw new Error('a seminar row without capacity or status');
  return {
    seminar_applied: applied,
    seminar_capacity: row.seminar_capacity,
    seminar_remaining: row.seminar_capacity - row.seminar_applied_count,
    seminar_status: row.seminar_status,
  };
}

/**
 * Takes (+1) or gives back (-1) a seat of the seminar when `condition` holds of its row, in one
 * UPDATE (which waits for, then holds, the row's lock); undefined when it did not hold.
 */
async function moveSeatCount(
  tx: DbTransaction,
  seats: 1 | -1,
  condition: SQL | undefined,
  clock: ArticleClock,
): Promise<SeminarStateRow | undefined> {
  const [row] = await tx
    .update(articles)
    .set({ seminar_applied_count: sql`${articles.seminar_applied_count} + ${seats}`, ...KEEP_UPDATED_AT })
    .where(condition)
    .returning(seminarStateFields(clock));
  return row;
}

async function requireVisibleSeminar(
  tx: DbTransaction,
  viewer: CompanyViewer,
  articleId: number,
  clock: ArticleClock,
): Promise<void> {
  const [seminar] = await tx
    .select({ article_id: articles.article_id })
    .from(articles)
    .where(visibleSeminar(viewer, articleId, clock));
  if (!seminar) throw notFound();
}

/**
 * Applies this user to a seminar, in the caller's transaction. The application row is written
 * first (its primary key makes a second application of the same user a no-op, and a concurrent
 * one waits for the first); then the seat is taken by one conditional UPDATE, which holds the
 * seminar row's lock, so concurrent applications queue on it and each re-reads the count: never
 * more applications than seats. The check constraint articles_seminar_within_capacity is the last
 * guard. Refusals throw, so the caller's transaction rolls the application row back.
 */
export async function applyToSeminar(
  tx: DbTransaction,
  viewer: CompanyViewer,
  articleId: number,
  clock: ArticleClock,
): Promise<SeminarApplicationResult> {
  await requireVisibleSeminar(tx, viewer, articleId, clock);
  const inserted = await tx
    .insert(seminarApplications)
    .values({ article_id: articleId, user_id: viewer.userId, company_id: viewer.companyId })
    .onConflictDoNothing()
    .returning({ user_id: seminarApplications.user_id });
  if (inserted.length === 0)
    throw new AppError('seminar_already_applied', 422, SEMINAR_ALREADY_APPLIED_MESSAGE);
  const taken = await moveSeatCount(
    tx,
    1,
    and(
      visibleSeminar(viewer, articleId, clock),
      receptionOpen(clock),
      lt(articles.seminar_applied_count, articles.seminar_capacity),
    ),
    clock,
  );
  if (taken) return applicationResult(taken, true);
  // No seat taken: say why, from the row as the UPDATE left it (it waited for the row's lock).
  const [state] = await tx
    .select(seminarStateFields(clock))
    .from(articles)
    .where(visibleSeminar(viewer, articleId, clock));
  if (state?.seminar_status === 'full') throw new AppError('seminar_full', 422, SEMINAR_FULL_MESSAGE);
  throw new AppError('seminar_closed', 422, SEMINAR_CLOSED_MESSAGE);
}

/**
 * Withdraws this user's application while the reception is open (the deadline day included and the
 * seminar not started; also when the bank cancelled it): the application row goes and the seat is
 * given back in the same transaction.
 */
export async function withdrawFromSeminar(
  tx: DbTransaction,
  viewer: CompanyViewer,
  articleId: number,
  clock: ArticleClock,
): Promise<SeminarApplicationResult> {
  await requireVisibleSeminar(tx, viewer, articleId, clock);
  const removed = await tx
    .delete(seminarApplications)
    .where(and(eq(seminarApplications.article_id, articleId), eq(seminarApplications.user_id, viewer.userId)))
    .returning({ user_id: seminarApplications.user_id });
  if (removed.length === 0) throw new AppError('seminar_not_applied', 422, SEMINAR_NOT_APPLIED_MESSAGE);
  const released = await moveSeatCount(
    tx,
    -1,
    and(visibleSeminar(viewer, articleId, clock), beforeDeadline(clock)),
    clock,
  );
  if (!released) throw new AppError('seminar_withdrawal_closed', 422, SEMINAR_WITHDRAWAL_CLOSED_MESSAGE);
  return applicationResult(released, false);
}
