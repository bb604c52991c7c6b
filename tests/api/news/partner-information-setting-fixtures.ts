import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import type { PartnerInformationStatus } from '#server/contracts/news.ts';
import { auditEvents, companies, mailOutbox, users } from '#server/db/schema.ts';
import { articles } from '#server/db/schema/news.ts';
import type { Actor, World } from '#tests/support/world.ts';

/**
 * What the partner-information setting tests (tests/api/news/partner-information-setting*.test.ts)
 * add to the api suite's world: the calls as the pages send them, items written straight into a
 * bank's rows when a test needs a state the API cannot make (another company's item, days that have
 * passed), and the rows a command leaves (the item, its audit row, its mail).
 */

export const SETTING_PATH = '/api/v1/setting/partner_information';
export const STAFF_PATH = '/api/v1/admin/pi';

export const COMPANY_SIDE = [
  'company_owner',
  'company_user',
  'company_employee',
  'partner_company_owner',
] as const;
export const STAFF = ['system_admin', 'bank_admin', 'branch_admin', 'branch_user'] as const;

/** A calendar day in Japan `days` from today (YYYY-MM-DD). */
export function dayFromToday(days: number): string {
  return japanDateString(new Date(Date.now() + days * 86_400_000));
}

/** The company form filled in (publication from today for 90 days), with `changes`. */
export function partnerForm(changes: Record<string, unknown> = {}) {
  return {
    article_title: '事業承継セミナーのご案内',
    article_body: '<p>事業承継の進め方を<strong>専門家</strong>が解説します。</p>',
    article_publish_start: dayFromToday(0),
    article_publish_end: dayFromToday(90),
    ...changes,
  };
}

/** A call as the account's page sends it. */
export function call(world: World, code: string, as: Actor, method: string, url: string, payload?: object) {
  return world.send(code, as, { method, url, ...(payload === undefined ? {} : { payload }) });
}

/** The company of the bank's demo account of that type. */
export async function companyIdOf(world: World, code: string, userType: UserTypeCode): Promise<number> {
  const userId = await world.userIdOf(code, userType);
  const [row] = await world.db.withBank(code, (tx) =>
    tx.select({ company_id: users.company_id }).from(users).where(eq(users.user_id, userId)),
  );
  if (row?.company_id == null) throw new Error(`the demo ${userType} of ${code} has no company`);
  return row.company_id;
}

/** A demo company of the bank by its name. */
export async function companyNamed(world: World, code: string, name: string): Promise<number> {
  const [row] = await world.db.withBank(code, (tx) =>
    tx.select({ company_id: companies.company_id }).from(companies).where(eq(companies.company_name, name)),
  );
  if (!row) throw new Error(`no company ${name} in ${code}`);
  return row.company_id;
}

/**
 * Writes an item of partner information into the bank's rows as a company's save would have left it
 * (companyId null: one the bank's staff wrote); answers its id.
 */
export async function insertPartnerItem(
  app: FastifyInstance,
  code: string,
  fields: {
    companyId: number | null;
    status?: PartnerInformationStatus;
    title?: string;
    start?: string;
    end?: string | null;
    reviewNote?: string | null;
    authorUserId?: number | null;
  },
): Promise<number> {
  const [row] = await app.db.withBank(code, (tx) =>
    tx
      .insert(articles)
      .values({
        article_kind: 'partner_information',
        article_title: fields.title ?? 'パートナーからのお知らせ',
        article_body: '<p>本文です。</p>',
        article_visibility: 1,
        article_publish_start: fields.start ?? dayFromToday(-1),
        article_publish_end: fields.end ?? null,
        article_target: 'all',
        article_provider_name: '株式会社テストパートナー',
        pi_status: fields.status ?? 'REVIEWING',
        pi_review_note: fields.reviewNote ?? null,
        author_user_id: fields.authorUserId ?? null,
        article_company_id: fields.companyId,
      })
      .returning({ article_id: articles.article_id }),
  );
  if (!row) throw new Error('the test item was not inserted');
  return row.article_id;
}

/** The stored row of an item (undefined when there is none). */
export async function storedItem(app: FastifyInstance, code: string, articleId: number) {
  const [row] = await app.db.withBank(code, (tx) =>
    tx.select().from(articles).where(eq(articles.article_id, articleId)),
  );
  return row;
}

/** Changes a stored item past the API (its days, as if time had passed). */
export async function changeStoredItem(
  app: FastifyInstance,
  code: string,
  articleId: number,
  set: Partial<typeof articles.$inferInsert>,
): Promise<void> {
  await app.db.withBank(code, (tx) => tx.update(articles).set(set).where(eq(articles.article_id, articleId)));
}

/** The latest audit row of the news domain for the target. */
export async function lastAuditOf(app: FastifyInstance, code: string, targetId: number) {
  const [row] = await app.db.withBank(code, (tx) =>
    tx
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.target_type, 'news'), eq(auditEvents.target_id, String(targetId))))
      .orderBy(desc(auditEvents.id))
      .limit(1),
  );
  return row;
}

/** The mails of a kind queued in the bank's outbox, the latest first. */
export async function mailsOfKind(app: FastifyInstance, code: string, kind: string) {
  return app.db.withBank(code, (tx) =>
    tx.select().from(mailOutbox).where(eq(mailOutbox.mail_kind, kind)).orderBy(desc(mailOutbox.mail_id)),
  );
}

/** A refusal as the envelope says it: the status and, when given, the message. */
export function expectRefused(response: LightMyRequestResponse, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { status: string; message: string };
  expect(body.status).toBe('error');
  if (message !== undefined) expect(body.message).toBe(message);
  expect(response.body).not.toMatch(/"result"/);
}
