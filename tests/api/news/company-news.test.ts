import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyArticleListItem } from '#server/contracts/news.ts';
import { buildPagingData } from '#server/contracts/paging.ts';
import { apiGet, DEMO_LOGIN_OF, type GatewayLogin, loginAs } from '#tests/support/login.ts';
import { startWorld, type World } from '#tests/support/world.ts';
import { eq } from 'drizzle-orm';
import { countUnreadNews } from '#server/api/news/company-queries.ts';
import { articleClockAt } from '#server/api/news/article-clock.ts';
import { articleCounts, articles, users } from '#server/db/schema.ts';
import {
  dayFromToday,
  insertArticle,
  removeAllArticles,
  revokePermission,
  userIdOf,
} from './company-fixtures.ts';

const BANK_A = '0182';
const BANK_B = '0158';
const FORBIDDEN = { status: 'error', message: '権限がありません' };
const NOT_FOUND = { status: 'error', message: 'This page could not be found' };

let world: World;
const logins: Record<string, GatewayLogin> = {};

/** Bank A's news, by what they are for: the visible ones for every company are numbered 1–30. */
const ids = {
  forAll: [] as number[],
  important: [] as number[],
  endsToday: 0,
  partnerOnly: 0,
  nonPartnerOnly: 0,
  private: 0,
  scheduled: 0,
  ended: 0,
  bankB: 0,
  column: 0,
  piPublishing: 0,
  piReviewing: 0,
};

beforeAll(async () => {
  world = await startWorld({ banks: [BANK_A, BANK_B] });
  const { app } = world;
  // Bank B has taken the company pages of this domain away from its company users (the admin's
  // permission setting), before any of them logged in.
  for (const permission of [
    'company_news_read',
    'company_column_read',
    'company_seminar_read',
    'company_babank_read',
  ])
    await revokePermission(app, BANK_B, ['company_user'], permission);

  await removeAllArticles(app, [BANK_A, BANK_B]);
  // Thirty news for every company, published one a day over the last thirty days; every third one
  // is important news, the others notices.
  for (let day = 1; day <= 30; day += 1) {
    const important = day % 3 === 0;
    const id = await insertArticle(app, BANK_A, 'news', {
      article_title: `お知らせ ${day}`,
      category_code: important ? 'important' : 'notice',
      article_publish_start: dayFromToday(-day),
    });
    ids.forAll.push(id);
    if (important) ids.important.push(id);
  }
  ids.endsToday = await insertArticle(app, BANK_A, 'news', {
    article_title: '本日で公開終了',
    article_publish_start: dayFromToday(-40),
    article_publish_end: dayFromToday(0),
  });
  ids.partnerOnly = await insertArticle(app, BANK_A, 'news', {
    article_title: 'パートナー企業のみ',
    article_target: 'partner',
  });
  ids.nonPartnerOnly = await insertArticle(app, BANK_A, 'news', {
    article_title: 'パートナー企業以外',
    article_target: 'non_partner',
  });
  ids.private = await insertArticle(app, BANK_A, 'news', {
    article_title: '非公開',
    article_visibility: 0,
  });
  ids.scheduled = await insertArticle(app, BANK_A, 'news', {
    article_title: '公開前',
    article_publish_start: dayFromToday(3),
  });
  ids.ended = await insertArticle(app, BANK_A, 'news', {
    article_title: '公開終了',
    article_publish_start: dayFromToday(-40),
    article_publish_end: dayFromToday(-1),
  });
  ids.bankB = await insertArticle(app, BANK_B, 'news', { article_title: 'B銀行のお知らせ' });
  ids.column = await insertArticle(app, BANK_A, 'column', { article_title: '資金繰りのコラム' });
  ids.piPublishing = await insertArticle(app, BANK_A, 'partner_information', {
    article_title: '掲載中のパートナー情報',
  });
  ids.piReviewing = await insertArticle(app, BANK_A, 'partner_information', {
    article_title: '審査中のパートナー情報',
    pi_status: 'REVIEWING',
  });

  for (const code of [BANK_A, BANK_B])
    for (const type of [
      'company_owner',
      'company_user',
      'company_employee',
      'partner_company_owner',
      'bank_admin',
    ] as const)
      logins[`${code}:${type}`] = await loginAs(world.app, code, `${DEMO_LOGIN_OF[type]}-${code}`);
});

afterAll(async () => {
  await world?.close();
});

function get(code: string, type: keyof typeof DEMO_LOGIN_OF, url: string) {
  const login = logins[`${code}:${type}`];
  if (!login) throw new Error(`no login for ${type} of ${code}`);
  return apiGet(world.app, code, login.cookie, url);
}

async function search(code: string, type: keyof typeof DEMO_LOGIN_OF, query: string) {
  const response = await get(code, type, `/api/v1/news/search?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as { list: CompanyArticleListItem[]; paging_data: unknown };
}

const idsOf = (list: CompanyArticleListItem[]) => list.map((item) => item.article_id);

async function unreadBadge(code: string, type: keyof typeof DEMO_LOGIN_OF) {
  const response = await get(code, type, '/api/v1/badges');
  expect(response.statusCode).toBe(200);
  return response.json().result.unreadNews as number | undefined;
}

/** What a normal company's owner sees in bank A: the thirty, the one ending today and its own target's. */
const VISIBLE_TO_NORMAL_COMPANY = 32;

describe('GET /api/v1/news/search', () => {
  it('pages the visible news newest publication first, with the paging contract, and a page past the end answers an empty last page', async () => {
    const first = await search(BANK_A, 'company_owner', 'rows=10&page=1');
    expect(first.paging_data).toEqual(buildPagingData(VISIBLE_TO_NORMAL_COMPANY, 1, 10));
    expect(first.paging_data).toMatchObject({ total_pages: 4, is_first_page: true, next_page: 2 });
    expect(first.list).toHaveLength(10);
    const starts = first.list.map((item) => item.article_publish_start);
    expect(starts).toEqual(starts.toSorted().reverse());

    const last = await search(BANK_A, 'company_owner', 'rows=10&page=4');
    expect(last.list).toHaveLength(2);
    expect(last.paging_data).toMatchObject({ is_last_page: true, next_page: null, prev_page: 3 });

    const pastEnd = await search(BANK_A, 'company_owner', 'rows=10&page=5');
    expect(pastEnd.list).toEqual([]);
    expect(pastEnd.paging_data).toMatchObject({
      total_rows: VISIBLE_TO_NORMAL_COMPANY,
      is_last_page: true,
      next_page: null,
    });

    const all = await search(BANK_A, 'company_owner', '');
    expect(all.paging_data).toMatchObject({ rows: 100, page: 1, total_rows: VISIBLE_TO_NORMAL_COMPANY });
    const pages = [
      ...first.list,
      ...(await search(BANK_A, 'company_owner', 'rows=10&page=2')).list,
      ...(await search(BANK_A, 'company_owner', 'rows=10&page=3')).list,
      ...last.list,
    ];
    expect(idsOf(pages)).toEqual(idsOf(all.list));
  });

  it('refuses rows and page outside their range with 400 and field messages', async () => {
    for (const query of ['rows=0', 'rows=501', 'page=0', 'rows=abc']) {
      const response = await get(BANK_A, 'company_owner', `/api/v1/news/search?${query}`);
      expect(response.statusCode, query).toBe(400);
      const field = query.split('=')[0] ?? '';
      expect(response.json().errors, query).toHaveProperty(field);
    }
  });

  it('narrows the list to a category and names it', async () => {
    const important = await search(BANK_A, 'company_owner', 'category_code=important');
    expect(idsOf(important.list).toSorted()).toEqual(ids.important.toSorted());
    expect(important.paging_data).toMatchObject({ total_rows: ids.important.length });
    for (const item of important.list)
      expect(item).toMatchObject({ category_code: 'important', category_name: '重要なお知らせ' });
  });

  it('shows partner-only news to partner companies only and non-partner news to the others only', async () => {
    const owner = idsOf((await search(BANK_A, 'company_owner', '')).list);
    expect(owner).toContain(ids.nonPartnerOnly);
    expect(owner).not.toContain(ids.partnerOnly);
    const partner = idsOf((await search(BANK_A, 'partner_company_owner', '')).list);
    expect(partner).toContain(ids.partnerOnly);
    expect(partner).not.toContain(ids.nonPartnerOnly);

    expect(
      (await get(BANK_A, 'partner_company_owner', `/api/v1/news/${ids.nonPartnerOnly}`)).statusCode,
    ).toBe(404);
    expect((await get(BANK_A, 'company_user', `/api/v1/news/${ids.partnerOnly}`)).statusCode).toBe(404);
    expect((await get(BANK_A, 'partner_company_owner', `/api/v1/news/${ids.partnerOnly}`)).statusCode).toBe(
      200,
    );
  });

  it('never lists private, scheduled or ended news, nor another bank’s, and shows news on its last day', async () => {
    const listed = idsOf((await search(BANK_A, 'company_owner', '')).list);
    for (const hidden of [ids.private, ids.scheduled, ids.ended, ids.bankB])
      expect(listed).not.toContain(hidden);
    expect(listed).toContain(ids.endsToday);
    for (const hidden of [ids.private, ids.scheduled, ids.ended]) {
      const response = await get(BANK_A, 'company_owner', `/api/v1/news/${hidden}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });
});

describe('reading news: unread marks, the unread count and the badge', () => {
  it('counts unread news as total_rows with only_unread, and opening one lowers the count and the badge by one', async () => {
    const before = await search(BANK_A, 'company_user', 'only_unread=true&rows=5');
    expect(before.paging_data).toMatchObject({ total_rows: VISIBLE_TO_NORMAL_COMPANY });
    expect(before.list.every((item) => !item.is_read)).toBe(true);
    expect(await unreadBadge(BANK_A, 'company_user')).toBe(VISIBLE_TO_NORMAL_COMPANY);

    const opened = ids.forAll[4] ?? 0;
    const detail = await get(BANK_A, 'company_user', `/api/v1/news/${opened}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().result).toMatchObject({
      article_id: opened,
      article_title: 'お知らせ 5',
      article_body: '<p>本文です。</p>',
      is_read: false,
      attachments: [],
      seminar_status: null,
      seminar_applied: null,
    });

    const after = await search(BANK_A, 'company_user', 'only_unread=true&rows=100');
    expect(after.paging_data).toMatchObject({ total_rows: VISIBLE_TO_NORMAL_COMPANY - 1 });
    expect(idsOf(after.list)).not.toContain(opened);
    expect(await unreadBadge(BANK_A, 'company_user')).toBe(VISIBLE_TO_NORMAL_COMPANY - 1);

    const listed = (await search(BANK_A, 'company_user', '')).list;
    expect(idsOf(listed.filter((item) => item.is_read))).toEqual([opened]);

    // Opening it again changes nothing; another user's count is their own.
    const again = await get(BANK_A, 'company_user', `/api/v1/news/${opened}`);
    expect(again.json().result.is_read).toBe(true);
    expect(await unreadBadge(BANK_A, 'company_user')).toBe(VISIBLE_TO_NORMAL_COMPANY - 1);
    expect(await unreadBadge(BANK_A, 'company_owner')).toBe(VISIBLE_TO_NORMAL_COMPANY);
  });

  it("counts the partner owner's own unread news over the news meant for partners", async () => {
    const all = await search(BANK_A, 'partner_company_owner', '');
    expect(idsOf(all.list)).toContain(ids.partnerOnly);
    const unread = all.list.filter((item) => !item.is_read);
    const answer = await search(BANK_A, 'partner_company_owner', 'only_unread=true');
    expect(answer.paging_data).toMatchObject({ total_rows: unread.length });
    expect(idsOf(answer.list)).toEqual(idsOf(unread));
    expect(await unreadBadge(BANK_A, 'partner_company_owner')).toBe(unread.length);
  });

  it('answers the unread news badge to owners, users and partner owners, and not to employees, staff or users without company_news_read', async () => {
    for (const type of ['company_owner', 'company_user', 'partner_company_owner'] as const)
      expect(await unreadBadge(BANK_A, type), type).toEqual(expect.any(Number));
    for (const type of ['company_employee', 'bank_admin'] as const)
      expect(await unreadBadge(BANK_A, type), type).toBeUndefined();
    expect(await unreadBadge(BANK_B, 'company_user')).toBeUndefined();
    expect(await unreadBadge(BANK_B, 'company_owner')).toBe(1);
  });
});

describe('the unread count kept between requests', () => {
  /** The badge of bank A's normal company owner, counted for `day` (today unless told) as the badge counts it. */
  async function ownerUnread(day?: string): Promise<number> {
    const owner = await userIdOf(world.app, BANK_A, `${DEMO_LOGIN_OF.company_owner}-${BANK_A}`);
    const [company] = await world.app.db.withBank(BANK_A, (tx) =>
      tx.select({ id: users.company_id }).from(users).where(eq(users.user_id, owner)),
    );
    const reader = {
      kind: 'company',
      userId: owner,
      companyId: company?.id ?? 0,
      target: 'non_partner',
    } as const;
    const clock = day ? { today: day, now: new Date(`${day}T03:00:00Z`) } : articleClockAt();
    return world.app.db.withBank(BANK_A, (tx) => countUnreadNews(tx, reader, clock));
  }

  it('follows every change of the bank’s news the moment it is saved, and the day', async () => {
    const start = await unreadBadge(BANK_A, 'company_owner');
    expect(await unreadBadge(BANK_A, 'company_owner')).toBe(start);
    // The badge's count is kept, once per reader and list.
    const kept = await world.app.db.withBank(BANK_A, (tx) =>
      tx.select({ list: articleCounts.list_key, count: articleCounts.article_count }).from(articleCounts),
    );
    expect(kept).toContainEqual({ list: 'news non_partner unread', count: start });

    const added = await insertArticle(world.app, BANK_A, 'news', { article_title: '追加のお知らせ' });
    expect(await unreadBadge(BANK_A, 'company_owner')).toBe((start ?? 0) + 1);

    const change = (fields: Partial<typeof articles.$inferInsert>) =>
      world.app.db.withBank(BANK_A, (tx) =>
        tx.update(articles).set(fields).where(eq(articles.article_id, added)),
      );
    await change({ article_visibility: 0 });
    expect(await unreadBadge(BANK_A, 'company_owner')).toBe(start);
    await change({ article_visibility: 1, article_target: 'partner' });
    expect(await unreadBadge(BANK_A, 'company_owner')).toBe(start);
    await change({ article_target: 'all' });
    expect(await unreadBadge(BANK_A, 'company_owner')).toBe((start ?? 0) + 1);
    await world.app.db.withBank(BANK_A, (tx) => tx.delete(articles).where(eq(articles.article_id, added)));
    expect(await unreadBadge(BANK_A, 'company_owner')).toBe(start);

    // Another bank's news moves nothing here.
    await insertArticle(world.app, BANK_B, 'news', { article_title: 'B銀行の追加' });
    expect(await unreadBadge(BANK_A, 'company_owner')).toBe(start);

    // In three days the scheduled news is out and the news ending today is gone.
    expect(await ownerUnread()).toBe(start);
    expect(await ownerUnread(dayFromToday(3))).toBe(start);
    expect(await ownerUnread(dayFromToday(1))).toBe((start ?? 0) - 1);
    expect(await ownerUnread()).toBe(start);
  });
});

describe('GET /api/v1/news/recent', () => {
  it('answers the five newest visible news, as the first page of the list', async () => {
    const response = await get(BANK_A, 'company_owner', '/api/v1/news/recent');
    expect(response.statusCode).toBe(200);
    const recent: CompanyArticleListItem[] = response.json().result.list;
    expect(idsOf(recent)).toEqual(idsOf((await search(BANK_A, 'company_owner', 'rows=5')).list));
  });
});

describe('columns and partner information', () => {
  it('lists and opens the bank’s columns', async () => {
    const list = await get(BANK_A, 'company_employee', '/api/v1/column/search');
    expect(list.statusCode).toBe(200);
    expect(idsOf(list.json().result.list)).toEqual([ids.column]);
    const detail = await get(BANK_A, 'company_employee', `/api/v1/column/${ids.column}`);
    expect(detail.json().result).toMatchObject({ article_kind: 'column', article_title: '資金繰りのコラム' });
    // An id of another kind is not a column.
    expect((await get(BANK_A, 'company_employee', `/api/v1/column/${ids.forAll[0]}`)).statusCode).toBe(404);
    expect((await get(BANK_A, 'company_employee', `/api/v1/news/${ids.column}`)).statusCode).toBe(404);
  });

  it('shows partner information under review to nobody, and published partner information with its partner', async () => {
    const list = await get(BANK_A, 'company_owner', '/api/v1/pi/search');
    expect(idsOf(list.json().result.list)).toEqual([ids.piPublishing]);
    const detail = await get(BANK_A, 'company_owner', `/api/v1/pi/${ids.piPublishing}`);
    expect(detail.json().result).toMatchObject({ article_provider_name: '株式会社テストパートナー' });
    expect((await get(BANK_A, 'company_owner', `/api/v1/pi/${ids.piReviewing}`)).statusCode).toBe(404);
  });
});

describe('who may call the company side', () => {
  it('refuses the news, column, seminar and partner bank calls with 403 to a user whose bank took the permission away', async () => {
    for (const url of [
      '/api/v1/news/search',
      '/api/v1/news/recent',
      `/api/v1/news/${ids.bankB}`,
      '/api/v1/column/search',
      '/api/v1/seminar/search',
      '/api/v1/babank/search',
    ]) {
      const response = await get(BANK_B, 'company_user', url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual(FORBIDDEN);
    }
    // Partner information has no permission of its own.
    expect((await get(BANK_B, 'company_user', '/api/v1/pi/search')).statusCode).toBe(200);
    // The same bank's owner keeps the news.
    expect((await get(BANK_B, 'company_owner', `/api/v1/news/${ids.bankB}`)).statusCode).toBe(200);
  });

  it('refuses bank staff (403) and visitors (401)', async () => {
    expect((await get(BANK_A, 'bank_admin', '/api/v1/news/search')).statusCode).toBe(403);
    expect((await get(BANK_A, 'bank_admin', `/api/v1/news/${ids.forAll[0]}`)).statusCode).toBe(403);
    expect((await apiGet(world.app, BANK_A, '', '/api/v1/news/search')).statusCode).toBe(401);
    expect((await apiGet(world.app, BANK_A, '', '/api/v1/pi/search')).statusCode).toBe(401);
  });
});
