import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { unsubscriptionJob } from '#server/api/companies/unsubscription-job.ts';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import {
  leaveMonthChoices,
  leavesOnOf,
  UNSUBSCRIPTION_MESSAGES,
} from '#server/contracts/company-unsubscription.ts';
import { DAY_MS, JAPAN_OFFSET_MS, japanDateString } from '#server/contracts/japan-day.ts';
import { REGISTRATION_MESSAGES } from '#server/contracts/registration-form.ts';
import { UNSUBSCRIBE_SETTING_MESSAGES } from '#server/contracts/unsubscribe-setting.ts';
import { maxLengthMessage, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { hashPassword } from '#server/db/password-hash.ts';
import { auditEvents, companies, companyUnsubscriptions, users } from '#server/db/schema.ts';
import { loginAs } from '#tests/support/login.ts';
import { useMailWorld } from '#tests/support/mail-world.ts';
import type { TestSmtpServer } from '#tests/support/smtp.ts';
import { type Actor, BANK_A, BANK_B, sendFromPage, type World } from '#tests/support/world.ts';

const SETTING = '/api/v1/setting/unsubscribe';
const CANCEL = '/api/v1/setting/unsubscribe/cancel';
const DESK_RESERVE = '/api/v1/company/unsubscribe';
/** A bank whose tenant file turns enable_unsubscribe_route off. */
const BANK_WITHOUT_ROUTE = '0163';
const PASSWORD = 'taikai2026Getsumatsu';

/** The months the form offers: this month in Japan and the next 12. */
const MONTHS = leaveMonthChoices(new Date());
const [THIS_MONTH, NEXT_MONTH] = MONTHS as [string, string];

/** 00:00 in Japan of a YYYY-MM-DD day, as an instant. */
const japanMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - JAPAN_OFFSET_MS);

describe('/mypage/setting/unsubscribe: a company asks to leave, and it is the bank’s reservation', () => {
  const mailWorld = useMailWorld({ banks: [BANK_A, BANK_B, BANK_WITHOUT_ROUTE] });
  let world: World;
  let smtp: TestSmtpServer;
  beforeAll(() => {
    ({ world, smtp } = mailWorld);
  });

  interface NewCompany {
    code: string;
    companyId: number;
    ownerId: number;
    ownerEmail: string;
    /** The owner's session cookie. */
    owner: string;
    /** The login id of a company_user of the same company. */
    userLogin: string;
  }

  /**
   * A company of the bank's own with an owner (a partner owner for a partner company), logged in,
   * and a company_user who can log in: each test leaves at its own pace. (The provider takes 20
   * logins per bank and address in 5 minutes: the tests share them out between the banks.)
   */
  async function newCompany(bank: string, type: 'normal' | 'partner' = 'normal'): Promise<NewCompany> {
    const code = randomUUID().replaceAll('-', '');
    const ownerLogin = `leaving${code.slice(0, 8)}`;
    const userLogin = `staying${code.slice(0, 8)}`;
    const passwordHash = await hashPassword(PASSWORD);
    const person = (loginId: string, userType: UserTypeCode, companyId: number) => ({
      company_id: companyId,
      user_unique_code: randomUUID().replaceAll('-', ''),
      user_login_id: loginId,
      user_last_name: userType === 'company_user' ? '留守' : '月末',
      user_first_name: userType === 'company_user' ? '番' : '退',
      user_last_name_kana: 'ゲツマツ',
      user_first_name_kana: 'タイ',
      user_email: `${loginId}@example.jp`,
      user_type: userType,
      user_password_hash: passwordHash,
    });
    const created = await world.db.withBank(bank, async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({
          company_unique_code: code,
          company_name: '退会テスト株式会社',
          company_name_kana: 'タイカイテスト',
          company_type: type,
        })
        .returning({ id: companies.company_id });
      const ownerType = type === 'partner' ? 'partner_company_owner' : 'company_owner';
      const [owner] = await tx
        .insert(users)
        .values(person(ownerLogin, ownerType, company!.id))
        .returning({ id: users.user_id });
      await tx.insert(users).values(person(userLogin, 'company_user', company!.id));
      return { companyId: company!.id, ownerId: owner!.id };
    });
    const owner = await loginAs(world.app, bank, ownerLogin, { password: PASSWORD });
    return { code, ...created, ownerEmail: `${ownerLogin}@example.jp`, owner: owner.cookie, userLogin };
  }

  const get = (bank: string, cookie: string) =>
    sendFromPage(world.app, bank, cookie, { method: 'GET', url: SETTING });
  const ask = (bank: string, cookie: string, payload: object) =>
    sendFromPage(world.app, bank, cookie, {
      method: 'POST',
      url: SETTING,
      payload: { leave_month: NEXT_MONTH, reason: 'cost', ...payload },
    });
  const cancel = (bank: string, cookie: string) =>
    sendFromPage(world.app, bank, cookie, { method: 'POST', url: CANCEL, payload: {} });
  const sendAs = (bank: string, actor: Actor, request: { method: string; url: string; payload?: object }) =>
    world.send(bank, actor, request);

  const reservationOf = async (bank: string, companyId: number) => {
    const [row] = await world.db.withBank(bank, (tx) =>
      tx.select().from(companyUnsubscriptions).where(eq(companyUnsubscriptions.company_id, companyId)),
    );
    return row;
  };

  const auditOf = (bank: string, code: string) =>
    world.db.withBank(bank, (tx) =>
      tx
        .select({ action: auditEvents.action, actor: auditEvents.actor_user_id })
        .from(auditEvents)
        .where(and(eq(auditEvents.target_type, 'settings'), eq(auditEvents.target_id, code)))
        .orderBy(auditEvents.id),
    );

  /** The mails the worker sent to `address` since the test began. */
  async function mailsTo(address: string) {
    await mailWorld.drainMail();
    return smtp.received.filter((mail) => JSON.stringify(mail.to).includes(address));
  }

  it('reserves the leaving at the end of the chosen month: the desk’s row, audited PENDING, a mail to the owner', async () => {
    const company = await newCompany(BANK_A);
    const before = await get(BANK_A, company.owner);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().result).toEqual({ company_name: '退会テスト株式会社', reservation: null });

    const answer = await ask(BANK_A, company.owner, { note: '事業を縮小するため' });
    expect(answer.statusCode, answer.body).toBe(200);
    const reservation = {
      leaves_on: leavesOnOf(NEXT_MONTH),
      reason_code: 'cost',
      reason_name: '費用に見合う効果がなかった',
      note: '事業を縮小するため',
      requested_at: expect.any(String),
      requested_by_name: '月末 退',
      requested_by_company: true,
      cancellable: true,
    };
    expect(answer.json()).toEqual({
      status: 'success',
      result: reservation,
      message: UNSUBSCRIBE_SETTING_MESSAGES.reserved,
    });
    expect(UNSUBSCRIBE_SETTING_MESSAGES.reserved).toBe('退会予約を行いました');
    // The bank desk's own row: the job carries it out, the desk shows it.
    expect(await reservationOf(BANK_A, company.companyId)).toMatchObject({
      leaves_on: leavesOnOf(NEXT_MONTH),
      unsubscribe_reason: 'cost',
      unsubscribe_note: '事業を縮小するため',
      requested_by: company.ownerId,
      carried_out_at: null,
    });
    expect(await auditOf(BANK_A, company.code)).toEqual([{ action: 'PENDING', actor: company.ownerId }]);
    expect((await get(BANK_A, company.owner)).json().result.reservation).toEqual(reservation);

    const desk = await sendAs(BANK_A, 'bank_admin', {
      method: 'GET',
      url: `/api/v1/company/detail/${company.code}`,
    });
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json().result).toMatchObject({
      status: 'unsubscribe_reserved',
      unsubscription: {
        reason_code: 'cost',
        leaves_on: leavesOnOf(NEXT_MONTH),
        requested_by_name: '月末 退',
        carried_out_at: null,
      },
    });

    const [mail, ...more] = await mailsTo(company.ownerEmail);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('【法人ビジネスポータル】退会予約を受け付けました');
    expect(mail?.text).toContain('月末 退 様');
    expect(mail?.text).toContain('貴社「退会テスト株式会社」の退会予約を受け付けました');
    const [year, month, day] = leavesOnOf(NEXT_MONTH).split('-').map(Number);
    expect(mail?.text).toContain(`■退会日：${year}年${month}月${day}日`);
    expect(mail?.text).toContain('■退会理由：費用に見合う効果がなかった');
    expect(mail?.text).toContain('http://bank0182.localhost:3000/mypage/setting/unsubscribe');
  });

  it('keeps one reservation: a second request, or the desk’s, is refused while it stands', async () => {
    const company = await newCompany(BANK_A, 'partner');
    expect((await ask(BANK_A, company.owner, {})).statusCode).toBe(200);
    const again = await ask(BANK_A, company.owner, { leave_month: THIS_MONTH, reason: 'other' });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(UNSUBSCRIBE_SETTING_MESSAGES.alreadyReserved);
    const desk = await sendAs(BANK_A, 'bank_admin', {
      method: 'POST',
      url: DESK_RESERVE,
      payload: { company_unique_code: company.code, leave_month: THIS_MONTH, reason: 'other' },
    });
    expect(desk.statusCode).toBe(422);
    expect(desk.json().message).toBe(UNSUBSCRIPTION_MESSAGES.alreadyReserved);
    expect(await reservationOf(BANK_A, company.companyId)).toMatchObject({
      leaves_on: leavesOnOf(NEXT_MONTH),
      unsubscribe_reason: 'cost',
    });
  });

  it('lets one of two requests at once win, and refuses the other', async () => {
    const company = await newCompany(BANK_B);
    const answers = await Promise.all([
      ask(BANK_B, company.owner, { leave_month: THIS_MONTH }),
      ask(BANK_B, company.owner, { leave_month: NEXT_MONTH }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(await auditOf(BANK_B, company.code)).toHaveLength(1);
    expect(await mailsTo(company.ownerEmail)).toHaveLength(1);
  });

  it('lets the owner withdraw the company’s request until the day: removed, audited DELETE, a mail, the form back', async () => {
    const company = await newCompany(BANK_A);
    await ask(BANK_A, company.owner, {});
    const withdrawn = await cancel(BANK_A, company.owner);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toEqual({
      status: 'success',
      result: {},
      message: UNSUBSCRIBE_SETTING_MESSAGES.cancelled,
    });
    expect(await reservationOf(BANK_A, company.companyId)).toBeUndefined();
    expect(await auditOf(BANK_A, company.code)).toEqual([
      { action: 'PENDING', actor: company.ownerId },
      { action: 'DELETE', actor: company.ownerId },
    ]);
    expect((await get(BANK_A, company.owner)).json().result.reservation).toBeNull();
    const mails = await mailsTo(company.ownerEmail);
    expect(mails.map((mail) => mail.subject)).toEqual([
      '【法人ビジネスポータル】退会予約を受け付けました',
      '【法人ビジネスポータル】退会予約を取り消しました',
    ]);

    const twice = await cancel(BANK_A, company.owner);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe(UNSUBSCRIBE_SETTING_MESSAGES.notReserved);
    // And it can be asked for again.
    expect((await ask(BANK_A, company.owner, { leave_month: THIS_MONTH })).statusCode).toBe(200);
  });

  it('shows a reservation the bank’s desk made, and leaves its cancel to the bank', async () => {
    const company = await newCompany(BANK_A);
    const desk = await sendAs(BANK_A, 'bank_admin', {
      method: 'POST',
      url: DESK_RESERVE,
      payload: { company_unique_code: company.code, leave_month: NEXT_MONTH, reason: 'business_closed' },
    });
    expect(desk.statusCode, desk.body).toBe(200);
    expect((await get(BANK_A, company.owner)).json().result.reservation).toMatchObject({
      leaves_on: leavesOnOf(NEXT_MONTH),
      reason_name: '廃業・休業のため',
      requested_by_company: false,
      cancellable: false,
    });
    const refused = await cancel(BANK_A, company.owner);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(UNSUBSCRIBE_SETTING_MESSAGES.reservedByBank);
    expect(await reservationOf(BANK_A, company.companyId)).toBeDefined();
    expect(await auditOf(BANK_A, company.code)).toEqual([]);
  });

  it('cannot withdraw once the leaving day has passed', async () => {
    const company = await newCompany(BANK_B);
    const yesterday = japanDateString(new Date(Date.now() - DAY_MS));
    await world.db.withBank(BANK_B, (tx) =>
      tx.insert(companyUnsubscriptions).values({
        company_id: company.companyId,
        unsubscribe_reason: 'cost',
        leaves_on: yesterday,
        requested_by: company.ownerId,
      }),
    );
    expect((await get(BANK_B, company.owner)).json().result.reservation).toMatchObject({
      leaves_on: yesterday,
      requested_by_company: true,
      cancellable: false,
    });
    const refused = await cancel(BANK_B, company.owner);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(UNSUBSCRIBE_SETTING_MESSAGES.tooLate);
    expect(await reservationOf(BANK_B, company.companyId)).toBeDefined();
  });

  it('is carried out by the desk’s job the day after: the company and its users end, their sessions with them', async () => {
    const company = await newCompany(BANK_B);
    await ask(BANK_B, company.owner, { leave_month: THIS_MONTH });
    const ended: number[] = [];
    const dayAfter = japanMidnight(leavesOnOf(THIS_MONTH));
    await world.db.withBank(BANK_B, (tx) =>
      unsubscriptionJob.runForBank({
        tx,
        bankCode: BANK_B,
        tenant: world.app.tenants.get(BANK_B)!,
        tenants: world.app.tenants,
        deployment: world.app.config,
        now: new Date(dayAfter.getTime() + DAY_MS),
        logger: world.app.log,
        sessions: { endAllOf: async (_bank: string, userId: number) => void ended.push(userId) },
      }),
    );
    const [row] = await world.db.withBank(BANK_B, (tx) =>
      tx.select().from(companies).where(eq(companies.company_id, company.companyId)),
    );
    expect(row).toMatchObject({ company_is_unsubscribed: true, company_is_disabled: true });
    expect(ended).toContain(company.ownerId);
  });

  it('answers every field’s message', async () => {
    const company = await newCompany(BANK_B);
    const errorsOf = async (payload: object) => {
      const answer = await sendFromPage(world.app, BANK_B, company.owner, {
        method: 'POST',
        url: SETTING,
        payload,
      });
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().errors as Record<string, string[]>;
    };
    expect(await errorsOf({})).toEqual({
      leave_month: [VALIDATION_MESSAGES.required],
      reason: [VALIDATION_MESSAGES.required],
    });
    expect(await errorsOf({ leave_month: '', reason: '', note: '' })).toEqual({
      leave_month: [VALIDATION_MESSAGES.required],
      reason: [VALIDATION_MESSAGES.required],
    });
    const [year, month] = THIS_MONTH.split('-').map(Number) as [number, number];
    const lastMonth = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
    expect(await errorsOf({ leave_month: lastMonth, reason: 'cost' })).toEqual({
      leave_month: [VALIDATION_MESSAGES.pastDate],
    });
    const thirteenAhead =
      month === 12 ? `${year + 2}-01` : `${year + 1}-${String(month + 1).padStart(2, '0')}`;
    expect(await errorsOf({ leave_month: thirteenAhead, reason: 'cost' })).toEqual({
      leave_month: [UNSUBSCRIPTION_MESSAGES.tooFarAhead],
    });
    for (const malformed of ['2026-13', '2026/05', 'next month'])
      expect(await errorsOf({ leave_month: malformed, reason: 'cost' }), malformed).toEqual({
        leave_month: [VALIDATION_MESSAGES.invalidFormat],
      });
    expect(await errorsOf({ leave_month: NEXT_MONTH, reason: 'cost', note: 'あ'.repeat(501) })).toEqual({
      note: [maxLengthMessage(500)],
    });
    expect(await errorsOf({ leave_month: 202605, reason: 3 })).toEqual({
      leave_month: [VALIDATION_MESSAGES.invalidFormat],
      reason: [VALIDATION_MESSAGES.invalidFormat],
    });
    // What only the database knows: the reason must be one of the master's.
    const unknownReason = await ask(BANK_B, company.owner, { reason: 'bored' });
    expect(unknownReason.statusCode).toBe(422);
    expect(unknownReason.json()).toMatchObject({
      message: UNSUBSCRIBE_SETTING_MESSAGES.reserveFailed,
      errors: { reason: [REGISTRATION_MESSAGES.invalidChoice] },
    });
    expect(await reservationOf(BANK_B, company.companyId)).toBeUndefined();
    // The furthest month offered, 500 characters of note: accepted.
    const furthest = await ask(BANK_B, company.owner, { leave_month: MONTHS.at(-1), note: 'あ'.repeat(500) });
    expect(furthest.statusCode, furthest.body).toBe(200);
    expect(furthest.json().result.leaves_on).toBe(leavesOnOf(MONTHS.at(-1) ?? ''));
  });

  describe('who may ask', () => {
    const calls = [
      { method: 'GET', url: SETTING },
      { method: 'POST', url: SETTING, payload: { leave_month: NEXT_MONTH, reason: 'cost' } },
      { method: 'POST', url: CANCEL, payload: {} },
    ];

    it('lets the owner and the partner owner read it', async () => {
      for (const actor of ['company_owner', 'partner_company_owner'] as const) {
        const answer = await sendAs(BANK_A, actor, { method: 'GET', url: SETTING });
        expect(answer.statusCode, `${actor}: ${answer.body}`).toBe(200);
      }
    });

    it('refuses a company user and an employee (no company_setting_account_write) with 権限がありません。', async () => {
      const company = await newCompany(BANK_A);
      const { cookie: user } = await loginAs(world.app, BANK_A, company.userLogin, { password: PASSWORD });
      for (const call of calls) {
        const answer = await sendFromPage(world.app, BANK_A, user, call);
        expect(answer.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(answer.json()).toMatchObject({ status: 'error', message: '権限がありません。' });
        const employee = await sendAs(BANK_A, 'company_employee', call);
        expect(employee.statusCode).toBe(403);
        expect(employee.json().message).toBe('権限がありません。');
      }
      expect(await reservationOf(BANK_A, company.companyId)).toBeUndefined();
    });

    it('refuses the bank’s staff (403) and a visitor (401)', async () => {
      for (const actor of ['system_admin', 'bank_admin', 'branch_admin', 'branch_user'] as const)
        for (const call of calls) {
          const answer = await sendAs(BANK_A, actor, call);
          expect(answer.statusCode, `${actor} ${call.method} ${call.url}`).toBe(403);
        }
      for (const call of calls) expect((await sendAs(BANK_A, 'visitor', call)).statusCode).toBe(401);
    });

    it('refuses everyone with 権限がありません。 where the bank has not turned the route on', async () => {
      for (const call of calls) {
        const answer = await sendAs(BANK_WITHOUT_ROUTE, 'company_owner', call);
        expect(answer.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(answer.json().message).toBe('権限がありません。');
      }
      const owner = await world.userIdOf(BANK_WITHOUT_ROUTE, 'company_owner');
      const rows = await world.db.withBank(BANK_WITHOUT_ROUTE, (tx) =>
        tx.select().from(companyUnsubscriptions).where(eq(companyUnsubscriptions.requested_by, owner)),
      );
      expect(rows).toEqual([]);
    });
  });

  it('keeps each bank to its own: a 0158 owner neither sees nor touches a 0182 reservation', async () => {
    const inA = await newCompany(BANK_A);
    await ask(BANK_A, inA.owner, {});
    const inB = await newCompany(BANK_B);
    // 0182's session cookie is nothing on 0158's host.
    expect((await get(BANK_B, inA.owner)).statusCode).toBe(401);
    expect((await cancel(BANK_B, inA.owner)).statusCode).toBe(401);
    expect((await get(BANK_B, inB.owner)).json().result.reservation).toBeNull();
    expect((await cancel(BANK_B, inB.owner)).json().message).toBe(UNSUBSCRIBE_SETTING_MESSAGES.notReserved);
    expect(await reservationOf(BANK_A, inA.companyId)).toMatchObject({ requested_by: inA.ownerId });
    expect(await reservationOf(BANK_B, inA.companyId)).toBeUndefined();
  });
});
