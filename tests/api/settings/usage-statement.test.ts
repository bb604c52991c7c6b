import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthsBefore } from '#server/contracts/company-charges.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { USAGE_STATEMENT_MESSAGES, type UsageStatement } from '#server/contracts/usage-statement.ts';
import { companies, companyCharges, users } from '#server/db/schema.ts';
import { demoUniqueCode } from '#server/db/seeds/seed-context.ts';
import { type Actor, startWorld, type World } from '#tests/support/world.ts';

/**
 * /mypage/setting/invoice's calls (issue 16 item 5): the company's months of charges and each
 * month's usage statement as a PDF, whose text is read back out of the PDF. Bank 0182 offers the
 * statement (available_invoice); 0158 does too in this world's copy of its tenant file, so its
 * users can be shown to get their own only; 0126 does not.
 */

const BANK = '0182';
const OTHER_BANK = '0158';
const NO_INVOICE_BANK = '0126';
const LIST = '/api/v1/setting/invoice';
const PDF = '/api/v1/setting/invoice/statement';
const pdfOf = (month: string) => `${PDF}?month=${month}`;

const STAFF = ['system_admin', 'bank_admin', 'branch_admin', 'branch_user'] as const;

/** This month in Japan (YYYY-MM). */
const THIS_MONTH = japanDateString().slice(0, 7);
/** A month long past, out of the recent months, that the tests fill in. */
const STATED_MONTH = '2024-03';
const LATER_MONTH = '2024-11';

const companyId = async (code: string, key: string) => {
  const [row] = await world.db.withBank(code, (tx) =>
    tx
      .select({ id: companies.company_id })
      .from(companies)
      .where(eq(companies.company_unique_code, demoUniqueCode(code, 'company', key))),
  );
  if (!row) throw new Error(`no demo company ${key} in ${code}`);
  return row.id;
};

interface ChargeEntry {
  month: string;
  kind: 'subscription' | 'adjust' | 'pay_per_use';
  amount: number;
  status: string;
  note?: string;
}

async function enterCharges(code: string, key: string, entries: readonly ChargeEntry[]) {
  const company = await companyId(code, key);
  const staff = await world.userIdOf(code, 'bank_admin');
  await world.db.withBank(code, (tx) =>
    tx.insert(companyCharges).values(
      entries.map((entry) => ({
        company_id: company,
        charge_month: `${entry.month}-01`,
        charge_kind: entry.kind,
        charge_amount: entry.amount,
        charge_status: entry.status,
        charge_note: entry.note ?? null,
        charge_created_by: staff,
        charge_updated_by: staff,
      })),
    ),
  );
}

async function addressCompany(code: string, key: string, address: Partial<typeof companies.$inferInsert>) {
  const id = await companyId(code, key);
  await world.db.withBank(code, (tx) =>
    tx.update(companies).set(address).where(eq(companies.company_id, id)),
  );
}

let world: World;

beforeAll(async () => {
  world = await startWorld({
    banks: [BANK, OTHER_BANK, NO_INVOICE_BANK],
    prepareTenants: async (dir) => {
      const file = path.join(dir, OTHER_BANK, 'tenant.json');
      const tenant = JSON.parse(await fs.readFile(file, 'utf8')) as { features: Record<string, boolean> };
      tenant.features.available_invoice = true;
      await fs.writeFile(file, JSON.stringify(tenant, null, 2));
    },
  });

  // The owner's and the user's company (sakura-seiko) of each bank, with addresses of its own.
  await addressCompany(BANK, 'sakura-seiko', {
    company_post_code: '104-0061',
    company_prefecture_code: '13',
    company_address1: '中央区銀座',
    company_address2: '1-2-3',
    company_address3: 'しおさいビル5階',
  });
  await addressCompany(OTHER_BANK, 'sakura-seiko', {
    company_post_code: '530-0001',
    company_prefecture_code: '27',
    company_address1: '大阪市北区梅田',
    company_address2: '2-4-6',
    company_address3: 'やまぶきタワー12階',
  });
  await enterCharges(BANK, 'sakura-seiko', [
    { month: STATED_MONTH, kind: 'subscription', amount: 5500, status: 'paid' },
    { month: STATED_MONTH, kind: 'adjust', amount: -1100, status: 'billed', note: '2月分の日割り返金' },
    { month: STATED_MONTH, kind: 'pay_per_use', amount: 3300, status: 'cancelled', note: '誤登録' },
    { month: LATER_MONTH, kind: 'subscription', amount: 5500, status: 'unpaid' },
  ]);
  // The same month of another company of the bank, and of the same company's namesake at the other bank.
  await enterCharges(BANK, 'minato-foods', [
    { month: STATED_MONTH, kind: 'subscription', amount: 9900, status: 'paid', note: 'みなと食品の明細' },
  ]);
  await enterCharges(OTHER_BANK, 'sakura-seiko', [
    { month: STATED_MONTH, kind: 'subscription', amount: 7700, status: 'paid', note: 'やまぶきの明細' },
  ]);

  // A company user of a partner company (the demo has a partner owner only): moved there before
  // their first login, so the session knows the company as a partner.
  const partner = await companyId(OTHER_BANK, 'komorebi-tax');
  const partnerUser = await world.userIdOf(OTHER_BANK, 'company_user');
  await world.db.withBank(OTHER_BANK, (tx) =>
    tx.update(users).set({ company_id: partner }).where(eq(users.user_id, partnerUser)),
  );
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const get = (code: string, actor: Actor, url: string) => world.send(code, actor, { method: 'GET', url });

function expectRefusal(answer: LightMyRequestResponse, status: number, message: string) {
  expect(answer.statusCode, answer.body).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.json()).toMatchObject({ status: 'error', message });
  expect(answer.body).not.toMatch(/"result"/);
}

/** The text of every page of the PDF, as a reader's copy would give it. */
async function pdfText(answer: LightMyRequestResponse): Promise<string> {
  // Quiet: PDF.js remarks on the font's hinting programs, which it does not run (it draws unhinted).
  const pdf = await getDocumentProxy(new Uint8Array(answer.rawPayload), { verbosity: 0 });
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe('who may see the usage statement', () => {
  it.each([BANK, OTHER_BANK])(
    'answers the owner and the user of a normal company on bank %s',
    async (code) => {
      // 0158's company_user was moved to a partner company: its owner stands for both there.
      const actors =
        code === BANK ? (['company_owner', 'company_user'] as const) : (['company_owner'] as const);
      for (const actor of actors) {
        const list = await get(code, actor, LIST);
        expect(list.statusCode, `${actor}: ${list.body}`).toBe(200);
        const statement = await get(code, actor, pdfOf(STATED_MONTH));
        expect(statement.statusCode, `${actor}: ${statement.body.slice(0, 200)}`).toBe(200);
        expect(statement.headers['content-type']).toBe('application/pdf');
      }
    },
  );

  it('refuses employees, partner owners and a partner company’s user with 403 権限がありません', async () => {
    const refused: [string, Actor][] = [
      [BANK, 'company_employee'],
      [BANK, 'partner_company_owner'],
      [OTHER_BANK, 'company_employee'],
      [OTHER_BANK, 'partner_company_owner'],
      [OTHER_BANK, 'company_user'],
    ];
    for (const [code, actor] of refused) {
      expectRefusal(await get(code, actor, LIST), 403, '権限がありません');
      expectRefusal(await get(code, actor, pdfOf(STATED_MONTH)), 403, '権限がありません');
    }
  });

  it('refuses bank staff with 403 and a visitor with 401', async () => {
    for (const actor of STAFF) {
      expectRefusal(await get(BANK, actor, LIST), 403, '権限がありません');
      expectRefusal(await get(BANK, actor, pdfOf(STATED_MONTH)), 403, '権限がありません');
    }
    expectRefusal(await get(BANK, 'visitor', LIST), 401, 'ログインが必要です');
    expectRefusal(await get(BANK, 'visitor', pdfOf(STATED_MONTH)), 401, 'ログインが必要です');
  });

  it('refuses everyone with 403 at a bank without available_invoice', async () => {
    for (const actor of ['company_owner', 'company_user'] as const) {
      expectRefusal(await get(NO_INVOICE_BANK, actor, LIST), 403, '権限がありません');
      expectRefusal(await get(NO_INVOICE_BANK, actor, pdfOf(THIS_MONTH)), 403, '権限がありません');
    }
  });
});

describe('GET /api/v1/setting/invoice', () => {
  it('answers a year’s months, newest first, each with its entries, total (取消 left out) and most urgent status', async () => {
    const answer = await get(BANK, 'company_user', `${LIST}?year=2024`);
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json().result as UsageStatement;
    expect(result).toMatchObject({ year: 2024, from_month: '2024-01', to_month: '2024-12', total: 9900 });
    expect(result.months.map((month) => [month.month, month.total, month.status])).toEqual([
      [LATER_MONTH, 5500, 'unpaid'],
      [STATED_MONTH, 4400, 'billed'],
    ]);
    expect(result.months[1]?.charges).toEqual([
      expect.objectContaining({ charge_kind: 'subscription', charge_amount: 5500, charge_status: 'paid' }),
      expect.objectContaining({
        charge_kind: 'adjust',
        charge_amount: -1100,
        charge_status: 'billed',
        charge_note: '2月分の日割り返金',
      }),
      expect.objectContaining({
        charge_kind: 'pay_per_use',
        charge_amount: 3300,
        charge_status: 'cancelled',
      }),
    ]);
    expect(result.years).toEqual([Number(THIS_MONTH.slice(0, 4)), 2024]);
  });

  it('answers the recent twelve months by default: the demo charges, none of 2024', async () => {
    const answer = await get(BANK, 'company_owner', LIST);
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json().result as UsageStatement;
    expect(result).toMatchObject({ year: null, from_month: monthsBefore(THIS_MONTH, 11), to_month: null });
    // server/db/seeds/companies.ts: sakura-seiko's 5,500 yen of this month (billed) and the two before (paid).
    expect(result.months.map((month) => [month.month, month.total, month.status])).toEqual([
      [THIS_MONTH, 5500, 'billed'],
      [monthsBefore(THIS_MONTH, 1), 5500, 'paid'],
      [monthsBefore(THIS_MONTH, 2), 5500, 'paid'],
    ]);
    expect(result.total).toBe(16500);
  });

  it('answers a user of the other bank their own company’s charges only', async () => {
    const answer = await get(OTHER_BANK, 'company_owner', `${LIST}?year=2024`);
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json().result as UsageStatement;
    expect(result.months).toEqual([
      {
        month: STATED_MONTH,
        total: 7700,
        status: 'paid',
        charges: [expect.objectContaining({ charge_amount: 7700, charge_note: 'やまぶきの明細' })],
      },
    ]);
    expect(answer.body).not.toMatch(/9900|みなと食品|日割り返金/);
  });

  it('answers an empty year with no months', async () => {
    const answer = await get(BANK, 'company_owner', `${LIST}?year=2019`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result).toMatchObject({ year: 2019, months: [], total: 0 });
  });

  it.each(['24', '1999', '2024-03', 'abc', ''])(
    'refuses the year %j with 400 and the field’s message',
    async (year) => {
      const answer = await get(BANK, 'company_owner', `${LIST}?year=${year}`);
      expectRefusal(answer, 400, '不正なリクエストです');
      expect(answer.json().errors).toEqual({ year: [USAGE_STATEMENT_MESSAGES.yearFormat] });
    },
  );
});

describe('GET /api/v1/setting/invoice/statement (the PDF)', () => {
  it('answers the month’s ご利用明細書 as an attachment with a Japanese file name', async () => {
    const answer = await get(BANK, 'company_owner', pdfOf(STATED_MONTH));
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="_______2024_03_.pdf"; filename*=UTF-8''${encodeURIComponent('ご利用明細書_2024年03月.pdf')}`,
    );
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
    // The font is embedded as a subset: the statement stays small.
    expect(answer.rawPayload.length).toBeLessThan(100_000);
  });

  it('states the bank, the company’s name and address, the month, every entry, the total and the day of issue', async () => {
    const text = await pdfText(await get(BANK, 'company_owner', pdfOf(STATED_MONTH)));
    for (const expected of [
      'ご利用明細書',
      'しおさい銀行',
      '法人ビジネスポータル',
      'しおさい銀行 法人ポータル サポートデスク',
      'さくら精工株式会社',
      '〒104-0061',
      '東京都中央区銀座1-2-3',
      'しおさいビル5階',
      '2024年3月分',
      '月額利用料',
      '5,500円',
      '調整',
      '2月分の日割り返金',
      '-1,100円',
      '従量課金',
      '3,300円',
      '取消',
      '入金済み',
      '請求済み',
      '合計',
      '4,400円',
      '消費税の内訳は記載していません',
      `発行日`,
      `${Number(THIS_MONTH.slice(0, 4))}年`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    const today = japanDateString().split('-').map(Number);
    expect(text).toContain(`${today[0]}年${today[1]}月${today[2]}日`);
  });

  it('never states another company’s or another bank’s data', async () => {
    const text = await pdfText(await get(BANK, 'company_user', pdfOf(STATED_MONTH)));
    expect(text).toContain('さくら精工株式会社');
    for (const foreign of ['9,900円', 'みなと食品', 'やまぶき', '7,700円', '大阪府']) {
      expect(text, foreign).not.toContain(foreign);
    }

    const otherText = await pdfText(await get(OTHER_BANK, 'company_owner', pdfOf(STATED_MONTH)));
    for (const expected of [
      'やまぶき銀行',
      'さくら精工株式会社',
      '〒530-0001',
      '大阪府大阪市北区梅田2-4-6',
      '7,700円',
    ]) {
      expect(otherText, expected).toContain(expected);
    }
    for (const foreign of ['しおさい', '5,500円', '4,400円', '日割り返金', '東京都', '9,900円']) {
      expect(otherText, foreign).not.toContain(foreign);
    }
  });

  it('answers 404 この月のご利用明細はありません。 for a month without entries, another bank’s included', async () => {
    expectRefusal(
      await get(BANK, 'company_owner', pdfOf('2023-01')),
      404,
      USAGE_STATEMENT_MESSAGES.noChargesInMonth,
    );
    // 0182's company has November 2024; 0158's namesake does not.
    expectRefusal(
      await get(OTHER_BANK, 'company_owner', pdfOf(LATER_MONTH)),
      404,
      USAGE_STATEMENT_MESSAGES.noChargesInMonth,
    );
  });

  it.each(['2024-13', '2024-3', '24-03', '1999-12', '2024-03-01', 'abc'])(
    'refuses the month %j with 400 and the field’s message',
    async (month) => {
      const answer = await get(BANK, 'company_owner', pdfOf(encodeURIComponent(month)));
      expectRefusal(answer, 400, '不正なリクエストです');
      expect(answer.json().errors).toEqual({ month: [USAGE_STATEMENT_MESSAGES.monthFormat] });
    },
  );

  it('refuses a missing month with 400 必須入力項目です', async () => {
    const answer = await get(BANK, 'company_owner', PDF);
    expectRefusal(answer, 400, '不正なリクエストです');
    expect(answer.json().errors).toEqual({ month: ['必須入力項目です'] });
  });
});
