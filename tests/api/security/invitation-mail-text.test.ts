import { beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_MESSAGES, type Invitation } from '#server/contracts/employee-invitation.ts';
import { maxLengthMessage } from '#server/contracts/validation.ts';
import { useMailWorld } from '#tests/support/mail-world.ts';
import type { TestSmtpServer } from '#tests/support/smtp.ts';
import { type Actor, BANK_A, BANK_B, type World } from '#tests/support/world.ts';

/**
 * The bank's mail carries no one else's words to outsiders: an invitee is not of the company yet
 * (an address any user of the bank has is refused), so the invitation mail says ご担当者 様 and its
 * fixed subject, whatever the owner typed as the invitee's name; that name stays in the owner's
 * list. And a company's invitations, each a mail from the bank to an outside address, are held to
 * a budget of the company's own (EMPLOYEE_INVITATION_RATE_LIMIT_MAX a day; 3 here).
 */

const INVITATIONS = '/api/v1/company/employee/invitations';
const BUDGET = 3;
const PITCH = '当選しました 今すぐ http://evil.example/claim へ';

describe('invitation mail to outside addresses', () => {
  const mailWorld = useMailWorld({
    banks: [BANK_A, BANK_B],
    gateway: {
      env: { REGISTRATION_RATE_LIMIT_MAX: '1000', EMPLOYEE_INVITATION_RATE_LIMIT_MAX: String(BUDGET) },
    },
  });
  let world: World;
  let smtp: TestSmtpServer;
  beforeAll(() => {
    ({ world, smtp } = mailWorld);
  });

  const invite = (code: string, actor: Actor, email: string, name?: string) =>
    world.send(code, actor, {
      method: 'POST',
      url: INVITATIONS,
      payload: { email, ...(name ? { name } : {}) },
    });

  it('greets the invitee as ご担当者 with the fixed subject, never with the name the owner typed', async () => {
    const answer = await invite(BANK_A, 'company_owner', 'target-1@outside.example', PITCH);
    expect(answer.statusCode, answer.body).toBe(200);
    await mailWorld.drainMail();
    const [mail] = await smtp.waitForMail(1);
    expect(mail?.subject).toBe('【法人ビジネスポータル】従業員登録のご招待');
    expect(mail?.text).toMatch(/^ご担当者 様\n/);
    for (const part of [mail?.text ?? '', mail?.html || '', mail?.subject ?? '']) {
      expect(part).not.toContain('当選');
      expect(part).not.toContain('evil.example');
    }
    // The owner's own list keeps the name they noted.
    const list = (await world.send(BANK_A, 'company_owner', { method: 'GET', url: INVITATIONS })).json()
      .result as Invitation[];
    expect(list.find((each) => each.email === 'target-1@outside.example')?.name).toBe(PITCH);
  });

  it('keeps the noted name short: 61 characters are a 400', async () => {
    const answer = await invite(BANK_A, 'company_owner', 'target-x@outside.example', 'あ'.repeat(61));
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().errors).toEqual({ name: [maxLengthMessage(60)] });
  });

  it('holds one company to its budget of invitations (429 in Japanese), and sends nothing past it', async () => {
    // Every try counts, the refused long name above included: two of the budget are spent.
    for (let index = 3; index <= BUDGET; index += 1) {
      const answer = await invite(BANK_A, 'company_owner', `target-${index}@outside.example`);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    await mailWorld.drainMail();
    smtp.received.length = 0;
    const refused = await invite(BANK_A, 'company_owner', 'target-over@outside.example');
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({
      status: 'error',
      message: INVITATION_MESSAGES.companyRateLimited,
    });
    expect(refused.headers['retry-after']).toBeDefined();
    await mailWorld.drainMail();
    expect(smtp.received).toHaveLength(0);
  });

  it('counts each company apart: another company of the bank and another bank still invite', async () => {
    expect((await invite(BANK_A, 'partner_company_owner', 'partner-target@outside.example')).statusCode).toBe(
      200,
    );
    expect((await invite(BANK_B, 'company_owner', 'b-target@outside.example')).statusCode).toBe(200);
  });
});
