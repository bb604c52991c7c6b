import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessUserLimitMessage,
  COMPANY_ACCOUNT_MESSAGES,
  type CompanyAccount,
} from '#server/contracts/company-accounts.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { auditEvents, mailOutbox, userTypePermissions, users } from '#server/db/schema.ts';
import { apiGet, DEMO_LOGIN_OF, loginAs } from '#tests/support/login.ts';
import { type Actor, sendFromPage, startWorld, type World } from '#tests/support/world.ts';

const BANK = '0182';
const OTHER_BANK = '0158';
const ACCOUNTS = '/api/v1/setting/account';
const BUSINESS_USERS = '/api/v1/setting/account/businessuser';
const CREATE_BUSINESS_USER = '/api/v1/setting/account/businessuser/create';
const LIMIT = '/api/v1/setting/partner_company_user_limit';
const accountUrl = (code: string) => `${ACCOUNTS}/user/${code}`;

const STAFF = ['system_admin', 'bank_admin', 'branch_admin', 'branch_user'] as const;

let world: World;

beforeAll(async () => {
  world = await startWorld({ banks: [BANK, OTHER_BANK], redisWhenSet: true });
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const get = async (code: string, actor: Actor, url: string) =>
  apiGet(world.app, code, await world.cookieOf(code, actor), url);
const post = (code: string, actor: Actor, url: string, payload: object) =>
  world.send(code, actor, { method: 'POST', url, payload });

async function uniqueCodeOf(code: string, loginId: string): Promise<string> {
  const [row] = await world.db.withBank(code, (tx) =>
    tx.select({ code: users.user_unique_code }).from(users).where(eq(users.user_login_id, loginId)),
  );
  if (!row) throw new Error(`no user ${loginId}`);
  return row.code;
}
const demoCodeOf = (code: string, type: keyof typeof DEMO_LOGIN_OF) =>
  uniqueCodeOf(code, `${DEMO_LOGIN_OF[type]}-${code}`);

/** A user of the demo owner's company, straight into the database (a second owner, a business user). */
async function addUser(code: string, type: 'company_owner' | 'company_user', loginId: string) {
  const ownerId = await world.userIdOf(code, 'company_owner');
  await world.db.withBank(code, async (tx) => {
    const [owner] = await tx
      .select({ company: users.company_id })
      .from(users)
      .where(eq(users.user_id, ownerId));
    await tx.insert(users).values({
      company_id: owner?.company ?? 0,
      user_unique_code: loginId.replaceAll('-', '').padEnd(32, '0').slice(0, 32),
      user_login_id: loginId,
      user_last_name: '追加',
      user_first_name: '一郎',
      user_last_name_kana: 'ツイカ',
      user_first_name_kana: 'イチロウ',
      user_email: `${loginId}@example.jp`,
      user_type: type,
    });
  });
  return uniqueCodeOf(code, loginId);
}

const accountForm = (changes: Record<string, unknown> = {}) => ({
  user_last_name: '高橋',
  user_first_name: '大輔',
  user_last_name_kana: 'タカハシ',
  user_first_name_kana: 'ダイスケ',
  user_email: 'daisuke.takahashi@example.co.jp',
  user_alternate_email: '',
  user_tel: '03-1234-5678',
  ...changes,
});

const businessUserForm = (n: number) => ({
  user_last_name: '営業',
  user_first_name: `${n}郎`,
  user_last_name_kana: 'エイギョウ',
  user_first_name_kana: 'ジロウ',
  user_email: `business-${n}-${Date.now()}@example.jp`,
});

describe('GET /api/v1/setting/account', () => {
  it("lists the owner's company's users with type, login id, e-mail and last login, owners first", async () => {
    const answer = await get(BANK, 'company_owner', ACCOUNTS);
    expect(answer.statusCode, answer.body).toBe(200);
    const list = answer.json().result as CompanyAccount[];
    expect(list.map((account) => account.user_login_id)).toEqual(
      expect.arrayContaining([`owner-${BANK}`, `user-${BANK}`, `employee-${BANK}`]),
    );
    expect(list[0]?.user_type).toBe('company_owner');
    const owner = list.find((account) => account.user_login_id === `owner-${BANK}`);
    expect(owner).toMatchObject({ is_self: true, user_is_disabled: false });
    // The owner has just logged in: the login stamped it.
    expect(owner?.user_last_login_at).not.toBeNull();
    expect(list.some((account) => account.user_login_id === `partner-${BANK}`)).toBe(false);
    expect(Object.keys(owner ?? {})).not.toContain('user_password_hash');
  });

  it.each(['company_user', 'company_employee'] as const)(
    'refuses a %s (no account permission)',
    async (type) => {
      expect((await get(BANK, type, ACCOUNTS)).statusCode).toBe(403);
    },
  );

  it.each(STAFF)('refuses bank staff (%s)', async (type) => {
    expect((await get(BANK, type, ACCOUNTS)).statusCode).toBe(403);
  });

  it("answers a partner owner with their own company's users only", async () => {
    const answer = await get(BANK, 'partner_company_owner', ACCOUNTS);
    expect(answer.statusCode).toBe(200);
    const logins = (answer.json().result as CompanyAccount[]).map((account) => account.user_login_id);
    expect(logins).toContain(`partner-${BANK}`);
    expect(logins).not.toContain(`owner-${BANK}`);
  });
});

describe('one account: read and save', () => {
  it("reads and saves an employee's name and contact, audited", async () => {
    const employee = await demoCodeOf(BANK, 'company_employee');
    const read = await get(BANK, 'company_owner', accountUrl(employee));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().result).toMatchObject({ user_type: 'company_employee', disable_refusal: null });

    const saved = await post(
      BANK,
      'company_owner',
      `${accountUrl(employee)}/save`,
      accountForm({ user_first_name: '大介' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // The form's address is another mailbox: it waits for the link mailed to it (decision 0096).
    expect(saved.json().message).toBe(COMPANY_ACCOUNT_MESSAGES.savedEmailPending);
    expect(saved.json().result).toMatchObject({
      user_first_name: '大介',
      user_tel: '03-1234-5678',
      user_email: read.json().result.user_email,
      user_pending_email: 'daisuke.takahashi@example.co.jp',
      email_confirmation_sent: true,
    });
    const [audit] = await world.db.withBank(BANK, (tx) =>
      tx.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.target_id, employee)),
    );
    expect(audit?.action).toBe('UPDATE');
  });

  it('answers every validation message under its field and saves nothing', async () => {
    const employee = await demoCodeOf(BANK, 'company_employee');
    const answer = await post(
      BANK,
      'company_owner',
      `${accountUrl(employee)}/save`,
      accountForm({ user_last_name: '', user_last_name_kana: 'たかはし', user_email: 'not-an-address' }),
    );
    expect(answer.statusCode).toBe(400);
    const errors = answer.json().errors as Record<string, string[]>;
    expect(errors.user_last_name).toEqual([VALIDATION_MESSAGES.required]);
    expect(errors.user_last_name_kana?.[0]).toBe(VALIDATION_MESSAGES.katakana);
    expect(errors.user_email?.[0]).toBe(VALIDATION_MESSAGES.email);
  });

  it("answers 404 for another company's user and for another bank's", async () => {
    const partner = await demoCodeOf(BANK, 'partner_company_owner');
    expect((await get(BANK, 'company_owner', accountUrl(partner))).statusCode).toBe(404);
    const otherBanksEmployee = await demoCodeOf(OTHER_BANK, 'company_employee');
    expect((await get(BANK, 'company_owner', accountUrl(otherBanksEmployee))).statusCode).toBe(404);
    const ownEmployee = await demoCodeOf(BANK, 'company_employee');
    expect((await get(OTHER_BANK, 'company_owner', accountUrl(ownEmployee))).statusCode).toBe(404);
    const save = await post(OTHER_BANK, 'company_owner', `${accountUrl(ownEmployee)}/save`, accountForm());
    expect(save.statusCode).toBe(404);
    const disable = await post(OTHER_BANK, 'company_owner', `${accountUrl(ownEmployee)}/disable`, {
      disabled: true,
    });
    expect(disable.statusCode).toBe(404);
  });

  it('answers odd input with 400, never 500', async () => {
    const employee = await demoCodeOf(BANK, 'company_employee');
    for (const payload of [{ disabled: 'yes' }, { disabled: null }, {}, { disabled: { a: { b: {} } } }]) {
      const answer = await post(BANK, 'company_owner', `${accountUrl(employee)}/disable`, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const nul = await get(BANK, 'company_owner', accountUrl('a\u0000b'));
    expect([400, 404]).toContain(nul.statusCode);
    const huge = await get(BANK, 'company_owner', accountUrl('x'.repeat(5000)));
    expect([400, 404]).toContain(huge.statusCode);
  });
});

describe('disabling and enabling an account', () => {
  it("ends a disabled employee's open session at its next call, refuses their login, and enables them again", async () => {
    const employeeLogin = `${DEMO_LOGIN_OF.company_employee}-${OTHER_BANK}`;
    const session = await loginAs(world.app, OTHER_BANK, employeeLogin);
    const me = () => apiGet(world.app, OTHER_BANK, session.cookie, '/api/v1/user/profile');
    expect((await me()).statusCode).toBe(200);
    const employee = await demoCodeOf(OTHER_BANK, 'company_employee');

    const disabled = await post(OTHER_BANK, 'company_owner', `${accountUrl(employee)}/disable`, {
      disabled: true,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().result).toMatchObject({ user_is_disabled: true });
    expect((await me()).statusCode).toBe(401);
    await expect(loginAs(world.app, OTHER_BANK, employeeLogin)).rejects.toThrow();

    const enabled = await post(OTHER_BANK, 'company_owner', `${accountUrl(employee)}/disable`, {
      disabled: false,
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().result).toMatchObject({ user_is_disabled: false });
    const again = await loginAs(world.app, OTHER_BANK, employeeLogin);
    expect((await apiGet(world.app, OTHER_BANK, again.cookie, '/api/v1/user/profile')).statusCode).toBe(200);

    const audits = await world.db.withBank(OTHER_BANK, (tx) =>
      tx.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.target_id, employee)),
    );
    expect(audits.map((row) => row.action)).toEqual(expect.arrayContaining(['CLOSE', 'UPDATE']));
  });

  it('refuses an owner disabling themself', async () => {
    const owner = await demoCodeOf(BANK, 'company_owner');
    const read = await get(BANK, 'company_owner', accountUrl(owner));
    expect(read.json().result.disable_refusal).toBe('self');
    const answer = await post(BANK, 'company_owner', `${accountUrl(owner)}/disable`, { disabled: true });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toBe(COMPANY_ACCOUNT_MESSAGES.selfDisable);
  });

  it('refuses disabling the last enabled owner, and of two owners disabling each other at once only one wins', async () => {
    const code = '0158';
    const second = await addUser(code, 'company_owner', `second-owner-${code}`);
    await world.db.withBank(code, (tx) =>
      tx.update(users).set({ user_password_hash: null }).where(eq(users.user_unique_code, second)),
    );
    // The bank lets its company users manage accounts too: the last owner is then theirs to lose.
    await world.db.withBank(code, (tx) =>
      tx
        .insert(userTypePermissions)
        .values({ user_type: 'company_user', permission: 'company_setting_account_write' })
        .onConflictDoNothing(),
    );
    const first = await demoCodeOf(code, 'company_owner');
    const userCookie = (await loginAs(world.app, code, `${DEMO_LOGIN_OF.company_user}-${code}`)).cookie;
    const disable = (cookie: string, target: string) =>
      sendFromPage(world.app, code, cookie, {
        method: 'POST',
        url: `${accountUrl(target)}/disable`,
        payload: { disabled: true },
      });
    // Two owners disabled by the user at once: one is refused as the last owner.
    const answers = await Promise.all([disable(userCookie, first), disable(userCookie, second)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)?.json().message).toBe(
      COMPANY_ACCOUNT_MESSAGES.lastOwner,
    );
    const enabledOwners = await world.db.withBank(code, (tx) =>
      tx
        .select({ id: users.user_id })
        .from(users)
        .where(and(eq(users.user_type, 'company_owner'), eq(users.user_is_disabled, false))),
    );
    expect(enabledOwners.length).toBeGreaterThanOrEqual(1);
    // Put the demo owner back for the other tests.
    await world.db.withBank(code, (tx) =>
      tx.update(users).set({ user_is_disabled: false }).where(eq(users.user_unique_code, first)),
    );
  });
});

describe('business users', () => {
  it("gives a partner company the bank's limit and a normal company none", async () => {
    const partner = await get(BANK, 'partner_company_owner', LIMIT);
    expect(partner.statusCode).toBe(200);
    expect(partner.json().result).toEqual({ limit: 3, used: 0 });
    expect((await get(BANK, 'company_owner', LIMIT)).json().result.limit).toBe(0);
    expect((await get(OTHER_BANK, 'partner_company_owner', LIMIT)).json().result.limit).toBe(0);
  });

  it('never lets a partner company over its limit, however many are created at once', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        post(BANK, 'partner_company_owner', CREATE_BUSINESS_USER, businessUserForm(n)),
      ),
    );
    const created = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode === 422);
    expect(created).toHaveLength(3);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.json().message).toBe(businessUserLimitMessage(3));
    expect(created[0]?.json().message).toBe(COMPANY_ACCOUNT_MESSAGES.businessUserCreated);

    const list = await get(BANK, 'partner_company_owner', BUSINESS_USERS);
    expect(list.json().result).toMatchObject({ limit: 3, used: 3 });
    expect(list.json().result.users).toHaveLength(3);
    // Each new user is mailed a login id and a first-password link.
    const loginIds = created.map((answer) => answer.json().result.user_login_id as string);
    const mails = await world.db.withBank(BANK, (tx) =>
      tx
        .select({ text: mailOutbox.mail_text })
        .from(mailOutbox)
        .where(eq(mailOutbox.mail_kind, 'settings.business_user_created')),
    );
    for (const loginId of loginIds) expect(mails.some((mail) => mail.text.includes(loginId))).toBe(true);

    // Disabled, one makes room; enabling it again past the limit is refused.
    const first = created[0]?.json().result.user_unique_code as string;
    const off = await post(BANK, 'partner_company_owner', `${accountUrl(first)}/disable`, { disabled: true });
    expect(off.statusCode, off.body).toBe(200);
    const fourth = await post(BANK, 'partner_company_owner', CREATE_BUSINESS_USER, businessUserForm(6));
    expect(fourth.statusCode, fourth.body).toBe(200);
    const on = await post(BANK, 'partner_company_owner', `${accountUrl(first)}/disable`, { disabled: false });
    expect(on.statusCode).toBe(422);
    expect(on.json().message).toBe(businessUserLimitMessage(3));
  });

  it('lets a normal company with enable_business_user create business users without a limit', async () => {
    const answer = await post(BANK, 'company_owner', CREATE_BUSINESS_USER, businessUserForm(7));
    expect(answer.statusCode, answer.body).toBe(200);
    const list = await get(BANK, 'company_owner', BUSINESS_USERS);
    expect(list.json().result.limit).toBeNull();
  });

  it('refuses a taken e-mail address and every validation message', async () => {
    // The demo owner's address is a member's.
    const [owner] = await world.db.withBank(BANK, (tx) =>
      tx
        .select({ email: users.user_email })
        .from(users)
        .where(eq(users.user_login_id, `owner-${BANK}`)),
    );
    const again = await post(BANK, 'company_owner', CREATE_BUSINESS_USER, {
      ...businessUserForm(8),
      user_email: owner?.email ?? '',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.user_email).toEqual([COMPANY_ACCOUNT_MESSAGES.emailTaken]);

    const invalid = await post(BANK, 'company_owner', CREATE_BUSINESS_USER, {
      user_last_name: '',
      user_first_name: 'x'.repeat(31),
      user_last_name_kana: 'えいぎょう',
      user_first_name_kana: '',
      user_email: 'nope',
    });
    expect(invalid.statusCode).toBe(400);
    const errors = invalid.json().errors as Record<string, string[]>;
    expect(errors.user_last_name).toEqual([VALIDATION_MESSAGES.required]);
    expect(errors.user_first_name?.[0]).toMatch(/30/);
    expect(errors.user_last_name_kana?.[0]).toBe(VALIDATION_MESSAGES.katakana);
    expect(errors.user_email?.[0]).toBe(VALIDATION_MESSAGES.email);
  });

  it.each(['company_user', 'company_employee'] as const)('refuses a %s', async (type) => {
    const answer = await get(BANK, type, BUSINESS_USERS);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe(COMPANY_ACCOUNT_MESSAGES.businessUserNotPermitted);
    expect((await post(BANK, type, CREATE_BUSINESS_USER, businessUserForm(9))).statusCode).toBe(403);
  });

  it('refuses a bank without enable_business_user and without a partner limit', async () => {
    // A fresh login: the last-owner test above may have ended the demo owner's sessions.
    const owner = await loginAs(world.app, OTHER_BANK, `${DEMO_LOGIN_OF.company_owner}-${OTHER_BANK}`);
    expect((await apiGet(world.app, OTHER_BANK, owner.cookie, BUSINESS_USERS)).statusCode).toBe(403);
    expect((await get(OTHER_BANK, 'partner_company_owner', BUSINESS_USERS)).statusCode).toBe(403);
  });

  it.each(STAFF)('refuses bank staff (%s)', async (type) => {
    expect((await get(BANK, type, BUSINESS_USERS)).statusCode).toBe(403);
    expect((await get(BANK, type, LIMIT)).statusCode).toBe(403);
  });

  it('keeps the messages of the spec', () => {
    expect(COMPANY_ACCOUNT_MESSAGES.limitFetchFailed).toBe('パートナービジネスユーザー作成上限数取得エラー');
    expect(MESSAGES.forbidden).toBeDefined();
  });
});
