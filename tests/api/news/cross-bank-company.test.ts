import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_API_SEGMENTS, ARTICLE_KINDS, type ArticleKind } from '#server/contracts/news.ts';
import { partnerBanks } from '#server/db/schema.ts';
import { apiGet, apiPost, gatewayHost, gatewayOrigin, loginAs } from '#tests/support/login.ts';
import { startWorld, type World } from '#tests/support/world.ts';
import { insertArticle, expectApplications } from './company-fixtures.ts';

/**
 * The company side of the news domain across banks: every company, public and partner-bank call
 * of bank 0182 asked for bank 0158's items (which 0158's own companies do see) answers 404 with no
 * data, or lists without them; and the other way round for the public news.
 */

const BANK_A = '0182';
const BANK_B = '0158';
const NOT_FOUND = { status: 'error', message: 'This page could not be found' };

let world: World;
const cookies: Record<string, string> = {};
/** Each bank's item of each kind, public and published for every company. */
const items: Record<string, Record<ArticleKind, number>> = {};

beforeAll(async () => {
  world = await startWorld({ banks: [BANK_A, BANK_B] });
  for (const code of [BANK_A, BANK_B]) {
    const own = {} as Record<ArticleKind, number>;
    for (const kind of ARTICLE_KINDS)
      own[kind] = await insertArticle(world.app, code, kind, {
        article_title: `${code} の記事（${kind}）`,
      });
    items[code] = own;
  }
  await world.app.db.withBank(BANK_B, (tx) =>
    tx.insert(partnerBanks).values({ babank_code: '1993', babank_name: 'B銀行だけの提携先' }),
  );
  for (const login of [`owner-${BANK_A}`, `partner-${BANK_A}`, `owner-${BANK_B}`])
    cookies[login] = (await loginAs(world.app, login.slice(-4), login)).cookie;
});

afterAll(async () => {
  await world?.close();
});

function itemOf(code: string, kind: ArticleKind): number {
  const id = items[code]?.[kind];
  if (id === undefined) throw new Error(`no ${kind} of ${code}`);
  return id;
}

const bankAUsers = [`owner-${BANK_A}`, `partner-${BANK_A}`];
const get = (login: string, url: string) => apiGet(world.app, login.slice(-4), cookies[login] ?? '', url);

function expectNoTrace(body: string, code: string) {
  expect(body).not.toContain(`${code} の記事`);
}

describe.each(ARTICLE_KINDS)('the company calls of %s across banks', (kind) => {
  const segment = ARTICLE_API_SEGMENTS[kind];

  it(`answers bank ${BANK_B}'s item to its own company`, async () => {
    const response = await get(`owner-${BANK_B}`, `/api/v1/${segment}/${itemOf(BANK_B, kind)}`);
    expect(response.statusCode).toBe(200);
  });

  it(`answers 404 and no data to a user of bank ${BANK_A} asking for bank ${BANK_B}'s item`, async () => {
    for (const login of bankAUsers) {
      const response = await get(login, `/api/v1/${segment}/${itemOf(BANK_B, kind)}`);
      expect(response.statusCode, login).toBe(404);
      expect(response.json(), login).toEqual(NOT_FOUND);
    }
  });

  it(`leaves bank ${BANK_B}'s items out of bank ${BANK_A}'s lists and recent blocks`, async () => {
    for (const login of bankAUsers)
      for (const url of [
        `/api/v1/${segment}/search`,
        `/api/v1/${segment}/search?only_unread=true`,
        `/api/v1/${segment}/search?upcoming=false`,
        `/api/v1/${segment}/recent`,
      ]) {
        const response = await get(login, url);
        expect(response.statusCode, url).toBe(200);
        const ids = response.json().result.list.map((item: { article_id: number }) => item.article_id);
        expect(ids, url).toContain(itemOf(BANK_A, kind));
        expect(ids, url).not.toContain(itemOf(BANK_B, kind));
        expectNoTrace(response.body, BANK_B);
      }
  });
});

describe('seminar applications across banks', () => {
  it(`answers 404 to applying to or withdrawing from bank ${BANK_B}'s seminar, and its count does not move`, async () => {
    const seminar = itemOf(BANK_B, 'seminar');
    const url = `/api/v1/seminar/${seminar}/apply`;
    const applied = await apiPost(world.app, BANK_A, cookies[`owner-${BANK_A}`] ?? '', url, {});
    expect(applied.statusCode).toBe(404);
    expect(applied.json()).toEqual(NOT_FOUND);
    const withdrawn = await world.app.inject({
      method: 'DELETE',
      url,
      headers: {
        host: gatewayHost(BANK_A),
        origin: gatewayOrigin(BANK_A),
        'x-requested-with': 'XMLHttpRequest',
        cookie: cookies[`owner-${BANK_A}`] ?? '',
      },
    });
    expect(withdrawn.statusCode).toBe(404);
    expect(withdrawn.json()).toEqual(NOT_FOUND);
    await expectApplications(world.app, BANK_B, seminar, 0);
  });
});

describe('public news across banks', () => {
  it(`answers 404 and no data to a visitor on bank ${BANK_B}'s host asking for bank ${BANK_A}'s public news, and the other way round`, async () => {
    for (const [host, owner] of [
      [BANK_B, BANK_A],
      [BANK_A, BANK_B],
    ] as const) {
      const response = await apiGet(world.app, host, '', `/api/v1/public/news/${itemOf(owner, 'news')}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
      const own = await apiGet(world.app, owner, '', `/api/v1/public/news/${itemOf(owner, 'news')}`);
      expect(own.statusCode).toBe(200);
      const list = await apiGet(world.app, host, '', '/api/v1/public/news/search');
      const ids = list.json().result.list.map((item: { article_id: number }) => item.article_id);
      expect(ids).not.toContain(itemOf(owner, 'news'));
      expectNoTrace(list.body, owner);
    }
  });
});

describe('partner banks and badges across banks', () => {
  it(`leaves bank ${BANK_B}'s partner banks out of bank ${BANK_A}'s list`, async () => {
    const response = await get(`owner-${BANK_A}`, '/api/v1/babank/search');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('B銀行だけの提携先');
  });

  it(`counts only bank ${BANK_A}'s news in its users' unread badge`, async () => {
    for (const login of bankAUsers) {
      const badge = (await get(login, '/api/v1/badges')).json().result.unreadNews;
      const search = (await get(login, '/api/v1/news/search?only_unread=true')).json().result;
      expect(badge, login).toBe(search.paging_data.total_rows);
      expect(search.list.map((item: { article_id: number }) => item.article_id)).not.toContain(
        itemOf(BANK_B, 'news'),
      );
    }
  });

  it(`does not let bank ${BANK_A}'s session call bank ${BANK_B}'s host`, async () => {
    const response = await apiGet(
      world.app,
      BANK_B,
      cookies[`owner-${BANK_A}`] ?? '',
      `/api/v1/news/${itemOf(BANK_B, 'news')}`,
    );
    expect(response.statusCode).toBe(401);
  });
});
