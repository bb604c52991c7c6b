import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_DESK_MESSAGES, UPGRADE_MESSAGES } from '#server/contracts/registration-desk.ts';
import { REGISTRATION_MESSAGES } from '#server/contracts/registration-form.ts';
import { companies, companyRegistrations, userBranches, users } from '#server/db/schema.ts';
import { apiGet, gatewayHost, loginAs } from '#tests/support/login.ts';
import { TINY_PNG, uploadIdentification } from '#tests/support/identification-upload.ts';
import { APPLICATION_STEPS } from '#tests/support/registration-application.ts';
import { useMailWorld } from '#tests/support/mail-world.ts';
import type { TestSmtpServer } from '#tests/support/smtp.ts';
import { type Actor, sendFromPage, type World } from '#tests/support/world.ts';

const BANK = '0182';
const OTHER_BANK = '0158';
const PASSWORD = 'minato2026Kaigi';
const bankStep = { ...APPLICATION_STEPS.bank, has_no_bank_branch: true, bb_id: '' };

describe('the bank’s desk for applications', () => {
  const mailWorld = useMailWorld({
    banks: [BANK, OTHER_BANK],
    gateway: { env: { REGISTRATION_RATE_LIMIT_MAX: '100' } },
  });
  let world: World;
  let smtp: TestSmtpServer;
  beforeAll(() => {
    ({ world, smtp } = mailWorld);
  });

  const visitorPost = (code: string, url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
    sendFromPage(world.app, code, '', { method, url, payload });
  const as = (code: string, actor: Actor, url: string, payload: object) =>
    world.send(code, actor, { method: 'POST', url, payload });

  /** Files an application as a visitor of the bank would; answers its number. */
  async function fileApplication(
    code = BANK,
    variant = 'ba',
    changes: Record<string, Record<string, unknown>> = {},
  ): Promise<string> {
    const started = await visitorPost(code, '/api/v1/register/drafts', {
      variant,
      agree1: true,
      agree1_at: new Date().toISOString(),
      anti_social_check: true,
      agree2: true,
    });
    expect(started.statusCode, started.body).toBe(200);
    const draftId = started.json().result.draft_id as string;
    const steps: Record<string, object> = { ...APPLICATION_STEPS, bank: bankStep };
    for (const step of ['applicant', 'company', 'bank', 'documents', 'services']) {
      const saved = await visitorPost(
        code,
        '/api/v1/register/drafts',
        { draft_id: draftId, step, values: { ...steps[step], ...changes[step] } },
        'PUT',
      );
      if (saved.statusCode === 404) continue; // a step the variant does not ask
      expect(saved.statusCode, `${step}: ${saved.body}`).toBe(200);
    }
    // The identification document, for the variants that ask it (404: one that does not).
    const file = { name: 'menkyo.png', bytes: TINY_PNG };
    const uploaded = await uploadIdentification(world.app, gatewayHost(code), { draftId, file });
    expect([200, 404], uploaded.body).toContain(uploaded.statusCode);
    const sent = await visitorPost(code, '/api/v1/register', { draft_id: draftId });
    expect(sent.statusCode, sent.body).toBe(200);
    await mailWorld.drainMail();
    smtp.received.length = 0;
    return sent.json().result.cr_unique_code as string;
  }

  const registrationOf = async (code: string, crCode: string) => {
    const [row] = await world.db.withBank(code, (tx) =>
      tx.select().from(companyRegistrations).where(eq(companyRegistrations.cr_unique_code, crCode)),
    );
    return row;
  };

  it('approves: the company, its owner and login id in one go, and a mail that gets the owner logged in', async () => {
    const crCode = await fileApplication();
    const answer = await as(BANK, 'bank_admin', '/api/v1/companyregister/approved', {
      cr_unique_code: crCode,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe(REGISTRATION_DESK_MESSAGES.approved);
    const { user_login_id: loginId, company_unique_code: companyCode } = answer.json().result;
    expect(loginId).toMatch(/^shiosai\d{6}$/);

    const registration = await registrationOf(BANK, crCode);
    expect(registration).toMatchObject({ cr_status: 'approved' });
    expect(registration?.cr_decided_by_user_id).toBe(await world.userIdOf(BANK, 'bank_admin'));
    const [company] = await world.db.withBank(BANK, (tx) =>
      tx.select().from(companies).where(eq(companies.company_unique_code, companyCode)),
    );
    expect(company).toMatchObject({
      company_id: registration?.company_id,
      company_name: '株式会社みなと食品',
      company_type: 'normal',
      company_enable_ba: true,
      company_corporate_number: '7000012050002',
      company_post_code: '104-0061',
      company_prefecture_code: '13',
      company_account_closing_month: 3,
      bb_id: null,
    });
    const [owner] = await world.db.withBank(BANK, (tx) =>
      tx.select().from(users).where(eq(users.user_login_id, loginId)),
    );
    expect(owner).toMatchObject({
      company_id: company?.company_id,
      user_type: 'company_owner',
      user_email: APPLICATION_STEPS.applicant.user_email,
      user_password_hash: null,
    });

    await mailWorld.drainMail();
    const [mail] = await smtp.waitForMail(1);
    expect(mail?.subject).toBe('【法人ビジネスポータル】ご利用開始のご案内');
    expect(mail?.text).toContain(`■ログインID：${loginId}`);
    const token = /\/reminder#token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const reset = await visitorPost(BANK, '/api/v1/reminder/reset', {
      token,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await loginAs(world.app, BANK, loginId, { password: PASSWORD });
    expect(login.landing).toContain('/mypage/dashboard');
    const me = (await apiGet(world.app, BANK, login.cookie, '/api/v1/user/me')).json().result;
    expect(me).toMatchObject({ user_login_id: loginId, company_name: '株式会社みなと食品' });
  });

  it('lets exactly one of two admins deciding at once win, and tells the other', async () => {
    const crCode = await fileApplication();
    const answers = await Promise.all([
      as(BANK, 'system_admin', '/api/v1/companyregister/approved', { cr_unique_code: crCode }),
      as(BANK, 'bank_admin', '/api/v1/companyregister/rejected', {
        cr_unique_code: crCode,
        reason_code: 'other',
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    const loser = answers.find((answer) => answer.statusCode === 422);
    expect(loser?.json().message).toBe(REGISTRATION_DESK_MESSAGES.alreadyDecided);
    const registration = await registrationOf(BANK, crCode);
    const companiesMade = await world.db.withBank(BANK, (tx) =>
      tx.select().from(companies).where(eq(companies.company_name_kana, 'カブシキガイシャミナトショクヒン')),
    );
    // Approved: its company, and no other from this application; rejected: none.
    expect(companiesMade.filter((row) => row.company_id === registration?.company_id)).toHaveLength(
      registration?.cr_status === 'approved' ? 1 : 0,
    );
  });

  it('rejects with a reason the applicant is told, and a decided application cannot be decided again', async () => {
    const crCode = await fileApplication();
    const answer = await as(BANK, 'bank_admin', '/api/v1/companyregister/rejected', {
      cr_unique_code: crCode,
      reason_code: 'identification_incomplete',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      message: REGISTRATION_DESK_MESSAGES.rejected,
      result: { notified: true },
    });
    expect(await registrationOf(BANK, crCode)).toMatchObject({
      cr_status: 'rejected',
      cr_reject_reason: 'identification_incomplete',
      company_id: null,
    });
    await mailWorld.drainMail();
    const [mail] = await smtp.waitForMail(1);
    expect(mail?.subject).toBe('【法人ビジネスポータル】お申し込みの審査結果のお知らせ');
    expect(mail?.text).toContain('■理由：本人確認書類に不備があります');

    const again = await as(BANK, 'bank_admin', '/api/v1/companyregister/approved', {
      cr_unique_code: crCode,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(REGISTRATION_DESK_MESSAGES.alreadyDecided);
  });

  it('does not tell the applicant of the portal variant’s rejection, through the portal call only', async () => {
    const portal = await fileApplication(OTHER_BANK, 'hgba');
    const ba = await fileApplication(OTHER_BANK, 'ba');
    const portalCall = '/api/v1/hgba/portal/companyregister/rejected';
    const refused = await as(OTHER_BANK, 'bank_admin', portalCall, {
      cr_unique_code: ba,
      reason_code: 'other',
    });
    expect(refused.statusCode).toBe(404);
    expect(await registrationOf(OTHER_BANK, ba)).toMatchObject({ cr_status: 'pending' });

    const answer = await as(OTHER_BANK, 'bank_admin', portalCall, {
      cr_unique_code: portal,
      reason_code: 'other',
    });
    expect(answer.json()).toMatchObject({ result: { notified: false } });
    expect(await registrationOf(OTHER_BANK, portal)).toMatchObject({ cr_status: 'rejected' });
    await mailWorld.drainMail();
    expect(smtp.received).toEqual([]);
  });

  it('lets only the bank’s system and bank admins decide, and never another bank’s application', async () => {
    const crCode = await fileApplication();
    for (const actor of ['branch_admin', 'branch_user', 'company_owner', 'company_employee'] as const) {
      const answer = await as(BANK, actor, '/api/v1/companyregister/approved', { cr_unique_code: crCode });
      expect(answer.statusCode, actor).toBe(403);
    }
    expect(
      (await as(BANK, 'visitor', '/api/v1/companyregister/approved', { cr_unique_code: crCode })).statusCode,
    ).toBe(401);
    const otherBank = await as(OTHER_BANK, 'bank_admin', '/api/v1/companyregister/approved', {
      cr_unique_code: crCode,
    });
    expect(otherBank.statusCode).toBe(404);
    expect(await registrationOf(BANK, crCode)).toMatchObject({ cr_status: 'pending' });
  });

  it('refuses to file an application naming a prefecture or industry that does not exist', async () => {
    const started = await visitorPost(BANK, '/api/v1/register/drafts', {
      variant: 'ba',
      agree1: true,
      agree1_at: new Date().toISOString(),
      anti_social_check: true,
      agree2: true,
    });
    const draftId = started.json().result.draft_id as string;
    const steps: Record<string, object> = {
      ...APPLICATION_STEPS,
      bank: bankStep,
      company: {
        ...APPLICATION_STEPS.company,
        company_prefecture_code: '99',
        company_industry_middle_code: '01',
      },
    };
    for (const step of ['applicant', 'company', 'bank', 'documents', 'services'])
      await visitorPost(
        BANK,
        '/api/v1/register/drafts',
        { draft_id: draftId, step, values: steps[step] },
        'PUT',
      );
    const sent = await visitorPost(BANK, '/api/v1/register', { draft_id: draftId });
    expect(sent.statusCode).toBe(422);
    expect(sent.json().errors).toEqual({
      company_prefecture_code: [REGISTRATION_MESSAGES.invalidChoice],
      company_industry_middle_code: [REGISTRATION_MESSAGES.invalidChoice],
    });
  });

  it('lists the applications newest first, by status, variant and keyword, a page at a time', async () => {
    const first = await fileApplication(BANK, 'ba', { company: { company_name: '検索用第一商事株式会社' } });
    const second = await fileApplication(BANK, 'social', {
      company: { company_name: '検索用第二物産株式会社' },
    });
    const search = async (conditions: object, paging: object = {}) => {
      const answer = await as(BANK, 'bank_admin', '/api/v1/companyregister/search', {
        ...paging,
        conditions,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().result as {
        list: { cr_unique_code: string; variant_title: string; cr_status: string }[];
        paging_data: { total_rows: number };
      };
    };
    const found = await search({ keyword: '検索用' });
    expect(found.list.map((item) => item.cr_unique_code)).toEqual([second, first]);
    expect(found.list[0]).toMatchObject({
      variant_title: '地域企業ネットワーク参加申込',
      cr_status: 'pending',
    });
    expect(
      (await search({ keyword: '検索用', variant: 'ba' })).list.map((item) => item.cr_unique_code),
    ).toEqual([first]);
    expect((await search({ keyword: first })).list).toHaveLength(1);
    expect((await search({ keyword: '検索用', status: 'approved' })).list).toEqual([]);
    const paged = await search({ keyword: '検索用' }, { rows: 1, page: 2 });
    expect(paged.list.map((item) => item.cr_unique_code)).toEqual([first]);
    expect(paged.paging_data.total_rows).toBe(2);
    // Another bank's staff find none of them.
    const other = await as(OTHER_BANK, 'bank_admin', '/api/v1/companyregister/search', {
      conditions: { keyword: '検索用' },
    });
    expect(other.json().result.list).toEqual([]);
  });

  it('shows branch staff only the applications of their branches', async () => {
    const branchUserId = await world.userIdOf(BANK, 'branch_user');
    const [branch] = await world.db.withBank(BANK, (tx) =>
      tx
        .select({ bbId: userBranches.bb_id })
        .from(userBranches)
        .where(eq(userBranches.user_id, branchUserId)),
    );
    const own = await fileApplication(BANK, 'ba', {
      company: { company_name: '支店担当テスト株式会社' },
      bank: { has_no_bank_branch: false, bb_id: String(branch?.bbId) },
    });
    await fileApplication(BANK, 'ba', { company: { company_name: '支店担当テスト外株式会社' } });
    const answer = await as(BANK, 'branch_user', '/api/v1/companyregister/search', {
      conditions: { keyword: '支店担当テスト' },
    });
    expect(answer.json().result.list.map((item: { cr_unique_code: string }) => item.cr_unique_code)).toEqual([
      own,
    ]);
  });

  it('shows one application in full to the admins of its bank only', async () => {
    const crCode = await fileApplication();
    const detail = await world.send(BANK, 'system_admin', {
      method: 'GET',
      url: `/api/v1/companyregister/detail/${crCode}`,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().result).toMatchObject({
      cr_unique_code: crCode,
      cr_applicant_email: APPLICATION_STEPS.applicant.user_email,
      values: { company_corporate_number: '7000012050002', company_employee_count: 24 },
      company_unique_code: null,
    });
    for (const [code, actor, status] of [
      [BANK, 'branch_admin', 403],
      [OTHER_BANK, 'bank_admin', 404],
    ] as const) {
      const answer = await world.send(code, actor, {
        method: 'GET',
        url: `/api/v1/companyregister/detail/${crCode}`,
      });
      expect(answer.statusCode, `${code} ${actor}`).toBe(status);
    }
  });

  it('upgrades a portal member once to a full member, telling the owner, for the bank’s admins only', async () => {
    const crCode = await fileApplication(OTHER_BANK, 'hgba');
    const status = async (code = OTHER_BANK, actor: Actor = 'bank_admin') =>
      world.send(code, actor, {
        method: 'GET',
        url: `/api/v1/companyregister/upgrade_status?cr_unique_code=${crCode}`,
      });
    const upgrade = (code = OTHER_BANK, actor: Actor = 'bank_admin') =>
      as(code, actor, '/api/v1/hgba/portal/companyregister/upgrade', { cr_unique_code: crCode });
    // Pending: no company to upgrade yet.
    expect((await status()).json().result).toEqual({ status: 'not_applicable', company_unique_code: null });
    expect((await upgrade()).json().message).toBe(UPGRADE_MESSAGES.notApplicable);

    expect(
      (await as(OTHER_BANK, 'bank_admin', '/api/v1/companyregister/approved', { cr_unique_code: crCode }))
        .statusCode,
    ).toBe(200);
    await mailWorld.drainMail();
    // A portal member enables the account on the portal's own page.
    expect(smtp.received.map((mail) => mail.text)).toEqual([
      expect.stringMatching(/\/register\/portal\/enable#token=[A-Za-z0-9_-]{43}/),
    ]);
    smtp.received.length = 0;
    expect((await status()).json().result.status).toBe('upgradable');
    for (const [code, actor, expected] of [
      [OTHER_BANK, 'branch_admin', 403],
      [OTHER_BANK, 'company_owner', 403],
      [BANK, 'bank_admin', 404],
    ] as const)
      expect((await upgrade(code, actor)).statusCode, `${code} ${actor}`).toBe(expected);

    const [first, second] = await Promise.all([upgrade(), upgrade(OTHER_BANK, 'system_admin')]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 422]);
    const won = first?.statusCode === 200 ? first : second;
    expect(won?.json().result).toEqual({ message: UPGRADE_MESSAGES.upgraded, type: 'normal' });
    const lost = first?.statusCode === 200 ? second : first;
    expect(lost?.json().message).toBe(UPGRADE_MESSAGES.alreadyUpgraded);
    expect((await status()).json().result.status).toBe('upgraded');
    const [company] = await world.db.withBank(OTHER_BANK, (tx) =>
      tx
        .select({ type: companies.company_type, ba: companies.company_enable_ba })
        .from(companies)
        .innerJoin(companyRegistrations, eq(companyRegistrations.company_id, companies.company_id))
        .where(eq(companyRegistrations.cr_unique_code, crCode)),
    );
    expect(company).toEqual({ type: 'normal', ba: true });
    await mailWorld.drainMail();
    expect(smtp.received.map((mail) => mail.subject)).toEqual([
      expect.stringContaining('ご利用範囲変更のお知らせ'),
    ]);

    // A ba application makes a full member at once: nothing to upgrade.
    const full = await fileApplication(BANK);
    await as(BANK, 'bank_admin', '/api/v1/companyregister/approved', { cr_unique_code: full });
    const fullStatus = await world.send(BANK, 'bank_admin', {
      method: 'GET',
      url: `/api/v1/companyregister/upgrade_status?cr_unique_code=${full}`,
    });
    expect(fullStatus.json().result.status).toBe('not_applicable');
  });
});
