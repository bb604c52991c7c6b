import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyDetail } from '#server/contracts/company-detail.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { auditEvents, companies, users } from '#server/db/schema.ts';
import { demoUniqueCode } from '#server/db/seeds/seed-context.ts';
import { type Actor, BANK_A, BANK_B, sendFromPage, startWorld, type World } from '#tests/support/world.ts';

/** A demo company's code in a bank (server/db/demo-banks.ts). */
const companyCode = (bank: string, key: string) => demoUniqueCode(bank, 'company', key);

/** This month in Japan as its first day, and the month `back` months before it. */
function monthStart(back = 0): string {
  const [year, month] = japanDateString().split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

describe('GET /api/v1/company/detail/{company_unique_code}: a company on the bank’s desk', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld();
  }, 120_000);
  afterAll(async () => {
    await world?.close();
  });

  const detailOf = (bank: string, actor: Actor, code: string) =>
    world.send(bank, actor, { method: 'GET', url: `/api/v1/company/detail/${encodeURIComponent(code)}` });

  async function detail(bank: string, actor: Actor, key: string): Promise<CompanyDetail> {
    const answer = await detailOf(bank, actor, companyCode(bank, key));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().result as CompanyDetail;
  }

  const ownersCompany = async () => detail(BANK_A, 'bank_admin', 'sakura-seiko');
  const userOf = (found: CompanyDetail, type: string) => found.users.find((user) => user.user_type === type);

  it('answers the demo owner’s company: its profile, branch, status, users, charges, and no leaving or card', async () => {
    const found = await ownersCompany();
    expect(found.profile).toMatchObject({
      company_unique_code: companyCode(BANK_A, 'sakura-seiko'),
      company_name: 'さくら精工株式会社',
      company_name_kana: 'サクラセイコウ',
      company_type: 'normal',
      company_representative_name: '佐藤 健一',
      company_prefecture_code: '42',
      prefecture_name: '長崎県',
      company_address1: '中央区',
      company_address3: null,
      industry_major_name: '製造業',
      industry_middle_name: '生産用機械器具製造業',
      company_established_on: '1978-04-01',
      company_account_closing_month: 3,
      company_employee_count: 86,
      company_enable_ba: true,
      company_enable_baportal: false,
      company_website_url: 'https://www.example.com/sakura-seiko',
    });
    expect(found.profile.company_corporate_number).toMatch(/^\d{13}$/);
    expect(found.branch).toEqual({ bb_code: '001', bb_name: '本店営業部' });
    expect(found.status).toBe('active');
    expect(found.users.map((user) => [user.user_type, user.user_last_name])).toEqual([
      ['company_owner', '佐藤'],
      ['company_user', '鈴木'],
      ['company_employee', '高橋'],
    ]);
    expect(userOf(found, 'company_owner')).toMatchObject({
      user_login_id: `owner-${BANK_A}`,
      user_first_name: '健一',
      user_is_disabled: false,
    });
    // Three months of the monthly charge, this month's billed, the others paid.
    expect(found.charges).toEqual({
      this_month: monthStart(),
      this_month_total: 5500,
      list: [0, 1, 2].map((back) => ({
        charge_month: monthStart(back),
        charge_kind: 'subscription',
        charge_amount: 5500,
        charge_status: back === 0 ? 'billed' : 'paid',
        charge_note: null,
      })),
    });
    expect(found.unsubscription).toBeNull();
    expect(found.payment_card).toBeNull();
    // Nothing the desk has no use for: no ids, no password hash, no card token.
    expect(JSON.stringify(found)).not.toMatch(/company_id|user_id|password|card_token|tok_demo/);
  });

  it('counts a user’s own logins of the last 30 days, never a staff member’s switch into the account', async () => {
    const employeeId = await world.userIdOf(BANK_A, 'company_employee');
    const before = userOf(await ownersCompany(), 'company_employee');
    expect(before).toBeDefined();

    await world.loginAs(BANK_A, 'company_employee');
    await world.loginAs(BANK_A, 'company_employee');
    const afterLogins = userOf(await ownersCompany(), 'company_employee');
    expect(afterLogins?.recent_login_count).toBe((before?.recent_login_count ?? 0) + 2);
    expect(afterLogins?.user_last_login_at).not.toBeNull();

    const [employee] = await world.db.withBank(BANK_A, (tx) =>
      tx.select({ code: users.user_unique_code }).from(users).where(eq(users.user_id, employeeId)),
    );
    const admin = await world.loginAs(BANK_A, 'bank_admin');
    const switched = await sendFromPage(world.app, BANK_A, admin.cookie, {
      method: 'POST',
      url: '/api/v1/user/switch',
      payload: { user_unique_code: employee?.code },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    // A login of 31 days ago is outside the summary.
    await world.db.withBank(BANK_A, (tx) =>
      tx.insert(auditEvents).values({
        occurred_at: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000),
        actor_user_id: employeeId,
        action: 'LOGIN',
        target_type: 'user',
        target_id: String(employeeId),
      }),
    );
    const afterSwitch = userOf(await ownersCompany(), 'company_employee');
    expect(afterSwitch?.recent_login_count).toBe(afterLogins?.recent_login_count);
    expect(afterSwitch?.user_last_login_at).toBe(afterLogins?.user_last_login_at);
  });

  it('answers a reserved leaving with its reason, note, day and who reserved it, as unsubscribe_reserved', async () => {
    const found = await detail(BANK_A, 'bank_admin', 'tsubame-unyu');
    expect(found.status).toBe('unsubscribe_reserved');
    expect(found.unsubscription).toMatchObject({
      reason_code: 'business_closed',
      reason_name: '廃業・休業のため',
      note: '事業縮小のため、来月末で退会されるとのこと（電話にて確認）。',
      requested_by_name: '渡辺 真理子',
      carried_out_at: null,
    });
    // The last day of next month.
    const leavesOn = found.unsubscription?.leaves_on ?? '';
    expect(leavesOn.slice(0, 8)).toBe(monthStart(-1).slice(0, 8));
    expect(Number(leavesOn.slice(8))).toBeGreaterThanOrEqual(28);
  });

  it('answers this month’s unpaid charge, and a registered card by its brand and last four digits only', async () => {
    const minato = await detail(BANK_A, 'system_admin', 'minato-foods');
    expect(minato.charges.list[0]).toMatchObject({ charge_month: monthStart(), charge_status: 'unpaid' });
    const partner = await detail(BANK_A, 'system_admin', 'mirai-tech');
    expect(partner.payment_card).toEqual({ card_brand: 'VISA', card_last4: '1111' });
    expect(partner.users.map((user) => user.user_type)).toEqual(['partner_company_owner']);
    expect(partner.charges).toEqual({ this_month: monthStart(), this_month_total: 0, list: [] });
  });

  it('tells a suspended company from one that has left', async () => {
    const setFlags = (flags: { company_is_disabled: boolean; company_is_unsubscribed: boolean }) =>
      world.db.withBank(BANK_A, (tx) =>
        tx
          .update(companies)
          .set(flags)
          .where(eq(companies.company_unique_code, companyCode(BANK_A, 'hidamari-care'))),
      );
    await setFlags({ company_is_disabled: true, company_is_unsubscribed: false });
    expect((await detail(BANK_A, 'bank_admin', 'hidamari-care')).status).toBe('suspended');
    await setFlags({ company_is_disabled: true, company_is_unsubscribed: true });
    expect((await detail(BANK_A, 'bank_admin', 'hidamari-care')).status).toBe('unsubscribed');
    await setFlags({ company_is_disabled: false, company_is_unsubscribed: false });
    expect((await detail(BANK_A, 'bank_admin', 'hidamari-care')).status).toBe('active');
  });

  it('shows branch staff the companies of their branches only; any other is 404 with no data', async () => {
    // branch_admin works for 001, branch_user for 001 and 010 (server/db/demo-banks.ts).
    for (const [actor, key, status] of [
      ['branch_admin', 'sakura-seiko', 200],
      ['branch_admin', 'hidamari-care', 404],
      ['branch_user', 'sakura-seiko', 200],
      ['branch_user', 'hidamari-care', 200],
      ['branch_user', 'minato-foods', 404],
      ['branch_user', 'mirai-tech', 404],
    ] as const) {
      const answer = await detailOf(BANK_A, actor, companyCode(BANK_A, key));
      expect(answer.statusCode, `${actor} ${key}`).toBe(status);
      if (status === 404) expect(answer.json(), `${actor} ${key}`).not.toHaveProperty('result');
    }
  });

  it('answers 404 for another bank’s company and for an unknown code, and refuses company users', async () => {
    const sakura = companyCode(BANK_A, 'sakura-seiko');
    for (const actor of ['system_admin', 'bank_admin'] as const) {
      const answer = await detailOf(BANK_B, actor, sakura);
      expect(answer.statusCode, actor).toBe(404);
      expect(answer.json()).not.toHaveProperty('result');
    }
    expect((await detailOf(BANK_A, 'bank_admin', 'nosuchcompany')).statusCode).toBe(404);
    // Its own bank's company answers bank B's admin.
    expect((await detail(BANK_B, 'bank_admin', 'sakura-seiko')).profile.company_unique_code).toBe(
      companyCode(BANK_B, 'sakura-seiko'),
    );
    // The desk is the bank's: a company user, even of that company, is refused (403), a visitor asked to log in.
    for (const [actor, status] of [
      ['company_owner', 403],
      ['company_employee', 403],
      ['partner_company_owner', 403],
      ['visitor', 401],
    ] as const) {
      expect((await detailOf(BANK_A, actor, sakura)).statusCode, actor).toBe(status);
    }
  });

  it('refuses a code longer than 32 characters as a bad request', async () => {
    const answer = await detailOf(BANK_A, 'bank_admin', 'x'.repeat(33));
    expect(answer.statusCode).toBe(400);
  });
});
