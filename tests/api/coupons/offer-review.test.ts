import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CompanyListItem } from '#server/contracts/companies.ts';
import { DAY_MS, japanDateString } from '#server/contracts/japan-day.ts';
import {
  type PublishedServiceOffer,
  type ReviewedServiceOffer,
  SERVICE_OFFER_MESSAGES,
  type ServiceOffer,
  type ServiceOfferStatus,
} from '#server/contracts/service-offer.ts';
import { maxLengthMessage, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { auditEvents, companies, serviceOffers, userTypePermissions } from '#server/db/schema.ts';
import { demoUniqueCode } from '#server/db/seeds/seed-context.ts';
import { apiGet } from '#tests/support/login.ts';
import { type Actor, startWorld, type World } from '#tests/support/world.ts';

/**
 * The bank's review of the service offers (/admin/xba/cso), the published offers of the bank's
 * other companies (GET /api/v1/cso/search) and the company list's クーポン数 (issue 16 item 8).
 */

const BANK = '0182';
const OTHER_BANK = '0158';
const DESK = '/api/v1/admin/cso';
const SEARCH = '/api/v1/cso/search';
const COMPANY_SIDE = ['company_owner', 'company_user', 'company_employee', 'partner_company_owner'] as const;
const ADMINS = ['system_admin', 'bank_admin'] as const;
const BRANCH_STAFF = ['branch_admin', 'branch_user'] as const;

type CompanyKey = 'sakura-seiko' | 'mirai-tech' | 'minato-foods' | 'komorebi-tax';

const dayFromToday = (days: number) => japanDateString(new Date(Date.now() + days * DAY_MS));

let world: World;

beforeAll(async () => {
  world = await startWorld({ banks: [BANK, OTHER_BANK] });
  // Bank 0158 has taken the benefits away from its employees (the admin's permission setting),
  // before any of them logged in.
  await world.db.withBank(OTHER_BANK, (tx) =>
    tx
      .delete(userTypePermissions)
      .where(
        and(
          eq(userTypePermissions.user_type, 'company_employee'),
          eq(userTypePermissions.permission, 'company_coupon_read'),
        ),
      ),
  );
}, 120_000);
afterAll(async () => {
  await world?.close();
});

// Each test states the offers it reads: none are left from the demo data or another test.
beforeEach(async () => {
  for (const code of [BANK, OTHER_BANK]) {
    await world.db.withBank(code, (tx) => tx.delete(serviceOffers));
    await world.db.withBank(code, (tx) =>
      tx.update(companies).set({ company_is_disabled: false, company_is_unsubscribed: false }),
    );
  }
});

const get = async (code: string, actor: Actor, url: string) =>
  apiGet(world.app, code, await world.cookieOf(code, actor), url);
const post = (code: string, actor: Actor, url: string, payload: object = {}) =>
  world.send(code, actor, { method: 'POST', url, payload });

async function companyIdOf(code: string, key: CompanyKey): Promise<number> {
  const [row] = await world.db.withBank(code, (tx) =>
    tx
      .select({ id: companies.company_id })
      .from(companies)
      .where(eq(companies.company_unique_code, demoUniqueCode(code, 'company', key))),
  );
  if (!row) throw new Error(`no demo company ${key}`);
  return row.id;
}

let offerCount = 0;

/** An offer written straight into the bank's rows (as the company's page and the desk would leave it). */
async function insertOffer(
  code: string,
  key: CompanyKey,
  values: {
    title?: string;
    status?: ServiceOfferStatus;
    start?: string;
    end?: string | null;
    category?: string;
  } = {},
): Promise<string> {
  offerCount += 1;
  const csoCode = `${offerCount.toString(16).padStart(4, '0')}${'0'.repeat(28)}`;
  const writer = await world.userIdOf(code, key === 'mirai-tech' ? 'partner_company_owner' : 'company_owner');
  // Read first: a transaction never opens another (on PGlite it would wait for ever).
  const companyId = await companyIdOf(code, key);
  await world.db.withBank(code, (tx) =>
    tx.insert(serviceOffers).values({
      cso_unique_code: csoCode,
      company_id: companyId,
      cso_title: values.title ?? `${key}のクーポン${offerCount}`,
      cso_body: '本文です。',
      cso_category: values.category ?? 'business',
      cso_status: values.status ?? 'REVIEWING',
      cso_benefit: '10%OFF',
      cso_target: '全従業員',
      cso_publish_start: values.start ?? dayFromToday(-1),
      cso_publish_end: values.end === undefined ? dayFromToday(30) : values.end,
      cso_updated_by: writer,
      cso_updated_at: new Date(Date.now() - (1000 - offerCount) * 1000),
    }),
  );
  return csoCode;
}

async function deskList(actor: Actor = 'bank_admin', query = '', code = BANK) {
  const answer = await get(code, actor, `${DESK}${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().result as { list: ReviewedServiceOffer[]; paging_data: { total_rows: number } };
}

async function deskDetail(code: string, actor: Actor = 'bank_admin') {
  const answer = await get(BANK, actor, `${DESK}/${code}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().result as ReviewedServiceOffer;
}

const approve = (code: string, updatedAt: string, note = '', actor: Actor = 'bank_admin') =>
  post(BANK, actor, `${DESK}/${code}/approve`, { cso_review_note: note, cso_updated_at: updatedAt });
const disapprove = (code: string, updatedAt: string, note: unknown, actor: Actor = 'bank_admin') =>
  post(BANK, actor, `${DESK}/${code}/disapprove`, { cso_review_note: note, cso_updated_at: updatedAt });

async function searchAs(actor: Actor, query = '', code = BANK) {
  const answer = await get(code, actor, `${SEARCH}${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().result as {
    list: PublishedServiceOffer[];
    paging_data: { total_rows: number; total_pages: number; page: number };
  };
}
const titlesFound = async (actor: Actor, query = '', code = BANK) =>
  (await searchAs(actor, query, code)).list.map((offer) => offer.cso_title);

async function lastAudit() {
  const [row] = await world.db.withBank(BANK, (tx) =>
    tx
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target_type, 'coupons'))
      .orderBy(desc(auditEvents.id))
      .limit(1),
  );
  return row;
}

describe('the desk: GET /api/v1/admin/cso', () => {
  it.each(ADMINS)(
    'lists every offer of the bank to the %s, those in review first, with company and branch',
    async (actor) => {
      const published = await insertOffer(BANK, 'mirai-tech', { title: '承認済み', status: 'APPROVED' });
      const reviewing = await insertOffer(BANK, 'sakura-seiko', { title: '審査中' });
      const older = await insertOffer(BANK, 'minato-foods', { title: '審査中（古い）' });
      await insertOffer(OTHER_BANK, 'sakura-seiko', { title: '他行の審査中' });
      const answer = await deskList(actor);
      // In review first (newest change first), then the others.
      expect(answer.list.map((offer) => offer.cso_unique_code)).toEqual([older, reviewing, published]);
      expect(answer.paging_data.total_rows).toBe(3);
      expect(answer.list[2]).toMatchObject({
        cso_title: '承認済み',
        cso_status: 'APPROVED',
        cso_publish_status: 'PUBLISHING',
        company_unique_code: demoUniqueCode(BANK, 'company', 'mirai-tech'),
        company_name: '株式会社ミライテック・ソリューションズ',
        bb_name: '法人営業部',
        cso_reviewer_name: null,
      });
    },
  );

  it('filters by status and pages', async () => {
    for (let index = 0; index < 3; index++) await insertOffer(BANK, 'sakura-seiko');
    await insertOffer(BANK, 'mirai-tech', { status: 'CANCELLED', title: '取消' });
    expect((await deskList('bank_admin', '?status=CANCELLED')).list.map((offer) => offer.cso_title)).toEqual([
      '取消',
    ]);
    expect((await deskList('bank_admin', '?status=REVIEWING')).paging_data.total_rows).toBe(3);
    const page2 = await deskList('bank_admin', '?rows=2&page=2');
    expect(page2.list).toHaveLength(2);
    expect(page2.paging_data).toMatchObject({ total_rows: 4, total_pages: 2, page: 2, rows: 2 });
    for (const query of ['?status=PUBLISHING', '?rows=501', '?page=0'])
      expect((await get(BANK, 'bank_admin', `${DESK}${query}`)).statusCode, query).toBe(400);
  });

  it.each(BRANCH_STAFF)(
    'shows the %s the offers of their branches’ companies only (read only)',
    async (actor) => {
      // さくら精工 is looked after by branch 001 (theirs), ミライテック by 050 (not theirs).
      const ours = await insertOffer(BANK, 'sakura-seiko', { title: '担当支店の企業' });
      const theirs = await insertOffer(BANK, 'mirai-tech', { title: 'ほかの支店の企業' });
      expect((await deskList(actor)).list.map((offer) => offer.cso_title)).toEqual(['担当支店の企業']);
      expect((await deskDetail(ours, actor)).cso_title).toBe('担当支店の企業');
      expect((await get(BANK, actor, `${DESK}/${theirs}`)).statusCode).toBe(404);
      const { cso_updated_at: seen } = await deskDetail(ours, actor);
      for (const answer of [
        await approve(ours, seen, '', actor),
        await disapprove(ours, seen, '理由', actor),
      ]) {
        expect(answer.statusCode).toBe(403);
        expect(answer.json().message).toBe('権限がありません');
      }
      expect((await deskDetail(ours)).cso_status).toBe('REVIEWING');
    },
  );

  it('refuses company users with 403 on every desk route, a visitor with 401', async () => {
    const code = await insertOffer(BANK, 'sakura-seiko');
    const { cso_updated_at: seen } = await deskDetail(code);
    for (const actor of COMPANY_SIDE) {
      for (const answer of [
        await get(BANK, actor, DESK),
        await get(BANK, actor, `${DESK}/${code}`),
        await approve(code, seen, '', actor),
        await disapprove(code, seen, '理由', actor),
      ]) {
        expect(answer.statusCode, actor).toBe(403);
        expect(answer.body).not.toMatch(/"result"/);
      }
    }
    expect((await get(BANK, 'visitor', DESK)).statusCode).toBe(401);
    expect((await deskDetail(code)).cso_status).toBe('REVIEWING');
  });
});

describe('the bank’s decisions', () => {
  it.each(ADMINS)(
    'the %s approves an offer in review, with a note the company reads; audited',
    async (actor) => {
      const code = await insertOffer(BANK, 'sakura-seiko', { start: dayFromToday(0) });
      const { cso_updated_at: seen } = await deskDetail(code, actor);
      const answer = await approve(code, seen, '  ご協力ありがとうございます。  ', actor);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().message).toBe('クーポンを承認しました');
      expect(answer.json().result).toMatchObject({
        cso_unique_code: code,
        cso_status: 'APPROVED',
        cso_publish_status: 'PUBLISHING',
        cso_review_note: 'ご協力ありがとうございます。',
        cso_reviewed_at: expect.any(String),
        cso_reviewer_name: actor === 'system_admin' ? '伊藤 誠' : '渡辺 真理子',
      });
      expect(await lastAudit()).toMatchObject({
        action: 'APPROVE',
        target_id: code,
        actor_user_id: await world.userIdOf(BANK, actor),
      });
      const own = (await get(BANK, 'company_owner', `/api/v1/setting/cso/${code}`)).json()
        .result as ServiceOffer;
      expect(own).toMatchObject({ cso_status: 'APPROVED', cso_review_note: 'ご協力ありがとうございます。' });
    },
  );

  it('tells an approved offer’s publish status from its days', async () => {
    const later = await insertOffer(BANK, 'sakura-seiko', { start: dayFromToday(1), end: null });
    const ended = await insertOffer(BANK, 'sakura-seiko', {
      start: dayFromToday(-10),
      end: dayFromToday(-1),
    });
    for (const code of [later, ended]) await approve(code, (await deskDetail(code)).cso_updated_at);
    expect((await deskDetail(later)).cso_publish_status).toBe('BEFORE_PUBLISHING');
    expect((await deskDetail(ended)).cso_publish_status).toBe('AFTER_PUBLISHING');
  });

  it('disapproves with a required note of at most 500 characters, the company reads why; audited', async () => {
    const code = await insertOffer(BANK, 'sakura-seiko');
    const { cso_updated_at: seen } = await deskDetail(code);
    for (const note of ['', '   ', null, undefined]) {
      const answer = await disapprove(code, seen, note);
      expect(answer.statusCode, JSON.stringify(note)).toBe(400);
      expect(answer.json().errors).toEqual({ cso_review_note: [VALIDATION_MESSAGES.required] });
    }
    const tooLong = await disapprove(code, seen, 'あ'.repeat(501));
    expect(tooLong.json().errors).toEqual({ cso_review_note: [maxLengthMessage(500)] });
    const longApproval = await approve(code, seen, 'あ'.repeat(501));
    expect(longApproval.json().errors).toEqual({ cso_review_note: [maxLengthMessage(500)] });
    expect((await deskDetail(code)).cso_status).toBe('REVIEWING');

    const answer = await disapprove(code, seen, '利用条件を本文に記載してください。');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      message: 'クーポンを否認しました',
      result: {
        cso_status: 'DISAPPROVAL',
        cso_publish_status: null,
        cso_review_note: '利用条件を本文に記載してください。',
      },
    });
    expect(await lastAudit()).toMatchObject({ action: 'REJECT', target_id: code });
    const list = (await get(BANK, 'company_user', '/api/v1/setting/cso')).json().result
      .list as ServiceOffer[];
    expect(list.find((offer) => offer.cso_unique_code === code)).toMatchObject({
      cso_status: 'DISAPPROVAL',
      cso_review_note: '利用条件を本文に記載してください。',
    });
  });

  it('withdraws an approval (APPROVED → DISAPPROVAL), and the offer leaves the search at once', async () => {
    const code = await insertOffer(BANK, 'sakura-seiko', { title: '公開中のクーポン' });
    await approve(code, (await deskDetail(code)).cso_updated_at);
    expect(await titlesFound('partner_company_owner')).toEqual(['公開中のクーポン']);
    const answer = await disapprove(
      code,
      (await deskDetail(code)).cso_updated_at,
      '内容に誤りがありました。',
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await titlesFound('partner_company_owner')).toEqual([]);
  });

  it('refuses with 422 a decision the offer’s status does not allow, and one on an offer changed since it was read', async () => {
    const approved = await insertOffer(BANK, 'sakura-seiko', { status: 'APPROVED' });
    const disapproved = await insertOffer(BANK, 'sakura-seiko', { status: 'DISAPPROVAL' });
    const cancelled = await insertOffer(BANK, 'sakura-seiko', { status: 'CANCELLED' });
    for (const [code, decide] of [
      [approved, approve],
      [disapproved, approve],
      [disapproved, (c: string, seen: string) => disapprove(c, seen, '理由')],
      [cancelled, approve],
      [cancelled, (c: string, seen: string) => disapprove(c, seen, '理由')],
    ] as const) {
      const before = await deskDetail(code);
      const answer = await decide(code, before.cso_updated_at);
      expect(answer.statusCode, `${before.cso_status}: ${answer.body}`).toBe(422);
      expect(answer.json().message).toBe(SERVICE_OFFER_MESSAGES.notDecidable);
      expect(await deskDetail(code)).toEqual(before);
    }

    // The desk read the offer; the company changed it; the desk's approval is refused.
    const { cso_unique_code: code } = (
      await post(BANK, 'company_owner', '/api/v1/setting/cso/save', {
        cso_title: '最初の内容',
        cso_body: '本文',
        cso_category: 'business',
        cso_benefit: '特典',
        cso_target: '全従業員',
        cso_publish_start: dayFromToday(0),
      })
    ).json().result as ServiceOffer;
    const read = await deskDetail(code);
    const saved = await post(BANK, 'company_owner', `/api/v1/setting/cso/${code}/save`, {
      cso_title: '書き換えた内容',
      cso_body: '本文',
      cso_category: 'business',
      cso_benefit: '特典',
      cso_target: '全従業員',
      cso_publish_start: dayFromToday(0),
    });
    expect(saved.statusCode).toBe(200);
    for (const answer of [
      await approve(code, read.cso_updated_at),
      await disapprove(code, read.cso_updated_at, '理由'),
      await approve(code, 'きのう'),
    ]) {
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json().message).toBe(
        'このクーポンは表示した後に企業が変更しました。内容を確認してから、もう一度操作してください。',
      );
    }
    expect((await deskDetail(code)).cso_status).toBe('REVIEWING');
    // Read again, it is decided.
    expect((await approve(code, (await deskDetail(code)).cso_updated_at)).statusCode).toBe(200);
  });

  it('decides once when two admins decide at once', async () => {
    const code = await insertOffer(BANK, 'sakura-seiko');
    const { cso_updated_at: seen } = await deskDetail(code);
    const answers = await Promise.all([
      approve(code, seen, '', 'system_admin'),
      disapprove(code, seen, '理由', 'bank_admin'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
  });
});

describe('GET /api/v1/cso/search', () => {
  it('lists an approved offer within its days to the bank’s other companies, not to its own, never to another bank', async () => {
    const sakura = await insertOffer(BANK, 'sakura-seiko', { title: 'さくら精工の工場見学' });
    await approve(sakura, (await deskDetail(sakura)).cso_updated_at);
    // The partner company (ミライテック) and its owner see it; the offering company does not list its own.
    expect(await titlesFound('partner_company_owner')).toEqual(['さくら精工の工場見学']);
    for (const actor of ['company_owner', 'company_user', 'company_employee'] as const)
      expect(await titlesFound(actor), actor).toEqual([]);
    const found = (await searchAs('partner_company_owner')).list[0];
    expect(found).toEqual({
      cso_unique_code: sakura,
      cso_title: 'さくら精工の工場見学',
      cso_body: '本文です。',
      cso_category: 'business',
      cso_benefit: '10%OFF',
      cso_target: '全従業員',
      cso_publish_start: dayFromToday(-1),
      cso_publish_end: dayFromToday(30),
      cso_image: null,
      company_unique_code: demoUniqueCode(BANK, 'company', 'sakura-seiko'),
      company_name: 'さくら精工株式会社',
    } satisfies PublishedServiceOffer);
    // Another bank's companies never see it, whatever their account.
    for (const actor of ['company_owner', 'company_user', 'partner_company_owner'] as const)
      expect(await titlesFound(actor, '', OTHER_BANK), actor).toEqual([]);

    // And the other way round: the partner's published offer for the owner's company.
    const partner = await insertOffer(BANK, 'mirai-tech', { title: 'IT相談 初回無料', status: 'APPROVED' });
    expect(await titlesFound('company_employee')).toEqual(['IT相談 初回無料']);
    expect((await searchAs('company_owner')).list[0]?.cso_unique_code).toBe(partner);
  });

  it('keeps to today within the days of an approved offer of a company still using the portal', async () => {
    const cases: [string, Parameters<typeof insertOffer>[2], boolean][] = [
      ['今日から', { status: 'APPROVED', start: dayFromToday(0) }, true],
      ['今日まで', { status: 'APPROVED', start: dayFromToday(-3), end: dayFromToday(0) }, true],
      ['終了日なし', { status: 'APPROVED', start: dayFromToday(-3), end: null }, true],
      ['明日から', { status: 'APPROVED', start: dayFromToday(1) }, false],
      ['昨日まで', { status: 'APPROVED', start: dayFromToday(-3), end: dayFromToday(-1) }, false],
      ['審査中', { status: 'REVIEWING' }, false],
      ['否認', { status: 'DISAPPROVAL' }, false],
      ['取消', { status: 'CANCELLED' }, false],
    ];
    for (const [title, values] of cases) await insertOffer(BANK, 'mirai-tech', { ...values, title });
    const found = await titlesFound('company_owner');
    expect(found.sort()).toEqual(
      cases
        .filter(([, , shown]) => shown)
        .map(([title]) => title)
        .sort(),
    );
    // A suspended or unsubscribed company's offers are not shown.
    const mirai = await companyIdOf(BANK, 'mirai-tech');
    await world.db.withBank(BANK, (tx) =>
      tx.update(companies).set({ company_is_disabled: true }).where(eq(companies.company_id, mirai)),
    );
    expect(await titlesFound('company_owner')).toEqual([]);
    await world.db.withBank(BANK, (tx) =>
      tx
        .update(companies)
        .set({ company_is_disabled: false, company_is_unsubscribed: true })
        .where(eq(companies.company_id, mirai)),
    );
    expect(await titlesFound('company_owner')).toEqual([]);
  });

  it('pages newest first and filters by category', async () => {
    for (let day = 1; day <= 5; day++)
      await insertOffer(BANK, 'mirai-tech', {
        title: `${day}日前から`,
        status: 'APPROVED',
        start: dayFromToday(-day),
        category: day % 2 === 0 ? 'gourmet' : 'business',
      });
    const first = await searchAs('company_owner', '?rows=2&page=1');
    expect(first.list.map((offer) => offer.cso_title)).toEqual(['1日前から', '2日前から']);
    expect(first.paging_data).toMatchObject({ total_rows: 5, total_pages: 3, page: 1 });
    const last = await searchAs('company_owner', '?rows=2&page=3');
    expect(last.list.map((offer) => offer.cso_title)).toEqual(['5日前から']);
    expect(await titlesFound('company_owner', '?category=gourmet')).toEqual(['2日前から', '4日前から']);
    expect(await titlesFound('company_owner', '?category=travel')).toEqual([]);
    for (const query of ['?category=a%00b', '?category=あ', '?rows=0', '?page=x'])
      expect((await get(BANK, 'company_owner', `${SEARCH}${query}`)).statusCode, query).toBe(400);
  });

  it('is for company users with company_coupon_read: 403 without it and for bank staff, 401 for a visitor', async () => {
    await insertOffer(OTHER_BANK, 'mirai-tech', { status: 'APPROVED', title: '0158のクーポン' });
    expect(await titlesFound('company_owner', '', OTHER_BANK)).toEqual(['0158のクーポン']);
    // Bank 0158 took company_coupon_read from its employees.
    const refused = await get(OTHER_BANK, 'company_employee', SEARCH);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 'error', message: '権限がありません' });
    for (const actor of [...ADMINS, ...BRANCH_STAFF])
      expect((await get(BANK, actor, SEARCH)).statusCode, actor).toBe(403);
    expect((await get(BANK, 'visitor', SEARCH)).statusCode).toBe(401);
  });
});

describe('the company list’s クーポン数', () => {
  it('counts the company’s offers offered and not expired: approved, last day today or later (or none)', async () => {
    await insertOffer(BANK, 'mirai-tech', { status: 'APPROVED' });
    await insertOffer(BANK, 'mirai-tech', { status: 'APPROVED', start: dayFromToday(5) });
    await insertOffer(BANK, 'mirai-tech', { status: 'APPROVED', end: null });
    await insertOffer(BANK, 'mirai-tech', { status: 'APPROVED', end: dayFromToday(0) });
    await insertOffer(BANK, 'mirai-tech', {
      status: 'APPROVED',
      start: dayFromToday(-9),
      end: dayFromToday(-1),
    });
    await insertOffer(BANK, 'mirai-tech', { status: 'REVIEWING' });
    await insertOffer(BANK, 'mirai-tech', { status: 'DISAPPROVAL' });
    await insertOffer(BANK, 'mirai-tech', { status: 'CANCELLED' });
    await insertOffer(BANK, 'sakura-seiko', { status: 'APPROVED' });
    await insertOffer(OTHER_BANK, 'mirai-tech', { status: 'APPROVED' });
    const answer = await post(BANK, 'bank_admin', '/api/v1/company/search', {
      rows: 25,
      page: 1,
      sort: { column: 'coupon_count', order: 1 },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const list = answer.json().result.list as CompanyListItem[];
    const countOf = (key: CompanyKey) =>
      list.find((company) => company.company_unique_code === demoUniqueCode(BANK, 'company', key))
        ?.coupon_count;
    expect(countOf('mirai-tech')).toBe(4);
    expect(countOf('sakura-seiko')).toBe(1);
    expect(countOf('minato-foods')).toBe(0);
    // Sorted by the figure, most first.
    expect(list[0]?.company_unique_code).toBe(demoUniqueCode(BANK, 'company', 'mirai-tech'));
  });
});
