import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyListItem } from '#server/contracts/companies.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { companies, companyCharges, users } from '#server/db/schema.ts';
import { demoUniqueCode } from '#server/db/seeds/seed-context.ts';
import { type Actor, startWorld, type World } from '#tests/support/world.ts';

/**
 * The company list (/admin/company, issue 15) over HTTP on two banks' demo data: its columns, every
 * condition, the sorts, the paging contract, the branch restriction and the other bank.
 */

const BANK = '0182';
const OTHER_BANK = '0158';
const SEARCH = '/api/v1/company/search';

let world: World;
beforeAll(async () => {
  world = await startWorld({ banks: [BANK, OTHER_BANK] });
  // The demo companies were made by one statement: give them days of their own to sort and search by.
  await world.db.withBank(BANK, async (tx) => {
    for (const [index, key] of DEMO_KEYS.entries()) {
      await tx
        .update(companies)
        .set({
          company_created_at: new Date(Date.UTC(2025, 0, 10 + index, 3)),
          company_last_used_at: index % 3 === 0 ? null : new Date(Date.UTC(2026, 1, index, 15)),
        })
        .where(eq(companies.company_unique_code, codeOf(key)));
    }
  });
});
afterAll(async () => {
  await world?.close();
});

/** The demo companies (server/db/demo-banks.ts) in the order they were made. */
const DEMO_KEYS = [
  'sakura-seiko',
  'minato-foods',
  'aoba-kensetsu',
  'hidamari-care',
  'tsubame-unyu',
  'mirai-tech',
  'komorebi-tax',
  'cafe-kotori',
  'hanamizuki-kobo',
] as const;
type DemoKey = (typeof DEMO_KEYS)[number];
const codeOf = (key: DemoKey, bank = BANK) => demoUniqueCode(bank, 'company', key);
const keyOf = (code: string) => DEMO_KEYS.find((key) => codeOf(key) === code) ?? code;

interface ListAnswer {
  list: CompanyListItem[];
  paging_data: {
    total_rows: number;
    total_pages: number;
    page: number;
    rows: number;
    next_page: number | null;
  };
}

async function search(body: object, { as = 'bank_admin' as Actor, bank = BANK } = {}): Promise<ListAnswer> {
  const answer = await world.send(bank, as, { method: 'POST', url: SEARCH, payload: body });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().result as ListAnswer;
}

/** The demo keys a search finds, in the order it answers them. */
async function keysFound(body: object, options?: { as?: Actor; bank?: string }): Promise<string[]> {
  return (await search({ rows: 500, ...body }, options)).list.map((item) => keyOf(item.company_unique_code));
}

const setCompany = (key: DemoKey, values: Partial<typeof companies.$inferInsert>) =>
  world.db.withBank(BANK, (tx) =>
    tx
      .update(companies)
      .set(values)
      .where(eq(companies.company_unique_code, codeOf(key))),
  );

describe('POST /api/v1/company/search', () => {
  it('lists the bank’s companies newest first with the 16 figures of each', async () => {
    const answer = await search({ rows: 25, page: 1 });
    expect(answer.list.map((item) => keyOf(item.company_unique_code))).toEqual([...DEMO_KEYS].reverse());
    expect(answer.paging_data).toMatchObject({ total_rows: 9, total_pages: 1, page: 1, rows: 25 });
    const sakura = answer.list.find((item) => item.company_unique_code === codeOf('sakura-seiko'));
    expect(sakura).toEqual({
      company_id: expect.any(Number),
      company_unique_code: codeOf('sakura-seiko'),
      company_name: 'さくら精工株式会社',
      company_type: 'normal',
      owner_name: '佐藤 健一',
      bb_id: expect.any(Number),
      bb_name: '本店営業部',
      // Its demo need (the matching domain's seed); no coupon of its own is approved.
      need_count: 1,
      coupon_count: 0,
      // The owner, the business user (company_user) and the employee.
      user_count: 3,
      business_user_count: 1,
      homepage_published: false,
      recruitment_published: false,
      charge_amount: 5500,
      charge_status: 'billed',
      company_created_at: '2025-01-10T03:00:00.000Z',
      company_last_used_at: null,
      unsubscribe_requested_at: null,
    });
    const byKey = (key: DemoKey) => answer.list.find((item) => item.company_unique_code === codeOf(key))!;
    expect(byKey('minato-foods')).toMatchObject({
      charge_amount: 5500,
      charge_status: 'unpaid',
      user_count: 0,
    });
    expect(byKey('mirai-tech')).toMatchObject({
      company_type: 'partner',
      owner_name: '田中 直樹',
      user_count: 1,
      business_user_count: 0,
      bb_name: '法人営業部',
    });
    expect(byKey('tsubame-unyu').unsubscribe_requested_at).toEqual(expect.any(String));
    expect(byKey('cafe-kotori')).toMatchObject({
      charge_amount: null,
      charge_status: null,
      owner_name: null,
    });
    expect(byKey('minato-foods').company_last_used_at).toBe('2026-02-01T15:00:00.000Z');
  });

  it('counts only the users who may log in, and takes this month’s charges but the cancelled ones', async () => {
    const staff = await world.userIdOf(BANK, 'bank_admin');
    const month = `${japanDateString().slice(0, 7)}-01`;
    const [minato] = await world.db.withBank(BANK, (tx) =>
      tx
        .select({ id: companies.company_id })
        .from(companies)
        .where(eq(companies.company_unique_code, codeOf('minato-foods'))),
    );
    await world.db.withBank(BANK, async (tx) => {
      await tx.insert(companyCharges).values([
        {
          company_id: minato!.id,
          charge_month: month,
          charge_kind: 'pay_per_use',
          charge_amount: 1200,
          charge_status: 'paid',
          charge_created_by: staff,
          charge_updated_by: staff,
        },
        {
          company_id: minato!.id,
          charge_month: month,
          charge_kind: 'adjust',
          charge_amount: -300,
          charge_status: 'cancelled',
          charge_created_by: staff,
          charge_updated_by: staff,
        },
      ]);
      await tx
        .update(users)
        .set({ user_is_disabled: true })
        .where(eq(users.user_login_id, `employee-${BANK}`));
    });
    try {
      const [minatoRow] = (await search({ conditions: { keyword: 'みなと食品' } })).list;
      // 5,500 unpaid and 1,200 paid; the cancelled adjustment counts toward nothing. Unpaid wins.
      expect(minatoRow).toMatchObject({ charge_amount: 6700, charge_status: 'unpaid' });
      const [sakura] = (await search({ conditions: { keyword: 'さくら精工' } })).list;
      expect(sakura).toMatchObject({ user_count: 2, business_user_count: 1 });
    } finally {
      await world.db.withBank(BANK, async (tx) => {
        await tx
          .delete(companyCharges)
          .where(
            sql`${companyCharges.company_id} = ${minato!.id} and ${companyCharges.charge_kind} <> 'subscription'`,
          );
        await tx
          .update(users)
          .set({ user_is_disabled: false })
          .where(eq(users.user_login_id, `employee-${BANK}`));
      });
    }
  });

  it('finds by keyword in the name, kana, corporate number, owner’s name, ID and code', async () => {
    const [sakura] = (await search({ conditions: { keyword: 'さくら精工' } })).list;
    expect(await keysFound({ conditions: { keyword: 'みなと' } })).toEqual(['minato-foods']);
    expect(await keysFound({ conditions: { keyword: 'ツバメ' } })).toEqual(['tsubame-unyu']);
    // The check digit and the first digits of あおば建設's corporate number.
    expect(await keysFound({ conditions: { keyword: '200002034' } })).toEqual(['aoba-kensetsu']);
    expect(await keysFound({ conditions: { keyword: '田中 直樹' } })).toEqual(['mirai-tech']);
    expect(await keysFound({ conditions: { keyword: 'タナカナオキ' } })).toEqual(['mirai-tech']);
    // カフェ・ことり has no corporate number and no digit in its names: found by its ID alone.
    const [cafe] = (await search({ conditions: { keyword: 'ことり' } })).list;
    expect(await keysFound({ conditions: { keyword: String(cafe!.company_id) } })).toContain('cafe-kotori');
    expect(sakura?.company_name).toBe('さくら精工株式会社');
    expect(await keysFound({ conditions: { keyword: codeOf('cafe-kotori') } })).toEqual(['cafe-kotori']);
    // LIKE's wildcards are taken literally.
    expect(await keysFound({ conditions: { keyword: '%' } })).toEqual([]);
    // Latin letters in any case (ILIKE); Japanese with LIKE.
    await setCompany('hidamari-care', { company_name: '株式会社Hidamari介護サービス' });
    try {
      expect(await keysFound({ conditions: { keyword: 'hIDAMARI' } })).toEqual(['hidamari-care']);
    } finally {
      await setCompany('hidamari-care', { company_name: '株式会社ひだまり介護サービス' });
    }
  });

  it('finds by type, branch, this month’s charge status and the two periods', async () => {
    expect(await keysFound({ conditions: { company_type: 'partner' } })).toEqual([
      'komorebi-tax',
      'mirai-tech',
    ]);
    expect(await keysFound({ conditions: { company_type: 'baportal' } })).toEqual([
      'hanamizuki-kobo',
      'cafe-kotori',
    ]);
    const [sakura] = (await search({ conditions: { keyword: 'さくら精工' } })).list;
    expect(await keysFound({ conditions: { bb_id: sakura!.bb_id } })).toEqual([
      'komorebi-tax',
      'sakura-seiko',
    ]);
    expect(await keysFound({ conditions: { charge_status: 'unpaid' } })).toEqual(['minato-foods']);
    expect(await keysFound({ conditions: { charge_status: 'unbilled' } })).toEqual(['aoba-kensetsu']);
    expect(await keysFound({ conditions: { charge_status: 'paid' } })).toEqual([]);
    // Registered 2025-01-11 12:00 and 2025-01-12 12:00 in Japan (03:00 UTC): days in Japan, both ends in.
    expect(
      await keysFound({ conditions: { registered_from: '2025-01-11', registered_to: '2025-01-12' } }),
    ).toEqual(['aoba-kensetsu', 'minato-foods']);
    // Used 2026-02-02 00:00 in Japan (2026-02-01 15:00 UTC) and later.
    expect(
      await keysFound({ conditions: { last_used_from: '2026-02-05', last_used_to: '2026-02-06' } }),
    ).toEqual(['mirai-tech', 'tsubame-unyu']);
    expect(await keysFound({ conditions: { last_used_to: '2026-02-02' } })).toEqual(['minato-foods']);
  });

  it('finds by where a company stands: active, suspended, leaving reserved, left', async () => {
    await setCompany('cafe-kotori', { company_is_disabled: true });
    await setCompany('hanamizuki-kobo', { company_is_disabled: true, company_is_unsubscribed: true });
    try {
      expect(await keysFound({ conditions: { company_status: 'suspended' } })).toEqual(['cafe-kotori']);
      expect(await keysFound({ conditions: { company_status: 'unsubscribed' } })).toEqual([
        'hanamizuki-kobo',
      ]);
      expect(await keysFound({ conditions: { company_status: 'unsubscribe_reserved' } })).toEqual([
        'tsubame-unyu',
      ]);
      expect(await keysFound({ conditions: { company_status: 'active' } })).toEqual([
        'komorebi-tax',
        'mirai-tech',
        'hidamari-care',
        'aoba-kensetsu',
        'minato-foods',
        'sakura-seiko',
      ]);
    } finally {
      await setCompany('cafe-kotori', { company_is_disabled: false });
      await setCompany('hanamizuki-kobo', { company_is_disabled: false, company_is_unsubscribed: false });
    }
  });

  it('sorts by any column, 0 ascending and 1 descending, empty values last, ties by company ID', async () => {
    const sorted = (column: string, order: 0 | 1) => keysFound({ sort: { column, order } });
    expect(await sorted('company_created_at', 0)).toEqual([...DEMO_KEYS]);
    expect(await sorted('company_id', 0)).toEqual([...DEMO_KEYS]);
    expect(await sorted('company_id', 1)).toEqual([...DEMO_KEYS].reverse());
    // Names in the order of their kana (五十音順).
    expect(await sorted('company_name', 0)).toEqual([
      'aoba-kensetsu',
      'cafe-kotori',
      'komorebi-tax',
      'sakura-seiko',
      'tsubame-unyu',
      'hanamizuki-kobo',
      'hidamari-care',
      'minato-foods',
      'mirai-tech',
    ]);
    expect((await sorted('company_name', 1))[0]).toBe('mirai-tech');
    // 3 users, then 1, then none (ties by company ID, descending here too).
    expect((await sorted('user_count', 1)).slice(0, 3)).toEqual([
      'sakura-seiko',
      'mirai-tech',
      'hanamizuki-kobo',
    ]);
    expect((await sorted('business_user_count', 0)).at(-1)).toBe('sakura-seiko');
    // Amounts, then the companies without a charge this month, whichever way.
    expect((await sorted('charge_amount', 0)).slice(0, 4)).toEqual([
      'sakura-seiko',
      'minato-foods',
      'aoba-kensetsu',
      'hidamari-care',
    ]);
    expect((await sorted('charge_amount', 1)).slice(0, 4)).toEqual([
      'aoba-kensetsu',
      'minato-foods',
      'sakura-seiko',
      'hanamizuki-kobo',
    ]);
    // The most urgent first: unpaid, billed, unbilled.
    expect((await sorted('charge_status', 0)).slice(0, 3)).toEqual([
      'minato-foods',
      'sakura-seiko',
      'aoba-kensetsu',
    ]);
    // By the owners' kana (サトウ, タナカ), then the companies without an owner.
    expect((await sorted('owner_name', 0)).slice(0, 3)).toEqual([
      'sakura-seiko',
      'mirai-tech',
      'minato-foods',
    ]);
    // Branches in the master's order (本店営業部 first).
    expect((await sorted('bb_name', 0)).slice(0, 2)).toEqual(['sakura-seiko', 'komorebi-tax']);
    expect((await sorted('company_type', 1)).slice(0, 2)).toEqual(['hanamizuki-kobo', 'cafe-kotori']);
    expect((await sorted('company_last_used_at', 1)).slice(0, 2)).toEqual(['hanamizuki-kobo', 'cafe-kotori']);
    expect((await sorted('unsubscribe_requested_at', 1))[0]).toBe('tsubame-unyu');
    for (const column of ['need_count', 'coupon_count', 'homepage_published', 'recruitment_published'])
      expect(await sorted(column, 0), column).toHaveLength(9);
  });

  it('pages 5 to 500 rows at a time, a page past the end empty', async () => {
    const first = await search({ rows: 5, page: 1 });
    const second = await search({ rows: 5, page: 2 });
    expect(first.list).toHaveLength(5);
    expect(second.list).toHaveLength(4);
    expect(second.paging_data).toMatchObject({ total_rows: 9, total_pages: 2, page: 2, next_page: null });
    expect(new Set([...first.list, ...second.list].map((item) => item.company_id)).size).toBe(9);
    const pastTheEnd = await search({ rows: 5, page: 3 });
    expect(pastTheEnd.list).toEqual([]);
    expect(pastTheEnd.paging_data).toMatchObject({ total_rows: 9, total_pages: 2, page: 3 });
    expect(
      (await search({ rows: 5, page: 1, conditions: { keyword: '該当なし' } })).paging_data.total_rows,
    ).toBe(0);
    for (const body of [{ rows: 501 }, { rows: 0 }, { page: 0 }, { rows: 'many' }]) {
      const refused = await world.send(BANK, 'bank_admin', { method: 'POST', url: SEARCH, payload: body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses a condition or sort it does not know with the field’s message', async () => {
    const refused = await world.send(BANK, 'bank_admin', {
      method: 'POST',
      url: SEARCH,
      payload: {
        conditions: { company_type: 'bank', registered_from: '2025-02-30', bb_id: 2 ** 40 },
        sort: { column: 'company_password', order: 2 },
      },
    });
    expect(refused.statusCode).toBe(400);
    const errors = refused.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual([
      'conditions.bb_id',
      'conditions.company_type',
      'conditions.registered_from',
      'sort.column',
      'sort.order',
    ]);
    expect(errors['conditions.registered_from']).toEqual([VALIDATION_MESSAGES.invalidFormat]);
  });

  it('shows branch staff only the companies of their branches', async () => {
    // branchuser-0182 works for 本店営業部 (001) and 駅前支店 (010); branchadmin-0182 for 本店営業部.
    expect(await keysFound({}, { as: 'branch_user' })).toEqual([
      'cafe-kotori',
      'komorebi-tax',
      'hidamari-care',
      'sakura-seiko',
    ]);
    expect(await keysFound({}, { as: 'branch_admin' })).toEqual(['komorebi-tax', 'sakura-seiko']);
    const [aoba] = (await search({ conditions: { keyword: 'あおば' } })).list;
    expect(await keysFound({ conditions: { bb_id: aoba!.bb_id } }, { as: 'branch_user' })).toEqual([]);
    expect(
      await keysFound({ conditions: { keyword: codeOf('aoba-kensetsu') } }, { as: 'branch_admin' }),
    ).toEqual([]);
    expect(
      (await search({ sort: { column: 'user_count', order: 1 } }, { as: 'branch_admin' })).paging_data
        .total_rows,
    ).toBe(2);
  });

  it('never shows another bank’s companies, and only to bank staff', async () => {
    const other = await search({ rows: 500 }, { bank: OTHER_BANK });
    expect(other.list.map((item) => item.company_unique_code).sort()).toEqual(
      DEMO_KEYS.map((key) => codeOf(key, OTHER_BANK)).sort(),
    );
    expect(
      (await search({ conditions: { keyword: codeOf('sakura-seiko') } }, { bank: OTHER_BANK })).list,
    ).toEqual([]);
    for (const [actor, status] of [
      ['company_owner', 403],
      ['partner_company_owner', 403],
      ['visitor', 401],
    ] as const) {
      const answer = await world.send(BANK, actor, { method: 'POST', url: SEARCH, payload: {} });
      expect(answer.statusCode, actor).toBe(status);
    }
  });
});

describe('GET /api/v1/company/export', () => {
  const exportAs = (query = '', { as = 'bank_admin' as Actor, bank = BANK } = {}) =>
    world.send(bank, as, { method: 'GET', url: `/api/v1/company/export${query}` });

  /** The file's records (no field of the demo data holds a comma, a quote or a line break). */
  const recordsOf = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '')
      .map((line) => line.split(','));

  it('answers the whole search as CSV: UTF-8 with a BOM, a Japanese heading, CRLF, in the list’s order', async () => {
    const answer = await exportAs('?sort=company_created_at&order=0');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="companies-${japanDateString().replaceAll('-', '')}.csv"`,
    );
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(answer.body.endsWith('\r\n')).toBe(true);
    const [heading, ...records] = recordsOf(answer.body);
    expect(heading).toEqual([
      '企業ID',
      '企業名',
      '企業種別',
      'オーナー名',
      'お取引店',
      'ニーズ数',
      'クーポン数',
      '利用者数',
      'ビジネスユーザー数',
      'ホームページ公開',
      '求人',
      '月額利用料',
      '請求状況',
      '登録日',
      '最終利用日',
      '退会申請日',
    ]);
    expect(records.map((record) => record[1])).toEqual([
      'さくら精工株式会社',
      '株式会社みなと食品',
      '有限会社あおば建設',
      '株式会社ひだまり介護サービス',
      'つばめ運輸株式会社',
      '株式会社ミライテック・ソリューションズ',
      'こもれび税理士法人',
      'カフェ・ことり',
      '株式会社はなみずき工房',
    ]);
    // (Its 最終利用日 is the day its owner logged in, if a test above logged in as the owner.)
    expect(records[0]!.slice(1, 14)).toEqual([
      'さくら精工株式会社',
      '一般企業',
      '佐藤 健一',
      '本店営業部',
      '1',
      '0',
      '3',
      '1',
      '非公開',
      '非公開',
      '5500',
      '請求済み',
      '2025/01/10',
    ]);
    expect(records[0]![15]).toBe('');
    expect(records[1]!.slice(11, 15)).toEqual(['5500', '未入金', '2025/01/11', '2026/02/02']);
    expect(records[4]![15]).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
  });

  it('takes the list’s conditions and the default order', async () => {
    const unpaid = recordsOf((await exportAs('?charge_status=unpaid')).body);
    expect(unpaid.slice(1).map((record) => record[1])).toEqual(['株式会社みなと食品']);
    const partners = recordsOf((await exportAs('?company_type=partner&keyword=株式会社')).body);
    expect(partners.slice(1).map((record) => record[1])).toEqual(['株式会社ミライテック・ソリューションズ']);
    // A search that finds nothing is the heading alone.
    const none = await exportAs('?keyword=該当なし');
    expect(none.body).toBe(`\uFEFF${recordsOf(none.body)[0]!.join(',')}\r\n`);
    const newestFirst = recordsOf((await exportAs()).body);
    expect(newestFirst[1]![1]).toBe('株式会社はなみずき工房');
  });

  it('gives branch staff their branches’ companies only, another bank none of this one’s', async () => {
    const branch = recordsOf((await exportAs('', { as: 'branch_user' })).body);
    expect(branch.slice(1).map((record) => record[1])).toEqual([
      'カフェ・ことり',
      'こもれび税理士法人',
      '株式会社ひだまり介護サービス',
      'さくら精工株式会社',
    ]);
    const other = await exportAs(`?keyword=${codeOf('sakura-seiko')}`, { bank: OTHER_BANK });
    expect(recordsOf(other.body)).toHaveLength(1);
    for (const [actor, status] of [
      ['company_owner', 403],
      ['visitor', 401],
    ] as const) {
      const refused = await exportAs('', { as: actor });
      expect(refused.statusCode, actor).toBe(status);
      expect(refused.json().status).toBe('error');
    }
  });

  it('refuses a condition it does not know with the envelope', async () => {
    const refused = await exportAs('?company_status=closed&order=2');
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['company_status', 'order']);
  });

  it('writes every row of a search larger than a batch, quoting what needs it and defusing formulas', async () => {
    await world.db.withBank(OTHER_BANK, (tx) =>
      tx.execute(sql`
        insert into companies (company_unique_code, company_name, company_name_kana, company_type, company_created_at)
        select 'bulk' || n, '一括テスト商事' || n, 'イッカツテストショウジ', 'normal', now() - n * interval '1 minute'
        from generate_series(1, 1234) as n`),
    );
    await world.db.withBank(OTHER_BANK, (tx) =>
      tx.insert(companies).values([
        {
          company_unique_code: 'quoted',
          company_name: '一括テスト"引用",改行\n商事',
          company_name_kana: 'イッカツ',
          company_type: 'normal',
        },
        {
          company_unique_code: 'formula',
          company_name: '=HYPERLINK("http://example.com")一括テスト',
          company_name_kana: 'イッカツ',
          company_type: 'normal',
        },
      ]),
    );
    try {
      const answer = await exportAs('?keyword=一括テスト&sort=company_id&order=0', { bank: OTHER_BANK });
      expect(answer.statusCode).toBe(200);
      const lines = answer.body.split('\r\n');
      // The heading, 1,236 companies (one name holding a line feed, quoted), the last line end.
      expect(lines).toHaveLength(1 + 1236 + 1);
      expect(lines[1]).toMatch(/^\d+,一括テスト商事1,一般企業,/);
      expect(answer.body).toContain(',"一括テスト""引用"",改行\n商事",');
      expect(answer.body).toContain(`,"'=HYPERLINK(""http://example.com"")一括テスト",`);
    } finally {
      await world.db.withBank(OTHER_BANK, (tx) =>
        tx
          .delete(companies)
          .where(inArray(companies.company_name_kana, ['イッカツテストショウジ', 'イッカツ'])),
      );
    }
  });
});
