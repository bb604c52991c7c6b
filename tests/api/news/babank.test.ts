import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerBank } from '#server/contracts/news.ts';
import { buildPagingData } from '#server/contracts/paging.ts';
import { partnerBanks } from '#server/db/schema.ts';
import { apiGet, loginAs } from '#tests/support/login.ts';
import { startWorld, type World } from '#tests/support/world.ts';

const BANK_A = '0182';
const BANK_B = '0158';
const FORBIDDEN = { status: 'error', message: '権限がありません' };

let world: World;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  world = await startWorld({ banks: [BANK_A, BANK_B] });
  // Bank B partners with one more bank than the demo's three.
  await world.app.db.withBank(BANK_B, (tx) =>
    tx.insert(partnerBanks).values({
      babank_code: '1993',
      babank_name: 'しらかば信用金庫',
      babank_description: '県西部の事業者さまの資金繰りを支えています。',
      babank_url: 'https://www.example.com/shirakaba',
      babank_sort_order: 0,
    }),
  );
  for (const login of [`owner-${BANK_A}`, `employee-${BANK_A}`, `bankadmin-${BANK_A}`, `partner-${BANK_B}`])
    cookies[login] = (await loginAs(world.app, login.slice(-4), login)).cookie;
});

afterAll(async () => {
  await world?.close();
});

const list = (login: string, query = '') =>
  apiGet(world.app, login.slice(-4), cookies[login] ?? '', `/api/v1/babank/search${query}`);

describe('GET /api/v1/babank/search', () => {
  it("lists the bank's partner banks in the bank's order, with the paging contract", async () => {
    const response = await list(`owner-${BANK_A}`);
    expect(response.statusCode).toBe(200);
    const result = response.json().result as { list: PartnerBank[]; paging_data: unknown };
    expect(result.list.map((bank) => bank.babank_name)).toEqual([
      '青葉台信用金庫',
      'みなと共同信用組合',
      'ことり信用金庫',
    ]);
    expect(result.list[0]).toEqual({
      babank_id: expect.any(Number),
      babank_code: '1991',
      babank_name: '青葉台信用金庫',
      babank_description: '県北地域のお客さまの事業資金や創業をご支援しています。',
      babank_url: 'https://www.example.com/aobadai-shinkin',
    });
    expect(result.list[2]).toMatchObject({ babank_description: null, babank_url: null });
    expect(result.paging_data).toEqual(buildPagingData(3, 1, 100));

    const second = (await list(`owner-${BANK_A}`, '?rows=2&page=2')).json().result;
    expect(second.list.map((bank: PartnerBank) => bank.babank_code)).toEqual(['1992']);
    expect(second.paging_data).toEqual(buildPagingData(3, 2, 2));
    const pastEnd = (await list(`owner-${BANK_A}`, '?rows=2&page=3')).json().result;
    expect(pastEnd.list).toEqual([]);
  });

  it("answers each bank's own list", async () => {
    const bankB = (await list(`partner-${BANK_B}`)).json().result.list as PartnerBank[];
    expect(bankB.map((bank) => bank.babank_code)).toEqual(['1993', '1991', '2991', '1992']);
    const bankA = (await list(`owner-${BANK_A}`)).json().result.list as PartnerBank[];
    expect(bankA.map((bank) => bank.babank_code)).not.toContain('1993');
  });

  it('refuses rows outside 1–500 with 400', async () => {
    for (const query of ['?rows=0', '?rows=501', '?page=0']) {
      const response = await list(`owner-${BANK_A}`, query);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('refuses users without company_babank_read (employees by default) and bank staff with 403, visitors with 401', async () => {
    for (const login of [`employee-${BANK_A}`, `bankadmin-${BANK_A}`]) {
      const response = await list(login);
      expect(response.statusCode, login).toBe(403);
      expect(response.json(), login).toEqual(FORBIDDEN);
    }
    expect((await apiGet(world.app, BANK_A, '', '/api/v1/babank/search')).statusCode).toBe(401);
  });
});
