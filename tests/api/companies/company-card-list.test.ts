import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyCardItem } from '#server/contracts/company-cards.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { ACCESS_MESSAGES } from '#server/contracts/route-access.ts';
import { companies, companyPaymentCards } from '#server/db/schema.ts';
import { demoUniqueCode } from '#server/db/seeds/seed-context.ts';
import { type Actor, startWorld, type World } from '#tests/support/world.ts';

/**
 * The companies' registered cards (/admin/company/creditcard) over HTTP: the list's rows with the
 * card number masked and no token, each condition, the paging contract, the branch restriction,
 * the other bank, who may ask and the banks that take no cards. The demo seed registers a card for
 * each bank's partner company (mirai-tech); this file registers one for every other company of 0182.
 */

const BANK = '0182';
const OTHER_BANK = '0158';
/** A bank without enable_credit_card_registration, as its tenant file says. */
const NO_CARD_BANK = '0196';
const SEARCH = '/api/v1/company/creditcard/search';

/** The demo companies (server/db/demo-banks.ts) in the order they were made, with their branches. */
const DEMO_KEYS = [
  'sakura-seiko', // 001 本店営業部
  'minato-foods', // 040
  'aoba-kensetsu', // 020
  'hidamari-care', // 010 駅前支店
  'tsubame-unyu', // 030
  'mirai-tech', // 050
  'komorebi-tax', // 001
  'cafe-kotori', // 010
  'hanamizuki-kobo', // 020
] as const;
type DemoKey = (typeof DEMO_KEYS)[number];
const codeOf = (key: DemoKey, bank = BANK) => demoUniqueCode(bank, 'company', key);
const keyOf = (code: string) => DEMO_KEYS.find((key) => codeOf(key) === code) ?? code;

/** This month and last month in Japan, as a card's expiry (month, year). */
function japanMonth(monthsBack: number): { month: number; year: number } {
  const [year, month] = japanDateString().split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - monthsBack;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}
const THIS_MONTH = japanMonth(0);
const LAST_MONTH = japanMonth(1);

/** Each company's card as this file registers it: expired (2020, last month), this month, or 2030. */
const EXPIRY: Partial<Record<DemoKey, { month: number; year: number }>> = {
  'sakura-seiko': { month: 3, year: 2020 },
  'komorebi-tax': LAST_MONTH,
  'hidamari-care': THIS_MONTH,
};

let world: World;
beforeAll(async () => {
  world = await startWorld({
    banks: [BANK, OTHER_BANK, NO_CARD_BANK],
    prepareTenants: async (dir) => {
      for (const code of [BANK, OTHER_BANK]) {
        const file = path.join(dir, code, 'tenant.json');
        const tenant = JSON.parse(await fs.readFile(file, 'utf8')) as { features: Record<string, boolean> };
        tenant.features.enable_credit_card_registration = true;
        await fs.writeFile(file, JSON.stringify(tenant, null, 2));
      }
    },
  });
  const registeredBy = await world.userIdOf(BANK, 'company_owner');
  await world.db.withBank(BANK, async (tx) => {
    for (const [index, key] of DEMO_KEYS.entries()) {
      const [company] = await tx
        .select({ id: companies.company_id })
        .from(companies)
        .where(eq(companies.company_unique_code, codeOf(key)));
      const expiry = EXPIRY[key] ?? { month: 12, year: 2030 };
      const card = {
        card_token: `tok_test_${key}`,
        card_brand: index % 2 === 0 ? 'VISA' : 'Mastercard',
        card_last4: String(1000 + index),
        card_expiry_month: expiry.month,
        card_expiry_year: expiry.year,
        card_holder_name: `HOLDER ${index}`,
        card_registered_by: registeredBy,
        // A day apart, in the order the companies were made: the newest registration last.
        card_registered_at: new Date(Date.UTC(2026, 0, 10 + index, 3)),
      };
      await tx
        .insert(companyPaymentCards)
        .values({ company_id: company!.id, ...card })
        .onConflictDoUpdate({
          target: [companyPaymentCards.bank_code, companyPaymentCards.company_id],
          set: card,
        });
    }
  });
});
afterAll(async () => {
  await world?.close();
});

interface ListAnswer {
  list: CompanyCardItem[];
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

describe('POST /api/v1/company/creditcard/search', () => {
  it('lists the companies with a card, newest registration first, the number as its last four digits', async () => {
    const answer = await world.send(BANK, 'bank_admin', {
      method: 'POST',
      url: SEARCH,
      payload: { rows: 25 },
    });
    expect(answer.statusCode).toBe(200);
    // The gateway's token never leaves the server.
    expect(answer.body).not.toContain('tok_');
    expect(answer.body).not.toContain('card_token');
    const { list, paging_data } = answer.json().result as ListAnswer;
    expect(list.map((item) => keyOf(item.company_unique_code))).toEqual([...DEMO_KEYS].reverse());
    expect(paging_data).toMatchObject({ total_rows: 9, total_pages: 1, page: 1, rows: 25 });
    expect(list.find((item) => item.company_unique_code === codeOf('sakura-seiko'))).toEqual({
      company_id: expect.any(Number),
      company_unique_code: codeOf('sakura-seiko'),
      company_name: 'さくら精工株式会社',
      bb_id: expect.any(Number),
      bb_name: '本店営業部',
      card_brand: 'VISA',
      card_last4: '1000',
      card_expiry_month: 3,
      card_expiry_year: 2020,
      card_is_expired: true,
      card_holder_name: 'HOLDER 0',
      card_registered_at: '2026-01-10T03:00:00.000Z',
    });
  });

  it('marks a card expired once its month has ended in Japan, and finds the expired ones only', async () => {
    const answer = await search({ rows: 500 });
    const expired = (key: DemoKey) =>
      answer.list.find((item) => item.company_unique_code === codeOf(key))?.card_is_expired;
    expect(expired('sakura-seiko')).toBe(true);
    expect(expired('komorebi-tax')).toBe(true);
    // Good to the last day of its month.
    expect(expired('hidamari-care')).toBe(false);
    expect(expired('mirai-tech')).toBe(false);
    expect(await keysFound({ conditions: { expired_only: true } })).toEqual(['komorebi-tax', 'sakura-seiko']);
    expect(await keysFound({ conditions: { expired_only: false } })).toHaveLength(9);
  });

  it('finds by keyword in the company’s name or kana, by branch and by company', async () => {
    expect(await keysFound({ conditions: { keyword: 'さくら' } })).toEqual(['sakura-seiko']);
    expect(await keysFound({ conditions: { keyword: 'ミライテック' } })).toEqual(['mirai-tech']);
    expect(await keysFound({ conditions: { keyword: 'サクラセイコウ' } })).toEqual(['sakura-seiko']);
    // A LIKE wildcard is taken literally.
    expect(await keysFound({ conditions: { keyword: '%' } })).toEqual([]);
    const [sakura] = (await search({ conditions: { keyword: 'さくら' } })).list;
    expect(await keysFound({ conditions: { bb_id: sakura!.bb_id } })).toEqual([
      'komorebi-tax',
      'sakura-seiko',
    ]);
    expect(await keysFound({ conditions: { bb_id: sakura!.bb_id, expired_only: true } })).toEqual([
      'komorebi-tax',
      'sakura-seiko',
    ]);
    expect(await keysFound({ conditions: { bb_id: sakura!.bb_id, keyword: 'ひだまり' } })).toEqual([]);
    expect(await keysFound({ conditions: { company: codeOf('cafe-kotori') } })).toEqual(['cafe-kotori']);
    expect(await keysFound({ conditions: { company: 'no-such-company' } })).toEqual([]);
  });

  it('pages the list: 5 rows a page, the last page short, a page past the end empty', async () => {
    const first = await search({ rows: 5, page: 1 });
    expect(first.list.map((item) => keyOf(item.company_unique_code))).toEqual(
      [...DEMO_KEYS].reverse().slice(0, 5),
    );
    expect(first.paging_data).toMatchObject({
      total_rows: 9,
      total_pages: 2,
      page: 1,
      rows: 5,
      next_page: 2,
    });
    const second = await search({ rows: 5, page: 2 });
    expect(second.list.map((item) => keyOf(item.company_unique_code))).toEqual(
      [...DEMO_KEYS].reverse().slice(5),
    );
    expect(second.paging_data).toMatchObject({ total_rows: 9, page: 2, next_page: null });
    const past = await search({ rows: 5, page: 4 });
    expect(past.list).toEqual([]);
    expect(past.paging_data).toMatchObject({ total_rows: 9, total_pages: 2, page: 4 });
    // Without rows and page: the staff lists' default of 100 rows, page 1.
    expect((await search({})).paging_data).toMatchObject({ rows: 100, page: 1, total_rows: 9 });
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
    expect(
      await keysFound({ conditions: { company: codeOf('mirai-tech') } }, { as: 'branch_admin' }),
    ).toEqual([]);
    expect((await search({ rows: 5 }, { as: 'branch_admin' })).paging_data.total_rows).toBe(2);
    // The other bank's only card is its partner company's (branch 050): its branch staff see none.
    expect(await keysFound({}, { as: 'branch_user', bank: OTHER_BANK })).toEqual([]);
    expect(await keysFound({}, { as: 'branch_admin', bank: OTHER_BANK })).toEqual([]);
  });

  it('never shows another bank’s cards', async () => {
    const other = await search({ rows: 500 }, { bank: OTHER_BANK });
    expect(other.list.map((item) => item.company_unique_code)).toEqual([codeOf('mirai-tech', OTHER_BANK)]);
    expect(other.list[0]).toMatchObject({ card_brand: 'VISA', card_last4: '1111', card_is_expired: false });
    expect(
      (await search({ conditions: { company: codeOf('sakura-seiko') } }, { bank: OTHER_BANK })).list,
    ).toEqual([]);
    expect((await search({ conditions: { keyword: 'HOLDER' } }, { bank: OTHER_BANK })).list).toEqual([]);
  });

  it('answers bank staff only, and only in a bank that takes cards', async () => {
    for (const [actor, status] of [
      ['company_owner', 403],
      ['partner_company_owner', 403],
      ['company_user', 403],
      ['visitor', 401],
    ] as const) {
      const answer = await world.send(BANK, actor, { method: 'POST', url: SEARCH, payload: {} });
      expect(answer.statusCode, actor).toBe(status);
      expect(answer.body).not.toContain('1000');
    }
    for (const actor of ['branch_user', 'branch_admin', 'bank_admin', 'system_admin'] as const) {
      expect((await world.send(BANK, actor, { method: 'POST', url: SEARCH, payload: {} })).statusCode).toBe(
        200,
      );
    }
    const refused = await world.send(NO_CARD_BANK, 'bank_admin', {
      method: 'POST',
      url: SEARCH,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 'error', message: ACCESS_MESSAGES.forbidden });
  });

  it('refuses odd input with 400 and the field’s name', async () => {
    for (const body of [
      { rows: 0 },
      { rows: 501 },
      { page: 0 },
      { rows: 'many' },
      { conditions: { keyword: 'あ'.repeat(101) } },
      { conditions: { bb_id: 'honten' } },
      { conditions: { bb_id: 0 } },
      { conditions: { expired_only: 'yes' } },
      { conditions: { company: '' } },
      { conditions: { company: 'c'.repeat(33) } },
      { conditions: 'all' },
    ]) {
      const refused = await world.send(BANK, 'bank_admin', { method: 'POST', url: SEARCH, payload: body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().status).toBe('error');
    }
    // What the route walk sends (it walks as 0182 without the flag, so the rule answers first).
    for (const keyword of ['a\u0000b', 'a\ud800b', 'あ'.repeat(10_000)]) {
      const answer = await world.send(BANK, 'bank_admin', {
        method: 'POST',
        url: SEARCH,
        payload: { conditions: { keyword } },
      });
      expect(answer.statusCode, keyword.slice(0, 10)).toBeLessThan(500);
      expect(answer.json().status).toBe('error');
    }
  });
});
