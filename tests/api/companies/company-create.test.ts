import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_CREATE_MESSAGES } from '#server/contracts/company-create.ts';
import { CORPORATE_NUMBER_MESSAGE, corporateNumberCheckDigit } from '#server/contracts/corporate-number.ts';
import { REGISTRATION_MESSAGES } from '#server/contracts/registration-form.ts';
import { maxLengthMessage, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { auditEvents, bankBranches, companies, users } from '#server/db/schema.ts';
import { apiGet, loginAs } from '#tests/support/login.ts';
import { useMailWorld } from '#tests/support/mail-world.ts';
import type { TestSmtpServer } from '#tests/support/smtp.ts';
import { type Actor, BANK_A, BANK_B, sendFromPage, type World } from '#tests/support/world.ts';

const CREATE = '/api/v1/company/create';
const PASSWORD = 'aozora2026Hajime';

/** A corporate number with its check digit, from its other twelve digits. */
const corporateNumber = (base: string) => `${corporateNumberCheckDigit(base)}${base}`;

/** さくら精工 (server/db/demo-banks.ts): every demo bank has a company with this number. */
const DEMO_NUMBER = corporateNumber('100001012345');

const OWNER = {
  user_last_name: '青空',
  user_first_name: '一',
  user_last_name_kana: 'アオゾラ',
  user_first_name_kana: 'ハジメ',
  user_email: 'h.aozora@aozora-shoji.example.jp',
  user_tel: '03-5555-0101',
};

describe('POST /api/v1/company/create: one company and its owner, made at the bank’s desk', () => {
  const mailWorld = useMailWorld({ banks: [BANK_A, BANK_B] });
  let world: World;
  let smtp: TestSmtpServer;
  beforeAll(() => {
    ({ world, smtp } = mailWorld);
  });

  /** The bank's branch of that 店番 (demo branches 001 to 050). */
  async function branchId(bank: string, bbCode = '001'): Promise<number> {
    const [row] = await world.db.withBank(bank, (tx) =>
      tx.select({ id: bankBranches.bb_id }).from(bankBranches).where(eq(bankBranches.bb_code, bbCode)),
    );
    if (!row) throw new Error(`no branch ${bbCode} in ${bank}`);
    return row.id;
  }

  async function fields(bank = BANK_A, changes: Record<string, unknown> = {}) {
    return {
      company_name: '青空商事株式会社',
      company_name_kana: 'アオゾラショウジ',
      company_type: 'normal',
      company_corporate_number: corporateNumber('300001099887'),
      bb_id: String(await branchId(bank, '010')),
      ...OWNER,
      ...changes,
    };
  }

  const create = (bank: string, actor: Actor, payload: object) =>
    world.send(bank, actor, { method: 'POST', url: CREATE, payload });

  const companyOf = async (bank: string, code: string) => {
    const [row] = await world.db.withBank(bank, (tx) =>
      tx.select().from(companies).where(eq(companies.company_unique_code, code)),
    );
    return row;
  };

  const companiesNamed = async (bank: string, name: string) => {
    const [row] = await world.db.withBank(bank, (tx) =>
      tx.select({ rows: count() }).from(companies).where(eq(companies.company_name, name)),
    );
    return row?.rows ?? 0;
  };

  it('creates the company and its owner with a login id, and mails the owner a link that gets them logged in', async () => {
    const payload = await fields(BANK_A, { company_corporate_number: corporateNumber('300001099001') });
    const answer = await create(BANK_A, 'bank_admin', payload);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe(COMPANY_CREATE_MESSAGES.saved);
    const { company_unique_code: code, user_login_id: loginId } = answer.json().result;
    expect(loginId).toMatch(/^shiosai\d{6}$/);

    const company = await companyOf(BANK_A, code);
    expect(company).toMatchObject({
      company_name: '青空商事株式会社',
      company_name_kana: 'アオゾラショウジ',
      company_type: 'normal',
      company_corporate_number: payload.company_corporate_number,
      company_enable_ba: true,
      company_enable_baportal: false,
      company_is_disabled: false,
      bb_id: Number(payload.bb_id),
    });
    const [owner] = await world.db.withBank(BANK_A, (tx) =>
      tx.select().from(users).where(eq(users.user_login_id, loginId)),
    );
    expect(owner).toMatchObject({
      company_id: company?.company_id,
      user_type: 'company_owner',
      user_last_name: '青空',
      user_first_name_kana: 'ハジメ',
      user_email: OWNER.user_email,
      user_tel: '03-5555-0101',
      user_password_hash: null,
    });
    const audit = await world.db.withBank(BANK_A, (tx) =>
      tx
        .select({ action: auditEvents.action, actor: auditEvents.actor_user_id })
        .from(auditEvents)
        .where(and(eq(auditEvents.target_type, 'companies'), eq(auditEvents.target_id, code))),
    );
    expect(audit).toEqual([{ action: 'CREATE', actor: await world.userIdOf(BANK_A, 'bank_admin') }]);

    await mailWorld.drainMail();
    const [mail] = await smtp.waitForMail(1);
    expect(JSON.stringify(mail?.to)).toContain(OWNER.user_email);
    expect(mail?.subject).toBe('【法人ビジネスポータル】ご利用開始のご案内');
    expect(mail?.text).toContain('青空 一 様');
    expect(mail?.text).toContain(`■ログインID：${loginId}`);
    const token = /\/reminder#token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const reset = await sendFromPage(world.app, BANK_A, '', {
      method: 'POST',
      url: '/api/v1/reminder/reset',
      payload: { token, password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await loginAs(world.app, BANK_A, loginId, { password: PASSWORD });
    expect(login.landing).toContain('/mypage/dashboard');
    const me = (await apiGet(world.app, BANK_A, login.cookie, '/api/v1/user/me')).json().result;
    expect(me).toMatchObject({ user_login_id: loginId, company_name: '青空商事株式会社' });
  });

  it('gives a partner company a partner owner, and a BA portal member the portal’s own enabling link', async () => {
    const partner = await create(BANK_B, 'system_admin', {
      ...(await fields(BANK_B)),
      company_name: 'パートナー青空株式会社',
      company_type: 'partner',
      company_corporate_number: '',
      user_tel: '',
    });
    expect(partner.statusCode, partner.body).toBe(200);
    const { company_unique_code: partnerCode, user_login_id: partnerLogin } = partner.json().result;
    expect(partnerLogin).toMatch(/^yamabuki\d{6}$/);
    expect(await companyOf(BANK_B, partnerCode)).toMatchObject({
      company_type: 'partner',
      company_corporate_number: null,
      company_enable_ba: true,
    });
    const [partnerOwner] = await world.db.withBank(BANK_B, (tx) =>
      tx
        .select({ type: users.user_type, tel: users.user_tel })
        .from(users)
        .where(eq(users.user_login_id, partnerLogin)),
    );
    expect(partnerOwner).toEqual({ type: 'partner_company_owner', tel: null });

    const portal = await create(BANK_B, 'bank_admin', {
      ...(await fields(BANK_B)),
      company_name: 'カフェ青空',
      company_type: 'baportal',
      company_corporate_number: null,
    });
    expect(portal.statusCode, portal.body).toBe(200);
    expect(await companyOf(BANK_B, portal.json().result.company_unique_code)).toMatchObject({
      company_type: 'baportal',
      company_enable_ba: false,
      company_enable_baportal: true,
    });
    await mailWorld.drainMail();
    const received = await smtp.waitForMail(2);
    const links = received.map(
      (mail) => /(\/reminder|\/register\/portal\/enable)#token=/.exec(mail.text ?? '')?.[1],
    );
    expect(links.toSorted()).toEqual(['/register/portal/enable', '/reminder']);
  });

  it('answers every field’s message, and creates nothing', async () => {
    const errorsOf = async (payload: object) => {
      const answer = await create(BANK_A, 'bank_admin', payload);
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().errors as Record<string, string[]>;
    };
    const required = [VALIDATION_MESSAGES.required];
    expect(await errorsOf({})).toEqual({
      company_name: required,
      company_name_kana: required,
      company_type: required,
      bb_id: required,
      user_last_name: required,
      user_first_name: required,
      user_last_name_kana: required,
      user_first_name_kana: required,
      user_email: required,
    });
    expect(
      await errorsOf({
        company_name: 'あ'.repeat(101),
        company_name_kana: 'あおぞら',
        company_type: 'bank',
        company_corporate_number: '1234567890123',
        bb_id: 'honten',
        user_last_name: 'あ'.repeat(31),
        user_first_name: ' ',
        user_last_name_kana: 'ｱｵｿﾞﾗ',
        user_first_name_kana: 'ア'.repeat(61),
        user_email: 'h.aozora@localhost',
        user_tel: '0355550101',
      }),
    ).toEqual({
      company_name: [maxLengthMessage(100)],
      company_name_kana: [VALIDATION_MESSAGES.katakana],
      company_type: [REGISTRATION_MESSAGES.invalidChoice],
      company_corporate_number: [CORPORATE_NUMBER_MESSAGE],
      bb_id: [VALIDATION_MESSAGES.positiveInteger],
      user_last_name: [maxLengthMessage(30)],
      user_first_name: required,
      user_last_name_kana: [VALIDATION_MESSAGES.katakana],
      user_first_name_kana: [maxLengthMessage(60)],
      user_email: [VALIDATION_MESSAGES.email],
      user_tel: [VALIDATION_MESSAGES.phone],
    });
    expect(await errorsOf({ ...(await fields()), company_name_kana: 'ア'.repeat(201) })).toEqual({
      company_name_kana: [maxLengthMessage(200)],
    });
    expect(await companiesNamed(BANK_A, 'あ'.repeat(101))).toBe(0);
  });

  it('refuses a corporate number another company of the bank holds, unless that company has left', async () => {
    const taken = await create(BANK_A, 'bank_admin', {
      ...(await fields()),
      company_name: '重複法人番号株式会社',
      company_corporate_number: DEMO_NUMBER,
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({
      company_corporate_number: [COMPANY_CREATE_MESSAGES.duplicateCorporateNumber],
    });
    expect(await companiesNamed(BANK_A, '重複法人番号株式会社')).toBe(0);

    // Each bank has its own companies: another bank's number is no clash.
    const number = corporateNumber('300001099555');
    const inB = await create(BANK_B, 'bank_admin', {
      ...(await fields(BANK_B)),
      company_corporate_number: number,
    });
    expect(inB.statusCode, inB.body).toBe(200);
    const inA = await create(BANK_A, 'bank_admin', {
      ...(await fields(BANK_A)),
      company_corporate_number: number,
    });
    expect(inA.statusCode, inA.body).toBe(200);

    // Of two admins creating the same company at once, one is told.
    const twin = corporateNumber('300001099666');
    const both = await Promise.all([
      create(BANK_A, 'bank_admin', { ...(await fields()), company_corporate_number: twin }),
      create(BANK_A, 'system_admin', { ...(await fields()), company_corporate_number: twin }),
    ]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);

    // A company that has left keeps its row, and its number may join again.
    await world.db.withBank(BANK_A, (tx) =>
      tx
        .update(companies)
        .set({ company_is_unsubscribed: true, company_is_disabled: true })
        .where(eq(companies.company_corporate_number, twin)),
    );
    const again = await create(BANK_A, 'bank_admin', { ...(await fields()), company_corporate_number: twin });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('takes an open branch of the bank only: not a closed one, not another bank’s', async () => {
    const otherBanks = await branchId(BANK_B, '010');
    const closed = await branchId(BANK_A, '050');
    await world.db.withBank(BANK_A, (tx) =>
      tx.update(bankBranches).set({ bb_is_closed: true }).where(eq(bankBranches.bb_id, closed)),
    );
    try {
      for (const bbId of [closed, otherBanks, 999_999]) {
        const answer = await create(BANK_A, 'bank_admin', {
          ...(await fields()),
          company_name: '支店違い株式会社',
          company_corporate_number: '',
          bb_id: String(bbId),
        });
        expect(answer.statusCode, String(bbId)).toBe(422);
        expect(answer.json().errors).toEqual({ bb_id: [REGISTRATION_MESSAGES.invalidChoice] });
      }
    } finally {
      await world.db.withBank(BANK_A, (tx) =>
        tx.update(bankBranches).set({ bb_is_closed: false }).where(eq(bankBranches.bb_id, closed)),
      );
    }
    expect(await companiesNamed(BANK_A, '支店違い株式会社')).toBe(0);
  });

  it('is for the bank’s system and bank admins only: branch staff and company users are refused', async () => {
    const payload = { ...(await fields()), company_name: '権限外株式会社', company_corporate_number: '' };
    for (const actor of ['branch_admin', 'branch_user', 'company_owner', 'partner_company_owner'] as const)
      expect((await create(BANK_A, actor, payload)).statusCode, actor).toBe(403);
    expect((await create(BANK_A, 'visitor', payload)).statusCode).toBe(401);
    expect(await companiesNamed(BANK_A, '権限外株式会社')).toBe(0);
  });
});
