import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import type { FileKind, UploadedFile } from '#server/contracts/news.ts';
import { uploadArticleFileCall } from '#server/contracts/news-files.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { articles, seminarApplications } from '#server/db/schema/news.ts';
import { users } from '#server/db/schema/users.ts';
import { gatewayHost, gatewayOrigin } from '#tests/support/login.ts';
import { sendFromPage, startWorld, type World } from '#tests/support/world.ts';

/**
 * What the staff API tests (tests/api/news/admin-*.test.ts) add to the api suite's world
 * (tests/support/world.ts): the calls as the admin pages make them, and items written straight into
 * a bank's tables when a test needs a state the API cannot make (an item provided by the operator,
 * one whose dates have passed, applications).
 */

export { BANK_A, BANK_B } from '#tests/support/world.ts';

export type Segment = 'news' | 'column' | 'seminar' | 'pi';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface StaffWorld extends World {
  /** An API call on the bank's host as that account's browser: `send` in the admin pages' shorthand. */
  call(
    code: string,
    userType: UserTypeCode,
    method: Method,
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
}

/** The world on PostgreSQL and Redis when DATABASE_URL and REDIS_URL are set, else PGlite and memory. */
export async function startStaffWorld(): Promise<StaffWorld> {
  const world = await startWorld({ redisWhenSet: true });
  return {
    ...world,
    call: (code, userType, method, url, payload) => world.send(code, userType, { method, url, payload }),
  };
}

/** A call as the browser holding `cookie` ('' for a visitor) sends it from the bank's pages. */
export function sendAs(
  app: FastifyInstance,
  code: string,
  cookie: string,
  method: Method,
  url: string,
  payload?: object,
) {
  return sendFromPage(app, code, cookie, { method, url, payload });
}

/** A 1×1 PNG and the smallest PDF a reader opens: real bytes, so the upload's content check passes. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/** Uploads a file as the admin page does (multipart: kind, then file); answers the upload. */
export async function uploadAs(
  world: StaffWorld,
  code: string,
  kind: FileKind,
  file: { name: string; bytes: Buffer },
): Promise<UploadedFile> {
  const boundary = `----formdata-${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await world.app.inject({
    method: 'POST',
    url: uploadArticleFileCall.path,
    headers: {
      host: gatewayHost(code),
      origin: gatewayOrigin(code),
      'x-requested-with': 'XMLHttpRequest',
      cookie: await world.cookieOf(code, 'bank_admin'),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  if (response.statusCode !== 200) throw new Error(`upload refused: ${response.body}`);
  return response.json().result as UploadedFile;
}

/** A day counted from today in Japan, as YYYY-MM-DD. */
export function daysFromToday(days: number): string {
  return japanDateString(new Date(Date.now() + days * 24 * 60 * 60 * 1000));
}

/** A word no other item holds: a test finds its own items by it (the demo data is there too). */
export function uniqueWord(): string {
  return `試験${randomBytes(4).toString('hex')}`;
}

/** The form's fields of a valid item of the segment's kind (publication running from today). */
export function validFields(segment: Segment, overrides: Record<string, unknown> = {}) {
  const base: Record<string, unknown> = {
    article_title: '夏季休業日のお知らせ',
    article_body: '<p>8月13日から15日まで窓口を休業します。</p>',
    category_code: segment === 'news' ? 'notice' : '',
    article_visibility: 1,
    article_publish_start: daysFromToday(0),
    article_publish_end: daysFromToday(90),
    article_target: 'all',
  };
  if (segment === 'seminar')
    Object.assign(base, {
      seminar_held_at: `${daysFromToday(40)}T14:00`,
      seminar_place: '本店 5階 大会議室',
      seminar_capacity: '30',
      seminar_apply_deadline: daysFromToday(35),
    });
  if (segment === 'pi')
    Object.assign(base, {
      article_provider_name: '株式会社ミライテック・ソリューションズ',
      pi_status: 'PUBLISHING',
    });
  return { ...base, ...overrides };
}

/** The columns of an item written straight into the table (the kind's required columns filled in). */
export function articleRow(
  kind: 'news' | 'column' | 'seminar' | 'partner_information',
  overrides: Partial<typeof articles.$inferInsert> = {},
): typeof articles.$inferInsert {
  return {
    article_kind: kind,
    article_title: 'テスト記事',
    article_body: '<p>本文</p>',
    category_code: kind === 'news' ? 'notice' : null,
    article_visibility: 1,
    article_publish_start: daysFromToday(0),
    article_target: 'all',
    pi_status: kind === 'partner_information' ? 'PUBLISHING' : null,
    article_provider_name: kind === 'partner_information' ? '株式会社パートナー' : null,
    ...(kind === 'seminar'
      ? {
          seminar_held_at: new Date(`${daysFromToday(30)}T14:00:00+09:00`),
          seminar_place: '本店',
          seminar_capacity: 10,
          seminar_apply_deadline: daysFromToday(25),
        }
      : {}),
    ...overrides,
  };
}

/** Writes an item into the bank's table as the bank's transaction; answers its id. */
export async function insertArticle(
  app: FastifyInstance,
  code: string,
  row: typeof articles.$inferInsert,
): Promise<number> {
  const [inserted] = await app.db.withBank(code, (tx) =>
    tx.insert(articles).values(row).returning({ id: articles.article_id }),
  );
  if (!inserted) throw new Error('no item inserted');
  return inserted.id;
}

/** The stored row of an item, as the bank's transaction sees it (undefined when there is none). */
export async function storedArticle(app: FastifyInstance, code: string, articleId: number) {
  const [row] = await app.db.withBank(code, (tx) =>
    tx.select().from(articles).where(eq(articles.article_id, articleId)),
  );
  return row;
}

/**
 * Applies `count` of the bank's company users to the seminar, as the application call would leave
 * it (rows and the seminar's count together). Answers the applicants' user ids.
 */
export async function applyCompanyUsers(
  app: FastifyInstance,
  code: string,
  seminarId: number,
  count: number,
): Promise<number[]> {
  return app.db.withBank(code, async (tx) => {
    const applicants = await tx
      .select({ user_id: users.user_id, company_id: users.company_id })
      .from(users)
      .where(and(isNotNull(users.company_id), eq(users.user_is_disabled, false)))
      .orderBy(users.user_id)
      .limit(count);
    if (applicants.length < count) throw new Error(`bank ${code} has fewer than ${count} company users`);
    for (const applicant of applicants)
      await tx.insert(seminarApplications).values({
        article_id: seminarId,
        user_id: applicant.user_id,
        company_id: applicant.company_id as number,
      });
    await tx.update(articles).set({ seminar_applied_count: count }).where(eq(articles.article_id, seminarId));
    return applicants.map((applicant) => applicant.user_id);
  });
}
