import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankBranches } from '#server/db/schema.ts';
import { seedDemoData } from '#server/demo-data.ts';
import { buildTestApp, devHost, type TestApp } from '#tests/support/app.ts';
import { committedTenant, committedTenants } from '#tests/support/tenants.ts';

const BANK_A = committedTenant('0182');
const BANK_B = committedTenant('0158');
/** Hiragana, katakana or kanji: a name a Japanese user can read. */
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

/** Every list of admin spec section 7 (GET /api/v1/master/{...}), plus the prefectures. */
const MASTER_LISTS = [
  'ba_ca_types',
  'subsidy_classes',
  'unsubscribe_reasons',
  'analyse_action',
  'ba_banks',
  'ba_bank_branches',
  'bank_branches',
  'user_types',
  'seminar_statuses',
  'interesting_features',
  'news_categories',
  'cr_statuses',
  'activity_types',
  'company_types',
  'document_categories',
  'charge_statuses',
  'company_statuses',
  'cso_categories',
  'cso_statuses',
  'cso_publish_statuses',
  'chat_room_types',
  'company_innovation_histories_statuses',
  'cmh_statuses',
  'cmh_request_types',
  'partner_information_statuses',
  'event_codes',
  'prefectures',
];

let testApp: TestApp;

async function get(bankCode: string, url: string) {
  const response = await testApp.app.inject({ method: 'GET', url, headers: { host: devHost(bankCode) } });
  return { statusCode: response.statusCode, body: response.json() };
}

/** The `result` array of a successful master list answer. */
async function list<T = Record<string, unknown>>(bankCode: string, url: string): Promise<T[]> {
  const { statusCode, body } = await get(bankCode, url);
  expect(statusCode, url).toBe(200);
  expect(body.status, url).toBe('success');
  expect(Array.isArray(body.result), url).toBe(true);
  return body.result as T[];
}

beforeAll(async () => {
  testApp = await buildTestApp();
  await seedDemoData(testApp.app.db, [BANK_A, BANK_B]);
});

afterAll(async () => {
  await testApp?.close();
});

describe('master lists (GET /api/v1/master/{list})', () => {
  it.each(MASTER_LISTS)('answers %s with a non-empty list of Japanese names', async (name) => {
    const items = await list(BANK_A.code, `/api/v1/master/${name}`);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const label = item.name ?? item.bb_name ?? item.ba_name;
      expect(label, JSON.stringify(item)).toMatch(JAPANESE);
    }
  });

  it('lists the 47 prefectures in JIS order with their codes', async () => {
    const prefectures = await list<{ code: string; name: string }>(BANK_A.code, '/api/v1/master/prefectures');
    expect(prefectures).toHaveLength(47);
    expect(prefectures.map((prefecture) => prefecture.code)).toEqual(
      Array.from({ length: 47 }, (_, index) => String(index + 1).padStart(2, '0')),
    );
    expect(prefectures[0]).toMatchObject({ code: '01', name: '北海道' });
    expect(prefectures[12]).toMatchObject({ code: '13', name: '東京都' });
    expect(prefectures[46]).toMatchObject({ code: '47', name: '沖縄県' });
  });

  it('lists the eight account types with their Japanese names', async () => {
    const userTypes = await list<{ code: string; name: string; user_group: string }>(
      BANK_A.code,
      '/api/v1/master/user_types',
    );
    expect(userTypes.map(({ code, name }) => [code, name])).toEqual([
      ['system_admin', 'システム管理者'],
      ['bank_admin', '銀行管理者'],
      ['branch_admin', '支店管理者'],
      ['branch_user', '支店ユーザー'],
      ['company_owner', '企業オーナー'],
      ['company_user', '企業ユーザー'],
      ['partner_company_owner', 'パートナー企業オーナー'],
      ['company_employee', '従業員'],
    ]);
    expect(userTypes.filter((type) => type.user_group === 'bank')).toHaveLength(4);
  });

  it('lists the company types normal, partner and baportal', async () => {
    const companyTypes = await list<{ code: string }>(BANK_A.code, '/api/v1/master/company_types');
    expect(companyTypes.map((type) => type.code)).toEqual(['normal', 'partner', 'baportal']);
  });

  it('gives every charge status a colour and a closed flag', async () => {
    const statuses = await list<{ code: string; color: string; is_closed: boolean }>(
      BANK_A.code,
      '/api/v1/master/charge_statuses',
    );
    for (const status of statuses) {
      expect(status.color, status.code).toMatch(/^#[0-9A-F]{6}$/i);
      expect(typeof status.is_closed, status.code).toBe('boolean');
    }
    expect(statuses.find((status) => status.code === 'unpaid')).toMatchObject({ is_closed: false });
    expect(statuses.find((status) => status.code === 'paid')).toMatchObject({ is_closed: true });
  });

  it('gives every chat room type its hidden, approval-required and built-in flags', async () => {
    const types = await list<Record<string, unknown>>(BANK_A.code, '/api/v1/master/chat_room_types');
    for (const type of types) {
      expect(type).toEqual({
        code: expect.any(String),
        name: expect.any(String),
        is_hidden: expect.any(Boolean),
        requires_approval: expect.any(Boolean),
        is_builtin: expect.any(Boolean),
      });
    }
  });

  it('answers ba_ca_types as the Japan Standard Industrial Classification: 大分類 A–T, each with its 中分類', async () => {
    const categories = await list<{ code: string; name: string; children: { code: string; name: string }[] }>(
      BANK_A.code,
      '/api/v1/master/ba_ca_types',
    );
    expect(categories.map((category) => category.code).join('')).toBe('ABCDEFGHIJKLMNOPQRST');
    expect(categories.find((category) => category.code === 'E')).toMatchObject({ name: '製造業' });
    expect(categories.flatMap((category) => category.children)).toHaveLength(99);
    for (const category of categories) expect(category.children.length, category.code).toBeGreaterThan(0);
  });

  it('narrows analyse_action to a category, and refuses an unknown one with 400', async () => {
    const matching = await list<{ category: string }>(
      BANK_A.code,
      '/api/v1/master/analyse_action?category=matching',
    );
    expect(matching.length).toBeGreaterThan(0);
    expect(new Set(matching.map((action) => action.category))).toEqual(new Set(['matching']));

    const unknown = await get(BANK_A.code, '/api/v1/master/analyse_action?category=lottery');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toMatchObject({ status: 'error', message: '不正なリクエストです' });
    expect(unknown.body.errors).toHaveProperty('category');
  });

  it('refuses a query parameter a list does not take with 400', async () => {
    const { statusCode, body } = await get(BANK_A.code, '/api/v1/master/user_types?bank_code=0158');
    expect(statusCode).toBe(400);
    expect(body.status).toBe('error');
  });

  it("answers bank_branches with the current bank's branches only, never another bank's", async () => {
    const branchesA = await list<{ bb_id: number; bb_code: string; bb_unique_code: string; bb_name: string }>(
      BANK_A.code,
      '/api/v1/master/bank_branches',
    );
    const branchesB = await list<{ bb_unique_code: string }>(BANK_B.code, '/api/v1/master/bank_branches');
    expect(branchesA.length).toBeGreaterThan(0);
    expect(branchesB.length).toBeGreaterThan(0);
    expect(Object.keys(branchesA[0] ?? {}).sort()).toEqual(['bb_code', 'bb_id', 'bb_name', 'bb_unique_code']);
    const uniqueCodesOfB = new Set(branchesB.map((branch) => branch.bb_unique_code));
    expect(branchesA.filter((branch) => uniqueCodesOfB.has(branch.bb_unique_code))).toEqual([]);
  });

  it('answers ba_bank_branches with the current bank and its branches', async () => {
    const branches = await list<{ ba_code: string; ba_name: string }>(
      BANK_B.code,
      '/api/v1/master/ba_bank_branches',
    );
    expect(branches.length).toBeGreaterThan(0);
    for (const branch of branches)
      expect(branch).toMatchObject({ ba_code: BANK_B.code, ba_name: BANK_B.bank_name });
  });

  it("lists only the host's bank and its partner bank in ba_banks, never the deployment's other banks", async () => {
    for (const tenant of committedTenants()) {
      const banks = await list<{ ba_code: string; ba_name: string; is_current_bank: boolean }>(
        tenant.code,
        '/api/v1/master/ba_banks',
      );
      const expected = [
        tenant.code,
        ...(tenant.babank && tenant.babank.code !== tenant.code ? [tenant.babank.code] : []),
      ];
      expect(banks.map((bank) => bank.ba_code)).toEqual(expected);
      expect(banks.filter((bank) => bank.is_current_bank)).toEqual([
        expect.objectContaining({ ba_code: tenant.code, ba_name: tenant.bank_name }),
      ]);
      const others = committedTenants().filter((other) => !expected.includes(other.code));
      for (const other of others) expect(JSON.stringify(banks)).not.toContain(other.bank_name);
    }
  });
});

describe('registration reasons (GET /api/v1/companyregister/reasons)', () => {
  it('answers the reasons an admin chooses from, in Japanese', async () => {
    const reasons = await list<{ code: string; name: string }>(
      BANK_B.code,
      '/api/v1/companyregister/reasons',
    );
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) expect(reason.name).toMatch(JAPANESE);
  });
});

describe('several lists in one call (GET /api/v1/master?lists=…)', () => {
  it('answers each list as its own path does, in one call', async () => {
    const names = [...MASTER_LISTS, 'registration_reasons'];
    const { statusCode, body } = await get(BANK_A.code, `/api/v1/master?lists=${names.join(',')}`);
    expect(statusCode).toBe(200);
    expect(Object.keys(body.result).sort()).toEqual([...names].sort());
    for (const name of MASTER_LISTS) {
      expect(body.result[name], name).toEqual(await list(BANK_A.code, `/api/v1/master/${name}`));
    }
    expect(body.result.registration_reasons).toEqual(
      await list(BANK_A.code, '/api/v1/companyregister/reasons'),
    );
  });

  it("keeps each bank's branches to that bank, as the lists' own paths do", async () => {
    const a = await get(BANK_A.code, '/api/v1/master?lists=bank_branches,ba_banks');
    const b = await get(BANK_B.code, '/api/v1/master?lists=bank_branches,ba_banks');
    expect(a.body.result.bank_branches).toEqual(await list(BANK_A.code, '/api/v1/master/bank_branches'));
    expect(b.body.result.bank_branches).toEqual(await list(BANK_B.code, '/api/v1/master/bank_branches'));
    expect(a.body.result.bank_branches).not.toEqual(b.body.result.bank_branches);
    expect(JSON.stringify(a.body.result.ba_banks)).not.toContain(BANK_B.bank_name);
  });

  it('refuses an unknown list, an empty one or no lists with 400', async () => {
    for (const query of ['lists=prefectures,nope', 'lists=', '', 'lists=prefectures&extra=1']) {
      const { statusCode, body } = await get(BANK_A.code, `/api/v1/master?${query}`);
      expect(statusCode, query).toBe(400);
      expect(body.status, query).toBe('error');
    }
  });
});

describe('repeated loads', () => {
  const BUNDLE = '/api/v1/master?lists=prefectures,bank_branches,news_categories';

  async function load(bankCode: string, url: string, etag?: string) {
    return testApp.app.inject({
      method: 'GET',
      url,
      headers: { host: devHost(bankCode), ...(etag ? { 'if-none-match': etag } : {}) },
    });
  }

  it('answers 304 without a body while the lists are unchanged, on the bundle and on a list’s own path', async () => {
    for (const url of [BUNDLE, '/api/v1/master/prefectures']) {
      const first = await load(BANK_A.code, url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe('private, no-cache');
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^"[0-9a-z]+"$/);

      const again = await load(BANK_A.code, url, etag);
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
    }
  });

  it('answers the new lists in full once a branch is added, and keeps each bank’s answer its own', async () => {
    const before = await load(BANK_A.code, BUNDLE);
    const etag = String(before.headers.etag);
    const otherBank = await load(BANK_B.code, BUNDLE);
    expect(otherBank.headers.etag).not.toBe(etag);
    expect((await load(BANK_B.code, BUNDLE, etag)).statusCode).toBe(200);

    await testApp.app.db.withBank(BANK_A.code, (tx) =>
      tx.insert(bankBranches).values({
        bb_code: '901',
        bb_unique_code: 'etag-test-branch',
        bb_name: '再検証支店',
        bb_name_kana: 'サイケンショウシテン',
      }),
    );
    const after = await load(BANK_A.code, BUNDLE, etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(JSON.stringify(after.json().result.bank_branches)).toContain('再検証支店');
  });
});
