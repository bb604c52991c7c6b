import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, japanDateString } from '#server/contracts/japan-day.ts';
import type { OwnNeed } from '#server/contracts/matching.ts';
import type { Deal } from '#server/contracts/matching-deals.ts';
import {
  addMonths,
  type MatchingAnalysis,
  STAFF_MATCHING_MESSAGES,
  type StaffDealDetail,
  type StaffDealListItem,
  type StaffNeedDetail,
  type StaffNeedListItem,
} from '#server/contracts/matching-staff.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { bankBranches, companies, matchingDeals, needs } from '#server/db/schema.ts';
import { apiGet } from '#tests/support/login.ts';
import { type Actor, startWorld, type World } from '#tests/support/world.ts';

/**
 * The bank staff's side of business matching (issue 17 item 7): /admin/company/needs,
 * /admin/company/matching (lists, CSV files, details) and /admin/xba/analyse. Three banks: 0182 and
 * 0158 take part in the nationwide network, 9980 does not. The demo companies: the owner's さくら精工
 * (branch 001) and the partner's ミライテック (branch 050); the branch admin has 001, the branch user
 * 001 and 010.
 */

const A = '0182';
const B = '0158';
const OUTSIDE = '9980';
const NEEDS = '/api/v1/admin/company/needs';
const DEALS = '/api/v1/admin/company/matching';
const ANALYSE = '/api/v1/admin/xba/analyse';
const STAFF: readonly Actor[] = ['system_admin', 'bank_admin', 'branch_admin', 'branch_user'];
const COMPANY_USERS: readonly Actor[] = [
  'company_owner',
  'company_user',
  'partner_company_owner',
  'company_employee',
];

const SAKURA = 'さくら精工株式会社';
const MIRAI = '株式会社ミライテック・ソリューションズ';

const dayFromToday = (days: number) => japanDateString(new Date(Date.now() + days * DAY_MS));
const thisMonth = () => japanDateString().slice(0, 7);

let world: World;

beforeAll(async () => {
  world = await startWorld({ banks: [A, B, OUTSIDE] });
}, 120_000);
afterAll(async () => {
  await world?.close();
});

// Each test writes the needs and deals it reads: the demo ones are gone.
beforeEach(async () => {
  for (const code of [A, B, OUTSIDE]) {
    await world.db.withBank(code, async (tx) => {
      await tx.delete(matchingDeals);
      await tx.delete(needs);
    });
  }
});

const get = async (code: string, actor: Actor, url: string) =>
  apiGet(world.app, code, await world.cookieOf(code, actor), url);
const post = (code: string, actor: Actor, url: string, payload: object) =>
  world.send(code, actor, { method: 'POST', url, payload });

/** A need written through the company's own API by the account's company. */
async function postNeed(code: string, actor: Actor, overrides: Record<string, unknown> = {}) {
  const response = await post(code, actor, '/api/v1/mybusiness/needs', {
    need_title: '冷凍餃子の販路を広げたい',
    need_category: 'sell',
    need_industry_codes: [],
    need_area_codes: [],
    need_body: '地元の野菜を使った冷凍餃子の卸先を探しています。',
    need_period_start: dayFromToday(-1),
    need_period_end: '',
    need_visibility: 1,
    need_reach: 'nationwide',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as OwnNeed;
}

/** A deal request on `need` sent by the account's company of bank `code`. */
async function requestDeal(code: string, actor: Actor, need: OwnNeed) {
  const response = await post(code, actor, '/api/v1/cmh', {
    ca_unique_code: need.ca_unique_code,
    cmh_request_type: 'deal',
    cmh_message: '弊社のフォークリフトをご提案できます。',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as Deal;
}

type Page<T> = { list: T[]; paging_data: { total_rows: number } };

async function searchNeeds(code: string, actor: Actor, conditions: object = {}, paging: object = {}) {
  const response = await post(code, actor, `${NEEDS}/search`, { conditions, ...paging });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as Page<StaffNeedListItem>;
}

async function searchDeals(code: string, actor: Actor, conditions: object = {}) {
  const response = await post(code, actor, `${DEALS}/search`, { conditions });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as Page<StaffDealListItem>;
}

async function analysis(code: string, actor: Actor, query = '') {
  const response = await get(code, actor, `${ANALYSE}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as MatchingAnalysis;
}

/** A CSV answer's lines (byte order mark checked and taken off). */
function csvLines(body: string): string[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return body
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '');
}

/** Three needs of 0182: さくら精工's public and private ones, ミライテック's nationwide one. */
async function needsOfA() {
  const sakura = await postNeed(A, 'company_owner', {
    need_title: '精密部品の加工先を探しています',
    need_category: 'build',
    need_reach: 'bank',
  });
  const hidden = await postNeed(A, 'company_owner', {
    need_title: '社内の遊休設備を売りたい',
    need_body: '旋盤2台、非公開で検討中です。',
    need_visibility: 0,
  });
  const mirai = await postNeed(A, 'partner_company_owner', {
    need_title: '中古のフォークリフトを買いたい',
    need_category: 'buy',
  });
  return { sakura, hidden, mirai };
}

describe('who may call the staff routes', () => {
  it('refuses company users by access (403) and visitors (401) on every route, lists, files and analysis', async () => {
    const { mirai } = await needsOfA();
    const deal = await requestDeal(A, 'company_owner', mirai);
    const routes = [
      ['POST', `${NEEDS}/search`],
      ['GET', `${NEEDS}/export.csv`],
      ['GET', `${NEEDS}/${mirai.ca_unique_code}`],
      ['POST', `${DEALS}/search`],
      ['GET', `${DEALS}/export.csv`],
      ['GET', `${DEALS}/${deal.cmh_unique_code}`],
      ['GET', ANALYSE],
    ] as const;
    for (const [method, url] of routes) {
      for (const actor of [...COMPANY_USERS, 'visitor'] as const) {
        const response = await world.send(A, actor, {
          method,
          url,
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        expect(response.statusCode, `${actor} ${method} ${url}`).toBe(actor === 'visitor' ? 401 : 403);
      }
      for (const actor of STAFF) {
        if (actor !== 'system_admin' && actor !== 'bank_admin' && url.includes(mirai.ca_unique_code))
          continue;
        if (actor !== 'system_admin' && actor !== 'bank_admin' && url.includes(deal.cmh_unique_code))
          continue;
        const response = await world.send(A, actor, {
          method,
          url,
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        expect(response.statusCode, `${actor} ${method} ${url}: ${response.body.slice(0, 200)}`).toBe(200);
      }
    }
  });
});

describe('/admin/company/needs', () => {
  it('lists every need of the bank’s companies, private ones included, newest first, with the columns', async () => {
    const { sakura, hidden, mirai } = await needsOfA();
    await requestDeal(A, 'company_owner', mirai);
    const page = await searchNeeds(A, 'bank_admin');
    expect(page.paging_data.total_rows).toBe(3);
    expect(page.list.map((need) => need.ca_unique_code)).toEqual([
      mirai.ca_unique_code,
      hidden.ca_unique_code,
      sakura.ca_unique_code,
    ]);
    expect(page.list[0]).toMatchObject({
      company_name: MIRAI,
      bb_name: '法人営業部',
      need_title: '中古のフォークリフトを買いたい',
      need_category: 'buy',
      need_reach: 'nationwide',
      need_visibility: 1,
      need_publish_status: 'PUBLISHING',
      need_period_start: dayFromToday(-1),
      need_period_end: null,
      need_deal_count: 1,
    });
    expect(page.list[1]).toMatchObject({
      company_name: SAKURA,
      bb_name: '本店営業部',
      need_publish_status: 'PRIVATE',
      need_deal_count: 0,
    });
    // Paged: one row a page, the second page.
    const second = await searchNeeds(A, 'system_admin', {}, { rows: 1, page: 2 });
    expect(second.list.map((need) => need.ca_unique_code)).toEqual([hidden.ca_unique_code]);
    expect(second.paging_data.total_rows).toBe(3);
    // A page past the end is empty and still counts.
    const past = await searchNeeds(A, 'system_admin', {}, { rows: 5, page: 9 });
    expect(past).toMatchObject({ list: [], paging_data: { total_rows: 3 } });
  });

  it('searches by keyword (title, body, company name), category, publish status, reach and branch', async () => {
    const { sakura, hidden, mirai } = await needsOfA();
    const codes = async (conditions: object) =>
      (await searchNeeds(A, 'bank_admin', conditions)).list.map((need) => need.ca_unique_code).sort();
    expect(await codes({ keyword: 'フォークリフト' })).toEqual([mirai.ca_unique_code]);
    expect(await codes({ keyword: '旋盤' })).toEqual([hidden.ca_unique_code]);
    expect(await codes({ keyword: 'さくら精工' })).toEqual(
      [hidden.ca_unique_code, sakura.ca_unique_code].sort(),
    );
    expect(await codes({ keyword: '100%' })).toEqual([]);
    expect(await codes({ category: 'build' })).toEqual([sakura.ca_unique_code]);
    expect(await codes({ status: 'PRIVATE' })).toEqual([hidden.ca_unique_code]);
    expect(await codes({ status: 'PUBLISHING' })).toEqual(
      [mirai.ca_unique_code, sakura.ca_unique_code].sort(),
    );
    expect(await codes({ status: 'AFTER_PUBLISHING' })).toEqual([]);
    expect(await codes({ reach: 'bank' })).toEqual([sakura.ca_unique_code]);
    const branch050 = await branchId(A, '050');
    expect(await codes({ bb_id: branch050 })).toEqual([mirai.ca_unique_code]);
    // One company (the company page's link: ?company={company_unique_code}).
    expect(await codes({ company: await companyCode(A, MIRAI) })).toEqual([mirai.ca_unique_code]);
    expect(await codes({ company: 'nosuchcompany' })).toEqual([]);
    // A need outside its period: 公開前 and 公開終了.
    await world.db.withBank(A, async (tx) => {
      await tx
        .update(needs)
        .set({ need_period_start: dayFromToday(3) })
        .where(eq(needs.need_unique_code, sakura.ca_unique_code));
      await tx
        .update(needs)
        .set({ need_period_start: dayFromToday(-9), need_period_end: dayFromToday(-2) })
        .where(eq(needs.need_unique_code, mirai.ca_unique_code));
    });
    expect(await codes({ status: 'BEFORE_PUBLISHING' })).toEqual([sakura.ca_unique_code]);
    expect(await codes({ status: 'AFTER_PUBLISHING' })).toEqual([mirai.ca_unique_code]);
  });

  it('gives branch staff their branches’ companies only, in the list, the file and the detail', async () => {
    const { sakura, hidden, mirai } = await needsOfA();
    for (const actor of ['branch_admin', 'branch_user'] as const) {
      const page = await searchNeeds(A, actor);
      expect(page.list.map((need) => need.ca_unique_code).sort()).toEqual(
        [hidden.ca_unique_code, sakura.ca_unique_code].sort(),
      );
      // Asking for another branch finds nothing rather than widening the view.
      expect((await searchNeeds(A, actor, { bb_id: await branchId(A, '050') })).list).toEqual([]);
      expect((await get(A, actor, `${NEEDS}/${mirai.ca_unique_code}`)).statusCode).toBe(404);
      expect((await get(A, actor, `${NEEDS}/${sakura.ca_unique_code}`)).statusCode).toBe(200);
      const file = await get(A, actor, `${NEEDS}/export.csv`);
      expect(file.body).toContain('精密部品の加工先を探しています');
      expect(file.body).not.toContain('中古のフォークリフトを買いたい');
    }
  });

  it('opens a need with its company, body and the deal requests it received (another bank’s by its public name)', async () => {
    const { mirai } = await needsOfA();
    await requestDeal(A, 'company_owner', mirai);
    await requestDeal(B, 'company_owner', mirai);
    const response = await get(A, 'bank_admin', `${NEEDS}/${mirai.ca_unique_code}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json().result as StaffNeedDetail;
    expect(detail).toMatchObject({
      ca_unique_code: mirai.ca_unique_code,
      company_name: MIRAI,
      need_body: '地元の野菜を使った冷凍餃子の卸先を探しています。',
      need_deal_count: 2,
      need_image_count: 0,
    });
    expect(
      detail.deals.map((deal) => [deal.sender_company_name, deal.sender_bank_code, deal.sender_is_own_bank]),
    ).toEqual([
      [SAKURA, B, false],
      [SAKURA, A, true],
    ]);
    expect(detail.deals[0]?.sender_bank_name).not.toBe('');
  });

  it('answers another bank’s staff 404 for the bank’s need, and lists none of it', async () => {
    const { mirai } = await needsOfA();
    for (const code of [B, OUTSIDE]) {
      for (const actor of ['system_admin', 'bank_admin'] as const) {
        const response = await get(code, actor, `${NEEDS}/${mirai.ca_unique_code}`);
        expect(response.statusCode, `${code} ${actor}`).toBe(404);
        expect(response.body).not.toContain('フォークリフト');
      }
      expect((await searchNeeds(code, 'bank_admin')).list).toEqual([]);
      expect((await get(code, 'bank_admin', `${NEEDS}/export.csv`)).body).not.toContain('フォークリフト');
    }
  });

  it('leaves out the bank’s drafts the company has not taken', async () => {
    const { sakura } = await needsOfA();
    await world.db.withBank(A, (tx) =>
      tx
        .update(needs)
        .set({ need_offer_status: 'offered' })
        .where(eq(needs.need_unique_code, sakura.ca_unique_code)),
    );
    const page = await searchNeeds(A, 'bank_admin');
    expect(page.list.map((need) => need.ca_unique_code)).not.toContain(sakura.ca_unique_code);
    expect((await get(A, 'bank_admin', `${NEEDS}/${sakura.ca_unique_code}`)).statusCode).toBe(404);
  });

  it('downloads the search as CSV: byte order mark, Japanese heading, a row per need in the list’s order', async () => {
    const { mirai } = await needsOfA();
    await requestDeal(A, 'company_owner', mirai);
    const response = await get(A, 'bank_admin', `${NEEDS}/export.csv?category=buy`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="needs-${japanDateString().replaceAll('-', '')}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const lines = csvLines(response.body);
    expect(lines).toEqual([
      '企業名,お取引店,ニーズ名,カテゴリ,公開範囲,公開設定,公開状況,掲載期間,商談依頼数,登録日,更新日',
      `${MIRAI},法人営業部,中古のフォークリフトを買いたい,買いたい,全国（ビジネスマッチングに参加する全金融機関）,公開,公開中,${dayFromToday(-1).replaceAll('-', '/')}〜,1,${japanDateString().replaceAll('-', '/')},${japanDateString().replaceAll('-', '/')}`,
    ]);
    const all = csvLines((await get(A, 'bank_admin', `${NEEDS}/export.csv`)).body);
    expect(all).toHaveLength(4);
    // A search that finds nothing still has its heading.
    expect(csvLines((await get(A, 'bank_admin', `${NEEDS}/export.csv?keyword=ない言葉`)).body)).toHaveLength(
      1,
    );
  });

  it('writes a title Excel would run as a formula with a leading quote', async () => {
    await postNeed(A, 'company_owner', { need_title: '=HYPERLINK("http://example.com")' });
    const body = (await get(A, 'bank_admin', `${NEEDS}/export.csv`)).body;
    expect(body).toContain(`"'=HYPERLINK(""http://example.com"")"`);
  });

  it.each([
    ['a NUL in the keyword', { conditions: { keyword: '餃子\u0000' } }],
    ['a keyword too long', { conditions: { keyword: 'あ'.repeat(101) } }],
    ['a keyword of the wrong type', { conditions: { keyword: 42 } }],
    ['an unknown category', { conditions: { category: 'steal' } }],
    ['an unknown status', { conditions: { status: 'published' } }],
    ['an unknown reach', { conditions: { reach: 'world' } }],
    ['a branch that is no id', { conditions: { bb_id: 'abc' } }],
    ['a branch out of range', { conditions: { bb_id: 2 ** 40 } }],
    ['too many rows', { rows: 100000 }],
    ['page 0', { page: 0 }],
    ['conditions of the wrong type', { conditions: 'all' }],
    ['a company code of odd characters', { conditions: { company: '../x' } }],
  ])('refuses %s with 400', async (_name, payload) => {
    const response = await post(A, 'bank_admin', `${NEEDS}/search`, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().status).toBe('error');
  });

  it('refuses odd input in the file’s query and the detail’s code with 400', async () => {
    for (const url of [
      `${NEEDS}/export.csv?keyword=%00`,
      `${NEEDS}/export.csv?status=x`,
      `${NEEDS}/export.csv?bb_id=abc`,
      `${NEEDS}/export.csv?keyword=${'x'.repeat(101)}`,
      `${NEEDS}/${'a'.repeat(33)}`,
      `${NEEDS}/ca-with-hyphen`,
    ]) {
      const response = await get(A, 'bank_admin', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });
});

async function companyCode(code: string, name: string): Promise<string> {
  const [row] = await world.db.withBank(code, (tx) =>
    tx
      .select({ code: companies.company_unique_code })
      .from(companies)
      .where(eq(companies.company_name, name)),
  );
  if (!row) throw new Error(`no company ${name} in ${code}`);
  return row.code;
}

async function branchId(code: string, bbCode: string): Promise<number> {
  const [row] = await world.db.withBank(code, (tx) =>
    tx.select({ id: bankBranches.bb_id }).from(bankBranches).where(eq(bankBranches.bb_code, bbCode)),
  );
  if (!row) throw new Error(`no branch ${bbCode} in ${code}`);
  return row.id;
}

describe('/admin/company/matching', () => {
  /** 0158's さくら精工 asks 0182's ミライテック (a nationwide need); 0182's さくら精工 asks too. */
  async function crossBankDeals() {
    const { mirai } = await needsOfA();
    const cross = await requestDeal(B, 'company_owner', mirai);
    const within = await requestDeal(A, 'company_owner', mirai);
    return { mirai, cross, within };
  }

  it('shows a deal between two banks’ companies to both banks’ staff, and to no third bank', async () => {
    const { cross, within } = await crossBankDeals();
    const ofA = await searchDeals(A, 'bank_admin');
    expect(ofA.list.map((deal) => deal.cmh_unique_code).sort()).toEqual(
      [cross.cmh_unique_code, within.cmh_unique_code].sort(),
    );
    const crossOfA = ofA.list.find((deal) => deal.cmh_unique_code === cross.cmh_unique_code)!;
    expect(crossOfA).toMatchObject({
      need_title: '中古のフォークリフトを買いたい',
      sender_company_name: SAKURA,
      sender_bank_code: B,
      sender_is_own_bank: false,
      sender_bb_name: null,
      receiver_company_name: MIRAI,
      receiver_bank_code: A,
      receiver_is_own_bank: true,
      receiver_bb_name: '法人営業部',
      cmh_request_type: 'deal',
      cmh_status: 'requested',
      message_count: 1,
    });
    const ofB = await searchDeals(B, 'bank_admin');
    expect(ofB.list.map((deal) => deal.cmh_unique_code)).toEqual([cross.cmh_unique_code]);
    expect(ofB.list[0]).toMatchObject({
      sender_is_own_bank: true,
      sender_bb_name: '本店営業部',
      receiver_is_own_bank: false,
      receiver_bb_name: null,
    });
    for (const actor of STAFF) expect((await searchDeals(OUTSIDE, actor)).list, actor).toEqual([]);
    // Both banks' staff open it; a third bank gets 404 for both banks' deals.
    for (const code of [A, B])
      expect((await get(code, 'system_admin', `${DEALS}/${cross.cmh_unique_code}`)).statusCode).toBe(200);
    for (const deal of [cross, within]) {
      const response = await get(OUTSIDE, 'system_admin', `${DEALS}/${deal.cmh_unique_code}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('フォークリフト');
    }
    expect((await get(B, 'bank_admin', `${DEALS}/${within.cmh_unique_code}`)).statusCode).toBe(404);
    const fileOfOutside = await get(OUTSIDE, 'bank_admin', `${DEALS}/export.csv`);
    expect(csvLines(fileOfOutside.body)).toHaveLength(1);
  });

  it('reads the messages with the names of the bank’s own users only', async () => {
    const { cross } = await crossBankDeals();
    const replied = await post(A, 'partner_company_owner', `/api/v1/cmh/${cross.cmh_unique_code}/reply`, {
      message: '詳細をお聞かせください。',
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const ofA = (await get(A, 'bank_admin', `${DEALS}/${cross.cmh_unique_code}`)).json()
      .result as StaffDealDetail;
    expect(
      ofA.messages.map((message) => [message.message_side, message.message_kind, message.message_user_name]),
    ).toEqual([
      ['sender', 'request', null],
      ['receiver', 'reply', '田中 直樹'],
    ]);
    expect(ofA.message_count).toBe(2);
    const ofB = (await get(B, 'bank_admin', `${DEALS}/${cross.cmh_unique_code}`)).json()
      .result as StaffDealDetail;
    expect(ofB.messages.map((message) => message.message_user_name)).toEqual(['佐藤 健一', null]);
    expect(JSON.stringify(ofB)).not.toContain('田中');
  });

  it('searches by side, status, request type, keyword, period and branch', async () => {
    const { cross, within } = await crossBankDeals();
    const codes = async (code: string, conditions: object) =>
      (await searchDeals(code, 'bank_admin', conditions)).list.map((deal) => deal.cmh_unique_code).sort();
    expect(await codes(A, { side: 'sent' })).toEqual([within.cmh_unique_code]);
    expect(await codes(A, { side: 'received' })).toEqual(
      [cross.cmh_unique_code, within.cmh_unique_code].sort(),
    );
    expect(await codes(B, { side: 'received' })).toEqual([]);
    expect(await codes(B, { side: 'sent' })).toEqual([cross.cmh_unique_code]);
    await post(A, 'partner_company_owner', `/api/v1/cmh/${cross.cmh_unique_code}/accept`, { message: '' });
    expect(await codes(A, { status: 'negotiating' })).toEqual([cross.cmh_unique_code]);
    expect(await codes(B, { status: 'requested' })).toEqual([]);
    expect(await codes(A, { request_type: 'deal' })).toHaveLength(2);
    expect(await codes(A, { request_type: 'estimate' })).toEqual([]);
    expect(await codes(A, { keyword: 'ミライテック' })).toHaveLength(2);
    expect(await codes(A, { keyword: 'フォークリフト' })).toHaveLength(2);
    expect(await codes(A, { keyword: '存在しない' })).toEqual([]);
    expect(await codes(A, { created_from: dayFromToday(0), created_to: dayFromToday(0) })).toHaveLength(2);
    expect(await codes(A, { created_from: dayFromToday(1) })).toEqual([]);
    expect(await codes(A, { created_to: dayFromToday(-1) })).toEqual([]);
    // Branch: our party's. 001 is the sender of `within`; 050 the receiver of both.
    expect(await codes(A, { bb_id: await branchId(A, '001') })).toEqual([within.cmh_unique_code]);
    expect(await codes(A, { bb_id: await branchId(A, '050') })).toHaveLength(2);
    expect(await codes(A, { bb_id: await branchId(A, '050'), side: 'sent' })).toEqual([]);
    // Our party: one company of the bank; 0158 cannot name 0182's company.
    expect(await codes(A, { company: await companyCode(A, SAKURA) })).toEqual([within.cmh_unique_code]);
    expect(await codes(A, { company: await companyCode(A, MIRAI) })).toHaveLength(2);
    expect(await codes(B, { company: await companyCode(A, MIRAI) })).toEqual([]);
    expect(await codes(B, { company: await companyCode(B, SAKURA) })).toEqual([cross.cmh_unique_code]);
  });

  it('gives branch staff the deals whose party of the bank is of their branches', async () => {
    const { cross, within } = await crossBankDeals();
    for (const actor of ['branch_admin', 'branch_user'] as const) {
      // `within`: sent by さくら精工 (001); `cross`: between 0158 and ミライテック (050) only.
      expect((await searchDeals(A, actor)).list.map((deal) => deal.cmh_unique_code)).toEqual([
        within.cmh_unique_code,
      ]);
      expect((await searchDeals(A, actor, { side: 'received' })).list).toEqual([]);
      expect((await get(A, actor, `${DEALS}/${cross.cmh_unique_code}`)).statusCode).toBe(404);
      expect((await get(A, actor, `${DEALS}/${within.cmh_unique_code}`)).statusCode).toBe(200);
      expect(csvLines((await get(A, actor, `${DEALS}/export.csv`)).body)).toHaveLength(2);
      // 0158's branch staff of 001 see the deal its さくら精工 (001) sent.
      expect((await searchDeals(B, actor)).list.map((deal) => deal.cmh_unique_code)).toEqual([
        cross.cmh_unique_code,
      ]);
    }
  });

  it('downloads the search as CSV with both companies and banks by name', async () => {
    const { cross } = await crossBankDeals();
    const response = await get(B, 'bank_admin', `${DEALS}/export.csv?side=sent`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="deals-${japanDateString().replaceAll('-', '')}.csv"`,
    );
    const lines = csvLines(response.body);
    expect(lines[0]).toBe(
      'ニーズ名,依頼元の企業,依頼元の金融機関,依頼先の企業,依頼先の金融機関,依頼内容,状況,メッセージ数,依頼日,更新日',
    );
    expect(lines).toHaveLength(2);
    const bankNames = (await searchDeals(B, 'bank_admin')).list[0]!;
    const today = japanDateString().replaceAll('-', '/');
    expect(lines[1]).toBe(
      `中古のフォークリフトを買いたい,${SAKURA},${bankNames.sender_bank_name},${MIRAI},${bankNames.receiver_bank_name},商談依頼,商談依頼中,1,${today},${today}`,
    );
    expect(bankNames.cmh_unique_code).toBe(cross.cmh_unique_code);
  });

  it.each([
    ['a NUL in the keyword', { conditions: { keyword: '\u0000' } }],
    ['an unknown status', { conditions: { status: 'won' } }],
    ['an unknown side', { conditions: { side: 'both' } }],
    ['a request type of odd characters', { conditions: { request_type: "deal'; drop" } }],
    ['a day that does not exist', { conditions: { created_from: '2026-02-30' } }],
    ['a day in another form', { conditions: { created_to: '2026/04/01' } }],
    ['a number for a day', { conditions: { created_to: 20260401 } }],
    ['rows of the wrong type', { rows: 'many' }],
  ])('refuses %s with 400', async (_name, payload) => {
    const response = await post(A, 'bank_admin', `${DEALS}/search`, payload);
    expect(response.statusCode, response.body).toBe(400);
  });

  it('refuses odd input in the file’s query and the detail’s code with 400', async () => {
    for (const url of [
      `${DEALS}/export.csv?created_from=yesterday`,
      `${DEALS}/export.csv?side=x`,
      `${DEALS}/%00`,
    ]) {
      expect((await get(A, 'bank_admin', url)).statusCode, url).toBe(400);
    }
  });
});

describe('/admin/xba/analyse', () => {
  it('counts needs and deals per month, category and branch, as each bank and each branch may see them', async () => {
    const { mirai } = await needsOfA();
    const cross = await requestDeal(B, 'company_owner', mirai);
    await requestDeal(A, 'company_owner', mirai);
    await post(A, 'partner_company_owner', `/api/v1/cmh/${cross.cmh_unique_code}/accept`, { message: '' });
    const concluded = await post(B, 'company_owner', `/api/v1/cmh/${cross.cmh_unique_code}/conclude`, {
      cmh_status: 'contracted',
    });
    expect(concluded.statusCode, concluded.body).toBe(200);

    const month = thisMonth();
    const ofA = await analysis(A, 'bank_admin');
    expect(ofA.to).toBe(month);
    expect(ofA.from).toBe(addMonths(month, -11));
    expect(ofA.months).toHaveLength(12);
    expect(ofA.months.at(-1)).toEqual({
      month,
      need_created: 3,
      deal_requested: 2,
      deal_accepted: 1,
      deal_contracted: 1,
    });
    expect(ofA.months.slice(0, -1).every((row) => row.need_created + row.deal_requested === 0)).toBe(true);
    expect(ofA.totals).toEqual({ need_created: 3, deal_requested: 2, deal_accepted: 1, deal_contracted: 1 });
    const category = (code: string) => ofA.categories.find((row) => row.need_category === code);
    expect(category('buy')).toEqual({
      need_category: 'buy',
      need_created: 1,
      deal_requested: 2,
      deal_accepted: 1,
      deal_contracted: 1,
    });
    expect(category('build')).toMatchObject({ need_created: 1, deal_requested: 0 });
    expect(category('sell')).toMatchObject({ need_created: 1, deal_requested: 0 });
    expect(ofA.categories.map((row) => row.need_category)).toEqual(['sell', 'buy', 'rent', 'lease', 'build']);
    const branch = (result: MatchingAnalysis, name: string) =>
      result.branches.find((row) => row.bb_name === name);
    // 本店営業部 (さくら精工): two needs, the deal it sent. 法人営業部 (ミライテック): a need, both deals received.
    expect(branch(ofA, '本店営業部')).toMatchObject({ need_created: 2, deal_requested: 1, deal_accepted: 0 });
    expect(branch(ofA, '法人営業部')).toMatchObject({
      need_created: 1,
      deal_requested: 2,
      deal_accepted: 1,
      deal_contracted: 1,
    });
    expect(branch(ofA, '駅前支店')).toMatchObject({ need_created: 0, deal_requested: 0 });
    expect(ofA.branches).toHaveLength(6);

    // 0158 sees the deal its company sent, as its own.
    const ofB = await analysis(B, 'bank_admin');
    expect(ofB.totals).toEqual({ need_created: 0, deal_requested: 1, deal_accepted: 1, deal_contracted: 1 });
    expect(branch(ofB, '本店営業部')).toMatchObject({ deal_requested: 1, deal_contracted: 1 });
    // 9980 sees nothing.
    expect((await analysis(OUTSIDE, 'system_admin')).totals).toEqual({
      need_created: 0,
      deal_requested: 0,
      deal_accepted: 0,
      deal_contracted: 0,
    });
    // 0182's branch admin (001): さくら精工's two needs and the deal it sent; its branches only.
    const ofBranch = await analysis(A, 'branch_admin');
    expect(ofBranch.totals).toEqual({
      need_created: 2,
      deal_requested: 1,
      deal_accepted: 0,
      deal_contracted: 0,
    });
    expect(ofBranch.branches.map((row) => row.bb_name)).toEqual(['本店営業部']);
    const ofBranchUser = await analysis(A, 'branch_user');
    expect(ofBranchUser.branches.map((row) => row.bb_name).sort()).toEqual(['本店営業部', '駅前支店'].sort());
  });

  it('takes a period of up to 24 months; a period outside leaves the counts at 0', async () => {
    await needsOfA();
    const month = thisMonth();
    const two = await analysis(A, 'bank_admin', `?from=${addMonths(month, -23)}&to=${month}`);
    expect(two.months).toHaveLength(24);
    expect(two.totals.need_created).toBe(3);
    const before = await analysis(
      A,
      'bank_admin',
      `?from=${addMonths(month, -5)}&to=${addMonths(month, -1)}`,
    );
    expect(before.months.map((row) => row.month)).toEqual(
      [-5, -4, -3, -2, -1].map((n) => addMonths(month, n)),
    );
    expect(before.totals.need_created).toBe(0);
    const fromOnly = await analysis(A, 'bank_admin', `?from=${month}`);
    expect(fromOnly).toMatchObject({ from: month, to: addMonths(month, 11) });
    expect(fromOnly.totals.need_created).toBe(3);
  });

  it.each([
    ['a month in another form', '?from=2026/04', STAFF_MATCHING_MESSAGES.monthFormat],
    ['a month that does not exist', '?to=2026-13', STAFF_MATCHING_MESSAGES.monthFormat],
    [
      'a period that ends before it starts',
      '?from=2026-05&to=2026-04',
      STAFF_MATCHING_MESSAGES.periodReversed,
    ],
    ['a period of 25 months', '?from=2024-01&to=2026-01', STAFF_MATCHING_MESSAGES.periodTooLong],
    ['a NUL', '?from=%00', VALIDATION_MESSAGES.unstorableCharacter],
  ])('refuses %s with 400 and its message', async (_name, query, message) => {
    const response = await get(A, 'bank_admin', `${ANALYSE}${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(JSON.stringify(response.json().errors)).toContain(message);
  });
});

describe('a company left without a branch', () => {
  it('is counted by the admins under no branch, and seen by no branch staff', async () => {
    const { mirai } = await needsOfA();
    await world.db.withBank(A, (tx) =>
      tx.update(companies).set({ bb_id: null }).where(eq(companies.company_name, MIRAI)),
    );
    try {
      const ofA = await analysis(A, 'bank_admin');
      expect(ofA.branches.at(-1)).toMatchObject({ bb_id: null, bb_name: null, need_created: 1 });
      const listed = await searchNeeds(A, 'bank_admin');
      expect(listed.list.find((need) => need.ca_unique_code === mirai.ca_unique_code)).toMatchObject({
        bb_id: null,
        bb_name: null,
      });
      expect((await searchNeeds(A, 'branch_user')).list.map((need) => need.company_name)).not.toContain(
        MIRAI,
      );
    } finally {
      await world.db.withBank(A, async (tx) => {
        const [branch] = await tx
          .select({ id: bankBranches.bb_id })
          .from(bankBranches)
          .where(eq(bankBranches.bb_code, '050'));
        await tx.update(companies).set({ bb_id: branch!.id }).where(eq(companies.company_name, MIRAI));
      });
    }
  });
});
