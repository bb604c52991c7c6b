import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_ACCOUNT_MESSAGES } from '#server/contracts/company-accounts.ts';
import { EMAIL_CHANGE_MESSAGES } from '#server/contracts/email-change.ts';
import { emailChanges } from '#server/db/schema.ts';
import { gatewayOrigin } from '#tests/support/login.ts';
import { useMailWorld } from '#tests/support/mail-world.ts';
import type { TestSmtpServer } from '#tests/support/smtp.ts';
import { BANK_A, BANK_B, sendFromPage, type World } from '#tests/support/world.ts';
import {
  CONFIRM,
  expectForbidden,
  PROFILE,
  profileForm,
  SAVE_PROFILE,
  switchedSessionProbes,
} from './switched-session-probes.ts';

/**
 * A changed e-mail address takes effect only once the link mailed to it is followed (issue 28
 * item 2, decision 0096), for everyone: the old address is told, the link is valid 24 hours and
 * once, only its hash is kept, and it opens nothing at another bank's host.
 */

const mailWorld = useMailWorld({ banks: [BANK_A, BANK_B] });
const { userRow, switchedInto, post, recipientsOf } = switchedSessionProbes(mailWorld);
let world: World;
let smtp: TestSmtpServer;
beforeAll(() => {
  ({ world, smtp } = mailWorld);
});

/** Every mail due now, sent. */
const sentMail = () => mailWorld.drainMail();

describe('a changed e-mail address is confirmed by a link sent to it, and the old address is told', () => {
  const NEW_ADDRESS = (code: string) => `new-address-${code}@example.jp`;

  /** The confirmation link's token in the mail to `address`. */
  function tokenMailedTo(address: string): string {
    const mail = smtp.received.find((each) => each.to && !Array.isArray(each.to) && each.to.text === address);
    const match = /\/email\/confirm#token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '');
    if (!match?.[1]) throw new Error(`no confirmation link in the mail to ${address}`);
    return match[1];
  }

  /** The company user asks for `address`: the answer, once the two mails are sent. */
  async function askFor(code: string, address: string) {
    smtp.received.length = 0;
    const cookie = await world.cookieOf(code, 'company_user');
    const row = await userRow(code, 'company_user');
    const answer = await post(code, cookie, SAVE_PROFILE, profileForm(row, { user_email: address }));
    expect(answer.statusCode, answer.body).toBe(200);
    await sentMail();
    await smtp.waitForMail(2);
    return answer;
  }

  const confirm = (code: string, token: unknown) => post(code, '', CONFIRM, { token });

  it.each([BANK_A, BANK_B])(
    'bank %s: mails a link to the new address and a notice to the old; nothing changes until the link is followed',
    async (code) => {
      const before = await userRow(code, 'company_user');
      const answer = await askFor(code, NEW_ADDRESS(code));
      expect(answer.json().message).toBe(EMAIL_CHANGE_MESSAGES.confirmationSent);
      expect(answer.json().result).toMatchObject({
        user_email: before.user_email,
        user_pending_email: NEW_ADDRESS(code),
      });
      expect(recipientsOf()).toEqual([NEW_ADDRESS(code), before.user_email].sort());
      const notice = smtp.received.find(
        (mail) => !Array.isArray(mail.to) && mail.to?.text === before.user_email,
      );
      expect(notice?.subject).toContain('メールアドレス変更');
      // The old address is told, but gets no link that would confirm the change.
      expect(notice?.text).not.toMatch(/email\/confirm/);
      expect(notice?.text).not.toContain(NEW_ADDRESS(code));
      const link = smtp.received.find(
        (mail) => !Array.isArray(mail.to) && mail.to?.text === NEW_ADDRESS(code),
      );
      expect(link?.text).toContain(`${gatewayOrigin(code)}/email/confirm#token=`);

      // Until the link is followed: the address is the old one, everywhere.
      expect((await userRow(code, 'company_user')).user_email).toBe(before.user_email);
      const cookie = await world.cookieOf(code, 'company_user');
      const me = await sendFromPage(world.app, code, cookie, { method: 'GET', url: '/api/v1/user/me' });
      expect(me.json().result.user_email).toBe(before.user_email);
      const profile = await sendFromPage(world.app, code, cookie, { method: 'GET', url: PROFILE });
      expect(profile.json().result).toMatchObject({
        user_email: before.user_email,
        user_pending_email: NEW_ADDRESS(code),
      });

      // Followed (from any browser: the link alone proves the mailbox): the address changes, once.
      const token = tokenMailedTo(NEW_ADDRESS(code));
      const confirmed = await confirm(code, token);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toEqual({
        status: 'success',
        result: { user_email: NEW_ADDRESS(code) },
        message: EMAIL_CHANGE_MESSAGES.confirmed,
      });
      expect((await userRow(code, 'company_user')).user_email).toBe(NEW_ADDRESS(code));
      const meAfter = await sendFromPage(world.app, code, cookie, { method: 'GET', url: '/api/v1/user/me' });
      expect(meAfter.json().result.user_email).toBe(NEW_ADDRESS(code));
      const profileAfter = await sendFromPage(world.app, code, cookie, { method: 'GET', url: PROFILE });
      expect(profileAfter.json().result.user_pending_email).toBeNull();

      const again = await confirm(code, token);
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({ status: 'error', message: EMAIL_CHANGE_MESSAGES.linkUsed });

      // Back to the demo address, for the other tests.
      await askFor(code, before.user_email);
      expect((await confirm(code, tokenMailedTo(before.user_email))).statusCode).toBe(200);
      expect((await userRow(code, 'company_user')).user_email).toBe(before.user_email);
    },
  );

  it('saves a profile whose address is unchanged at once, with no mail', async () => {
    smtp.received.length = 0;
    const row = await userRow(BANK_A, 'company_user');
    const cookie = await world.cookieOf(BANK_A, 'company_user');
    const answer = await post(BANK_A, cookie, SAVE_PROFILE, profileForm(row, { user_tel: '03-1234-5678' }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result.user_pending_email).toBeNull();
    expect((await userRow(BANK_A, 'company_user')).user_tel).toBe('03-1234-5678');
    await sentMail();
    expect(smtp.received).toEqual([]);
  });

  it('refuses an expired link, an unknown one and one made void by a newer request (422), odd input (400), and changes nothing', async () => {
    const before = await userRow(BANK_A, 'company_user');
    await askFor(BANK_A, 'expiring@example.jp');
    const expiring = tokenMailedTo('expiring@example.jp');
    await world.db.withBank(BANK_A, (tx) =>
      tx
        .update(emailChanges)
        .set({ ec_expires_at: sql`now() - interval '1 minute'` })
        .where(eq(emailChanges.user_id, before.user_id)),
    );
    const expired = await confirm(BANK_A, expiring);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual({ status: 'error', message: EMAIL_CHANGE_MESSAGES.linkExpired });

    await askFor(BANK_A, 'first@example.jp');
    const first = tokenMailedTo('first@example.jp');
    await askFor(BANK_A, 'second@example.jp');
    const superseded = await confirm(BANK_A, first);
    expect(superseded.statusCode).toBe(422);
    expect(superseded.json().message).toBe(EMAIL_CHANGE_MESSAGES.linkUsed);

    const unknown = await confirm(BANK_A, 'A'.repeat(43));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ status: 'error', message: EMAIL_CHANGE_MESSAGES.linkInvalid });
    for (const odd of ['short', 42, null, 'A'.repeat(44), '../'.repeat(15)]) {
      const answer = await confirm(BANK_A, odd);
      expect(answer.statusCode, String(odd)).toBe(400);
    }
    expect((await userRow(BANK_A, 'company_user')).user_email).toBe(before.user_email);
    // The newest request still stands.
    const [pending] = await world.db.withBank(BANK_A, (tx) =>
      tx
        .select()
        .from(emailChanges)
        .where(and(eq(emailChanges.user_id, before.user_id), sql`${emailChanges.ec_used_at} is null`)),
    );
    expect(pending?.ec_new_email).toBe('second@example.jp');
  });

  it('keeps only the hash of the link’s token', async () => {
    const row = await userRow(BANK_A, 'company_user');
    await askFor(BANK_A, 'hashed@example.jp');
    const token = tokenMailedTo('hashed@example.jp');
    const rows = await world.db.withBank(BANK_A, (tx) =>
      tx.select().from(emailChanges).where(eq(emailChanges.user_id, row.user_id)),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('does not let bank B’s host confirm bank A’s link, and A’s link still works on A', async () => {
    const before = await userRow(BANK_A, 'company_user');
    await askFor(BANK_A, 'cross-bank@example.jp');
    const token = tokenMailedTo('cross-bank@example.jp');
    const elsewhere = await confirm(BANK_B, token);
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json()).toEqual({ status: 'error', message: EMAIL_CHANGE_MESSAGES.linkInvalid });
    expect((await userRow(BANK_A, 'company_user')).user_email).toBe(before.user_email);
    const otherBankUser = await userRow(BANK_B, 'company_user');
    expect(otherBankUser.user_email).not.toBe('cross-bank@example.jp');

    expect((await confirm(BANK_A, token)).statusCode).toBe(200);
    expect((await userRow(BANK_A, 'company_user')).user_email).toBe('cross-bank@example.jp');
    await askFor(BANK_A, before.user_email);
    expect((await confirm(BANK_A, tokenMailedTo(before.user_email))).statusCode).toBe(200);
  });

  it('refuses the confirmation from a switched session too (403)', async () => {
    const row = await userRow(BANK_A, 'company_user');
    await askFor(BANK_A, 'switched-confirm@example.jp');
    const token = tokenMailedTo('switched-confirm@example.jp');
    const asUser = await switchedInto(BANK_A, 'company_user');
    expectForbidden(await post(BANK_A, asUser, CONFIRM, { token }));
    expect((await userRow(BANK_A, 'company_user')).user_email).toBe(row.user_email);
  });

  it('holds an owner’s change of an employee’s address on the account page to the same link', async () => {
    smtp.received.length = 0;
    const employee = await userRow(BANK_A, 'company_employee');
    const owner = await world.cookieOf(BANK_A, 'company_owner');
    const url = `/api/v1/setting/account/user/${employee.user_unique_code}/save`;
    const answer = await post(
      BANK_A,
      owner,
      url,
      profileForm(employee, { user_email: 'employee-new@example.jp' }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe(COMPANY_ACCOUNT_MESSAGES.savedEmailPending);
    expect(answer.json().result).toMatchObject({
      user_email: employee.user_email,
      user_pending_email: 'employee-new@example.jp',
      email_confirmation_sent: true,
    });
    await sentMail();
    await smtp.waitForMail(2);
    expect(recipientsOf()).toEqual(['employee-new@example.jp', employee.user_email].sort());
    expect((await userRow(BANK_A, 'company_employee')).user_email).toBe(employee.user_email);
    const read = await sendFromPage(world.app, BANK_A, owner, {
      method: 'GET',
      url: `/api/v1/setting/account/user/${employee.user_unique_code}`,
    });
    expect(read.json().result.user_pending_email).toBe('employee-new@example.jp');

    expect((await confirm(BANK_A, tokenMailedTo('employee-new@example.jp'))).statusCode).toBe(200);
    expect((await userRow(BANK_A, 'company_employee')).user_email).toBe('employee-new@example.jp');

    // A save that keeps the address says only that it saved.
    const again = await post(BANK_A, owner, url, profileForm(await userRow(BANK_A, 'company_employee')));
    expect(again.json().message).toBe(COMPANY_ACCOUNT_MESSAGES.saved);
    expect(again.json().result.email_confirmation_sent).toBe(false);
  });
});
