import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminArticleListItem } from '#server/contracts/news-staff.ts';
import {
  applyCompanyUsers,
  articleRow,
  BANK_A,
  daysFromToday,
  insertArticle,
  type Segment,
  type StaffWorld,
  startStaffWorld,
  uniqueWord,
  validFields,
} from './admin-world.ts';

/** POST /api/v1/admin/{segment}/search: the staff's list, its paging and each search condition. */

let world: StaffWorld;

beforeAll(async () => {
  world = await startStaffWorld();
});
afterAll(async () => {
  await world?.close();
});

async function search(body: object, segment: Segment = 'news', userType: 'bank_admin' = 'bank_admin') {
  const response = await world.call(BANK_A, userType, 'POST', `/api/v1/admin/${segment}/search`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as {
    list: AdminArticleListItem[];
    paging_data: Record<string, unknown>;
  };
}

/** The titles a search by the test's word (and further conditions) finds, in the list's order. */
async function titlesFound(word: string, conditions: object = {}, segment: Segment = 'news') {
  const { list } = await search(
    { rows: 500, page: 1, conditions: { keyword: word, ...conditions } },
    segment,
  );
  return list.map((item) => item.article_title);
}

describe('the paging contract', () => {
  let word: string;

  beforeAll(async () => {
    word = uniqueWord();
    for (let index = 1; index <= 12; index += 1)
      await insertArticle(
        world.app,
        BANK_A,
        articleRow('news', {
          article_title: `${word} ${String(index).padStart(2, '0')}`,
          // One second apart: item 12 is the most recently updated.
          article_updated_at: new Date(Date.UTC(2025, 0, 1, 0, 0, index)),
        }),
      );
  });

  it('answers a first page of 5 out of 12 with the paging data', async () => {
    const { list, paging_data } = await search({ rows: 5, page: 1, conditions: { keyword: word } });
    expect(list.map((item) => item.article_title)).toEqual(
      ['12', '11', '10', '09', '08'].map((n) => `${word} ${n}`),
    );
    expect(paging_data).toEqual({
      total_rows: 12,
      total_pages: 3,
      page: 1,
      rows: 5,
      is_first_page: true,
      prev_page: null,
      is_last_page: false,
      next_page: 2,
    });
  });

  it('answers the last page with what is left', async () => {
    const { list, paging_data } = await search({ rows: 5, page: 3, conditions: { keyword: word } });
    expect(list.map((item) => item.article_title)).toEqual([`${word} 02`, `${word} 01`]);
    expect(paging_data).toMatchObject({ page: 3, is_last_page: true, next_page: null, prev_page: 2 });
  });

  it('answers a page past the end with an empty list and the true total', async () => {
    const { list, paging_data } = await search({ rows: 5, page: 4, conditions: { keyword: word } });
    expect(list).toEqual([]);
    expect(paging_data).toMatchObject({ total_rows: 12, total_pages: 3, page: 4, is_last_page: true });
  });

  it('accepts each of the page sizes 5, 10, 25, 50, 100 and 500', async () => {
    for (const rows of [5, 10, 25, 50, 100, 500]) {
      const { list, paging_data } = await search({ rows, page: 1, conditions: { keyword: word } });
      expect(list).toHaveLength(Math.min(rows, 12));
      expect(paging_data).toMatchObject({ rows, total_rows: 12, total_pages: Math.ceil(12 / rows) });
    }
  });

  it('refuses a page size of 0 or over 500, and page 0, with 400', async () => {
    for (const body of [{ rows: 0 }, { rows: 501 }, { rows: 25, page: 0 }, { rows: 'all' }]) {
      const response = await world.call(BANK_A, 'bank_admin', 'POST', '/api/v1/admin/news/search', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().status).toBe('error');
    }
  });

  it('orders the most recently updated first, then the newest id', async () => {
    const sameMoment = new Date(Date.UTC(2030, 0, 1));
    const other = uniqueWord();
    const first = await insertArticle(
      world.app,
      BANK_A,
      articleRow('news', { article_title: `${other} a`, article_updated_at: sameMoment }),
    );
    const second = await insertArticle(
      world.app,
      BANK_A,
      articleRow('news', { article_title: `${other} b`, article_updated_at: sameMoment }),
    );
    const { list } = await search({ rows: 25, page: 1, conditions: { keyword: other } });
    expect(list.map((item) => item.article_id)).toEqual([second, first]);
  });
});

describe('each search condition', () => {
  it('finds the keyword in the title or the body text, whatever its case', async () => {
    const word = uniqueWord();
    await insertArticle(world.app, BANK_A, articleRow('news', { article_title: `${word} Alpha 題名` }));
    await insertArticle(
      world.app,
      BANK_A,
      articleRow('news', {
        article_title: `本文だけ ${word}x`,
        article_body: `<p>本文に ALPHA-${word} があります</p>`,
      }),
    );
    await insertArticle(world.app, BANK_A, articleRow('news', { article_title: `${word} ほか` }));
    expect(await titlesFound(`alpha-${word}`)).toEqual([`本文だけ ${word}x`]);
    expect(await titlesFound(`${word} alpha`)).toEqual([`${word} Alpha 題名`]);
  });

  it('takes % and _ in a keyword literally', async () => {
    const word = uniqueWord();
    await insertArticle(
      world.app,
      BANK_A,
      articleRow('news', { article_title: `${word} 金利0.5%の定期預金` }),
    );
    await insertArticle(world.app, BANK_A, articleRow('news', { article_title: `${word} 金利05の定期預金` }));
    await insertArticle(world.app, BANK_A, articleRow('news', { article_title: `${word} a_b` }));
    await insertArticle(world.app, BANK_A, articleRow('news', { article_title: `${word} axb` }));
    expect(await titlesFound(`${word} 金利0.5%`)).toEqual([`${word} 金利0.5%の定期預金`]);
    expect(await titlesFound(`${word} a_b`)).toEqual([`${word} a_b`]);
  });

  it("never matches the body's markup, and finds text written with & in it", async () => {
    const word = uniqueWord();
    await insertArticle(
      world.app,
      BANK_A,
      articleRow('news', {
        article_title: `${word} 見出し`,
        article_body: `<p><strong>R&amp;D</strong> 支援 ${word}</p>`,
      }),
    );
    const markup = await search({ rows: 500, page: 1, conditions: { keyword: `strong>R` } });
    expect(markup.list.map((item) => item.article_title)).not.toContain(`${word} 見出し`);
    const ampersand = await search({ rows: 500, page: 1, conditions: { keyword: 'R&D 支援' } });
    expect(ampersand.list.map((item) => item.article_title)).toContain(`${word} 見出し`);
  });

  it('filters by category and answers its name from the master', async () => {
    const word = uniqueWord();
    await insertArticle(
      world.app,
      BANK_A,
      articleRow('news', { article_title: `${word} 重要`, category_code: 'important' }),
    );
    await insertArticle(
      world.app,
      BANK_A,
      articleRow('news', { article_title: `${word} 通常`, category_code: 'notice' }),
    );
    const { list } = await search({
      rows: 25,
      page: 1,
      conditions: { keyword: word, category_code: 'important' },
    });
    expect(list.map((item) => [item.article_title, item.category_code, item.category_name])).toEqual([
      [`${word} 重要`, 'important', '重要なお知らせ'],
    ]);
  });

  it('filters by publication status on today, and answers each row its status', async () => {
    const word = uniqueWord();
    const titleOf = {
      private: `${word} 非公開`,
      scheduled: `${word} 公開前`,
      published: `${word} 公開中`,
      ended: `${word} 公開終了`,
    };
    await insertArticle(
      world.app,
      BANK_A,
      articleRow('news', { article_title: titleOf.private, article_visibility: 0 }),
    );
    await insertArticle(
      world.app,
      BANK_A,
      articleRow('news', { article_title: titleOf.scheduled, article_publish_start: daysFromToday(1) }),
    );
    await insertArticle(
      world.app,
      BANK_A,
      articleRow('news', {
        article_title: titleOf.published,
        article_publish_start: daysFromToday(-3),
        article_publish_end: daysFromToday(0),
      }),
    );
    await insertArticle(
      world.app,
      BANK_A,
      articleRow('news', {
        article_title: titleOf.ended,
        article_publish_start: daysFromToday(-30),
        article_publish_end: daysFromToday(-1),
      }),
    );
    for (const status of ['private', 'scheduled', 'published', 'ended'] as const) {
      const { list } = await search({ rows: 25, page: 1, conditions: { keyword: word, status } });
      expect(list.map((item) => [item.article_title, item.publication_status])).toEqual([
        [titleOf[status], status],
      ]);
    }
  });

  it('filters by publication period: items whose period overlaps the one asked for', async () => {
    const word = uniqueWord();
    const period = (start: number, end: number | null) => ({
      article_publish_start: daysFromToday(start),
      article_publish_end: end === null ? null : daysFromToday(end),
    });
    await insertArticle(
      world.app,
      BANK_A,
      articleRow('news', { article_title: `${word} 前`, ...period(-40, -21) }),
    );
    await insertArticle(
      world.app,
      BANK_A,
      articleRow('news', { article_title: `${word} 重なる`, ...period(-25, -15) }),
    );
    await insertArticle(
      world.app,
      BANK_A,
      articleRow('news', { article_title: `${word} 終わりなし`, ...period(-60, null) }),
    );
    await insertArticle(
      world.app,
      BANK_A,
      articleRow('news', { article_title: `${word} 後`, ...period(-9, 5) }),
    );
    const overlapping = await titlesFound(word, {
      publish_from: daysFromToday(-20),
      publish_to: daysFromToday(-10),
    });
    expect(overlapping.sort()).toEqual([`${word} 終わりなし`, `${word} 重なる`].sort());
    expect((await titlesFound(word, { publish_from: daysFromToday(0) })).sort()).toEqual(
      [`${word} 後`, `${word} 終わりなし`].sort(),
    );
    expect((await titlesFound(word, { publish_to: daysFromToday(-30) })).sort()).toEqual(
      [`${word} 前`, `${word} 終わりなし`].sort(),
    );
  });

  it('filters by target: partner-only or non-partner-only items', async () => {
    const word = uniqueWord();
    for (const target of ['all', 'partner', 'non_partner'] as const)
      await insertArticle(
        world.app,
        BANK_A,
        articleRow('news', { article_title: `${word} ${target}`, article_target: target }),
      );
    expect(await titlesFound(word, { target: 'partner' })).toEqual([`${word} partner`]);
    expect(await titlesFound(word, { target: 'non_partner' })).toEqual([`${word} non_partner`]);
    expect(await titlesFound(word)).toHaveLength(3);
  });

  it("filters by bank: the bank's own items, those the operator provided, or all", async () => {
    const word = uniqueWord();
    await insertArticle(world.app, BANK_A, articleRow('news', { article_title: `${word} 自行` }));
    await insertArticle(
      world.app,
      BANK_A,
      articleRow('news', {
        article_title: `${word} 提供`,
        article_is_own_bank: false,
        article_provider_name: '運営事務局',
      }),
    );
    expect(await titlesFound(word, { bank: 'own' })).toEqual([`${word} 自行`]);
    expect(await titlesFound(word, { bank: 'other' })).toEqual([`${word} 提供`]);
    expect(await titlesFound(word, { bank: 'all' })).toHaveLength(2);
  });

  it("lists items ending on or before a day, the soonest ending first (the dashboard's ending soon)", async () => {
    const word = uniqueWord();
    const endingIn = (days: number | null) =>
      articleRow('news', {
        article_title: `${word} ${days ?? 'なし'}`,
        article_publish_start: daysFromToday(-1),
        article_publish_end: days === null ? null : daysFromToday(days),
      });
    for (const days of [40, 20, null, 3]) await insertArticle(world.app, BANK_A, endingIn(days));
    expect(await titlesFound(word, { status: 'published', publish_end_to: daysFromToday(30) })).toEqual([
      `${word} 3`,
      `${word} 20`,
    ]);
  });

  it('lists seminars still to be held, the soonest first, when asked for upcoming ones', async () => {
    const word = uniqueWord();
    const heldIn = (days: number) =>
      articleRow('seminar', {
        article_title: `${word} ${days}`,
        article_publish_start: daysFromToday(-30),
        seminar_held_at: new Date(`${daysFromToday(days)}T10:00:00+09:00`),
        seminar_apply_deadline: daysFromToday(Math.min(days, 0) - 1),
      });
    for (const days of [20, -2, 5]) await insertArticle(world.app, BANK_A, heldIn(days));
    expect(await titlesFound(word, { upcoming: true }, 'seminar')).toEqual([`${word} 5`, `${word} 20`]);
    expect(await titlesFound(word, {}, 'seminar')).toHaveLength(3);
  });

  it('lists only the kind of its segment', async () => {
    const word = uniqueWord();
    await insertArticle(world.app, BANK_A, articleRow('column', { article_title: `${word} コラム` }));
    expect(await titlesFound(word, {}, 'news')).toEqual([]);
    expect(await titlesFound(word, {}, 'column')).toEqual([`${word} コラム`]);
  });

  it('refuses an unknown status or target with 400', async () => {
    for (const conditions of [
      { status: 'draft' },
      { target: 'all' },
      { bank: 'mine' },
      { publish_from: '2025/01/01' },
    ]) {
      const response = await world.call(BANK_A, 'bank_admin', 'POST', '/api/v1/admin/news/search', {
        rows: 25,
        page: 1,
        conditions,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('what each row carries', () => {
  it('names the author and says who may edit it', async () => {
    const word = uniqueWord();
    const created = await world.call(BANK_A, 'bank_admin', 'POST', '/api/v1/admin/news', {
      fields: validFields('news', { article_title: `${word} 管理者の記事` }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const row = async (userType: 'bank_admin' | 'branch_admin' | 'branch_user' | 'system_admin') => {
      const response = await world.call(BANK_A, userType, 'POST', '/api/v1/admin/news/search', {
        rows: 25,
        page: 1,
        conditions: { keyword: word },
      });
      return (response.json().result.list as AdminArticleListItem[])[0];
    };
    expect(await row('bank_admin')).toMatchObject({
      author_name: '渡辺 真理子',
      can_edit: true,
      article_is_own_bank: true,
    });
    expect(await row('system_admin')).toMatchObject({ can_edit: true });
    expect(await row('branch_admin')).toMatchObject({ can_edit: false });
    expect(await row('branch_user')).toMatchObject({ can_edit: false });
  });

  it("answers a seminar's date, capacity, applications and status", async () => {
    const word = uniqueWord();
    const seminarId = await insertArticle(
      world.app,
      BANK_A,
      articleRow('seminar', { article_title: `${word} 事業承継セミナー`, seminar_capacity: 2 }),
    );
    await applyCompanyUsers(world.app, BANK_A, seminarId, 1);
    const [accepting] = (await search({ rows: 25, page: 1, conditions: { keyword: word } }, 'seminar')).list;
    expect(accepting).toMatchObject({
      article_kind: 'seminar',
      seminar_capacity: 2,
      seminar_applied_count: 1,
      seminar_status: 'accepting',
      pi_status: null,
    });
    expect(accepting?.seminar_held_at).toBe(new Date(`${daysFromToday(30)}T14:00:00+09:00`).toISOString());
  });

  it('answers partner information its review status, and no seminar data for other kinds', async () => {
    const word = uniqueWord();
    await insertArticle(
      world.app,
      BANK_A,
      articleRow('partner_information', { article_title: `${word} PI`, pi_status: 'REVIEWING' }),
    );
    const [item] = (await search({ rows: 25, page: 1, conditions: { keyword: word } }, 'pi')).list;
    expect(item).toMatchObject({
      article_kind: 'partner_information',
      pi_status: 'REVIEWING',
      seminar_applied_count: null,
      seminar_status: null,
      seminar_held_at: null,
    });
  });
});
