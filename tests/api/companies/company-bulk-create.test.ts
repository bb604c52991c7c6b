import { and, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_CREATE_MESSAGES,
  BULK_CREATE_MAX_ROWS,
  type BulkCompanyRowInput,
} from '#server/contracts/company-bulk-create.ts';
import { corporateNumberCheckDigit, CORPORATE_NUMBER_MESSAGE } from '#server/contracts/corporate-number.ts';
import { maxLengthMessage, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import {
  auditEvents,
  bankBranches,
  companies,
  mailOutbox,
  passwordResets,
  users,
} from '#server/db/schema.ts';
import { loginAs } from '#tests/support/login.ts';
import { useMailWorld } from '#tests/support/mail-world.ts';
import type { TestSmtpServer } from '#tests/support/smtp.ts';
import { type Actor, BANK_A, BANK_B, sendFromPage, type World } from '#tests/support/world.ts';

const CHECK = '/api/v1/company/create_all/check';
const CREATE = '/api/v1/company/create_all';
const PASSWORD = 'minato2026Kaigi';

/** A corporate number with its check digit, from a 12-digit base. */
const corporateNumber = (base: string) => `${corporateNumberCheckDigit(base)}${base}`;
/** The first demo company's number (server/db/demo-banks.ts), held in both banks. */
const DEMO_NUMBER = corporateNumber('100001012345');

let serial = 0;
/** A row a bank's spreadsheet would hold, with a corporate number and names of its own; `change` overrides cells. */
function row(change: Partial<BulkCompanyRowInput> = {}): BulkCompanyRowInput {
  serial += 1;
  return {
    company_name: `一括テスト商事${serial}株式会社`,
    company_name_kana: 'イッカツテストショウジ',
    company_type: 'normal',
    company_corporate_number: corporateNumber(
      `8${String(serial).padStart(5, '0')}${String(Date.now()).slice(-6)}`,
    ),
    bb_code: '010',
    company_representative_name: '港 一郎',
    company_tel: '03-1234-5678',
    user_last_name: '港',
    user_first_name: `花子${serial}`,
    user_last_name_kana: 'ミナト',
    user_first_name_kana: 'ハナコ',
    user_email: `owner${serial}@bulk-test.example.jp`,
    user_login_id: '',
    ...change,
  };
}

describe('POST /api/v1/company/create_all (/admin/company/bulk-create)', () => {
  const mailWorld = useMailWorld({ banks: [BANK_A, BANK_B] });
  let world: World;
  let smtp: TestSmtpServer;
  beforeAll(() => {
    ({ world, smtp } = mailWorld);
  });

  const send = (code: string, actor: Actor, url: string, rows: BulkCompanyRowInput[]) =>
    world.send(code, actor, { method: 'POST', url, payload: { rows } });
  const companyCount = async (code: string) => {
    const [row] = await world.db.withBank(code, (tx) => tx.select({ n: count() }).from(companies));
    return row?.n ?? 0;
  };
  const companiesNamed = (code: string, names: string[]) =>
    world.db.withBank(code, (tx) =>
      tx.select().from(companies).where(inArray(companies.company_name, names)).orderBy(companies.company_id),
    );

  /** Every row with an error in the file below, and each one's errors. */
  async function badFile() {
    const taken = row();
    const created = await send(BANK_A, 'bank_admin', CREATE, [taken]);
    expect(created.statusCode, created.body).toBe(200);
    const twiceNumber = corporateNumber('811111111111');
    const rows = [
      row(),
      row({ company_name_kana: 'いっかつ', user_email: '' }),
      row({ company_corporate_number: '1234567890123', company_tel: '0312345678' }),
      row({ company_corporate_number: twiceNumber, user_login_id: 'bulk-same-id' }),
      row({ company_corporate_number: twiceNumber, user_login_id: 'bulk-same-id' }),
      row({ company_corporate_number: taken.company_corporate_number, user_login_id: 'bankadmin-0182' }),
      row({ company_corporate_number: DEMO_NUMBER, bb_code: '999', company_type: 'premium' }),
      row({ company_name: '長'.repeat(101), company_type: '', user_login_id: 'ログイン' }),
    ];
    const errors = {
      'rows.1.company_name_kana': [VALIDATION_MESSAGES.katakana],
      'rows.1.user_email': [VALIDATION_MESSAGES.required],
      'rows.2.company_corporate_number': [CORPORATE_NUMBER_MESSAGE],
      'rows.2.company_tel': [VALIDATION_MESSAGES.phone],
      'rows.3.company_corporate_number': [BULK_CREATE_MESSAGES.corporateNumberInFile],
      'rows.3.user_login_id': [BULK_CREATE_MESSAGES.loginIdInFile],
      'rows.4.company_corporate_number': [BULK_CREATE_MESSAGES.corporateNumberInFile],
      'rows.4.user_login_id': [BULK_CREATE_MESSAGES.loginIdInFile],
      'rows.5.company_corporate_number': [BULK_CREATE_MESSAGES.corporateNumberTaken],
      'rows.5.user_login_id': [BULK_CREATE_MESSAGES.loginIdTaken],
      'rows.6.company_corporate_number': [BULK_CREATE_MESSAGES.corporateNumberTaken],
      'rows.6.bb_code': [BULK_CREATE_MESSAGES.unknownBranch],
      'rows.6.company_type': [BULK_CREATE_MESSAGES.unknownType],
      'rows.7.company_name': [maxLengthMessage(100)],
      'rows.7.company_type': [VALIDATION_MESSAGES.required],
      'rows.7.user_login_id': [BULK_CREATE_MESSAGES.loginIdFormat],
    };
    return { rows, errors };
  }

  it('checks a file without writing: every row’s errors beside it, under rows.<index>.<field>', async () => {
    const { rows, errors } = await badFile();
    const before = await companyCount(BANK_A);
    const answer = await send(BANK_A, 'bank_admin', CHECK, rows);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result).toEqual({ row_count: rows.length, error_row_count: 7, errors });
    expect(await companyCount(BANK_A)).toBe(before);

    const good = await send(BANK_A, 'system_admin', CHECK, [
      row(),
      row({ bb_code: '', user_login_id: 'bulk-free-id' }),
    ]);
    expect(good.json().result).toEqual({ row_count: 2, error_row_count: 0, errors: {} });
  });

  it('creates nothing from a file with bad rows, and answers every row’s errors (422)', async () => {
    const { rows, errors } = await badFile();
    const before = await companyCount(BANK_A);
    const answer = await send(BANK_A, 'bank_admin', CREATE, rows);
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json()).toEqual({ status: 'error', message: BULK_CREATE_MESSAGES.rowsRefused, errors });
    expect(await companyCount(BANK_A)).toBe(before);
    expect(await companiesNamed(BANK_A, [rows[0]?.company_name ?? ''])).toEqual([]);
  });

  it('creates every row in one go: the companies, owners with the file’s or a new login id, a mail each', async () => {
    const rows = [
      row({ user_login_id: 'bulk-given-owner' }),
      row({ company_type: 'partner', bb_code: '', company_corporate_number: '', company_tel: '' }),
      row({ company_type: 'baportal', company_representative_name: '' }),
    ];
    // The earlier tests' mails go first, so the server below holds this file's only.
    await mailWorld.drainMail();
    smtp.received.length = 0;
    const auditsBefore = await world.db.withBank(BANK_A, (tx) =>
      tx.select({ n: count() }).from(auditEvents).where(eq(auditEvents.target_type, 'companies')),
    );
    const answer = await send(BANK_A, 'bank_admin', CREATE, rows);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      status: 'success',
      result: { created_count: 3 },
      message: BULK_CREATE_MESSAGES.saved,
    });

    const made = await companiesNamed(
      BANK_A,
      rows.map((each) => each.company_name ?? ''),
    );
    const [branch] = await world.db.withBank(BANK_A, (tx) =>
      tx.select({ id: bankBranches.bb_id }).from(bankBranches).where(eq(bankBranches.bb_code, '010')),
    );
    expect(made.map((company) => company.company_name)).toEqual(rows.map((each) => each.company_name));
    expect(made[0]).toMatchObject({
      company_name_kana: 'イッカツテストショウジ',
      company_type: 'normal',
      company_enable_ba: true,
      company_corporate_number: rows[0]?.company_corporate_number,
      bb_id: branch?.id,
      company_representative_name: '港 一郎',
      company_tel: '03-1234-5678',
    });
    expect(made[1]).toMatchObject({
      company_type: 'partner',
      company_corporate_number: null,
      bb_id: null,
      company_tel: null,
    });
    expect(made[2]).toMatchObject({
      company_type: 'baportal',
      company_enable_baportal: true,
      company_representative_name: null,
    });

    const owners = await world.db.withBank(BANK_A, (tx) =>
      tx
        .select()
        .from(users)
        .where(
          inArray(
            users.company_id,
            made.map((company) => company.company_id),
          ),
        )
        .orderBy(users.user_id),
    );
    expect(owners.map((owner) => [owner.company_id, owner.user_type])).toEqual([
      [made[0]?.company_id, 'company_owner'],
      [made[1]?.company_id, 'partner_company_owner'],
      [made[2]?.company_id, 'company_owner'],
    ]);
    expect(owners[0]).toMatchObject({
      user_login_id: 'bulk-given-owner',
      user_last_name: '港',
      user_first_name_kana: 'ハナコ',
      user_email: rows[0]?.user_email,
      user_password_hash: null,
    });
    // The bank's prefix and six digits (tenants/0182: shiosai), as approval gives them.
    expect(owners[1]?.user_login_id).toMatch(/^shiosai\d{6}$/);
    expect(owners[2]?.user_login_id).toMatch(/^shiosai\d{6}$/);
    const links = await world.db.withBank(BANK_A, (tx) =>
      tx
        .select({ userId: passwordResets.user_id })
        .from(passwordResets)
        .where(
          inArray(
            passwordResets.user_id,
            owners.map((owner) => owner.user_id),
          ),
        ),
    );
    expect(links).toHaveLength(3);
    const auditsAfter = await world.db.withBank(BANK_A, (tx) =>
      tx
        .select({ n: count() })
        .from(auditEvents)
        .where(and(eq(auditEvents.target_type, 'companies'), eq(auditEvents.action, 'CREATE'))),
    );
    // One row for the whole file.
    expect((auditsAfter[0]?.n ?? 0) - (auditsBefore[0]?.n ?? 0)).toBe(1);

    await mailWorld.drainMail();
    const mails = await smtp.waitForMail(3);
    const recipients = mails.map((mail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : ''));
    expect(recipients.sort()).toEqual(rows.map((each) => each.user_email).sort());
    const first = mails.find((mail) => mail.text?.includes('■ログインID：bulk-given-owner'));
    expect(first?.subject).toBe('【法人ビジネスポータル】ご利用開始のご案内');
    const token = /\/reminder#token=([A-Za-z0-9_-]{43})/.exec(first?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const reset = await sendFromPage(world.app, BANK_A, '', {
      method: 'POST',
      url: '/api/v1/reminder/reset',
      payload: { token, password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await loginAs(world.app, BANK_A, 'bulk-given-owner', { password: PASSWORD });
    expect(login.landing).toContain('/mypage/dashboard');
    // A portal member enables the account on the portal's own page.
    expect(mails.some((mail) => /\/register\/portal\/enable#token=/.test(mail.text ?? ''))).toBe(true);
  });

  it('reads a file’s cells as the rules want them: half-width kana, full-width digits, 1 for branch 001', async () => {
    const given = row({
      company_name_kana: 'ｶﾌﾞｼｷｶﾞｲｼｬ ﾐﾅﾄ',
      company_corporate_number: corporateNumber('822222222222').replace(/[0-9]/g, (digit) =>
        String.fromCharCode(digit.charCodeAt(0) + 0xfee0),
      ),
      bb_code: '1',
      company_type: 'Normal',
      user_email: '  ＯＷＮＥＲ＠bulk-test.example.jp ',
    });
    const answer = await send(BANK_A, 'bank_admin', CREATE, [given]);
    expect(answer.statusCode, answer.body).toBe(200);
    const [made] = await companiesNamed(BANK_A, [given.company_name ?? '']);
    const [branch] = await world.db.withBank(BANK_A, (tx) =>
      tx.select({ id: bankBranches.bb_id }).from(bankBranches).where(eq(bankBranches.bb_code, '001')),
    );
    expect(made).toMatchObject({
      company_name_kana: 'カブシキガイシャ ミナト',
      company_corporate_number: corporateNumber('822222222222'),
      company_type: 'normal',
      bb_id: branch?.id,
    });
    const [owner] = await world.db.withBank(BANK_A, (tx) =>
      tx
        .select({ email: users.user_email })
        .from(users)
        .where(eq(users.company_id, made?.company_id ?? 0)),
    );
    expect(owner?.email).toBe('OWNER@bulk-test.example.jp');
  });

  it('creates a file sent twice at once only once: the second finds the first’s companies', async () => {
    const rows = [row(), row()];
    const answers = await Promise.all([
      send(BANK_A, 'bank_admin', CREATE, rows),
      send(BANK_A, 'system_admin', CREATE, rows),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    const refused = answers.find((answer) => answer.statusCode === 422);
    expect(refused?.json().errors).toEqual({
      'rows.0.company_corporate_number': [BULK_CREATE_MESSAGES.corporateNumberTaken],
      'rows.1.company_corporate_number': [BULK_CREATE_MESSAGES.corporateNumberTaken],
    });
    expect(
      await companiesNamed(
        BANK_A,
        rows.map((each) => each.company_name ?? ''),
      ),
    ).toHaveLength(2);
  });

  it('refuses a closed branch like one the bank does not have', async () => {
    await world.db.withBank(BANK_B, (tx) =>
      tx.update(bankBranches).set({ bb_is_closed: true }).where(eq(bankBranches.bb_code, '050')),
    );
    const answer = await send(BANK_B, 'bank_admin', CHECK, [row({ bb_code: '050' })]);
    expect(answer.json().result.errors).toEqual({ 'rows.0.bb_code': [BULK_CREATE_MESSAGES.unknownBranch] });
  });

  it('keeps each bank to its own: numbers and login ids of another bank are free, its companies unseen', async () => {
    const shared = row({ user_login_id: 'bulk-both-banks' });
    expect((await send(BANK_A, 'bank_admin', CREATE, [shared])).statusCode).toBe(200);
    // The same number and login id again in bank A: taken.
    const again = await send(BANK_A, 'bank_admin', CHECK, [shared]);
    expect(Object.keys(again.json().result.errors)).toEqual([
      'rows.0.company_corporate_number',
      'rows.0.user_login_id',
    ]);
    // In bank B they are free, and what B creates is B's alone.
    const inB = await send(BANK_B, 'system_admin', CREATE, [shared]);
    expect(inB.statusCode, inB.body).toBe(200);
    const name = shared.company_name ?? '';
    const [inA] = await companiesNamed(BANK_A, [name]);
    const [ofB] = await companiesNamed(BANK_B, [name]);
    expect(inA?.bank_code).toBe(BANK_A);
    expect(ofB?.bank_code).toBe(BANK_B);
    expect(await companiesNamed(BANK_B, [name])).toHaveLength(1);
  });

  it('answers only system and bank admins: other staff get the page’s 404, company users 403', async () => {
    const rows = [row()];
    for (const url of [CHECK, CREATE]) {
      for (const actor of ['branch_admin', 'branch_user'] as const) {
        const answer = await send(BANK_A, actor, url, rows);
        expect(answer.statusCode, `${url} ${actor}`).toBe(404);
        expect(answer.json()).toEqual({ status: 'error', message: 'This page could not be found' });
      }
      for (const actor of ['company_owner', 'company_employee'] as const)
        expect((await send(BANK_A, actor, url, rows)).statusCode, `${url} ${actor}`).toBe(403);
      expect((await send(BANK_A, 'visitor', url, rows)).statusCode, url).toBe(401);
    }
    expect(await companiesNamed(BANK_A, [rows[0]?.company_name ?? ''])).toEqual([]);
  });

  it('refuses an empty file and one of more rows than it takes, as a whole', async () => {
    const empty = await send(BANK_A, 'bank_admin', CHECK, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ rows: [BULK_CREATE_MESSAGES.noRows] });
    const tooMany = await send(
      BANK_A,
      'bank_admin',
      CREATE,
      Array.from({ length: BULK_CREATE_MAX_ROWS + 1 }, () => ({})),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ rows: [BULK_CREATE_MESSAGES.tooManyRows] });
  });

  it('mails nothing and leaves no link when it refuses', async () => {
    const before = await world.db.withBank(BANK_B, async (tx) => ({
      mails: (await tx.select({ n: count() }).from(mailOutbox))[0]?.n ?? 0,
      links: (await tx.select({ n: count() }).from(passwordResets))[0]?.n ?? 0,
    }));
    const answer = await send(BANK_B, 'bank_admin', CREATE, [row(), row({ user_email: 'not-an-address' })]);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors).toEqual({ 'rows.1.user_email': [VALIDATION_MESSAGES.email] });
    const after = await world.db.withBank(BANK_B, async (tx) => ({
      mails: (await tx.select({ n: count() }).from(mailOutbox))[0]?.n ?? 0,
      links: (await tx.select({ n: count() }).from(passwordResets))[0]?.n ?? 0,
    }));
    expect(after).toEqual(before);
  });
});
