import { beforeAll, describe, expect, it } from 'vitest';
import { useMailWorld } from '#tests/support/mail-world.ts';
import type { TestSmtpServer } from '#tests/support/smtp.ts';
import { BANK_A, BANK_B, type World } from '#tests/support/world.ts';

/**
 * A mail's links name the bank's configured origin, never what the request's Host says beyond the
 * choice among the bank's own hosts: on a development host the gateway's configured port (3000
 * here), on a configured host that host on https without a port. An odd Host (port 99999, upper
 * case, a trailing dot) or an X-Forwarded-Host from a client no TRUST_PROXY names changes nothing.
 */

const DEV_ORIGIN = (code: string) => `http://bank${code}.localhost:3000`;

describe('mail links and the request’s Host', () => {
  const mailWorld = useMailWorld({
    banks: [BANK_A, BANK_B],
    gateway: { env: { REMINDER_RATE_LIMIT_MAX: '100' } },
  });
  let world: World;
  let smtp: TestSmtpServer;
  beforeAll(() => {
    ({ world, smtp } = mailWorld);
  });

  /** A reminder asked for on `host` (its page's Origin alike), and the reset link of its mail. */
  async function resetLinkAskedOn(code: string, host: string, headers: Record<string, string> = {}) {
    smtp.received.length = 0;
    const answer = await world.app.inject({
      method: 'POST',
      url: '/api/v1/reminder',
      headers: {
        host,
        origin: `http://${host}`,
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/json',
        ...headers,
      },
      payload: JSON.stringify({ login_id_or_email: `owner-${code}` }),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await mailWorld.drainMail();
    const [mail] = await smtp.waitForMail(1);
    const link = /▼パスワードを再設定する\n(\S+)/.exec(mail?.text ?? '')?.[1];
    if (!link) throw new Error(`no reset link in the mail:\n${mail?.text}`);
    return { link, html: mail?.html || '' };
  }

  for (const code of [BANK_A, BANK_B]) {
    describe(`bank ${code}`, () => {
      for (const host of [
        `bank${code}.localhost:99999`,
        `BANK${code}.LOCALHOST:3000`,
        `bank${code}.localhost.:3000`,
        `bank${code}.localhost`,
      ]) {
        it(`links to the configured development origin when asked on ${host}`, async () => {
          const { link, html } = await resetLinkAskedOn(code, host);
          expect(link).toMatch(new RegExp(`^${DEV_ORIGIN(code)}/reminder#token=[A-Za-z0-9_-]{43}$`));
          expect(html).not.toContain('99999');
          expect(html).toContain(`${DEV_ORIGIN(code)}/`);
        });
      }

      it('ignores X-Forwarded-Host from a client no TRUST_PROXY names', async () => {
        for (const forwarded of ['evil.example:99999', `bank${code}.localhost:99999`]) {
          const { link, html } = await resetLinkAskedOn(code, `bank${code}.localhost:3000`, {
            'x-forwarded-host': forwarded,
            'x-forwarded-proto': 'https',
          });
          expect(link.startsWith(`${DEV_ORIGIN(code)}/reminder#token=`), link).toBe(true);
          expect(html).not.toContain('evil.example');
          expect(html).not.toContain('99999');
        }
      });
    });
  }

  it('links to the bank’s own configured host on https, without the request’s port or case', async () => {
    const { link } = await resetLinkAskedOn(BANK_A, 'BIZ.Shiosai-Bank.example.jp.:8443');
    expect(link).toMatch(/^https:\/\/biz\.shiosai-bank\.example\.jp\/reminder#token=/);
  });

  it('keeps a logged-in user’s mail on the configured origin too (an employee invitation)', async () => {
    const cookie = await world.cookieOf(BANK_A, 'company_owner');
    smtp.received.length = 0;
    const host = `bank${BANK_A}.localhost:99999`;
    const answer = await world.app.inject({
      method: 'POST',
      url: '/api/v1/company/employee/invitations',
      headers: {
        host,
        origin: `http://${host}`,
        cookie,
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ email: 'origin-check@sakura-example.jp', name: '山田 花子' }),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await mailWorld.drainMail();
    const [mail] = await smtp.waitForMail(1);
    expect(mail?.text).toMatch(
      new RegExp(
        `▼従業員として登録する\\n${DEV_ORIGIN(BANK_A)}/register/employee/invitation/[A-Za-z0-9_-]{43}\\n`,
      ),
    );
    expect(mail?.html).not.toContain('99999');
  });
});
