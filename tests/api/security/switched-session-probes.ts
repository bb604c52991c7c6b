import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import { users } from '#server/db/schema.ts';
import { setCookieValue } from '#tests/support/login.ts';
import type { MailWorld } from '#tests/support/mail-world.ts';
import { sendFromPage } from '#tests/support/world.ts';

/**
 * What the impersonation probes share (impersonation-takeover and email-change-confirmation): the
 * demo accounts' rows, a bank admin's session switched into one of them, the profile form, and the
 * mails the world's SMTP server received.
 */

export const FORBIDDEN = { status: 'error', message: '権限がありません' };
export const PROFILE = '/api/v1/user/profile';
export const SAVE_PROFILE = '/api/v1/user/profile/save';
export const CONFIRM = '/api/v1/user/email/confirm';

export type UserRow = typeof users.$inferSelect;

export function switchedSessionProbes(mailWorld: MailWorld) {
  const world = () => mailWorld.world;

  async function userRow(code: string, userType: UserTypeCode): Promise<UserRow> {
    const userId = await world().userIdOf(code, userType);
    const [row] = await world().db.withBank(code, (tx) =>
      tx.select().from(users).where(eq(users.user_id, userId)),
    );
    if (!row) throw new Error(`no demo ${userType} in ${code}`);
    return row;
  }

  /** A fresh login of `admin`, switched into the bank's demo account of `userType`: the session cookie. */
  async function switchedInto(code: string, userType: UserTypeCode, admin: UserTypeCode = 'bank_admin') {
    const login = await world().loginAs(code, admin);
    const target = await userRow(code, userType);
    const switched = await sendFromPage(world().app, code, login.cookie, {
      method: 'POST',
      url: '/api/v1/user/switch',
      payload: { user_unique_code: target.user_unique_code },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    return `portal_session=${setCookieValue(switched, 'portal_session')}`;
  }

  const post = (code: string, cookie: string, url: string, payload: object) =>
    sendFromPage(world().app, code, cookie, { method: 'POST', url, payload });

  /** The recipients of the mails received since the test began, in order of address. */
  const recipientsOf = () =>
    mailWorld.smtp.received.map((mail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : '')).sort();

  return { userRow, switchedInto, post, recipientsOf };
}

/** The profile form as the page fills it in for `row`, with `changes`. */
export const profileForm = (row: UserRow, changes: Record<string, unknown> = {}) => ({
  user_last_name: row.user_last_name,
  user_first_name: row.user_first_name,
  user_last_name_kana: row.user_last_name_kana,
  user_first_name_kana: row.user_first_name_kana,
  user_email: row.user_email,
  user_alternate_email: row.user_alternate_email ?? '',
  user_tel: row.user_tel ?? '',
  ...changes,
});

export function expectForbidden(answer: LightMyRequestResponse) {
  expect(answer.statusCode, answer.body).toBe(403);
  expect(answer.json()).toEqual(FORBIDDEN);
}
