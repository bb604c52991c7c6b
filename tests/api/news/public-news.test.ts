import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyArticleListItem } from '#server/contracts/news.ts';
import { buildPagingData } from '#server/contracts/paging.ts';
import { articleReads } from '#server/db/schema.ts';
import { apiGet, gatewayHost, loginAs } from '#tests/support/login.ts';
import { startWorld, type World } from '#tests/support/world.ts';
import { dayFromToday, insertArticle, removeAllArticles } from './company-fixtures.ts';

const BANK_A = '0182';
const BANK_B = '0158';
const NOT_FOUND = { status: 'error', message: 'This page could not be found' };

let world: World;
const ids = {
  older: 0,
  newer: 0,
  partnerOnly: 0,
  nonPartnerOnly: 0,
  private: 0,
  scheduled: 0,
  ended: 0,
  column: 0,
  seminar: 0,
  partnerInformation: 0,
  bankB: 0,
};

beforeAll(async () => {
  world = await startWorld({ banks: [BANK_A, BANK_B] });
  const { app } = world;
  await removeAllArticles(app, [BANK_A, BANK_B]);
  ids.older = await insertArticle(app, BANK_A, 'news', {
    article_title: '窓口営業時間のお知らせ',
    category_code: 'notice',
    article_publish_start: dayFromToday(-5),
  });
  ids.newer = await insertArticle(app, BANK_A, 'news', {
    article_title: '補助金の公募が始まりました',
    category_code: 'subsidy',
    article_publish_start: dayFromToday(-1),
  });
  ids.partnerOnly = await insertArticle(app, BANK_A, 'news', { article_target: 'partner' });
  ids.nonPartnerOnly = await insertArticle(app, BANK_A, 'news', { article_target: 'non_partner' });
  ids.private = await insertArticle(app, BANK_A, 'news', { article_visibility: 0 });
  ids.scheduled = await insertArticle(app, BANK_A, 'news', { article_publish_start: dayFromToday(2) });
  ids.ended = await insertArticle(app, BANK_A, 'news', {
    article_publish_start: dayFromToday(-30),
    article_publish_end: dayFromToday(-1),
  });
  ids.column = await insertArticle(app, BANK_A, 'column');
  ids.seminar = await insertArticle(app, BANK_A, 'seminar');
  ids.partnerInformation = await insertArticle(app, BANK_A, 'partner_information');
  ids.bankB = await insertArticle(app, BANK_B, 'news', { article_title: 'B銀行のお知らせ' });
});

afterAll(async () => {
  await world?.close();
});

/** A visitor's GET on a bank's host: no cookie. */
const visit = (code: string, url: string) => apiGet(world.app, code, '', url);

describe('GET /api/v1/public/news/search without login', () => {
  it('lists the public news meant for every company, newest first, nothing marked unread', async () => {
    const response = await visit(BANK_A, '/api/v1/public/news/search?rows=25');
    expect(response.statusCode).toBe(200);
    const { list, paging_data } = response.json().result as {
      list: CompanyArticleListItem[];
      paging_data: unknown;
    };
    expect(list.map((item) => item.article_id)).toEqual([ids.newer, ids.older]);
    expect(list.every((item) => item.is_read)).toBe(true);
    expect(list[0]).toMatchObject({ article_kind: 'news', category_name: '補助金・助成金' });
    expect(paging_data).toEqual(buildPagingData(2, 1, 25));
  });

  it('narrows to a category and pages', async () => {
    const notices = await visit(BANK_A, '/api/v1/public/news/search?category_code=notice');
    expect(notices.json().result.list.map((item: CompanyArticleListItem) => item.article_id)).toEqual([
      ids.older,
    ]);
    const second = await visit(BANK_A, '/api/v1/public/news/search?rows=1&page=2');
    expect(second.json().result.list.map((item: CompanyArticleListItem) => item.article_id)).toEqual([
      ids.older,
    ]);
    expect(second.json().result.paging_data).toMatchObject({
      total_rows: 2,
      is_last_page: true,
      prev_page: 1,
    });
  });

  it("answers each bank's own news on its host", async () => {
    const bankB = await visit(BANK_B, '/api/v1/public/news/search');
    expect(bankB.json().result.list.map((item: CompanyArticleListItem) => item.article_id)).toEqual([
      ids.bankB,
    ]);
  });
});

describe('GET /api/v1/public/news/{id} without login', () => {
  it('answers a public news item for every company with its body and attachments', async () => {
    const response = await visit(BANK_A, `/api/v1/public/news/${ids.newer}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      article_id: ids.newer,
      article_title: '補助金の公募が始まりました',
      article_body: '<p>本文です。</p>',
      attachments: [],
      is_read: true,
    });
  });

  it('answers 404 with no data for news limited to a target, private, scheduled or ended, for other kinds and for another bank’s news', async () => {
    for (const [name, id] of Object.entries(ids)) {
      if (id === ids.newer || id === ids.older) continue;
      const response = await visit(BANK_A, `/api/v1/public/news/${id}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.json(), name).toEqual(NOT_FOUND);
    }
    const onBankB = await visit(BANK_B, `/api/v1/public/news/${ids.newer}`);
    expect(onBankB.statusCode).toBe(404);
    expect(onBankB.json()).toEqual(NOT_FOUND);
  });

  it('refuses an id that is not a number (400)', async () => {
    expect((await visit(BANK_A, '/api/v1/public/news/abc')).statusCode).toBe(400);
  });

  it('keeps columns, seminars and partner information behind the login', async () => {
    for (const url of [
      '/api/v1/column/search',
      `/api/v1/column/${ids.column}`,
      `/api/v1/seminar/${ids.seminar}`,
      `/api/v1/pi/${ids.partnerInformation}`,
    ])
      expect((await visit(BANK_A, url)).statusCode, url).toBe(401);
    const noSuchPublicCall = await world.app.inject({
      method: 'GET',
      url: `/api/v1/public/column/${ids.column}`,
      headers: { host: gatewayHost(BANK_A) },
    });
    expect(noSuchPublicCall.statusCode).toBe(404);
  });

  it('marks nothing read when a logged-in company user opens the public page', async () => {
    const { cookie } = await loginAs(world.app, BANK_A, `owner-${BANK_A}`);
    const response = await apiGet(world.app, BANK_A, cookie, `/api/v1/public/news/${ids.older}`);
    expect(response.json().result.is_read).toBe(true);
    const reads = await world.app.db.withBank(BANK_A, (tx) => tx.select().from(articleReads));
    expect(reads).toEqual([]);
    const unread = await apiGet(world.app, BANK_A, cookie, '/api/v1/news/search?only_unread=true');
    expect(unread.json().result.paging_data.total_rows).toBe(3);
  });
});
