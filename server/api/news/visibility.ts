import { and, eq, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { BankUserType } from '#server/contracts/account-types.ts';
import { type ArticleKind, targetOfCompanyType, VISIBILITY } from '#server/contracts/news.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { articles } from '#server/db/schema/news.ts';
import { unauthorized } from '#server/errors.ts';
import { type CompanyViewer, companyMemberOf, type Viewer } from '#server/plugins/request-context.ts';

/**
 * Who may see which item of the news domain: the one place that says it, used by every company
 * list, detail, count, badge and file read (row-level security already keeps each bank to its own
 * rows; this keeps each viewer to the items meant for them).
 *
 * - Bank staff see every item of their bank, private ones included (their own routes, /api/v1/admin).
 * - A company user sees an item that is public (visibility 1), within its publication period today
 *   (in Japan), meant for the company's type (target all, or partner / non-partner), and, for
 *   partner information, whose review status is PUBLISHING.
 * - A visitor without login sees only what a company of any type would: public news for all.
 */
export type ArticleViewer =
  | { kind: 'staff'; userId: number; userType: BankUserType; branchCodes: readonly string[] }
  | { kind: 'company'; userId: number; companyId: number; target: 'partner' | 'non_partner' }
  | { kind: 'visitor' };

/**
 * The request's viewer as the news rules see it: staff, a company user of a company (with the
 * company's target group), or a visitor (a company user without a company row reads as one).
 */
export function articleViewerOf(viewer: Viewer): ArticleViewer {
  if (viewer.kind === 'staff') {
    return {
      kind: 'staff',
      userId: viewer.userId,
      userType: viewer.userType,
      branchCodes: viewer.branchCodes,
    };
  }
  // A user whose company row is gone (or has no type) reads what a visitor reads.
  const member = companyMemberOf(viewer);
  if (member?.companyType == null) return { kind: 'visitor' };
  return {
    kind: 'company',
    userId: member.userId,
    companyId: member.companyId,
    target: targetOfCompanyType(member.companyType),
  };
}

/** The company reader of a 'company' call; a user whose company was disabled since the login is 401. */
export function companyReaderOf(viewer: CompanyViewer): Extract<ArticleViewer, { kind: 'company' }> {
  const reader = articleViewerOf(viewer);
  if (reader.kind !== 'company') throw unauthorized();
  return reader;
}

/**
 * The WHERE condition of "published and meant for this viewer" for items of `kind` on `today`
 * (YYYY-MM-DD in Japan; japanDateString() by default). Staff get no restriction beyond the kind.
 * The condition leads with the columns of articles_published_index (kind, visibility, start).
 */
export function visibleArticles(
  kind: ArticleKind,
  viewer: ArticleViewer,
  today: string = japanDateString(),
): SQL {
  const ofKind = eq(articles.article_kind, kind);
  if (viewer.kind === 'staff') return ofKind;
  const conditions: (SQL | undefined)[] = [
    ofKind,
    eq(articles.article_visibility, VISIBILITY.public),
    lte(articles.article_publish_start, today),
    or(isNull(articles.article_publish_end), gte(articles.article_publish_end, today)),
    viewer.kind === 'company'
      ? inArray(articles.article_target, ['all', viewer.target])
      : eq(articles.article_target, 'all'),
  ];
  if (kind === 'partner_information') conditions.push(eq(articles.pi_status, 'PUBLISHING'));
  // A cancelled seminar stays listed (its status says 中止); nothing more to add for seminars.
  const condition = and(...conditions);
  if (!condition) throw new Error('visibleArticles built no condition');
  return condition;
}

/** The item of that id, when it is of `kind` and this viewer may see it (visibleArticles). */
export function visibleArticle(
  kind: ArticleKind,
  viewer: ArticleViewer,
  articleId: number,
  today?: string,
): SQL {
  return and(visibleArticles(kind, viewer, today), eq(articles.article_id, articleId))!;
}

/** Visitors see news only: columns, seminars and partner information are for logged-in companies. */
export function kindOpenToVisitors(kind: ArticleKind): boolean {
  return kind === 'news';
}
