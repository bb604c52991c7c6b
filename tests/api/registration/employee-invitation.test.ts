import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_MESSAGES, type Invitation } from '#server/contracts/employee-invitation.ts';
import { REMINDER_MESSAGES } from '#server/contracts/reminder.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { auditEvents, companies, employeeInvitations, mailOutbox, users } from '#server/db/schema.ts';
import { createLogger } from '#server/logging.ts';
import { apiGet, DEMO_LOGIN_OF, loginAs } from '#tests/support/login.ts';
import { useMailWorld } from '#tests/support/mail-world.ts';
import type { TestSmtpServer } from '#tests/support/smtp.ts';
import { type Actor, sendFromPage, startWorld, type World } from '#tests/support/world.ts';

const BANK = '0182';
const OTHER_BANK = '0158';
const PASSWORD = 'hanako2026Spring';
const INVITATIONS = '/api/v1/company/employee/invitations';
const REVOKE = '/api/v1/company/employee/invitations/revoke';
const CHECK = '/api/v1/register/employee/check';
const REGISTER = '/api/v1/register/employee';
const LINK = /\/register\/employee\/invitation\/([A-Za-z0-9_-]{43})/;

/** What the gateway logs, line by line (the logger main.ts uses, at info). */
const logLines: string[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

/** The registration form as the invitee fills it in. */
const employeeForm = (token: string, changes: Record<string, unknown> = {}) => ({
  token,
  user_last_name: '山田',
  user_first_name: '花子',
  user_last_name_kana: 'ヤマダ',
  user_first_name_kana: 'ハナコ',
  user_tel: '03-5555-0123',
  password: PASSWORD,
  password_confirmation: PASSWORD,
  ...changes,
});

describe('employee invitation', () => {
  const mailWorld = useMailWorld({
    banks: [BANK, OTHER_BANK],
    gateway: {
      env: { REGISTRATION_RATE_LIMIT_MAX: '1000' },
      logger: createLogger({ level: 'info' }, logSink),
    },
  });
  let world: World;
  let smtp: TestSmtpServer;
  beforeAll(() => {
    ({ world, smtp } = mailWorld);
  });
  // What a test queued is sent before the next begins (the world then empties the SMTP server's list).
  afterEach(() => mailWorld.drainMail());

  const as = (code: string, actor: Actor, url: string, payload: object) =>
    world.send(code, actor, { method: 'POST', url, payload });
  const listAs = (actor: Actor = 'company_owner', code = BANK) =>
    world.send(code, actor, { method: 'GET', url: INVITATIONS });
  const visitorPost = (code: string, url: string, payload: object) =>
    sendFromPage(world.app, code, '', { method: 'POST', url, payload });
  const check = (token: string, code = BANK) => visitorPost(code, CHECK, { token });
  const register = (token: string, changes: Record<string, unknown> = {}, code = BANK) =>
    visitorPost(code, REGISTER, employeeForm(token, changes));

  /** Invites as the actor; answers the invitation and the token of the link its mail carries. */
  async function invite(
    email: string,
    options: { actor?: Actor; code?: string; name?: string } = {},
  ): Promise<{ invitation: Invitation; token: string }> {
    const answer = await as(options.code ?? BANK, options.actor ?? 'company_owner', INVITATIONS, {
      email,
      ...(options.name === undefined ? {} : { name: options.name }),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    smtp.received.length = 0;
    await mailWorld.drainMail();
    const [mail] = await smtp.waitForMail(1);
    smtp.received.length = 0;
    const token = LINK.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error(`no invitation link in the mail:\n${mail?.text}`);
    return { invitation: answer.json().result as Invitation, token };
  }

  /** The demo owner's company and name, as the mail names them. */
  async function ownerOf(code: string) {
    const [owner] = await world.db.withBank(code, (tx) =>
      tx
        .select({
          companyId: users.company_id,
          companyName: companies.company_name,
          name: sql<string>`${users.user_last_name} || ' ' || ${users.user_first_name}`,
        })
        .from(users)
        .innerJoin(companies, eq(companies.company_id, users.company_id))
        .where(eq(users.user_login_id, `${DEMO_LOGIN_OF.company_owner}-${code}`)),
    );
    if (!owner) throw new Error(`no demo owner in ${code}`);
    return owner;
  }

  const invitationRow = async (code: string, invitationCode: string) => {
    const [row] = await world.db.withBank(code, (tx) =>
      tx
        .select()
        .from(employeeInvitations)
        .where(eq(employeeInvitations.invitation_unique_code, invitationCode)),
    );
    return row;
  };
  const usersWithEmail = (code: string, email: string) =>
    world.db.withBank(code, (tx) => tx.select().from(users).where(eq(users.user_email, email)));

  it('mails a link that registers a company_employee of the company, who logs in with the password', async () => {
    const owner = await ownerOf(BANK);
    logLines.length = 0;
    const email = 'hanako.yamada@sakura-example.jp';
    const answer = await as(BANK, 'company_owner', INVITATIONS, { email, name: '山田 花子' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe(INVITATION_MESSAGES.sent);
    const invitation = answer.json().result as Invitation;
    expect(invitation).toMatchObject({
      email,
      name: '山田 花子',
      state: 'pending',
      invited_by_name: owner.name,
      used_at: null,
    });
    expect(invitation.invitation_unique_code).toMatch(/^[0-9a-f]{32}$/);
    const validFor = new Date(invitation.expires_at).getTime() - new Date(invitation.created_at).getTime();
    expect(validFor).toBe(7 * 24 * 60 * 60 * 1000);

    await mailWorld.drainMail();
    const [mail] = await smtp.waitForMail(1);
    expect(mail?.subject).toBe('【法人ビジネスポータル】従業員登録のご招待');
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(email);
    const text = mail?.text ?? '';
    expect(text).toContain('ご担当者 様');
    expect(text).not.toContain('山田 花子');
    expect(text).toContain(`■企業名：${owner.companyName}`);
    expect(text).toContain(`■招待した方：${owner.name}`);
    expect(text).toMatch(/■有効期限：\d{4}年\d{1,2}月\d{1,2}日 \d{1,2}:\d{2}まで/);
    expect(text).toMatch(
      new RegExp(
        `▼従業員として登録する\\nhttp://bank${BANK}\\.localhost:3000/register/employee/invitation/[A-Za-z0-9_-]{43}\\n`,
      ),
    );
    const token = LINK.exec(text)?.[1] ?? '';
    expect(answer.body).not.toContain(token);
    smtp.received.length = 0;

    const checked = await check(token);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().result).toEqual({
      company_name: owner.companyName,
      email,
      expires_at: invitation.expires_at,
    });

    const registered = await register(token);
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().message).toBe(INVITATION_MESSAGES.registered);
    const { user_login_id: loginId, company_name: companyName } = registered.json().result;
    expect(loginId).toMatch(/^shiosai\d{6}$/);
    expect(companyName).toBe(owner.companyName);
    expect(registered.body).not.toContain(token);

    const [employee] = await usersWithEmail(BANK, email);
    expect(employee).toMatchObject({
      user_login_id: loginId,
      company_id: owner.companyId,
      user_type: 'company_employee',
      user_last_name: '山田',
      user_first_name: '花子',
      user_last_name_kana: 'ヤマダ',
      user_first_name_kana: 'ハナコ',
      user_tel: '03-5555-0123',
    });
    expect(employee?.user_password_hash).toMatch(/^scrypt\$/);
    const row = await invitationRow(BANK, invitation.invitation_unique_code);
    expect(row?.invitation_used_at).not.toBeNull();
    expect(row?.used_by_user_id).toBe(employee?.user_id);
    // Only the token's SHA-256 is kept.
    expect(JSON.stringify(row)).not.toContain(token);

    await mailWorld.drainMail();
    const [welcome] = await smtp.waitForMail(1);
    expect(welcome?.subject).toBe('【法人ビジネスポータル】ご登録完了のお知らせ');
    expect(welcome?.text).toContain('山田 花子 様');
    expect(welcome?.text).toContain(`■ログインID：${loginId}`);
    expect(welcome?.text).toContain(`▼ログイン画面へ\nhttp://bank${BANK}.localhost:3000/login`);

    // The audit trail names the invitation by its public code: sent, then used to create the account.
    const audited = await world.db.withBank(BANK, (tx) =>
      tx
        .select({ action: auditEvents.action, actor: auditEvents.actor_user_id })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.target_type, 'registration'),
            eq(auditEvents.target_id, invitation.invitation_unique_code),
          ),
        )
        .orderBy(auditEvents.id),
    );
    expect(audited).toEqual([
      { action: 'SEND', actor: await world.userIdOf(BANK, 'company_owner') },
      { action: 'CREATE', actor: null },
    ]);

    // No log line carries the token or what the invitee wrote; the invitation is named by its code.
    const logged = logLines.join('');
    for (const secret of [token, email, '山田', 'ヤマダ', '03-5555-0123', PASSWORD, loginId])
      expect(logged, secret).not.toContain(secret);
    expect(logged).toContain(invitation.invitation_unique_code);

    const login = await loginAs(world.app, BANK, loginId, { password: PASSWORD });
    const me = (await apiGet(world.app, BANK, login.cookie, '/api/v1/user/me')).json().result;
    expect(me).toMatchObject({
      user_login_id: loginId,
      user_type: 'company_employee',
      company_id: owner.companyId,
      company_name: owner.companyName,
    });
  });

  it('is used once: the link then says it was used', async () => {
    const email = 'once@sakura-example.jp';
    const { token } = await invite(email);
    expect((await register(token)).statusCode).toBe(200);
    for (const answer of [await check(token), await register(token, { user_first_name: '二郎' })]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(INVITATION_MESSAGES.used);
    }
    expect(await usersWithEmail(BANK, email)).toHaveLength(1);
  });

  it('lets exactly one of two registrations with one link win, and tells the other it was used', async () => {
    const email = 'race@sakura-example.jp';
    const { invitation, token } = await invite(email);
    const both = () =>
      Promise.all([
        register(token, { user_first_name: '一郎' }),
        register(token, { user_first_name: '二郎' }),
      ]);
    let answers: Awaited<ReturnType<typeof both>>;
    if (world.db.kind === 'postgres') {
      // A session of the test's own (as another request would) holds the invitation's row until both
      // registrations wait for it, so they truly race (their password hashing would otherwise let one
      // finish before the other reads).
      const holder = new pg.Client({ connectionString: world.app.config.databaseUrl });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query(
          'select invitation_id from employee_invitations where invitation_unique_code = $1 for update',
          [invitation.invitation_unique_code],
        );
        const racing = both();
        const deadline = Date.now() + 10_000;
        for (;;) {
          const { rows } = await holder.query<{ waiting: number }>(
            `select count(*)::int as waiting from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if ((rows[0]?.waiting ?? 0) >= 2) break;
          if (Date.now() > deadline)
            throw new Error('the registrations did not both wait for the invitation');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await holder.query('commit');
        answers = await racing;
      } finally {
        await holder.end();
      }
    } else {
      // PGlite runs one transaction at a time: the two are serialised.
      answers = await both();
    }
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    expect(answers.find((answer) => answer.statusCode === 404)?.json().message).toBe(
      INVITATION_MESSAGES.used,
    );
    const winner = answers.find((answer) => answer.statusCode === 200)?.json().result.user_login_id;
    const made = await usersWithEmail(BANK, email);
    expect(made.map((user) => user.user_login_id)).toEqual([winner]);
  });

  it('lets only company users with the account settings permission invite, list and revoke', async () => {
    const email = 'not-permitted@sakura-example.jp';
    for (const actor of ['company_user', 'company_employee'] as const) {
      const refused = await as(BANK, actor, INVITATIONS, { email });
      expect(refused.statusCode, actor).toBe(403);
      expect(refused.json().message, actor).toBe(INVITATION_MESSAGES.notPermitted);
      expect((await listAs(actor)).statusCode, actor).toBe(403);
      const revoke = await as(BANK, actor, REVOKE, { invitation_unique_code: '0'.repeat(32) });
      expect(revoke.json().message, actor).toBe(INVITATION_MESSAGES.notPermitted);
    }
    // Bank staff are refused by the calls' access (company users only); visitors must log in.
    for (const actor of ['bank_admin', 'system_admin'] as const) {
      expect((await as(BANK, actor, INVITATIONS, { email })).statusCode, actor).toBe(403);
      expect((await listAs(actor)).statusCode, actor).toBe(403);
    }
    expect((await as(BANK, 'visitor', INVITATIONS, { email })).statusCode).toBe(401);
    const kept = await world.db.withBank(BANK, (tx) =>
      tx.select().from(employeeInvitations).where(eq(employeeInvitations.invitation_email, email)),
    );
    expect(kept).toEqual([]);
    await mailWorld.drainMail();
    expect(smtp.received).toEqual([]);
  });

  it('revokes a pending invitation of the company, whose link then says so', async () => {
    const { invitation, token } = await invite('revoke-me@sakura-example.jp');
    const revoke = (code: string, actor: Actor = 'company_owner', bank = BANK) =>
      as(bank, actor, REVOKE, { invitation_unique_code: code });
    // Another company's owner, another bank's owner and an unknown code find nothing.
    for (const [bank, actor] of [
      [BANK, 'partner_company_owner'],
      [OTHER_BANK, 'company_owner'],
    ] as const)
      expect((await revoke(invitation.invitation_unique_code, actor, bank)).statusCode, actor).toBe(404);
    expect((await revoke('f'.repeat(32))).statusCode).toBe(404);
    expect((await check(token)).statusCode).toBe(200);

    const revoked = await revoke(invitation.invitation_unique_code);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({
      message: INVITATION_MESSAGES.revoked,
      result: { invitation_unique_code: invitation.invitation_unique_code, state: 'revoked' },
    });
    for (const answer of [await check(token), await register(token)]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(INVITATION_MESSAGES.revokedLink);
    }
    const again = await revoke(invitation.invitation_unique_code);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(INVITATION_MESSAGES.alreadyRevoked);

    const used = await invite('used-then-revoked@sakura-example.jp');
    expect((await register(used.token)).statusCode).toBe(200);
    const late = await revoke(used.invitation.invitation_unique_code);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(INVITATION_MESSAGES.alreadyUsed);
  });

  it('replaces an earlier pending invitation to the same address with the new one', async () => {
    const first = await invite('twice@sakura-example.jp');
    const second = await invite('TWICE@sakura-example.jp');
    expect((await check(first.token)).json().message).toBe(INVITATION_MESSAGES.revokedLink);
    expect((await check(second.token)).statusCode).toBe(200);
    expect(
      (await invitationRow(BANK, first.invitation.invitation_unique_code))?.invitation_revoked_at,
    ).not.toBeNull();
  });

  it('refuses an expired link, with the expiry message', async () => {
    const { invitation, token } = await invite('late@sakura-example.jp');
    await world.db.withBank(BANK, (tx) =>
      tx
        .update(employeeInvitations)
        .set({ invitation_expires_at: sql`now() - interval '1 second'` })
        .where(eq(employeeInvitations.invitation_unique_code, invitation.invitation_unique_code)),
    );
    for (const answer of [await check(token), await register(token)]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(INVITATION_MESSAGES.expired);
    }
    expect(await usersWithEmail(BANK, 'late@sakura-example.jp')).toEqual([]);
  });

  it('does not know an unknown token, nor another bank’s', async () => {
    const { token } = await invite('other-bank@sakura-example.jp');
    for (const [code, candidate] of [
      [BANK, 'A'.repeat(43)],
      [OTHER_BANK, token],
    ] as const) {
      for (const answer of [await check(candidate, code), await register(candidate, {}, code)]) {
        expect(answer.statusCode, code).toBe(404);
        expect(answer.json().message, code).toBe(INVITATION_MESSAGES.unknown);
      }
    }
    const malformed = await check('not-a-token');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ token: [INVITATION_MESSAGES.unknown] });
    // Still usable in its own bank.
    expect((await check(token)).statusCode).toBe(200);
  });

  it('refuses to invite an address a user of the bank already has, whatever its case', async () => {
    const answer = await as(BANK, 'company_owner', INVITATIONS, { email: `Employee-${BANK}@Example.com` });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors).toEqual({ email: [INVITATION_MESSAGES.alreadyMember] });
    // Another bank's user's address is no member of this bank.
    expect(
      (await as(BANK, 'company_owner', INVITATIONS, { email: `owner-${OTHER_BANK}@example.com` })).statusCode,
    ).toBe(200);
  });

  it('refuses a registration whose address became a member since the invitation was sent', async () => {
    const email = 'two-companies@example.jp';
    const fromOwner = await invite(email);
    const fromPartner = await invite(email, { actor: 'partner_company_owner' });
    expect((await register(fromOwner.token)).statusCode).toBe(200);
    const late = await register(fromPartner.token);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(INVITATION_MESSAGES.alreadyMember);
    expect(await usersWithEmail(BANK, email)).toHaveLength(1);
    expect((await check(fromPartner.token)).statusCode).toBe(200);
  });

  it('says what is wrong with the invitation and the registration form, field by field', async () => {
    const invalid = await as(BANK, 'company_owner', INVITATIONS, {
      email: 'not an address',
      name: 'あ'.repeat(61),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({
      email: [VALIDATION_MESSAGES.email],
      name: ['60文字以内で入力してください'],
    });
    expect((await as(BANK, 'company_owner', INVITATIONS, { email: '' })).json().errors).toEqual({
      email: [VALIDATION_MESSAGES.required],
    });

    const { token } = await invite('form@sakura-example.jp');
    const errorsOf = async (changes: Record<string, unknown>) => {
      const answer = await register(token, changes);
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().errors as Record<string, string[]>;
    };
    expect(
      await errorsOf({
        user_last_name: '',
        user_first_name: ' ',
        user_last_name_kana: 'やまだ',
        user_first_name_kana: 'Hanako',
        user_tel: '0355550123',
      }),
    ).toEqual({
      user_last_name: [VALIDATION_MESSAGES.required],
      user_first_name: [VALIDATION_MESSAGES.required],
      user_last_name_kana: [VALIDATION_MESSAGES.katakana],
      user_first_name_kana: [VALIDATION_MESSAGES.katakana],
      user_tel: [VALIDATION_MESSAGES.phone],
    });
    const passwordErrors = async (password: string, confirmation = password) =>
      (await errorsOf({ password, password_confirmation: confirmation }))['password'];
    expect(await passwordErrors('')).toEqual([VALIDATION_MESSAGES.required]);
    expect(await passwordErrors('abc123')).toEqual([REMINDER_MESSAGES.passwordTooShort]);
    expect(await passwordErrors('onlyletters')).toEqual([REMINDER_MESSAGES.passwordNeedsLettersAndDigits]);
    expect(await passwordErrors('パスワード12345')).toEqual([REMINDER_MESSAGES.passwordCharacters]);
    expect((await errorsOf({ password_confirmation: 'different2026' }))['password_confirmation']).toEqual([
      REMINDER_MESSAGES.passwordMismatch,
    ]);
    // The refused attempts did not use the link.
    expect((await check(token)).statusCode).toBe(200);
  });

  it('answers a filled-in honeypot with a made-up login id, and keeps and sends nothing', async () => {
    const email = 'honeypot@sakura-example.jp';
    const { invitation, token } = await invite(email);
    const answer = await register(token, { homepage_url: 'https://spam.example/' });
    expect(answer.statusCode, answer.body).toBe(200);
    const loginId = answer.json().result.user_login_id as string;
    expect(loginId).toMatch(/^shiosai\d{6}$/);
    const made = await world.db.withBank(BANK, (tx) =>
      tx.select().from(users).where(eq(users.user_login_id, loginId)),
    );
    expect(made).toEqual([]);
    expect(await usersWithEmail(BANK, email)).toEqual([]);
    expect(await invitationRow(BANK, invitation.invitation_unique_code)).toMatchObject({
      invitation_used_at: null,
      used_by_user_id: null,
    });
    const queued = await world.db.withBank(BANK, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.mail_status, 'pending')),
    );
    expect(queued).toEqual([]);
    expect((await check(token)).statusCode).toBe(200);
  });

  it('lists the company’s invitations of the last 90 days, newest first, with their states', async () => {
    const actor = 'partner_company_owner';
    const inviteAsPartner = (email: string) => invite(email, { actor });
    const old = await inviteAsPartner('old@mirai-example.jp');
    const expired = await inviteAsPartner('expired@mirai-example.jp');
    const revoked = await inviteAsPartner('revoked@mirai-example.jp');
    const used = await inviteAsPartner('used@mirai-example.jp');
    const pending = await inviteAsPartner('pending@mirai-example.jp');
    const setColumns = (code: string, values: Partial<typeof employeeInvitations.$inferInsert>) =>
      world.db.withBank(BANK, (tx) =>
        tx
          .update(employeeInvitations)
          .set(values)
          .where(eq(employeeInvitations.invitation_unique_code, code)),
      );
    await setColumns(old.invitation.invitation_unique_code, {
      invitation_created_at: new Date(Date.now() - 91 * 24 * 60 * 60 * 1000),
    });
    await setColumns(expired.invitation.invitation_unique_code, {
      invitation_expires_at: new Date(Date.now() - 1000),
    });
    expect(
      (await as(BANK, actor, REVOKE, { invitation_unique_code: revoked.invitation.invitation_unique_code }))
        .statusCode,
    ).toBe(200);
    expect((await register(used.token)).statusCode).toBe(200);

    const answer = await listAs(actor);
    expect(answer.statusCode, answer.body).toBe(200);
    // The partner company's own of this test (another test invites an address of its own).
    const list = (answer.json().result as Invitation[]).filter((item) =>
      item.email.endsWith('@mirai-example.jp'),
    );
    expect(list.map((item) => [item.email, item.state])).toEqual([
      ['pending@mirai-example.jp', 'pending'],
      ['used@mirai-example.jp', 'used'],
      ['revoked@mirai-example.jp', 'revoked'],
      ['expired@mirai-example.jp', 'expired'],
    ]);
    expect(list[0]).toEqual(pending.invitation);
    expect(list[1]?.used_at).not.toBeNull();
    expect(answer.body).not.toContain(pending.token);

    // Another company's list has none of them; the demo owner's shows the demo data's invitation.
    const ownerList = (await listAs('company_owner')).json().result as Invitation[];
    expect(ownerList.map((item) => item.email)).not.toContain('pending@mirai-example.jp');
    expect(ownerList).toContainEqual(
      expect.objectContaining({ email: `new-employee-${BANK}@example.com`, state: 'pending' }),
    );
    const otherBank = (await listAs('partner_company_owner', OTHER_BANK)).json().result as Invitation[];
    expect(otherBank).toEqual([]);
  });
});

describe('employee invitation limits', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ banks: [BANK], gateway: { env: { REGISTRATION_RATE_LIMIT_MAX: '2' } } });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('refuses more registrations from one address than the bank allows, in Japanese', async () => {
    const register = () =>
      sendFromPage(world.app, BANK, '', {
        method: 'POST',
        url: REGISTER,
        payload: employeeForm('A'.repeat(43)),
      });
    expect((await register()).statusCode).toBe(404);
    expect((await register()).statusCode).toBe(404);
    const refused = await register();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(INVITATION_MESSAGES.rateLimited);
  });
});
