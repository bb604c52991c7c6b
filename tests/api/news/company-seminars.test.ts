import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CompanyArticleListItem,
  SEMINAR_ALREADY_APPLIED_MESSAGE,
  SEMINAR_APPLICATION_WITHDRAWN_MESSAGE,
  SEMINAR_APPLIED_MESSAGE,
  SEMINAR_CLOSED_MESSAGE,
  SEMINAR_FULL_MESSAGE,
  SEMINAR_NOT_APPLIED_MESSAGE,
  SEMINAR_WITHDRAWAL_CLOSED_MESSAGE,
} from '#server/contracts/news.ts';
import { articles, seminarApplications, users } from '#server/db/schema.ts';
import {
  apiGet,
  apiPost,
  DEMO_LOGIN_OF,
  gatewayHost,
  gatewayOrigin,
  type GatewayLogin,
  loginAs,
} from '#tests/support/login.ts';
import { startWorld, type World } from '#tests/support/world.ts';
import {
  dayFromToday,
  insertArticle,
  instantFromNow,
  removeAllArticles,
  expectApplications,
  userIdOf,
} from './company-fixtures.ts';

const BANK = '0182';
const NOT_FOUND = { status: 'error', message: 'This page could not be found' };

let world: World;
const logins: Record<string, GatewayLogin> = {};

const seminars = {
  /** Held in 20 days, reception until 10 days from now, 3 seats. */
  open: 0,
  /** One seat. */
  oneSeat: 0,
  /** Reception ends today (the deadline day is included). */
  deadlineToday: 0,
  deadlinePassed: 0,
  cancelled: 0,
  held: 0,
  private: 0,
  news: 0,
};

beforeAll(async () => {
  world = await startWorld({ banks: [BANK] });
  const { app } = world;
  await removeAllArticles(app, [BANK]);
  seminars.open = await insertArticle(app, BANK, 'seminar', {
    article_title: '受付中のセミナー',
    seminar_held_at: instantFromNow(20),
    seminar_capacity: 3,
  });
  seminars.oneSeat = await insertArticle(app, BANK, 'seminar', {
    article_title: '定員1名のセミナー',
    seminar_held_at: instantFromNow(15),
    seminar_capacity: 1,
  });
  seminars.deadlineToday = await insertArticle(app, BANK, 'seminar', {
    article_title: '本日締切のセミナー',
    seminar_held_at: instantFromNow(5),
    seminar_apply_deadline: dayFromToday(0),
  });
  seminars.deadlinePassed = await insertArticle(app, BANK, 'seminar', {
    article_title: '受付終了のセミナー',
    seminar_held_at: instantFromNow(4),
    seminar_apply_deadline: dayFromToday(-1),
  });
  seminars.cancelled = await insertArticle(app, BANK, 'seminar', {
    article_title: '中止のセミナー',
    seminar_held_at: instantFromNow(30),
    seminar_is_cancelled: true,
  });
  seminars.held = await insertArticle(app, BANK, 'seminar', {
    article_title: '開催済みのセミナー',
    article_publish_start: dayFromToday(-30),
    seminar_held_at: instantFromNow(-2),
    seminar_apply_deadline: dayFromToday(-5),
  });
  seminars.private = await insertArticle(app, BANK, 'seminar', {
    article_title: '非公開のセミナー',
    article_visibility: 0,
  });
  seminars.news = await insertArticle(app, BANK, 'news', { article_title: 'ニュース' });
  for (const type of ['company_owner', 'company_user', 'partner_company_owner'] as const)
    logins[type] = await loginAs(app, BANK, `${DEMO_LOGIN_OF[type]}-${BANK}`);
});

afterAll(async () => {
  await world?.close();
});

type CompanyType = 'company_owner' | 'company_user' | 'partner_company_owner';

function cookieOf(type: CompanyType): string {
  const login = logins[type];
  if (!login) throw new Error(`no login for ${type}`);
  return login.cookie;
}

const apply = (type: CompanyType, id: number) =>
  apiPost(world.app, BANK, cookieOf(type), `/api/v1/seminar/${id}/apply`, {});

const withdraw = (type: CompanyType, id: number) =>
  world.app.inject({
    method: 'DELETE',
    url: `/api/v1/seminar/${id}/apply`,
    headers: {
      host: gatewayHost(BANK),
      origin: gatewayOrigin(BANK),
      'x-requested-with': 'XMLHttpRequest',
      cookie: cookieOf(type),
    },
  });

/** When the staff last changed the item (their list's order). */
async function lastChanged(id: number): Promise<Date | undefined> {
  const [row] = await world.app.db.withBank(BANK, (tx) =>
    tx.select({ changed: articles.article_updated_at }).from(articles).where(eq(articles.article_id, id)),
  );
  return row?.changed;
}

const detail = async (type: CompanyType, id: number) => {
  const response = await apiGet(world.app, BANK, cookieOf(type), `/api/v1/seminar/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
};

describe('GET /api/v1/seminar/search', () => {
  it('lists the seminars still to be held, soonest first, each with its status, seats and place', async () => {
    const response = await apiGet(world.app, BANK, cookieOf('company_user'), '/api/v1/seminar/search');
    expect(response.statusCode).toBe(200);
    const list: CompanyArticleListItem[] = response.json().result.list;
    expect(list.map((item) => [item.article_id, item.seminar_status])).toEqual([
      [seminars.deadlinePassed, 'reception_closed'],
      [seminars.deadlineToday, 'accepting'],
      [seminars.oneSeat, 'accepting'],
      [seminars.open, 'accepting'],
      [seminars.cancelled, 'cancelled'],
    ]);
    expect(list.find((item) => item.article_id === seminars.open)).toMatchObject({
      seminar_place: '本店 3階 大会議室',
      seminar_capacity: 3,
      seminar_remaining: 3,
      seminar_held_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('lists every seminar with upcoming=false, the last held first, the held one as finished', async () => {
    const response = await apiGet(
      world.app,
      BANK,
      cookieOf('company_user'),
      '/api/v1/seminar/search?upcoming=false',
    );
    const list: CompanyArticleListItem[] = response.json().result.list;
    expect(list.map((item) => item.article_id)).toEqual([
      seminars.cancelled,
      seminars.open,
      seminars.oneSeat,
      seminars.deadlineToday,
      seminars.deadlinePassed,
      seminars.held,
    ]);
    expect(list.at(-1)?.seminar_status).toBe('finished');
  });

  it('answers the next seminars as the dashboard block', async () => {
    const response = await apiGet(world.app, BANK, cookieOf('company_user'), '/api/v1/seminar/recent');
    expect(response.json().result.list.map((item: CompanyArticleListItem) => item.article_id)).toEqual([
      seminars.deadlinePassed,
      seminars.deadlineToday,
      seminars.oneSeat,
      seminars.open,
      seminars.cancelled,
    ]);
  });
});

describe('applying to a seminar', () => {
  it('takes a seat, answers the seminar as it stands, and shows the application on the detail', async () => {
    expect(await detail('company_owner', seminars.open)).toMatchObject({
      seminar_capacity: 3,
      seminar_remaining: 3,
      seminar_applied: false,
      seminar_status: 'accepting',
      seminar_apply_deadline: dayFromToday(10),
    });
    const changedBefore = await lastChanged(seminars.open);
    const response = await apply('company_owner', seminars.open);
    expect(response.statusCode, response.body).toBe(200);
    // An application is not an edit: the staff's list keeps the item where it was.
    expect(await lastChanged(seminars.open)).toEqual(changedBefore);
    expect(response.json()).toEqual({
      status: 'success',
      message: SEMINAR_APPLIED_MESSAGE,
      result: {
        seminar_applied: true,
        seminar_capacity: 3,
        seminar_remaining: 2,
        seminar_status: 'accepting',
      },
    });
    expect(await detail('company_owner', seminars.open)).toMatchObject({
      seminar_remaining: 2,
      seminar_applied: true,
    });
    // Another user of the same company has not applied.
    expect((await detail('company_user', seminars.open)).seminar_applied).toBe(false);
    await expectApplications(world.app, BANK, seminars.open, 1);
  });

  it('refuses a second application of the same user with 422 and leaves the count as it was', async () => {
    const response = await apply('company_owner', seminars.open);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ status: 'error', message: SEMINAR_ALREADY_APPLIED_MESSAGE });
    await expectApplications(world.app, BANK, seminars.open, 1);
  });

  it('refuses an application once the seats are taken (満席) with 422', async () => {
    const first = await apply('partner_company_owner', seminars.oneSeat);
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toMatchObject({ seminar_remaining: 0, seminar_status: 'full' });
    const second = await apply('company_user', seminars.oneSeat);
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual({ status: 'error', message: SEMINAR_FULL_MESSAGE });
    await expectApplications(world.app, BANK, seminars.oneSeat, 1);
    expect((await detail('company_user', seminars.oneSeat)).seminar_status).toBe('full');
  });

  it('accepts an application on the deadline day', async () => {
    expect((await apply('company_user', seminars.deadlineToday)).statusCode).toBe(200);
  });

  it('refuses an application after the deadline, to a cancelled seminar and to a held one with 422, and writes nothing', async () => {
    for (const id of [seminars.deadlinePassed, seminars.cancelled, seminars.held]) {
      const response = await apply('company_user', id);
      expect(response.statusCode, String(id)).toBe(422);
      expect(response.json()).toEqual({ status: 'error', message: SEMINAR_CLOSED_MESSAGE });
      await expectApplications(world.app, BANK, id, 0);
    }
  });

  it('answers 404 for a seminar the user cannot see and for an item that is not a seminar', async () => {
    for (const id of [seminars.private, seminars.news, 999999]) {
      const response = await apply('company_user', id);
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    const onNews = await apiPost(
      world.app,
      BANK,
      cookieOf('company_user'),
      `/api/v1/news/${seminars.news}/apply`,
      {},
    );
    expect(onNews.statusCode).toBe(404);
  });

  it('refuses an application sent without the page’s same-origin marker (403)', async () => {
    const response = await world.app.inject({
      method: 'POST',
      url: `/api/v1/seminar/${seminars.open}/apply`,
      headers: { host: gatewayHost(BANK), cookie: cookieOf('company_user') },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    await expectApplications(world.app, BANK, seminars.open, 1);
  });
});

describe('withdrawing an application', () => {
  it('gives the seat back before the deadline, and says so when there is nothing to withdraw', async () => {
    const response = await withdraw('company_owner', seminars.open);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      message: SEMINAR_APPLICATION_WITHDRAWN_MESSAGE,
      result: {
        seminar_applied: false,
        seminar_capacity: 3,
        seminar_remaining: 3,
        seminar_status: 'accepting',
      },
    });
    await expectApplications(world.app, BANK, seminars.open, 0);

    const again = await withdraw('company_owner', seminars.open);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ status: 'error', message: SEMINAR_NOT_APPLIED_MESSAGE });
  });

  it('frees the seat of a full seminar for the next applicant', async () => {
    expect((await withdraw('partner_company_owner', seminars.oneSeat)).statusCode).toBe(200);
    const next = await apply('company_user', seminars.oneSeat);
    expect(next.statusCode).toBe(200);
    await expectApplications(world.app, BANK, seminars.oneSeat, 1);
  });

  it('keeps an application once the deadline has passed (422)', async () => {
    // An application made while the reception was open.
    const { app } = world;
    const ownerId = await userIdOf(app, BANK, `owner-${BANK}`);
    await app.db.withBank(BANK, async (tx) => {
      const [owner] = await tx
        .select({ company_id: users.company_id })
        .from(users)
        .where(eq(users.user_id, ownerId));
      await tx.insert(seminarApplications).values({
        article_id: seminars.deadlinePassed,
        user_id: ownerId,
        company_id: owner?.company_id ?? 0,
      });
      await tx
        .update(articles)
        .set({ seminar_applied_count: 1 })
        .where(eq(articles.article_id, seminars.deadlinePassed));
    });
    const response = await withdraw('company_owner', seminars.deadlinePassed);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ status: 'error', message: SEMINAR_WITHDRAWAL_CLOSED_MESSAGE });
    await expectApplications(world.app, BANK, seminars.deadlinePassed, 1);
  });
});
