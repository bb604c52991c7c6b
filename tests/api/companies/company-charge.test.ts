import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alreadyChargedMessage,
  CHARGE_MESSAGES,
  type ChargeItem,
  monthsBefore,
} from '#server/contracts/company-charges.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { hashPassword } from '#server/db/password-hash.ts';
import { auditEvents, companies, companyCharges, users } from '#server/db/schema.ts';
import { demoUniqueCode } from '#server/db/seeds/seed-context.ts';
import { type Actor, BANK_A, BANK_B, startWorld, type World } from '#tests/support/world.ts';

/**
 * /admin/company/charge's calls (admin spec sections 2, 5, 7 and 8): the company lookup, a company's
 * charges by month, and the save at both of its paths, which asks for the staff member's own
 * password. Two banks, the demo accounts (password demo-password) and the demo charges (three months
 * of sakura-seiko's, minato-foods' and aoba-kensetsu's monthly charge, server/db/seeds/companies.ts).
 */

const PASSWORD = 'demo-password';
const SAVE = '/api/v1/company/charge/save';
const SAVE_SHORT = '/api/v1/charge/save';
const LIST = '/api/v1/company/charge/list';
const LOOKUP = '/api/v1/company/charge/companies';

/** A demo company's code in a bank (server/db/demo-banks.ts). */
const companyCode = (bank: string, key: string) => demoUniqueCode(bank, 'company', key);
/** This month in Japan (YYYY-MM), or the month `back` months before it. */
const month = (back = 0) => monthsBefore(japanDateString().slice(0, 7), back);

let world: World;
beforeAll(async () => {
  world = await startWorld({ redisWhenSet: true });
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const get = (actor: Actor, url: string, bank = BANK_A) => world.send(bank, actor, { method: 'GET', url });
const post = (actor: Actor, url: string, payload: object, bank = BANK_A) =>
  world.send(bank, actor, { method: 'POST', url, payload });

/** A valid save of a new entry for the company: this month's subscription of 5,500 yen, billed. */
function entry(key: string, change: Record<string, unknown> = {}, bank = BANK_A) {
  return {
    company_unique_code: companyCode(bank, key),
    charge_month: month(),
    charge_kind: 'subscription',
    charge_amount: 5500,
    charge_status: 'billed',
    charge_note: '',
    password: PASSWORD,
    ...change,
  };
}

const listOf = (key: string, actor: Actor = 'bank_admin', bank = BANK_A) =>
  get(actor, `${LIST}?company_unique_code=${companyCode(bank, key)}`, bank);

async function chargesOf(key: string, bank = BANK_A): Promise<ChargeItem[]> {
  const answer = await listOf(key, 'bank_admin', bank);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().result.charges as ChargeItem[];
}

/** Every stored charge of the bank and every audit row, counted: what a refused save must not change. */
async function footprint(bank = BANK_A) {
  return world.db.withBank(bank, async (tx) => {
    const [charges] = await tx.select({ rows: count() }).from(companyCharges);
    const [audits] = await tx.select({ rows: count() }).from(auditEvents);
    return { charges: charges?.rows, audits: audits?.rows };
  });
}

/** The answer's field errors after checking its status and that it changed nothing. */
async function refused(save: () => Promise<LightMyRequestResponse>, statusCode: number, bank = BANK_A) {
  const before = await footprint(bank);
  const answer = await save();
  expect(answer.statusCode, answer.body).toBe(statusCode);
  expect(answer.json().status).toBe('error');
  expect(await footprint(bank)).toEqual(before);
  return answer.json() as { message: string; errors?: Record<string, string[]> };
}

describe('GET /api/v1/company/charge/companies: the company lookup', () => {
  it('finds the bank’s companies by name, kana or code, with their branch, in kana order', async () => {
    const byName = await get('bank_admin', `${LOOKUP}?keyword=${encodeURIComponent('精工')}`);
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().result.list).toEqual([
      {
        company_unique_code: companyCode(BANK_A, 'sakura-seiko'),
        company_name: 'さくら精工株式会社',
        bb_name: '本店営業部',
      },
    ]);
    const byKana = await get('system_admin', `${LOOKUP}?keyword=${encodeURIComponent('ミナト')}`);
    expect(
      byKana.json().result.list.map((company: { company_name: string }) => company.company_name),
    ).toEqual(['株式会社みなと食品']);
    const code = companyCode(BANK_A, 'aoba-kensetsu');
    const byCode = await get('bank_admin', `${LOOKUP}?keyword=${code}`);
    expect(
      byCode
        .json()
        .result.list.map((company: { company_unique_code: string }) => company.company_unique_code),
    ).toEqual([code]);
    const all = (await get('bank_admin', LOOKUP)).json().result.list as { company_name: string }[];
    expect(all.length).toBeGreaterThanOrEqual(9);
    expect(all.length).toBeLessThanOrEqual(20);
    expect(all[0]?.company_name).toBe('有限会社あおば建設');
  });

  it('never finds another bank’s companies', async () => {
    const answer = await get('bank_admin', `${LOOKUP}?keyword=${companyCode(BANK_B, 'sakura-seiko')}`);
    expect(answer.json().result.list).toEqual([]);
  });

  it('refuses a keyword over 100 characters: 100文字以内で入力してください', async () => {
    const answer = await get('bank_admin', `${LOOKUP}?keyword=${'あ'.repeat(101)}`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual({ keyword: ['100文字以内で入力してください'] });
  });
});

describe('GET /api/v1/company/charge/list: a company’s charges by month', () => {
  it('answers the company and its last 12 months of charges, newest month first', async () => {
    const answer = await listOf('minato-foods');
    expect(answer.statusCode, answer.body).toBe(200);
    const { company, from_month: from, charges } = answer.json().result;
    expect(company).toEqual({
      company_unique_code: companyCode(BANK_A, 'minato-foods'),
      company_name: '株式会社みなと食品',
      bb_name: expect.any(String),
    });
    expect(from).toBe(month(11));
    expect(
      charges.map((charge: ChargeItem) => [
        charge.charge_month,
        charge.charge_kind,
        charge.charge_amount,
        charge.charge_status,
      ]),
    ).toEqual([
      [month(0), 'subscription', 5500, 'unpaid'],
      [month(1), 'subscription', 5500, 'paid'],
      [month(2), 'subscription', 5500, 'paid'],
    ]);
    expect(charges[0]).toMatchObject({ charge_id: expect.any(Number), charge_note: null });
  });

  it('leaves out months before the 12 shown', async () => {
    const companyId = await world.db.withBank(BANK_A, async (tx) => {
      const [row] = await tx
        .select({ id: companies.company_id })
        .from(companies)
        .where(eq(companies.company_unique_code, companyCode(BANK_A, 'hanamizuki-kobo')));
      return row?.id as number;
    });
    const staff = await world.userIdOf(BANK_A, 'bank_admin');
    await world.db.withBank(BANK_A, (tx) =>
      tx.insert(companyCharges).values(
        [12, 11].map((back) => ({
          company_id: companyId,
          charge_month: `${month(back)}-01`,
          charge_kind: 'subscription',
          charge_amount: 3300,
          charge_status: 'paid',
          charge_created_by: staff,
          charge_updated_by: staff,
        })),
      ),
    );
    expect((await chargesOf('hanamizuki-kobo')).map((charge) => charge.charge_month)).toEqual([month(11)]);
  });

  it('answers 404 for an unknown company and for another bank’s, with no data', async () => {
    const unknown = await get('bank_admin', `${LIST}?company_unique_code=nosuchcompany`);
    expect(unknown.statusCode).toBe(404);
    const other = await get(
      'bank_admin',
      `${LIST}?company_unique_code=${companyCode(BANK_B, 'minato-foods')}`,
    );
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('みなと食品');
    expect(other.json().result).toBeUndefined();
  });

  it('requires the company: 必須入力項目です', async () => {
    const answer = await get('bank_admin', LIST);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual({ company_unique_code: ['必須入力項目です'] });
  });
});

describe('POST /api/v1/company/charge/save: saving with the staff member’s own password', () => {
  it('saves a new entry: 保存しました, the entry stored and audited against the company', async () => {
    const before = await footprint();
    const answer = await post(
      'bank_admin',
      SAVE,
      entry('hidamari-care', { charge_note: '4月分（口座振替）' }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe('保存しました');
    const saved = answer.json().result.charge as ChargeItem;
    expect(saved).toMatchObject({
      charge_month: month(),
      charge_kind: 'subscription',
      charge_amount: 5500,
      charge_status: 'billed',
      charge_note: '4月分（口座振替）',
    });
    expect(await chargesOf('hidamari-care')).toEqual([saved]);

    const staff = await world.userIdOf(BANK_A, 'bank_admin');
    const [row] = await world.db.withBank(BANK_A, (tx) =>
      tx.select().from(companyCharges).where(eq(companyCharges.charge_id, saved.charge_id)),
    );
    expect(row).toMatchObject({
      charge_month: `${month()}-01`,
      charge_created_by: staff,
      charge_updated_by: staff,
    });
    const audits = await world.db.withBank(BANK_A, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.target_type, 'companies'),
            eq(auditEvents.target_id, companyCode(BANK_A, 'hidamari-care')),
          ),
        ),
    );
    expect(audits).toEqual([expect.objectContaining({ action: 'CREATE', actor_user_id: staff })]);
    expect(await footprint()).toEqual({
      charges: (before.charges ?? 0) + 1,
      audits: (before.audits ?? 0) + 1,
    });
  });

  it('is served at /api/v1/charge/save too, for system admins as for bank admins', async () => {
    const answer = await post(
      'system_admin',
      SAVE_SHORT,
      entry('komorebi-tax', { charge_kind: 'pay_per_use', charge_amount: 1200 }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe('保存しました');
    expect(
      (await chargesOf('komorebi-tax')).map((charge) => [charge.charge_kind, charge.charge_amount]),
    ).toEqual([['pay_per_use', 1200]]);
  });

  it('edits the entry its charge_id names, and keeps who made it', async () => {
    const [current] = await chargesOf('aoba-kensetsu');
    expect(current).toMatchObject({ charge_month: month(), charge_status: 'unbilled' });
    const answer = await post(
      'system_admin',
      SAVE,
      entry('aoba-kensetsu', {
        charge_id: current?.charge_id,
        charge_amount: 11000,
        charge_status: 'billed',
        charge_note: '請求書送付済み',
      }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const [edited] = await chargesOf('aoba-kensetsu');
    expect(edited).toMatchObject({
      charge_id: current?.charge_id,
      charge_status: 'billed',
      charge_note: '請求書送付済み',
    });
    const [row] = await world.db.withBank(BANK_A, (tx) =>
      tx
        .select()
        .from(companyCharges)
        .where(eq(companyCharges.charge_id, current?.charge_id as number)),
    );
    expect(row?.charge_created_by).toBe(await world.userIdOf(BANK_A, 'bank_admin'));
    expect(row?.charge_updated_by).toBe(await world.userIdOf(BANK_A, 'system_admin'));
  });

  it('charges a month once per kind: a second monthly charge is 422 with the message under the month', async () => {
    const body = await refused(
      () => post('bank_admin', SAVE, entry('sakura-seiko', { charge_amount: 6600 })),
      422,
    );
    expect(body.message).toBe(alreadyChargedMessage('subscription'));
    expect(body.message).toBe('この月の月額利用料はすでに登録されています。');
    expect(body.errors).toEqual({ charge_month: ['この月の月額利用料はすでに登録されています。'] });
  });

  it('refuses an edit that would make a second monthly charge of a month', async () => {
    const [latest, previous] = await chargesOf('sakura-seiko');
    expect(latest?.charge_month).toBe(month(0));
    const body = await refused(
      () =>
        post(
          'bank_admin',
          SAVE,
          entry('sakura-seiko', { charge_id: previous?.charge_id, charge_month: month(0) }),
        ),
      422,
    );
    expect(body.errors).toEqual({ charge_month: [alreadyChargedMessage('subscription')] });
  });

  it('takes as many adjustments a month as needed, negative ones included', async () => {
    for (const amount of [-1000, -1000, 500]) {
      const answer = await post(
        'bank_admin',
        SAVE,
        entry('sakura-seiko', { charge_kind: 'adjust', charge_amount: amount }),
      );
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const adjustments = (await chargesOf('sakura-seiko')).filter((charge) => charge.charge_kind === 'adjust');
    expect(adjustments.map((charge) => charge.charge_amount)).toEqual([-1000, -1000, 500]);
  });

  it('saves nothing when two admins save the same month’s charge at once but the first', async () => {
    const both = await Promise.all([
      post('bank_admin', SAVE, entry('cafe-kotori', { charge_month: month(3) })),
      post('system_admin', SAVE_SHORT, entry('cafe-kotori', { charge_month: month(3) })),
    ]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(
      (await chargesOf('cafe-kotori')).filter((charge) => charge.charge_month === month(3)),
    ).toHaveLength(1);
  });
});

describe('charge save with a wrong password changes nothing', () => {
  it('refuses a new entry: 422 認証に失敗しました。再度お試しください under the password', async () => {
    const body = await refused(
      () => post('bank_admin', SAVE, entry('tsubame-unyu', { password: 'wrong-password' })),
      422,
    );
    expect(body.message).toBe('認証に失敗しました。再度お試しください');
    expect(body.errors).toEqual({ password: ['認証に失敗しました。再度お試しください'] });
    expect(await chargesOf('tsubame-unyu')).toEqual([]);
  });

  it('leaves an edited entry as it was, at either path', async () => {
    const [current] = await chargesOf('minato-foods');
    for (const path of [SAVE, SAVE_SHORT]) {
      const body = await refused(
        () =>
          post(
            'bank_admin',
            path,
            entry('minato-foods', {
              charge_id: current?.charge_id,
              charge_status: 'paid',
              password: 'Demo-password',
            }),
          ),
        422,
      );
      expect(body.message).toBe(CHARGE_MESSAGES.authenticationFailed);
    }
    expect((await chargesOf('minato-foods'))[0]).toEqual(current);
  });

  it('checks the password of the staff member saving, not another’s, and refuses one the portal keeps none of', async () => {
    // The system admin's session first, so changing the password below ends no login of the test.
    await world.cookieOf(BANK_A, 'system_admin');
    const systemAdmin = await world.userIdOf(BANK_A, 'system_admin');
    const [kept] = await world.db.withBank(BANK_A, (tx) =>
      tx.select({ hash: users.user_password_hash }).from(users).where(eq(users.user_id, systemAdmin)),
    );
    const setHash = (hash: string | null) =>
      world.db.withBank(BANK_A, (tx) =>
        tx.update(users).set({ user_password_hash: hash }).where(eq(users.user_id, systemAdmin)),
      );
    try {
      await setHash(await hashPassword('sysadmin-only-2026'));
      const borrowed = await refused(
        () => post('bank_admin', SAVE, entry('tsubame-unyu', { password: 'sysadmin-only-2026' })),
        422,
      );
      expect(borrowed.errors).toEqual({ password: [CHARGE_MESSAGES.authenticationFailed] });
      await refused(() => post('system_admin', SAVE, entry('tsubame-unyu')), 422);
      const own = await post('system_admin', SAVE, entry('tsubame-unyu', { password: 'sysadmin-only-2026' }));
      expect(own.statusCode, own.body).toBe(200);

      // A staff member whose password the bank's provider keeps: nothing to check against here.
      await setHash(null);
      const none = await refused(
        () =>
          post('system_admin', SAVE, entry('tsubame-unyu', { charge_kind: 'adjust', password: 'anything' })),
        422,
      );
      expect(none.message).toBe(CHARGE_MESSAGES.authenticationFailed);
    } finally {
      await setHash(kept?.hash ?? null);
    }
  });

  it('requires the password before anything is checked: 必須入力項目です', async () => {
    const body = await refused(() => post('bank_admin', SAVE, entry('tsubame-unyu', { password: '' })), 400);
    expect(body.errors).toEqual({ password: ['必須入力項目です'] });
  });

  it('refuses before looking at the company: a wrong password for another bank’s company is the same 422', async () => {
    const body = await refused(
      () => post('bank_admin', SAVE, entry('sakura-seiko', { password: 'wrong-password' }, BANK_B)),
      422,
    );
    expect(body.message).toBe(CHARGE_MESSAGES.authenticationFailed);
  });
});

describe('the save’s validation messages (400, nothing saved)', () => {
  const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
    [
      'required fields',
      { charge_month: '', charge_kind: '', charge_amount: '', charge_status: '' },
      {
        charge_month: ['必須入力項目です'],
        charge_kind: ['必須入力項目です'],
        charge_amount: ['必須入力項目です'],
        charge_status: ['必須入力項目です'],
      },
    ],
    ['a month not in YYYY-MM', { charge_month: '2026/04' }, { charge_month: [CHARGE_MESSAGES.monthFormat] }],
    ['an unknown kind', { charge_kind: 'refund' }, { charge_kind: ['選択肢の中から選んでください'] }],
    ['an amount in decimals', { charge_amount: 5500.5 }, { charge_amount: ['整数を半角で入力してください'] }],
    [
      'an amount with separators',
      { charge_amount: '5,500' },
      { charge_amount: ['整数を半角で入力してください'] },
    ],
    [
      'an amount over ten million yen',
      { charge_amount: 10_000_001 },
      { charge_amount: [CHARGE_MESSAGES.amountRange] },
    ],
    [
      'a negative monthly charge',
      { charge_amount: -5500 },
      { charge_amount: ['マイナスの金額は、種別が「調整」のときだけ入力できます'] },
    ],
    [
      'a note over 200 characters',
      { charge_note: 'あ'.repeat(201) },
      { charge_note: ['200文字以内で入力してください'] },
    ],
    ['no password', { password: '' }, { password: ['必須入力項目です'] }],
    ['no company', { company_unique_code: '' }, { company_unique_code: ['必須入力項目です'] }],
  ];

  for (const [what, change, errors] of cases) {
    it(`refuses ${what}`, async () => {
      const body = await refused(
        () => post('bank_admin', SAVE, entry('tsubame-unyu', { charge_month: month(4), ...change })),
        400,
      );
      expect(body.errors).toEqual(errors);
    });
  }

  it('refuses a status the charge_statuses master does not hold (422, under the status)', async () => {
    const body = await refused(
      () => post('bank_admin', SAVE, entry('tsubame-unyu', { charge_status: 'refunded' })),
      422,
    );
    expect(body.errors).toEqual({ charge_status: ['選択肢の中から選んでください'] });
  });
});

describe('who may use the calls: system and bank admins of the company’s own bank', () => {
  const routes = [
    ['GET', LOOKUP],
    ['GET', `${LIST}?company_unique_code=${companyCode(BANK_A, 'sakura-seiko')}`],
    ['POST', SAVE],
    ['POST', SAVE_SHORT],
  ] as const;
  const send = (actor: Actor, method: string, url: string) =>
    method === 'GET'
      ? get(actor, url)
      : post(actor, url, entry('sakura-seiko', { charge_kind: 'adjust', charge_amount: 100 }));

  it('refuses branch staff every route (403), even for a company of their own branch', async () => {
    // Logged in first: a login is an audit row of its own.
    for (const actor of ['branch_admin', 'branch_user'] as const) await world.cookieOf(BANK_A, actor);
    const before = await footprint();
    for (const actor of ['branch_admin', 'branch_user'] as const)
      for (const [method, url] of routes) {
        const answer = await send(actor, method, url);
        expect(answer.statusCode, `${actor} ${method} ${url}`).toBe(403);
        expect(answer.body).not.toContain('さくら精工');
      }
    expect(await footprint()).toEqual(before);
  });

  it('refuses company users (403) and visitors (401)', async () => {
    for (const [method, url] of routes) {
      expect((await send('company_owner', method, url)).statusCode).toBe(403);
      expect((await send('company_employee', method, url)).statusCode).toBe(403);
      expect((await send('visitor', method, url)).statusCode).toBe(401);
    }
  });

  it('answers another bank’s company 404, with no data and nothing saved', async () => {
    const otherCompany = companyCode(BANK_B, 'hidamari-care');
    const before = await footprint(BANK_B);
    for (const path of [SAVE, SAVE_SHORT]) {
      const body = await refused(
        () => post('bank_admin', path, { ...entry('hidamari-care'), company_unique_code: otherCompany }),
        404,
      );
      expect(JSON.stringify(body)).not.toContain('ひだまり');
    }
    expect(await footprint(BANK_B)).toEqual(before);
  });

  it('answers another bank’s entry 404: its charge_id does not reach across banks or companies', async () => {
    const [bankBCharge] = await chargesOf('sakura-seiko', BANK_B);
    expect(bankBCharge).toBeDefined();
    const acrossBanks = await refused(
      () =>
        post(
          'bank_admin',
          SAVE,
          entry('sakura-seiko', { charge_id: bankBCharge?.charge_id, charge_kind: 'adjust' }),
        ),
      404,
    );
    expect(acrossBanks.message).toBe('This page could not be found');
    const [minatoCharge] = await chargesOf('minato-foods');
    await refused(
      () =>
        post(
          'bank_admin',
          SAVE,
          entry('sakura-seiko', { charge_id: minatoCharge?.charge_id, charge_kind: 'adjust' }),
        ),
      404,
    );
    expect((await chargesOf('sakura-seiko', BANK_B))[0]).toEqual(bankBCharge);
  });
});
