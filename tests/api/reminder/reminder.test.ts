import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_MESSAGES } from '#server/contracts/reminder.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { mailOutbox, passwordResets } from '#server/db/schema.ts';
import { REMINDER_RATE_LIMITED_MESSAGE } from '#server/api/reminder/routes.ts';
import { apiGet, loginAs } from '#tests/support/login.ts';
import { INVITATION_MESSAGES } from '#server/contracts/employee-invitation.ts';
import { useMailWorld } from '#tests/support/mail-world.ts';
import type { TestSmtpServer } from '#tests/support/smtp.ts';
import { sendFromPage, startWorld, type World } from '#tests/support/world.ts';

const BANK = '0182';
const OTHER_BANK = '0158';
/** The bank whose tenant file names its provider's own reset page (set in the world's copy). */
const PROVIDER_RESET_BANK = '0126';
const PROVIDER_RESET_URL = 'https://idp.example.jp/password/reset';
const NEW_PASSWORD = 'kaigi2026Spring';

describe('password reminder', () => {
  const mailWorld = useMailWorld({
    banks: [BANK, OTHER_BANK, PROVIDER_RESET_BANK],
    // Sessions in Redis under CI: ending a user's sessions is tried on the store production uses.
    redisWhenSet: true,
    prepareTenants: async (dir) => {
      const file = path.join(dir, PROVIDER_RESET_BANK, 'tenant.json');
      const tenant = JSON.parse(await fs.readFile(file, 'utf8')) as { oidc: Record<string, string> };
      tenant.oidc.password_reset_url = PROVIDER_RESET_URL;
      await fs.writeFile(file, JSON.stringify(tenant, null, 2));
    },
    gateway: { env: { REMINDER_RATE_LIMIT_MAX: '100' } },
  });
  let world: World;
  let smtp: TestSmtpServer;
  beforeAll(() => {
    ({ world, smtp } = mailWorld);
  });

  const post = (code: string, url: string, payload: object) =>
    sendFromPage(world.app, code, '', { method: 'POST', url, payload });
  const ask = (code: string, loginIdOrEmail: string, extra: object = {}) =>
    post(code, '/api/v1/reminder', { login_id_or_email: loginIdOrEmail, ...extra });
  const drainMail = () => mailWorld.drainMail();
  /** The token of the reset link in the n-th mail received. */
  const tokenInMail = (index = 0) => {
    const text = smtp.received[index]?.text ?? '';
    const match = /\/reminder#token=([A-Za-z0-9_-]{43})/.exec(text);
    if (!match?.[1]) throw new Error(`no reset link in the mail:\n${text}`);
    return match[1];
  };
  const requestLink = async (code: string, loginId: string) => {
    smtp.received.length = 0;
    expect((await ask(code, loginId)).statusCode).toBe(200);
    await drainMail();
    await smtp.waitForMail(1);
    return tokenInMail();
  };

  it('answers the same whether or not an account matched, and mails only a matching account', async () => {
    const answers = await Promise.all([
      ask(BANK, `owner-${BANK}`),
      ask(BANK, `USER-${BANK}@EXAMPLE.COM`),
      ask(BANK, 'nobody-at-all'),
      ask(BANK, 'nobody@example.com'),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ status: 'success', result: {}, message: REMINDER_MESSAGES.requested });
    }
    await drainMail();
    const mails = await smtp.waitForMail(2);
    await drainMail();
    expect(smtp.received).toHaveLength(2);
    const recipients = mails.map((mail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : '')).sort();
    expect(recipients).toEqual([`owner-${BANK}@example.com`, `user-${BANK}@example.com`]);
    const mail = mails.find((each) => each.subject?.includes('パスワード再設定のご案内'));
    expect(mail?.subject).toBe('【法人ビジネスポータル】パスワード再設定のご案内');
    expect(mail?.text).toMatch(/■ログインID：(owner|user)-0182/);
    expect(mail?.text).toMatch(
      new RegExp(
        `▼パスワードを再設定する\\nhttp://bank${BANK}\\.localhost:3000/reminder#token=[A-Za-z0-9_-]{43}`,
      ),
    );
    expect(mail?.text).toContain('このリンクの有効期限は30分で、一度だけお使いいただけます。');
  });

  it('sets the new password with the link, once, and ends every session of the user', async () => {
    const loginId = `employee-${BANK}`;
    const before = await loginAs(world.app, BANK, loginId);
    /** Who /api/v1/user/me says is logged in with the cookie (null: nobody). */
    const meOf = async (cookie: string) =>
      ((await apiGet(world.app, BANK, cookie, '/api/v1/user/me')).json().result?.user_login_id ?? null) as
        string | null;
    expect(await meOf(before.cookie)).toBe(loginId);
    // Single sign-on: the provider's session logs the browser in without asking for the password.
    await loginAs(world.app, BANK, loginId, { providerCookies: before.providerCookies, password: 'wrong-1' });

    const token = await requestLink(BANK, loginId);
    // The provider keeps a login's time in whole seconds and asks again only for logins of an earlier
    // second than the reset (bank-provider.ts): let that second pass.
    await new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 50));
    const check = await post(BANK, '/api/v1/reminder/check', { token });
    expect(check.json()).toEqual({ status: 'success', result: { user_login_id: loginId } });

    const reset = await post(BANK, '/api/v1/reminder/reset', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toBe(REMINDER_MESSAGES.completed);

    // Every earlier session has ended, and the provider's no longer logs in without the password.
    expect(await meOf(before.cookie)).toBeNull();
    await expect(
      loginAs(world.app, BANK, loginId, {
        providerCookies: before.providerCookies,
        password: 'demo-password',
      }),
    ).rejects.toThrow(/login refused/);
    await expect(loginAs(world.app, BANK, loginId)).rejects.toThrow(/login refused/);
    const after = await loginAs(world.app, BANK, loginId, { password: NEW_PASSWORD });
    expect(await meOf(after.cookie)).toBe(loginId);

    // Used up.
    for (const url of ['/api/v1/reminder/check', '/api/v1/reminder/reset']) {
      const again = await post(BANK, url, {
        token,
        password: 'another2026pass',
        password_confirmation: 'another2026pass',
      });
      expect(again.statusCode, url).toBe(422);
      expect(again.json().message).toBe(REMINDER_MESSAGES.linkUsed);
    }
  });

  it('lets one of two resets with the same link win', async () => {
    const token = await requestLink(BANK, `partner-${BANK}`);
    const body = { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    const answers = await Promise.all([
      post(BANK, '/api/v1/reminder/reset', body),
      post(BANK, '/api/v1/reminder/reset', body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
  });

  it('refuses an expired link, a link replaced by a newer one, and another bank’s link', async () => {
    const loginId = `user-${BANK}`;
    const first = await requestLink(BANK, loginId);
    const second = await requestLink(BANK, loginId);
    const checkOf = async (code: string, token: string) => {
      const answer = await post(code, '/api/v1/reminder/check', { token });
      // A refusal the page shows: 422 (the request layer keeps a 400's message from the page).
      expect(answer.statusCode).toBe(422);
      return answer.json().message as string | undefined;
    };
    expect(await checkOf(BANK, first)).toBe(REMINDER_MESSAGES.linkUsed);
    expect(await checkOf(OTHER_BANK, second)).toBe(REMINDER_MESSAGES.linkInvalid);
    expect(await checkOf(BANK, 'A'.repeat(43))).toBe(REMINDER_MESSAGES.linkInvalid);

    await world.db.withBank(BANK, (tx) =>
      tx.update(passwordResets).set({ reset_expires_at: sql`now() - interval '1 second'` }),
    );
    expect(await checkOf(BANK, second)).toBe(REMINDER_MESSAGES.linkExpired);
  });

  it('says what is wrong with the new password, field by field', async () => {
    const token = await requestLink(BANK, `owner-${BANK}`);
    const errorsOf = async (password: unknown, confirmation: unknown) => {
      const answer = await post(BANK, '/api/v1/reminder/reset', {
        token,
        password,
        password_confirmation: confirmation,
      });
      expect(answer.statusCode).toBe(400);
      return answer.json().errors as Record<string, string[]>;
    };
    expect((await errorsOf('', ''))['password']).toEqual([VALIDATION_MESSAGES.required]);
    expect((await errorsOf('abc123', 'abc123'))['password']).toEqual([REMINDER_MESSAGES.passwordTooShort]);
    expect((await errorsOf('onlyletters', 'onlyletters'))['password']).toEqual([
      REMINDER_MESSAGES.passwordNeedsLettersAndDigits,
    ]);
    expect((await errorsOf('パスワード12345', 'パスワード12345'))['password']).toEqual([
      REMINDER_MESSAGES.passwordCharacters,
    ]);
    expect((await errorsOf(NEW_PASSWORD, 'different2026'))['password_confirmation']).toEqual([
      REMINDER_MESSAGES.passwordMismatch,
    ]);
    // The link was not used by the refused attempts.
    expect((await post(BANK, '/api/v1/reminder/check', { token })).statusCode).toBe(200);
  });

  it('answers a filled-in honeypot as usual and sends nothing', async () => {
    const answer = await ask(BANK, `owner-${BANK}`, { homepage_url: 'https://spam.example/' });
    expect(answer.json()).toEqual({ status: 'success', result: {}, message: REMINDER_MESSAGES.requested });
    await drainMail();
    expect(smtp.received).toEqual([]);
    const queued = await world.db.withBank(BANK, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.mail_status, 'pending')),
    );
    expect(queued).toEqual([]);
  });

  it('invites no employee where the provider keeps the passwords: a password set here would open nothing', async () => {
    const invited = await world.send(PROVIDER_RESET_BANK, 'company_owner', {
      method: 'POST',
      url: '/api/v1/company/employee/invitations',
      payload: { email: 'k.sato@example.jp', name: '佐藤 健' },
    });
    expect(invited.statusCode).toBe(422);
    expect(invited.json().message).toBe(INVITATION_MESSAGES.externalProvider);
    await drainMail();
    expect(smtp.received).toEqual([]);
  });

  it('sends a bank whose provider keeps the passwords to that provider', async () => {
    const config = await world.app.inject({
      method: 'GET',
      url: '/api/v1/setting/app_config',
      headers: { host: `bank${PROVIDER_RESET_BANK}.localhost:3000` },
    });
    expect(config.json().result.password_reset_url).toBe(PROVIDER_RESET_URL);
    const answer = await ask(PROVIDER_RESET_BANK, `owner-${PROVIDER_RESET_BANK}`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(REMINDER_MESSAGES.externalProvider);
  });
});

describe('password reminder limits', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ banks: [BANK], gateway: { env: { REMINDER_RATE_LIMIT_MAX: '2' } } });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('refuses more requests from one address than the bank allows, in Japanese', async () => {
    const ask = () =>
      sendFromPage(world.app, BANK, '', {
        method: 'POST',
        url: '/api/v1/reminder',
        payload: { login_id_or_email: 'nobody' },
      });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(REMINDER_RATE_LIMITED_MESSAGE);
  });
});
