import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import {
  applyCompanyUsers,
  articleRow,
  BANK_A,
  BANK_B,
  insertArticle,
  type Segment,
  sendAs,
  type StaffWorld,
  startStaffWorld,
  storedArticle,
  validFields,
} from './admin-world.ts';

/**
 * Who may call the staff's news API: each staff role's rights (README, the staff roles rule),
 * items provided by the operator, company users and visitors, and bank A's staff asking for
 * bank B's items on every route.
 */

let world: StaffWorld;

beforeAll(async () => {
  world = await startStaffWorld();
});
afterAll(async () => {
  await world?.close();
});

const FORBIDDEN = { status: 'error', message: '権限がありません' };
const PROVIDED_LOCKED = { status: 'error', message: '運営から提供された記事は変更できません' };

async function createdBy(userType: UserTypeCode, segment: Segment = 'news'): Promise<number> {
  const response = await world.call(BANK_A, userType, 'POST', `/api/v1/admin/${segment}`, {
    fields: validFields(segment, { article_title: `${userType}の記事` }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.article_id as number;
}

const edit = (userType: UserTypeCode, id: number, title: string, segment: Segment = 'news') =>
  world.call(BANK_A, userType, 'PUT', `/api/v1/admin/${segment}/${id}`, {
    fields: validFields(segment, { article_title: title }),
  });
const remove = (userType: UserTypeCode, id: number, segment: Segment = 'news') =>
  world.call(BANK_A, userType, 'DELETE', `/api/v1/admin/${segment}/${id}`);

describe('bank_admin and system_admin', () => {
  it('create, edit and delete any item of their bank, whoever wrote it', async () => {
    for (const [actor, author] of [
      ['bank_admin', 'branch_admin'],
      ['system_admin', 'bank_admin'],
    ] as const) {
      const id = await createdBy(author);
      const edited = await edit(actor, id, `${actor}が修正`);
      expect(edited.statusCode, edited.body).toBe(200);
      expect((await storedArticle(world.app, BANK_A, id))?.article_title).toBe(`${actor}が修正`);
      const removed = await remove(actor, id);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await storedArticle(world.app, BANK_A, id)).toBeUndefined();
    }
  });
});

describe('branch_admin', () => {
  it('creates items and edits and deletes the ones they wrote', async () => {
    const id = await createdBy('branch_admin', 'column');
    expect((await edit('branch_admin', id, '支店管理者が修正', 'column')).statusCode).toBe(200);
    expect((await remove('branch_admin', id, 'column')).statusCode).toBe(200);
  });

  it("is refused another's item with 403 権限がありません, and it stays as it was", async () => {
    const id = await createdBy('bank_admin');
    const edited = await edit('branch_admin', id, '書き換え');
    expect(edited.statusCode).toBe(403);
    expect(edited.json()).toEqual(FORBIDDEN);
    const removed = await remove('branch_admin', id);
    expect(removed.statusCode).toBe(403);
    expect(await storedArticle(world.app, BANK_A, id)).toMatchObject({ article_title: 'bank_adminの記事' });
  });
});

describe('branch_user', () => {
  it('reads the list, an item, the preview and the applicants', async () => {
    const seminarId = await createdBy('bank_admin', 'seminar');
    const calls = [
      ['POST', '/api/v1/admin/seminar/search', { rows: 25, page: 1 }],
      ['GET', `/api/v1/admin/seminar/${seminarId}`, undefined],
      ['POST', '/api/v1/admin/seminar/preview', { article_body: '<p>下書き</p>' }],
      ['GET', `/api/v1/admin/seminar/${seminarId}/applications`, undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      const response = await world.call(BANK_A, 'branch_user', method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    }
  });

  it('is refused creating, editing and deleting with 403, before its input is even checked', async () => {
    const before = await world.call(BANK_A, 'branch_user', 'POST', '/api/v1/admin/news', {
      fields: validFields('news'),
    });
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual(FORBIDDEN);
    const invalid = await world.call(BANK_A, 'branch_user', 'POST', '/api/v1/admin/news', { fields: {} });
    expect(invalid.statusCode).toBe(403);
    const id = await createdBy('bank_admin');
    expect((await edit('branch_user', id, '閲覧者が修正')).statusCode).toBe(403);
    expect((await remove('branch_user', id)).statusCode).toBe(403);
    expect(await storedArticle(world.app, BANK_A, id)).toMatchObject({ article_title: 'bank_adminの記事' });
  });
});

describe('an item the operator provided', () => {
  it('is changed by system_admin only; the others are refused with the provided-item message', async () => {
    const id = await insertArticle(
      world.app,
      BANK_A,
      articleRow('news', { article_is_own_bank: false, article_provider_name: '運営事務局' }),
    );
    for (const userType of ['bank_admin', 'branch_admin'] as const) {
      const edited = await edit(userType, id, '書き換え');
      expect(edited.statusCode).toBe(403);
      expect(edited.json()).toEqual(PROVIDED_LOCKED);
      expect((await remove(userType, id)).json()).toEqual(PROVIDED_LOCKED);
    }
    const detail = await world.call(BANK_A, 'bank_admin', 'GET', `/api/v1/admin/news/${id}`);
    expect(detail.json().result).toMatchObject({ article_is_own_bank: false, can_edit: false });
    const edited = await edit('system_admin', id, '運営記事の修正');
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await storedArticle(world.app, BANK_A, id)).toMatchObject({
      article_title: '運営記事の修正',
      article_is_own_bank: false,
    });
  });
});

describe('company users and visitors', () => {
  const routes = (id: number) =>
    [
      ['POST', '/api/v1/admin/news/search', { rows: 25, page: 1 }],
      ['GET', `/api/v1/admin/news/${id}`, undefined],
      ['POST', '/api/v1/admin/news', { fields: validFields('news') }],
      ['PUT', `/api/v1/admin/news/${id}`, { fields: validFields('news') }],
      ['DELETE', `/api/v1/admin/news/${id}`, undefined],
      ['POST', '/api/v1/admin/news/preview', { article_body: '<p>x</p>' }],
      ['GET', `/api/v1/admin/seminar/${id}/applications`, undefined],
    ] as const;

  it('refuses a company user on every staff route with 403', async () => {
    const id = await createdBy('bank_admin');
    for (const userType of ['company_owner', 'partner_company_owner'] as const)
      for (const [method, url, payload] of routes(id)) {
        const response = await world.call(BANK_A, userType, method, url, payload);
        expect(response.statusCode, `${userType} ${method} ${url}`).toBe(403);
        expect(response.json().result).toBeUndefined();
      }
    expect(await storedArticle(world.app, BANK_A, id)).toBeDefined();
  });

  it('refuses a visitor with 401', async () => {
    const id = await createdBy('bank_admin');
    for (const [method, url, payload] of routes(id)) {
      const response = await sendAs(world.app, BANK_A, '', method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ status: 'error', message: 'ログインが必要です' });
    }
  });

  it('refuses a change sent without X-Requested-With (another site’s form) with 403', async () => {
    const id = await createdBy('bank_admin');
    const response = await world.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/news/${id}`,
      headers: {
        host: `bank${BANK_A}.localhost:3000`,
        cookie: await world.cookieOf(BANK_A, 'bank_admin'),
      },
    });
    expect(response.statusCode).toBe(403);
    expect(await storedArticle(world.app, BANK_A, id)).toBeDefined();
  });
});

describe("a seminar's applicants", () => {
  it('lists the companies and users who applied, the latest first', async () => {
    const id = await createdBy('bank_admin', 'seminar');
    await applyCompanyUsers(world.app, BANK_A, id, 2);
    const response = await world.call(
      BANK_A,
      'bank_admin',
      'GET',
      `/api/v1/admin/seminar/${id}/applications`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { list } = response.json().result as {
      list: { company_name: string; user_name: string; applied_at: string }[];
    };
    expect(list).toHaveLength(2);
    for (const applicant of list) {
      expect(applicant.company_name).not.toBe('');
      expect(applicant.user_name).toMatch(/^\S+ \S+$/);
      expect(Number.isNaN(Date.parse(applicant.applied_at))).toBe(false);
    }
    const times = list.map((applicant) => applicant.applied_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('answers 404 for an item that is not a seminar, and for other kinds’ segments', async () => {
    const newsId = await createdBy('bank_admin');
    const asSeminar = await world.call(
      BANK_A,
      'bank_admin',
      'GET',
      `/api/v1/admin/seminar/${newsId}/applications`,
    );
    expect(asSeminar.statusCode).toBe(404);
    const onNews = await world.call(BANK_A, 'bank_admin', 'GET', `/api/v1/admin/news/${newsId}/applications`);
    expect(onNews.statusCode).toBe(404);
  });
});

describe("bank A's staff asking for bank B's items", () => {
  it('get 404 and no data on every route, and nothing of bank B changes', async () => {
    const seminarOfB = await insertArticle(
      world.app,
      BANK_B,
      articleRow('seminar', { article_title: '0158のセミナー', seminar_capacity: 10 }),
    );
    const newsOfB = await insertArticle(
      world.app,
      BANK_B,
      articleRow('news', { article_title: '0158のお知らせ' }),
    );
    await applyCompanyUsers(world.app, BANK_B, seminarOfB, 1);
    const before = {
      seminar: await storedArticle(world.app, BANK_B, seminarOfB),
      news: await storedArticle(world.app, BANK_B, newsOfB),
    };

    for (const userType of ['system_admin', 'bank_admin'] as const) {
      const calls = [
        ['GET', `/api/v1/admin/news/${newsOfB}`, undefined],
        [
          'PUT',
          `/api/v1/admin/news/${newsOfB}`,
          { fields: validFields('news', { article_title: '乗っ取り' }) },
        ],
        ['DELETE', `/api/v1/admin/news/${newsOfB}`, undefined],
        ['GET', `/api/v1/admin/seminar/${seminarOfB}`, undefined],
        [
          'PUT',
          `/api/v1/admin/seminar/${seminarOfB}`,
          { fields: validFields('seminar', { article_title: '乗っ取り' }) },
        ],
        ['DELETE', `/api/v1/admin/seminar/${seminarOfB}`, undefined],
        ['GET', `/api/v1/admin/seminar/${seminarOfB}/applications`, undefined],
      ] as const;
      for (const [method, url, payload] of calls) {
        const response = await world.call(BANK_A, userType, method, url, payload);
        expect(response.statusCode, `${userType} ${method} ${url}: ${response.body}`).toBe(404);
        expect(response.json().result).toBeUndefined();
        expect(response.body).not.toContain('0158の');
      }
      const listed = await world.call(BANK_A, userType, 'POST', '/api/v1/admin/news/search', {
        rows: 500,
        page: 1,
        conditions: { keyword: '0158の' },
      });
      expect(listed.json().result.list).toEqual([]);
    }

    expect(await storedArticle(world.app, BANK_B, seminarOfB)).toEqual(before.seminar);
    expect(await storedArticle(world.app, BANK_B, newsOfB)).toEqual(before.news);
  });
});
