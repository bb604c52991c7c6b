import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ArticleKind } from '#server/contracts/news.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { articles, userTypePermissions, users } from '#server/db/schema.ts';

/**
 * Items of the news domain written straight into a bank's rows (as the staff's screens would have
 * saved them), for the company-side tests: each test states the items it reads.
 */

type ArticleRow = typeof articles.$inferInsert;

/** A calendar day in Japan `days` from today (YYYY-MM-DD). */
export function dayFromToday(days: number): string {
  return japanDateString(new Date(Date.now() + days * 86_400_000));
}

/** An instant `days` from now. */
export function instantFromNow(days: number): Date {
  return new Date(Date.now() + days * 86_400_000);
}

/** The columns every kind needs, published since yesterday for every company, plus the seminar's. */
function articleRowOf(kind: ArticleKind, fields: Partial<ArticleRow>): ArticleRow {
  return {
    article_kind: kind,
    article_title: `${kind} のテスト記事`,
    article_body: '<p>本文です。</p>',
    category_code: kind === 'news' ? 'notice' : null,
    article_visibility: 1,
    article_publish_start: dayFromToday(-1),
    article_target: 'all',
    ...(kind === 'partner_information'
      ? { pi_status: 'PUBLISHING', article_provider_name: '株式会社テストパートナー' }
      : {}),
    ...(kind === 'seminar'
      ? {
          seminar_held_at: instantFromNow(20),
          seminar_place: '本店 3階 大会議室',
          seminar_capacity: 10,
          seminar_apply_deadline: dayFromToday(10),
        }
      : {}),
    ...fields,
  };
}

/** Writes one item into the bank's rows; answers its id. */
export async function insertArticle(
  app: FastifyInstance,
  bankCode: string,
  kind: ArticleKind,
  fields: Partial<ArticleRow> = {},
): Promise<number> {
  const [row] = await app.db.withBank(bankCode, (tx) =>
    tx.insert(articles).values(articleRowOf(kind, fields)).returning({ article_id: articles.article_id }),
  );
  if (!row) throw new Error('the test article was not inserted');
  return row.article_id;
}

/** Removes every item of the banks (the demo seed's too, with their reads and applications). */
export async function removeAllArticles(app: FastifyInstance, bankCodes: readonly string[]): Promise<void> {
  for (const code of bankCodes) await app.db.withBank(code, (tx) => tx.delete(articles));
}

/** The user id of a demo login (`owner-0182`). */
export async function userIdOf(app: FastifyInstance, bankCode: string, loginId: string): Promise<number> {
  const [row] = await app.db.withBank(bankCode, (tx) =>
    tx.select({ user_id: users.user_id }).from(users).where(eq(users.user_login_id, loginId)),
  );
  if (!row) throw new Error(`no user ${loginId} in bank ${bankCode}`);
  return row.user_id;
}

/** Takes a permission away from an account type of the bank (the admin's permission setting). */
export async function revokePermission(
  app: FastifyInstance,
  bankCode: string,
  userTypes: readonly string[],
  permission: string,
): Promise<void> {
  await app.db.withBank(bankCode, (tx) =>
    tx
      .delete(userTypePermissions)
      .where(
        and(
          inArray(userTypePermissions.user_type, [...userTypes]),
          eq(userTypePermissions.permission, permission),
        ),
      ),
  );
}

/** The seminar's count column and its application rows, as the database holds them. */
async function seminarCounts(app: FastifyInstance, bankCode: string, articleId: number) {
  const [row] = await app.db.withBank(bankCode, (tx) =>
    tx
      .select({
        applied_count: articles.seminar_applied_count,
        applications: sql<number>`(select count(*)::int from seminar_applications where article_id = ${articleId})`,
      })
      .from(articles)
      .where(eq(articles.article_id, articleId)),
  );
  if (!row) throw new Error(`no seminar ${articleId} in bank ${bankCode}`);
  return row;
}

/** The seminar's count column says `count`, and as many application rows stand behind it. */
export async function expectApplications(
  app: FastifyInstance,
  bankCode: string,
  articleId: number,
  count: number,
): Promise<void> {
  expect(await seminarCounts(app, bankCode, articleId)).toEqual({
    applied_count: count,
    applications: count,
  });
}
