import fs from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import { PASSWORD_CHANGE_MESSAGES } from '#server/contracts/password-change.ts';
import { REMINDER_MESSAGES } from '#server/contracts/reminder.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { auditEvents, users } from '#server/db/schema.ts';
import { apiGet, currentUser, DEMO_LOGIN_OF, loginAs, setCookieValue } from '#tests/support/login.ts';
import { sendFromPage, startWorld, type World } from '#tests/support/world.ts';

const BANK = '0182';
const OTHER_BANK = '0158';
/** The bank whose tenant file names its provider's own password page (set in the world's copy). */
const PROVIDER_BANK = '0126';
const PROVIDER_RESET_URL = 'https://idp.example.jp/password/reset';
const DEMO_PASSWORD = 'demo-password';
const CHANGE = '/api/v1/setting/password';

let world: World;

beforeAll(async () => {
  world = await startWorld({
    banks: [BANK, OTHER_BANK, PROVIDER_BANK],
    // Sessions in Redis under CI: ending the other sessions is tried on the store production uses.
    redisWhenSet: true,
    prepareTenants: async (dir) => {
      const file = path.join(dir, PROVIDER_BANK, 'tenant.json');
      const tenant = JSON.parse(await fs.readFile(file, 'utf8')) as { oidc: Record<string, string> };
      tenant.oidc.password_reset_url = PROVIDER_RESET_URL;
      await fs.writeFile(file, JSON.stringify(tenant, null, 2));
    },
  });
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const loginIdOf = (code: string, type: UserTypeCode) => `${DEMO_LOGIN_OF[type]}-${code}`;
const change = (code: string, cookie: string, payload: object) =>
  sendFromPage(world.app, code, cookie, { method: 'POST', url: CHANGE, payload });
const form = (current: string, password: string, confirmation = password) => ({
  current_password: current,
  password,
  password_confirmation: confirmation,
});
const passwordHashOf = async (code: string, loginId: string) => {
  const [row] = await world.db.withBank(code, (tx) =>
    tx.select({ hash: users.user_password_hash }).from(users).where(eq(users.user_login_id, loginId)),
  );
  return row?.hash;
};
const passwordAuditsOf = (code: string, uniqueCode: string) =>
  world.db.withBank(code, (tx) =>
    tx
      .select({ action: auditEvents.action, actor: auditEvents.actor_user_id })
      .from(auditEvents)
      .where(and(eq(auditEvents.target_id, uniqueCode), eq(auditEvents.action, 'UPDATE')))
      .orderBy(desc(auditEvents.id)),
  );

describe('POST /api/v1/setting/password', () => {
  it.each(['company_owner', 'company_user', 'company_employee', 'partner_company_owner'] as const)(
    'lets a %s change their own password, audited, and the new one logs in at the provider',
    async (type) => {
      const loginId = loginIdOf(BANK, type);
      const { cookie } = await loginAs(world.app, BANK, loginId);
      const me = await currentUser(world.app, BANK, cookie);
      const newPassword = `${type.replace(/_/g, '')}2026Spring`;

      const answer = await change(BANK, cookie, form(DEMO_PASSWORD, newPassword));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({
        status: 'success',
        result: {},
        message: PASSWORD_CHANGE_MESSAGES.changed,
      });

      const audits = await passwordAuditsOf(BANK, me?.user_unique_code ?? '');
      expect(audits[0]).toEqual({ action: 'UPDATE', actor: await world.userIdOf(BANK, type) });
      await expect(loginAs(world.app, BANK, loginId)).rejects.toThrow(/login refused/);
      const after = await loginAs(world.app, BANK, loginId, { password: newPassword });
      expect((await currentUser(world.app, BANK, after.cookie))?.user_login_id).toBe(loginId);
    },
  );

  it('ends the user’s other sessions and keeps the one that made the change logged in', async () => {
    const loginId = loginIdOf(OTHER_BANK, 'company_owner');
    const other = await loginAs(world.app, OTHER_BANK, loginId);
    const current = await loginAs(world.app, OTHER_BANK, loginId);
    const profile = (cookie: string) => apiGet(world.app, OTHER_BANK, cookie, '/api/v1/company/profile');
    expect((await profile(other.cookie)).statusCode).toBe(200);

    const answer = await change(OTHER_BANK, current.cookie, form(DEMO_PASSWORD, 'sakura2026Seiko'));
    expect(answer.statusCode, answer.body).toBe(200);

    expect((await profile(other.cookie)).statusCode).toBe(401);
    expect(await currentUser(world.app, OTHER_BANK, other.cookie)).toBeNull();
    expect((await profile(current.cookie)).statusCode).toBe(200);
    expect((await currentUser(world.app, OTHER_BANK, current.cookie))?.user_login_id).toBe(loginId);
    // The kept session can change the password again, and the provider's single sign-on of the
    // other browser now asks for the password.
    // The provider keeps login times in whole seconds: a change in the login's own second asks nothing.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 50));
    const again = await change(OTHER_BANK, current.cookie, form('sakura2026Seiko', 'sakura2027Seiko'));
    expect(again.statusCode, again.body).toBe(200);
    await expect(
      loginAs(world.app, OTHER_BANK, loginId, {
        providerCookies: other.providerCookies,
        password: 'wrong-1',
      }),
    ).rejects.toThrow(/login refused/);
    await loginAs(world.app, OTHER_BANK, loginId, { password: 'sakura2027Seiko' });
  });

  it('changes nothing for a wrong current password and says so under 現在のパスワード', async () => {
    const loginId = loginIdOf(OTHER_BANK, 'company_user');
    const other = await loginAs(world.app, OTHER_BANK, loginId);
    const { cookie } = await loginAs(world.app, OTHER_BANK, loginId);
    const me = await currentUser(world.app, OTHER_BANK, cookie);
    const hashBefore = await passwordHashOf(OTHER_BANK, loginId);

    const answer = await change(OTHER_BANK, cookie, form('not-the-password1', 'midori2026Green'));
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json()).toMatchObject({
      status: 'error',
      message: PASSWORD_CHANGE_MESSAGES.currentPasswordWrong,
      errors: { current_password: [PASSWORD_CHANGE_MESSAGES.currentPasswordWrong] },
    });
    expect(await passwordHashOf(OTHER_BANK, loginId)).toBe(hashBefore);
    expect(await passwordAuditsOf(OTHER_BANK, me?.user_unique_code ?? '')).toEqual([]);
    expect(await currentUser(world.app, OTHER_BANK, other.cookie)).not.toBeNull();
    await loginAs(world.app, OTHER_BANK, loginId);
  });

  it('refuses a weak, common, mismatched or unchanged new password with the rule’s message', async () => {
    const loginId = loginIdOf(OTHER_BANK, 'company_employee');
    const { cookie } = await loginAs(world.app, OTHER_BANK, loginId);
    const hashBefore = await passwordHashOf(OTHER_BANK, loginId);
    const errorsOf = async (payload: object) => {
      const answer = await change(OTHER_BANK, cookie, payload);
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().errors as Record<string, string[]>;
    };

    expect(await errorsOf(form('', '', ''))).toMatchObject({
      current_password: [VALIDATION_MESSAGES.required],
      password: [VALIDATION_MESSAGES.required],
    });
    expect((await errorsOf(form(DEMO_PASSWORD, 'abc123')))['password']).toEqual([
      REMINDER_MESSAGES.passwordTooShort,
    ]);
    expect((await errorsOf(form(DEMO_PASSWORD, 'onlyletters')))['password']).toEqual([
      REMINDER_MESSAGES.passwordNeedsLettersAndDigits,
    ]);
    expect((await errorsOf(form(DEMO_PASSWORD, 'パスワード12345')))['password']).toEqual([
      REMINDER_MESSAGES.passwordCharacters,
    ]);
    expect((await errorsOf(form(DEMO_PASSWORD, 'Password123')))['password']).toEqual([
      PASSWORD_CHANGE_MESSAGES.commonPassword,
    ]);
    expect(
      (await errorsOf(form(DEMO_PASSWORD, 'hikari2026A', 'hikari2026B')))['password_confirmation'],
    ).toEqual([PASSWORD_CHANGE_MESSAGES.passwordMismatch]);
    expect((await errorsOf(form('hikari2026A', 'hikari2026A')))['password']).toEqual([
      PASSWORD_CHANGE_MESSAGES.sameAsCurrent,
    ]);
    expect(await passwordHashOf(OTHER_BANK, loginId)).toBe(hashBefore);
  });

  it('refuses where the bank’s provider keeps the passwords (422), pointing there', async () => {
    const loginId = loginIdOf(PROVIDER_BANK, 'company_owner');
    const { cookie } = await loginAs(world.app, PROVIDER_BANK, loginId);
    const hashBefore = await passwordHashOf(PROVIDER_BANK, loginId);
    const answer = await change(PROVIDER_BANK, cookie, form(DEMO_PASSWORD, 'provider2026Pass'));
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json()).toMatchObject({
      status: 'error',
      message: PASSWORD_CHANGE_MESSAGES.externalProvider,
    });
    expect(await passwordHashOf(PROVIDER_BANK, loginId)).toBe(hashBefore);
  });

  it('refuses bank staff and visitors', async () => {
    for (const type of ['system_admin', 'bank_admin', 'branch_admin', 'branch_user'] as const) {
      const answer = await world.send(BANK, type, {
        method: 'POST',
        url: CHANGE,
        payload: form(DEMO_PASSWORD, 'staff2026Pass'),
      });
      expect(answer.statusCode, `${type}: ${answer.body}`).toBe(403);
    }
    expect(await passwordHashOf(BANK, loginIdOf(BANK, 'bank_admin'))).toBeTruthy();
    await loginAs(world.app, BANK, loginIdOf(BANK, 'bank_admin'));
    const visitor = await world.send(BANK, 'visitor', {
      method: 'POST',
      url: CHANGE,
      payload: form(DEMO_PASSWORD, 'visitor2026Pass'),
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('refuses a staff member acting as the user: a switch never changes the user’s password', async () => {
    const ownerLogin = loginIdOf(BANK, 'company_owner');
    const before = await passwordHashOf(BANK, ownerLogin);
    const [owner] = await world.db.withBank(BANK, (tx) =>
      tx.select({ code: users.user_unique_code }).from(users).where(eq(users.user_login_id, ownerLogin)),
    );
    const admin = await world.loginAs(BANK, 'bank_admin');
    const switched = await sendFromPage(world.app, BANK, admin.cookie, {
      method: 'POST',
      url: '/api/v1/user/switch',
      payload: { user_unique_code: owner?.code },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const asOwner = `portal_session=${setCookieValue(switched, 'portal_session')}`;
    const answer = await change(BANK, asOwner, form(DEMO_PASSWORD, 'switched2026Pass'));
    expect(answer.statusCode, answer.body).toBe(403);
    expect(await passwordHashOf(BANK, ownerLogin)).toBe(before);
  });
});
