import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, japanDateString } from '#server/contracts/japan-day.ts';
import {
  MATCHING_MESSAGES,
  type NeedDetail,
  NEEDS_PER_COMPANY_MAX,
  type OwnNeed,
  type PublishedNeed,
} from '#server/contracts/matching.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { auditEvents, companies, needs } from '#server/db/schema.ts';
import { demoUniqueCode } from '#server/db/seeds/seed-context.ts';
import { apiGet } from '#tests/support/login.ts';
import { type Actor, startWorld, type World } from '#tests/support/world.ts';

/**
 * A company's own needs (/mypage/mybusiness/needs) and the search others make over them
 * (/mypage/matching/search and the need pages): rights, validation, publishing, the keyword
 * search of two-character Japanese words, and what crosses banks — 0182 and 0158 take part in the
 * nationwide network, 9980 does not.
 */

const A = '0182';
const B = '0158';
const OUTSIDE = '9980';
const OWN = '/api/v1/mybusiness/needs';
const SEARCH = '/api/v1/ca/search';

const dayFromToday = (days: number) => japanDateString(new Date(Date.now() + days * DAY_MS));

let world: World;

beforeAll(async () => {
  world = await startWorld({ banks: [A, B, OUTSIDE] });
}, 120_000);
afterAll(async () => {
  await world?.close();
});

// Each test writes the needs it reads: the demo needs are gone.
beforeEach(async () => {
  for (const code of [A, B, OUTSIDE]) {
    await world.db.withBank(code, (tx) => tx.delete(needs));
    await world.db.withBank(code, (tx) =>
      tx.update(companies).set({ company_is_disabled: false, company_is_unsubscribed: false }),
    );
  }
});

const get = async (code: string, actor: Actor, url: string) =>
  apiGet(world.app, code, await world.cookieOf(code, actor), url);
const send = (code: string, actor: Actor, method: string, url: string, payload?: object) =>
  world.send(code, actor, { method, url, ...(payload ? { payload } : {}) });

const fields = (overrides: Record<string, unknown> = {}) => ({
  need_title: '冷凍餃子の販路を広げたい',
  need_category: 'sell',
  need_industry_codes: ['09'],
  need_area_codes: ['13'],
  need_body: '地元の野菜を使った冷凍餃子の卸先を探しています。',
  need_period_start: dayFromToday(-1),
  need_period_end: '',
  need_visibility: 1,
  need_reach: 'nationwide',
  ...overrides,
});

/** A need written through the API by the bank's company of `actor` (the demo owner's: さくら精工). */
async function postNeed(
  code: string,
  overrides: Record<string, unknown> = {},
  actor: Actor = 'company_owner',
) {
  const response = await send(code, actor, 'POST', OWN, fields(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as OwnNeed;
}

/** A need of another demo company of the bank (the partner's: みらいテック), written as it would be. */
const postOtherNeed = (code: string, overrides: Record<string, unknown> = {}) =>
  postNeed(code, overrides, 'partner_company_owner');

async function search(code: string, query: string, actor: Actor = 'company_owner') {
  const response = await get(code, actor, `${SEARCH}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as { list: PublishedNeed[]; paging_data: { total_rows: number } };
}

describe("a company's own needs", () => {
  it('are written, read, changed and deleted by the owner and the user, each change audited', async () => {
    const created = await postNeed(A, { need_reach: 'bank' });
    expect(created).toMatchObject({
      need_title: '冷凍餃子の販路を広げたい',
      need_category: 'sell',
      need_publish_status: 'PUBLISHING',
      need_reach: 'bank',
      need_deal_count: 0,
      need_period_end: null,
    });
    const code = created.ca_unique_code;
    const changed = await send(
      A,
      'company_user',
      'PUT',
      `${OWN}/${code}`,
      fields({ need_title: '冷凍餃子の卸先を探しています', need_visibility: 0 }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().result).toMatchObject({
      need_title: '冷凍餃子の卸先を探しています',
      need_publish_status: 'PRIVATE',
    });
    const list = (await get(A, 'company_owner', OWN)).json().result;
    expect(list.paging_data.total_rows).toBe(1);
    expect(list.list[0].ca_unique_code).toBe(code);
    const removed = await send(A, 'company_owner', 'DELETE', `${OWN}/${code}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(MATCHING_MESSAGES.deleted);
    expect((await get(A, 'company_owner', `${OWN}/${code}`)).statusCode).toBe(404);
    const audits = await world.db.withBank(A, (tx) =>
      tx
        .select({ action: auditEvents.action, target: auditEvents.target_id })
        .from(auditEvents)
        .where(eq(auditEvents.target_id, code)),
    );
    expect(audits.map((row) => row.action).sort()).toEqual(['CREATE', 'DELETE', 'UPDATE']);
  });

  it('are refused to an employee (403) and to bank staff (403), and another company of the bank gets 404', async () => {
    const need = await postNeed(A);
    expect((await send(A, 'company_employee', 'POST', OWN, fields())).statusCode).toBe(403);
    expect((await get(A, 'company_employee', OWN)).statusCode).toBe(403);
    expect((await get(A, 'bank_admin', OWN)).statusCode).toBe(403);
    expect((await get(A, 'partner_company_owner', `${OWN}/${need.ca_unique_code}`)).statusCode).toBe(404);
    expect(
      (await send(A, 'partner_company_owner', 'PUT', `${OWN}/${need.ca_unique_code}`, fields())).statusCode,
    ).toBe(404);
    expect(
      (await send(A, 'partner_company_owner', 'DELETE', `${OWN}/${need.ca_unique_code}`)).statusCode,
    ).toBe(404);
  });

  it("answers the fields' messages and writes nothing for bad input", async () => {
    const response = await send(
      A,
      'company_owner',
      'POST',
      OWN,
      fields({
        need_title: '',
        need_body: 'x'.repeat(4001),
        need_category: 'steal',
        need_period_end: dayFromToday(-3),
        need_visibility: 2,
      }),
    );
    expect(response.statusCode).toBe(400);
    const errors = response.json().errors as Record<string, string[]>;
    expect(errors.need_title).toEqual([VALIDATION_MESSAGES.required]);
    expect(errors.need_body?.[0]).toContain('4000');
    expect(errors.need_category).toEqual([MATCHING_MESSAGES.invalidChoice]);
    expect(errors.need_visibility).toEqual([MATCHING_MESSAGES.invalidChoice]);
    expect(errors.need_period_end).toBeDefined();
    const later = await send(
      A,
      'company_owner',
      'POST',
      OWN,
      fields({ need_period_start: dayFromToday(10), need_period_end: dayFromToday(5) }),
    );
    expect(later.json().errors.need_period_end).toEqual([MATCHING_MESSAGES.periodEndBeforeStart]);
    const unknown = await send(
      A,
      'company_owner',
      'POST',
      OWN,
      fields({ need_industry_codes: ['00'], need_area_codes: ['99'] }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      need_industry_codes: [MATCHING_MESSAGES.invalidChoice],
      need_area_codes: [MATCHING_MESSAGES.invalidChoice],
    });
    const tooMany = await send(
      A,
      'company_owner',
      'POST',
      OWN,
      fields({ need_industry_codes: ['01', '02', '03', '04', '05', '06'] }),
    );
    expect(tooMany.json().errors.need_industry_codes).toEqual([MATCHING_MESSAGES.tooManyIndustries]);
    expect((await send(A, 'company_owner', 'POST', OWN, { need_title: { nested: [1] } })).statusCode).toBe(
      400,
    );
    expect((await send(A, 'company_owner', 'POST', OWN, fields({ need_title: 'a\u0000b' }))).statusCode).toBe(
      400,
    );
    const count = await world.db.withBank(A, (tx) => tx.select().from(needs));
    expect(count).toHaveLength(0);
  });

  it('may reach nationwide only where the bank takes part in the network', async () => {
    const refused = await send(OUTSIDE, 'company_owner', 'POST', OWN, fields());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ need_reach: [MATCHING_MESSAGES.nationwideUnavailable] });
    expect(
      (await send(OUTSIDE, 'company_owner', 'POST', OWN, fields({ need_reach: 'bank' }))).statusCode,
    ).toBe(200);
  });

  it(`stop at ${NEEDS_PER_COMPANY_MAX} per company, also when written at once`, async () => {
    const companyId = (
      await world.db.withBank(A, (tx) =>
        tx
          .select({ id: companies.company_id })
          .from(companies)
          .where(eq(companies.company_unique_code, demoUniqueCode(A, 'company', 'sakura-seiko'))),
      )
    )[0]!.id;
    const owner = await world.userIdOf(A, 'company_owner');
    await world.db.withBank(A, (tx) =>
      tx.insert(needs).values(
        Array.from({ length: NEEDS_PER_COMPANY_MAX - 2 }, (_, index) => ({
          need_unique_code: `limit${index}`,
          company_id: companyId,
          need_title: `上限${index}`,
          need_category: 'buy',
          need_body: '上限の確認',
          need_period_start: dayFromToday(0),
          need_created_by: owner,
          need_updated_by: owner,
        })),
      ),
    );
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => send(A, 'company_owner', 'POST', OWN, fields())),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 422, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)?.json().message).toBe(
      MATCHING_MESSAGES.limitReached,
    );
  });
});

describe('the search', () => {
  it("finds a need by a two-character Japanese word, in the title or the body, never the own company's", async () => {
    const gyoza = await postOtherNeed(A, {
      need_title: '冷凍餃子の卸先募集',
      need_body: '野菜たっぷりの餃子です。',
    });
    await postOtherNeed(A, {
      need_title: '倉庫を貸したい',
      need_body: '湾岸の常温倉庫です。',
      need_category: 'lease',
    });
    await postNeed(A, { need_title: '餃子の皮を買いたい', need_category: 'buy' });
    const found = await search(A, `keyword=${encodeURIComponent('餃子')}`);
    expect(found.list.map((need) => need.ca_unique_code)).toEqual([gyoza.ca_unique_code]);
    expect(found.list[0]).toMatchObject({
      company_name: '株式会社ミライテック・ソリューションズ',
      bank_code: A,
      is_own_bank: true,
    });
    // Full-width and half-width are one (NFKC), and case does not matter.
    await postOtherNeed(A, { need_title: 'ＩＴ導入の相談先', need_body: 'DX推進' });
    expect((await search(A, `keyword=${encodeURIComponent('it')}`)).list).toHaveLength(1);
    expect((await search(A, `keyword=${encodeURIComponent('ｄｘ')}`)).list).toHaveLength(1);
    // Every word must be found.
    expect((await search(A, `keyword=${encodeURIComponent('餃子　倉庫')}`)).list).toHaveLength(0);
    expect((await search(A, `keyword=${encodeURIComponent('冷凍 野菜')}`)).list).toHaveLength(1);
  });

  it('refuses a word of one character, more than five words and odd input (400, with the messages under the field)', async () => {
    const short = await get(A, 'company_owner', `${SEARCH}?keyword=${encodeURIComponent('餃 子供')}`);
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.keyword).toEqual([MATCHING_MESSAGES.keywordTooShort]);
    const many = await get(
      A,
      'company_owner',
      `${SEARCH}?keyword=${encodeURIComponent('ああ いい うう ええ おお かか')}`,
    );
    expect(many.json().errors.keyword).toEqual([MATCHING_MESSAGES.keywordTooMany]);
    expect((await get(A, 'company_owner', `${SEARCH}?category=steal`)).statusCode).toBeGreaterThanOrEqual(
      400,
    );
    expect(
      (await get(A, 'company_owner', `${SEARCH}?keyword=${'あ'.repeat(200)}`)).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect((await get(A, 'company_owner', `${SEARCH}?page=0`)).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('narrows by category, classification, area (a need of no area is anywhere) and bank, and pages', async () => {
    await postOtherNeed(A, {
      need_title: '東京の倉庫',
      need_category: 'lease',
      need_industry_codes: ['47'],
      need_area_codes: ['13'],
    });
    await postOtherNeed(A, {
      need_title: '大阪の倉庫',
      need_category: 'lease',
      need_industry_codes: ['47'],
      need_area_codes: ['27'],
    });
    await postOtherNeed(A, {
      need_title: 'どこでも倉庫',
      need_category: 'lease',
      need_industry_codes: ['44'],
      need_area_codes: [],
    });
    await postOtherNeed(A, {
      need_title: '東京で機械を買いたい',
      need_category: 'buy',
      need_area_codes: ['13'],
    });
    const titles = async (query: string) =>
      (await search(A, query)).list.map((need) => need.need_title).sort();
    expect(await titles('category=lease&area_code=13')).toEqual(['どこでも倉庫', '東京の倉庫']);
    expect(await titles('category=lease&industry_code=47')).toEqual(['大阪の倉庫', '東京の倉庫']);
    expect(await titles(`keyword=${encodeURIComponent('倉庫')}&area_code=27`)).toEqual([
      'どこでも倉庫',
      '大阪の倉庫',
    ]);
    const first = await search(A, 'rows=3&page=1');
    const second = await search(A, 'rows=3&page=2');
    expect(first.paging_data.total_rows).toBe(4);
    expect(first.list).toHaveLength(3);
    expect(second.list).toHaveLength(1);
    // Newest first by default without a keyword.
    expect(first.list[0]?.need_title).toBe('東京で機械を買いたい');
  });

  it('ranks a word in the title above one in the body when ordered by relevance', async () => {
    await postOtherNeed(A, { need_title: '配送の協力会社', need_body: '冷蔵トラックで運びます。' });
    await postOtherNeed(A, {
      need_title: '冷蔵トラックを借りたい',
      need_body: '繁忙期だけ使います。',
      need_category: 'rent',
    });
    const ranked = await search(A, `keyword=${encodeURIComponent('冷蔵')}&order=relevance`);
    expect(ranked.list.map((need) => need.need_title)).toEqual(['冷蔵トラックを借りたい', '配送の協力会社']);
  });

  it('shows only needs within their period and public', async () => {
    await postOtherNeed(A, { need_title: '公開中の募集', need_period_start: dayFromToday(-3) });
    await postOtherNeed(A, { need_title: '公開前の募集', need_period_start: dayFromToday(3) });
    await postOtherNeed(A, { need_title: '非公開の募集', need_visibility: 0 });
    const ended = await postOtherNeed(A, { need_title: '終了した募集' });
    await world.db.withBank(A, (tx) =>
      tx
        .update(needs)
        .set({ need_period_start: dayFromToday(-10), need_period_end: dayFromToday(-1) })
        .where(eq(needs.need_unique_code, ended.ca_unique_code)),
    );
    expect((await search(A, '')).list.map((need) => need.need_title)).toEqual(['公開中の募集']);
    for (const title of ['公開前の募集', '非公開の募集', '終了した募集']) {
      const [row] = await world.db.withBank(A, (tx) =>
        tx.select({ code: needs.need_unique_code }).from(needs).where(eq(needs.need_title, title)),
      );
      expect((await get(A, 'company_owner', `/api/v1/ca/${row!.code}`)).statusCode, title).toBe(404);
    }
  });

  it("drops a company's needs while it is disabled or has left, and shows its new name", async () => {
    await postOtherNeed(A, { need_title: '名前の確認' });
    const partnerCompany = demoUniqueCode(A, 'company', 'mirai-tech');
    await world.db.withBank(A, (tx) =>
      tx
        .update(companies)
        .set({ company_name: '新ミライテック株式会社' })
        .where(eq(companies.company_unique_code, partnerCompany)),
    );
    expect((await search(A, '')).list[0]?.company_name).toBe('新ミライテック株式会社');
    await world.db.withBank(A, (tx) =>
      tx
        .update(companies)
        .set({ company_is_disabled: true })
        .where(eq(companies.company_unique_code, partnerCompany)),
    );
    expect((await search(A, '')).list).toHaveLength(0);
    await world.db.withBank(A, (tx) =>
      tx
        .update(companies)
        .set({ company_is_disabled: false, company_name: '株式会社ミライテック・ソリューションズ' })
        .where(eq(companies.company_unique_code, partnerCompany)),
    );
    expect((await search(A, '')).list).toHaveLength(1);
  });

  it('is refused without the three permissions the search page needs (403)', async () => {
    expect((await get(A, 'company_employee', SEARCH)).statusCode).toBe(403);
    expect((await get(A, 'bank_admin', SEARCH)).statusCode).toBe(403);
    expect((await get(A, 'visitor', SEARCH)).statusCode).toBe(401);
  });
});

describe('across banks', () => {
  it("shows a nationwide need to the network's other bank, through the projection's public fields only", async () => {
    const nationwide = await postNeed(A, { need_title: '全国の取引先を探す' });
    await postNeed(A, { need_title: '当行限定の募集', need_reach: 'bank' }, 'partner_company_owner');
    const found = await search(B, '');
    expect(found.list.map((need) => need.need_title)).toEqual(['全国の取引先を探す']);
    const [need] = found.list;
    expect(Object.keys(need!).sort()).toEqual(
      [
        'bank_code',
        'bank_name',
        'ca_unique_code',
        'company_name',
        'company_prefecture_code',
        'company_unique_code',
        'is_own_bank',
        'need_area_codes',
        'need_body',
        'need_category',
        'need_images',
        'need_industry_codes',
        'need_is_nationwide',
        'need_period_end',
        'need_period_start',
        'need_title',
        'need_updated_at',
      ].sort(),
    );
    expect(need).toMatchObject({
      bank_code: A,
      bank_name: 'しおさい銀行',
      is_own_bank: false,
      company_name: 'さくら精工株式会社',
    });
    const detail = await get(B, 'company_owner', `/api/v1/ca/${nationwide.ca_unique_code}`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json().result as NeedDetail;
    expect(Object.keys(body).sort()).toEqual(
      [...Object.keys(need!), 'is_favorite', 'open_cmh_unique_code'].sort(),
    );
    // The answer names nobody: no user, no e-mail, no id of the database.
    expect(detail.body).not.toMatch(/user|mail|_id"|need_visibility|need_reach|created_by/);
    // scope=own leaves the other bank out, also where the index looks the keyword up.
    expect((await search(B, 'scope=own')).list).toHaveLength(0);
    const keyword = `keyword=${encodeURIComponent('取引')}`;
    expect((await search(B, keyword)).list.map((found) => found.need_title)).toEqual(['全国の取引先を探す']);
    expect((await search(B, `${keyword}&scope=own`)).list).toHaveLength(0);
    expect((await search(B, `keyword=${encodeURIComponent('限定')}`)).list).toHaveLength(0);
  });

  it("pages the newest needs of the bank's own companies and the network's nationwide ones as one list", async () => {
    // Written one after another: the newest first is the last written.
    await postNeed(A, { need_title: '全国1' }, 'partner_company_owner');
    await postOtherNeed(B, { need_title: '当行1', need_reach: 'bank' });
    await postNeed(A, { need_title: '当行限定', need_reach: 'bank' }, 'partner_company_owner');
    await postNeed(A, { need_title: '全国2' }, 'partner_company_owner');
    await postOtherNeed(B, { need_title: '当行2' });
    const first = await search(B, 'rows=3&page=1');
    const second = await search(B, 'rows=3&page=2');
    expect(first.list.map((need) => need.need_title)).toEqual(['当行2', '全国2', '当行1']);
    expect(second.list.map((need) => need.need_title)).toEqual(['全国1']);
    expect(first.paging_data.total_rows).toBe(4);
    expect((await search(B, 'rows=3&page=3')).paging_data.total_rows).toBe(4);
    const own = await search(B, 'scope=own');
    expect(own.list.map((need) => need.need_title)).toEqual(['当行2', '当行1']);
    expect(own.paging_data.total_rows).toBe(2);
  });

  it('hides every need of another bank from a bank outside the network, and its own nationwide needs stay its own', async () => {
    const nationwide = await postNeed(A, { need_title: '全国の取引先を探す' });
    const bankOnly = await postNeed(A, { need_title: '当行限定の募集', need_reach: 'bank' });
    expect((await search(OUTSIDE, '')).list).toHaveLength(0);
    for (const need of [nationwide, bankOnly]) {
      expect((await get(OUTSIDE, 'company_owner', `/api/v1/ca/${need.ca_unique_code}`)).statusCode).toBe(404);
      expect((await get(OUTSIDE, 'company_owner', `${OWN}/${need.ca_unique_code}`)).statusCode).toBe(404);
      expect(
        (
          await send(
            OUTSIDE,
            'company_owner',
            'PUT',
            `${OWN}/${need.ca_unique_code}`,
            fields({ need_reach: 'bank' }),
          )
        ).statusCode,
      ).toBe(404);
      expect(
        (await send(OUTSIDE, 'company_owner', 'DELETE', `${OWN}/${need.ca_unique_code}`)).statusCode,
      ).toBe(404);
    }
    // The network's other bank cannot read the bank-only need, nor change the nationwide one.
    expect((await get(B, 'company_owner', `/api/v1/ca/${bankOnly.ca_unique_code}`)).statusCode).toBe(404);
    expect(
      (await send(B, 'company_owner', 'PUT', `${OWN}/${nationwide.ca_unique_code}`, fields())).statusCode,
    ).toBe(404);
    expect((await send(B, 'company_owner', 'DELETE', `${OWN}/${nationwide.ca_unique_code}`)).statusCode).toBe(
      404,
    );
    // A nationwide need of 9980 (written before it left the network) reaches nobody else.
    const outsideOwner = await world.userIdOf(OUTSIDE, 'company_owner');
    await world.db.withBank(OUTSIDE, async (tx) => {
      const [company] = await tx
        .select({ id: companies.company_id })
        .from(companies)
        .where(eq(companies.company_unique_code, demoUniqueCode(OUTSIDE, 'company', 'minato-foods')));
      await tx.insert(needs).values({
        need_unique_code: 'outsidenationwide',
        company_id: company!.id,
        need_title: '外の全国募集',
        need_category: 'sell',
        need_body: '外',
        need_period_start: dayFromToday(-1),
        need_reach: 'nationwide',
        need_created_by: outsideOwner,
        need_updated_by: outsideOwner,
      });
    });
    expect((await search(A, '')).list.map((need) => need.need_title)).not.toContain('外の全国募集');
    expect((await search(A, `keyword=${encodeURIComponent('全国')}`)).list).toHaveLength(0);
    expect((await search(OUTSIDE, `keyword=${encodeURIComponent('取引')}`)).list).toHaveLength(0);
    expect((await get(A, 'company_owner', '/api/v1/ca/outsidenationwide')).statusCode).toBe(404);
  });
});

describe('favourites and company pages', () => {
  it("keeps a user's favourite needs, drops one no longer published, and refuses what the user may not read", async () => {
    const near = await postOtherNeed(A, { need_title: '当行の募集' });
    const far = await postNeed(B, { need_title: '他行の全国募集' });
    const hidden = await postNeed(OUTSIDE, { need_title: '圏外の募集', need_reach: 'bank' });
    for (const need of [near, far]) {
      const added = await send(A, 'company_user', 'POST', `/api/v1/favca/${need.ca_unique_code}`);
      expect(added.statusCode, added.body).toBe(200);
    }
    // Twice is once.
    expect((await send(A, 'company_user', 'POST', `/api/v1/favca/${near.ca_unique_code}`)).statusCode).toBe(
      200,
    );
    expect((await send(A, 'company_user', 'POST', `/api/v1/favca/${hidden.ca_unique_code}`)).statusCode).toBe(
      404,
    );
    const list = (await get(A, 'company_user', '/api/v1/favca')).json().result;
    expect(list.list.map((need: PublishedNeed) => need.need_title)).toEqual(['他行の全国募集', '当行の募集']);
    expect((await get(A, 'company_user', `/api/v1/ca/${far.ca_unique_code}`)).json().result.is_favorite).toBe(
      true,
    );
    // Another user of the company keeps a list of their own.
    expect((await get(A, 'company_owner', '/api/v1/favca')).json().result.list).toEqual([]);
    await send(
      B,
      'company_owner',
      'PUT',
      `${OWN}/${far.ca_unique_code}`,
      fields({ need_title: '他行の全国募集', need_visibility: 0 }),
    );
    expect(
      (await get(A, 'company_user', '/api/v1/favca'))
        .json()
        .result.list.map((need: PublishedNeed) => need.need_title),
    ).toEqual(['当行の募集']);
    expect((await send(A, 'company_user', 'DELETE', `/api/v1/favca/${near.ca_unique_code}`)).statusCode).toBe(
      200,
    );
    expect((await send(A, 'company_user', 'DELETE', `/api/v1/favca/${near.ca_unique_code}`)).statusCode).toBe(
      404,
    );
  });

  it("shows the bank's own company with its profile, another bank's only by its nationwide needs, and a third bank nothing", async () => {
    await postOtherNeed(A, { need_title: '全国の募集', need_reach: 'nationwide' });
    await postOtherNeed(A, { need_title: '当行だけの募集', need_reach: 'bank' });
    const partnerCode = demoUniqueCode(A, 'company', 'mirai-tech');
    const own = (await get(A, 'company_owner', `/api/v1/matching/company/${partnerCode}`)).json().result;
    expect(own).toMatchObject({ is_own_bank: true, company_name: '株式会社ミライテック・ソリューションズ' });
    expect(own.profile).not.toBeNull();
    expect(own.needs.map((need: PublishedNeed) => need.need_title).sort()).toEqual([
      '全国の募集',
      '当行だけの募集',
    ]);
    const far = await get(B, 'company_owner', `/api/v1/matching/company/${partnerCode}`);
    expect(far.statusCode).toBe(200);
    expect(far.json().result).toMatchObject({ is_own_bank: false, profile: null, bank_name: 'しおさい銀行' });
    expect(far.json().result.needs.map((need: PublishedNeed) => need.need_title)).toEqual(['全国の募集']);
    expect((await get(OUTSIDE, 'company_owner', `/api/v1/matching/company/${partnerCode}`)).statusCode).toBe(
      404,
    );
    // A company of the other bank with no nationwide need is no page of B's.
    expect(
      (
        await get(
          B,
          'company_owner',
          `/api/v1/matching/company/${demoUniqueCode(A, 'company', 'komorebi-tax')}`,
        )
      ).statusCode,
    ).toBe(404);
  });
});
