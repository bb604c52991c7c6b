import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscriptionJob } from '#server/api/companies/unsubscription-job.ts';
import { jobSessionsOf, runJobForBank } from '#server/api/kit/job-runner.ts';
import {
  leaveMonthChoices,
  leavesOnOf,
  UNSUBSCRIPTION_MESSAGES,
} from '#server/contracts/company-unsubscription.ts';
import { DAY_MS, JAPAN_OFFSET_MS, japanDateString } from '#server/contracts/japan-day.ts';
import { REGISTRATION_MESSAGES } from '#server/contracts/registration-form.ts';
import { maxLengthMessage, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { hashPassword } from '#server/db/password-hash.ts';
import { auditEvents, companies, companyUnsubscriptions, users } from '#server/db/schema.ts';
import { demoUniqueCode } from '#server/db/seeds/seed-context.ts';
import { currentUser, loginAs } from '#tests/support/login.ts';
import { type Actor, BANK_A, BANK_B, startWorld, type World } from '#tests/support/world.ts';

const RESERVE = '/api/v1/company/unsubscribe';
const RESERVE_PORTAL = '/api/v1/hgba/portal/company/unsubscribe';
const CANCEL = '/api/v1/company/unsubscribe/cancel';
const PASSWORD = 'tsuki2026Matsu';

/** A demo company's code in a bank (server/db/demo-banks.ts). */
const demoCompany = (bank: string, key: string) => demoUniqueCode(bank, 'company', key);

/** The months the form offers: this month in Japan and the next 12. */
const [THIS_MONTH, NEXT_MONTH] = leaveMonthChoices(new Date()) as [string, string];

/** 00:00 in Japan of a YYYY-MM-DD day, as an instant. */
const japanMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - JAPAN_OFFSET_MS);

describe('a company’s leaving, reserved on the bank’s desk and carried out by the job', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld();
  }, 120_000);
  afterAll(async () => {
    await world?.close();
  });

  const post = (bank: string, actor: Actor, url: string, payload: object) =>
    world.send(bank, actor, { method: 'POST', url, payload });
  const reserve = (bank: string, actor: Actor, payload: object, url = RESERVE) =>
    post(bank, actor, url, { leave_month: NEXT_MONTH, reason: 'cost', ...payload });

  /** A company of the bank's own with an owner who can log in: answers its code, id and the owner's. */
  async function newCompany(bank: string, changes: Partial<typeof companies.$inferInsert> = {}) {
    const code = randomUUID().replaceAll('-', '');
    const loginId = `leaving${code.slice(0, 8)}`;
    const passwordHash = await hashPassword(PASSWORD);
    return world.db.withBank(bank, async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({
          company_unique_code: code,
          company_name: '退会テスト株式会社',
          company_name_kana: 'タイカイテスト',
          company_type: 'normal',
          ...changes,
        })
        .returning({ id: companies.company_id });
      const [owner] = await tx
        .insert(users)
        .values({
          company_id: company!.id,
          user_unique_code: randomUUID().replaceAll('-', ''),
          user_login_id: loginId,
          user_last_name: '月末',
          user_first_name: '退',
          user_last_name_kana: 'ゲツマツ',
          user_first_name_kana: 'タイ',
          user_email: `${loginId}@example.jp`,
          user_type: 'company_owner',
          user_password_hash: passwordHash,
        })
        .returning({ id: users.user_id });
      return { code, companyId: company!.id, ownerId: owner!.id, loginId };
    });
  }

  const reservationOf = async (bank: string, companyId: number) => {
    const [row] = await world.db.withBank(bank, (tx) =>
      tx.select().from(companyUnsubscriptions).where(eq(companyUnsubscriptions.company_id, companyId)),
    );
    return row;
  };

  const auditOf = (bank: string, code: string) =>
    world.db.withBank(bank, (tx) =>
      tx
        .select({ action: auditEvents.action, actor: auditEvents.actor_user_id })
        .from(auditEvents)
        .where(and(eq(auditEvents.target_type, 'companies'), eq(auditEvents.target_id, code)))
        .orderBy(auditEvents.id),
    );

  /** The sessions the job ended, as (bank, user id); this world keeps sessions in the gateway's memory. */
  const ended: [string, number][] = [];
  const sessions = {
    endAllOf: async (bankCode: string, userId: number) => {
      ended.push([bankCode, userId]);
    },
  };

  /** The unsubscription job's run for the bank, at `now`, as the runner would call it. */
  const runJob = (bank: string, now: Date) =>
    world.db.withBank(bank, (tx) =>
      unsubscriptionJob.runForBank({
        tx,
        bankCode: bank,
        tenant: world.app.tenants.get(bank)!,
        tenants: world.app.tenants,
        deployment: world.app.config,
        now,
        logger: world.app.log,
        sessions,
      }),
    );

  it('reserves the leaving at the end of the chosen month with a reason and a note, audited PENDING', async () => {
    const company = await newCompany(BANK_A);
    const answer = await reserve(BANK_A, 'bank_admin', {
      company_unique_code: company.code,
      reason: 'business_closed',
      note: '電話にて確認済み',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      message: UNSUBSCRIPTION_MESSAGES.reserved,
      result: { leaves_on: leavesOnOf(NEXT_MONTH), reason_code: 'business_closed', note: '電話にて確認済み' },
    });
    expect(await reservationOf(BANK_A, company.companyId)).toMatchObject({
      leaves_on: leavesOnOf(NEXT_MONTH),
      unsubscribe_reason: 'business_closed',
      requested_by: await world.userIdOf(BANK_A, 'bank_admin'),
      carried_out_at: null,
    });
    expect(await auditOf(BANK_A, company.code)).toEqual([
      { action: 'PENDING', actor: await world.userIdOf(BANK_A, 'bank_admin') },
    ]);
    // The company is still in use until the day.
    const [row] = await world.db.withBank(BANK_A, (tx) =>
      tx.select().from(companies).where(eq(companies.company_id, company.companyId)),
    );
    expect(row).toMatchObject({ company_is_unsubscribed: false, company_is_disabled: false });
  });

  it('takes this month too (the company leaves at its end), and a blank note as none', async () => {
    const company = await newCompany(BANK_A);
    const answer = await reserve(BANK_A, 'system_admin', {
      company_unique_code: company.code,
      leave_month: THIS_MONTH,
      note: '  ',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result).toEqual({
      leaves_on: leavesOnOf(THIS_MONTH),
      reason_code: 'cost',
      note: null,
    });
  });

  it('keeps one reservation per company: a second is refused while the first stands', async () => {
    const company = await newCompany(BANK_A);
    expect((await reserve(BANK_A, 'bank_admin', { company_unique_code: company.code })).statusCode).toBe(200);
    const again = await reserve(BANK_A, 'system_admin', {
      company_unique_code: company.code,
      leave_month: THIS_MONTH,
      reason: 'other',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(UNSUBSCRIPTION_MESSAGES.alreadyReserved);
    expect(await reservationOf(BANK_A, company.companyId)).toMatchObject({
      leaves_on: leavesOnOf(NEXT_MONTH),
      unsubscribe_reason: 'cost',
    });
  });

  it('cancels a standing reservation (audited DELETE), after which the company can be reserved again', async () => {
    const company = await newCompany(BANK_A);
    await reserve(BANK_A, 'bank_admin', { company_unique_code: company.code });
    const cancelled = await post(BANK_A, 'bank_admin', CANCEL, { company_unique_code: company.code });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: UNSUBSCRIPTION_MESSAGES.cancelled,
      result: { company_unique_code: company.code },
    });
    expect(await reservationOf(BANK_A, company.companyId)).toBeUndefined();
    expect((await auditOf(BANK_A, company.code)).map((row) => row.action)).toEqual(['PENDING', 'DELETE']);

    const twice = await post(BANK_A, 'bank_admin', CANCEL, { company_unique_code: company.code });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe(UNSUBSCRIPTION_MESSAGES.notReserved);
    expect((await reserve(BANK_A, 'bank_admin', { company_unique_code: company.code })).statusCode).toBe(200);
  });

  it('cannot cancel once the last day has passed', async () => {
    const company = await newCompany(BANK_A);
    const yesterday = japanDateString(new Date(Date.now() - DAY_MS));
    // Asked first: one transaction at a time (PGlite has one connection).
    const requestedBy = await world.userIdOf(BANK_A, 'bank_admin');
    await world.db.withBank(BANK_A, (tx) =>
      tx.insert(companyUnsubscriptions).values({
        company_id: company.companyId,
        unsubscribe_reason: 'cost',
        leaves_on: yesterday,
        requested_by: requestedBy,
      }),
    );
    const answer = await post(BANK_A, 'bank_admin', CANCEL, { company_unique_code: company.code });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toBe(UNSUBSCRIPTION_MESSAGES.tooLate);
    expect(await reservationOf(BANK_A, company.companyId)).toBeDefined();
  });

  it('answers every field’s message', async () => {
    const company = await newCompany(BANK_A);
    const errorsOf = async (payload: object) => {
      const answer = await post(BANK_A, 'bank_admin', RESERVE, payload);
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().errors as Record<string, string[]>;
    };
    expect(await errorsOf({})).toEqual({
      company_unique_code: [VALIDATION_MESSAGES.required],
      leave_month: [VALIDATION_MESSAGES.required],
      reason: [VALIDATION_MESSAGES.required],
    });
    expect(await errorsOf({ company_unique_code: '', leave_month: '', reason: '' })).toEqual({
      company_unique_code: [VALIDATION_MESSAGES.required],
      leave_month: [VALIDATION_MESSAGES.required],
      reason: [VALIDATION_MESSAGES.required],
    });
    const base = { company_unique_code: company.code, reason: 'cost' };
    const choices = leaveMonthChoices(new Date());
    const [year, month] = THIS_MONTH.split('-').map(Number) as [number, number];
    const lastMonth = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
    expect(await errorsOf({ ...base, leave_month: lastMonth })).toEqual({
      leave_month: [VALIDATION_MESSAGES.pastDate],
    });
    const beyond = `${year + 1}-${String(month).padStart(2, '0')}`;
    expect(choices.at(-1)).toBe(beyond);
    const thirteenAhead =
      month === 12 ? `${year + 2}-01` : `${year + 1}-${String(month + 1).padStart(2, '0')}`;
    expect(await errorsOf({ ...base, leave_month: thirteenAhead })).toEqual({
      leave_month: [UNSUBSCRIPTION_MESSAGES.tooFarAhead],
    });
    for (const malformed of ['2026-13', '2026/05', '202605', 'next month'])
      expect(await errorsOf({ ...base, leave_month: malformed }), malformed).toEqual({
        leave_month: [VALIDATION_MESSAGES.invalidFormat],
      });
    expect(await errorsOf({ ...base, leave_month: NEXT_MONTH, note: 'あ'.repeat(501) })).toEqual({
      note: [maxLengthMessage(500)],
    });
    expect(await errorsOf({ ...base, leave_month: 202605, reason: 3 })).toEqual({
      leave_month: [VALIDATION_MESSAGES.invalidFormat],
      reason: [VALIDATION_MESSAGES.invalidFormat],
    });
    // What only the database knows: the reason must be one of the master's.
    const unknownReason = await post(BANK_A, 'bank_admin', RESERVE, {
      ...base,
      leave_month: NEXT_MONTH,
      reason: 'bored',
    });
    expect(unknownReason.statusCode).toBe(422);
    expect(unknownReason.json()).toMatchObject({
      message: UNSUBSCRIPTION_MESSAGES.reserveFailed,
      errors: { reason: [REGISTRATION_MESSAGES.invalidChoice] },
    });
    // The furthest month offered, 500 characters of note: accepted.
    const furthest = await post(BANK_A, 'bank_admin', RESERVE, {
      ...base,
      leave_month: beyond,
      note: 'あ'.repeat(500),
    });
    expect(furthest.statusCode, furthest.body).toBe(200);
    expect(furthest.json().result.leaves_on).toBe(leavesOnOf(beyond));

    const cancelErrors = await post(BANK_A, 'bank_admin', CANCEL, {});
    expect(cancelErrors.statusCode).toBe(400);
    expect(cancelErrors.json().errors).toEqual({ company_unique_code: [VALIDATION_MESSAGES.required] });
  });

  it('is for the bank’s system and bank admins only: branch staff are refused on every route, whatever the branch', async () => {
    // さくら精工 is looked after by 本店営業部 (001), one of both branch staff's branches; みなと食品 by neither.
    const ownBranch = demoCompany(BANK_A, 'sakura-seiko');
    const otherBranch = demoCompany(BANK_A, 'minato-foods');
    const portal = demoCompany(BANK_A, 'cafe-kotori');
    for (const actor of ['branch_admin', 'branch_user', 'company_owner', 'partner_company_owner'] as const) {
      for (const code of [ownBranch, otherBranch]) {
        expect(
          (await reserve(BANK_A, actor, { company_unique_code: code })).statusCode,
          `${actor} ${code}`,
        ).toBe(403);
        expect((await post(BANK_A, actor, CANCEL, { company_unique_code: code })).statusCode, actor).toBe(
          403,
        );
      }
      expect((await reserve(BANK_A, actor, { company_unique_code: portal }, RESERVE_PORTAL)).statusCode).toBe(
        403,
      );
    }
    for (const url of [RESERVE, RESERVE_PORTAL, CANCEL])
      expect((await reserve(BANK_A, 'visitor', { company_unique_code: ownBranch }, url)).statusCode).toBe(
        401,
      );
    for (const key of ['sakura-seiko', 'minato-foods']) {
      const [row] = await world.db.withBank(BANK_A, (tx) =>
        tx
          .select({ id: companyUnsubscriptions.company_id })
          .from(companyUnsubscriptions)
          .innerJoin(companies, eq(companies.company_id, companyUnsubscriptions.company_id))
          .where(eq(companies.company_unique_code, demoCompany(BANK_A, key))),
      );
      expect(row, key).toBeUndefined();
    }
  });

  it('answers 404 for another bank’s company on every route, and leaves it as it was', async () => {
    const company = await newCompany(BANK_A, { company_enable_baportal: true, company_type: 'baportal' });
    await reserve(BANK_A, 'bank_admin', { company_unique_code: company.code });
    for (const url of [RESERVE, RESERVE_PORTAL, CANCEL]) {
      const answer = await reserve(BANK_B, 'bank_admin', { company_unique_code: company.code }, url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().result).toBeUndefined();
    }
    expect(await reservationOf(BANK_A, company.companyId)).toMatchObject({
      leaves_on: leavesOnOf(NEXT_MONTH),
    });
    // A code no bank has is the same 404.
    expect((await reserve(BANK_A, 'bank_admin', { company_unique_code: 'nosuchcompany' })).statusCode).toBe(
      404,
    );
  });

  it('reserves a BA portal member’s leaving through the portal call, and no other company’s', async () => {
    const notPortal = await newCompany(BANK_B);
    const refused = await reserve(
      BANK_B,
      'bank_admin',
      { company_unique_code: notPortal.code },
      RESERVE_PORTAL,
    );
    expect(refused.statusCode).toBe(404);
    expect(await reservationOf(BANK_B, notPortal.companyId)).toBeUndefined();

    const portal = await newCompany(BANK_B, { company_enable_baportal: true, company_type: 'baportal' });
    const answer = await reserve(
      BANK_B,
      'system_admin',
      { company_unique_code: portal.code },
      RESERVE_PORTAL,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe(UNSUBSCRIPTION_MESSAGES.reserved);
    expect(await reservationOf(BANK_B, portal.companyId)).toMatchObject({
      leaves_on: leavesOnOf(NEXT_MONTH),
    });
    // The main call takes portal members too, and the cancel is the same for both.
    const cancelled = await post(BANK_B, 'bank_admin', CANCEL, { company_unique_code: portal.code });
    expect(cancelled.statusCode).toBe(200);
  });

  it('carries the leaving out the day after its last day: company and users disabled, sessions ended, data kept', async () => {
    const company = await newCompany(BANK_A);
    const login = await loginAs(world.app, BANK_A, company.loginId, { password: PASSWORD });
    expect(await currentUser(world.app, BANK_A, login.cookie)).toMatchObject({
      user_login_id: company.loginId,
    });
    await reserve(BANK_A, 'bank_admin', { company_unique_code: company.code, leave_month: THIS_MONTH });
    const lastDay = leavesOnOf(THIS_MONTH);
    const dayAfter = japanDateString(new Date(Date.parse(`${lastDay}T00:00:00Z`) + DAY_MS));

    // On the last day itself (its last minute, in Japan), nothing happens yet.
    ended.length = 0;
    await runJob(BANK_A, new Date(japanMidnight(dayAfter).getTime() - 60_000));
    expect(await reservationOf(BANK_A, company.companyId)).toMatchObject({ carried_out_at: null });
    expect(ended.filter(([, userId]) => userId === company.ownerId)).toEqual([]);

    const runAt = new Date(japanMidnight(dayAfter).getTime() + 5 * 60_000);
    await runJob(BANK_A, runAt);
    expect((await reservationOf(BANK_A, company.companyId))?.carried_out_at).toEqual(runAt);
    const [row] = await world.db.withBank(BANK_A, (tx) =>
      tx.select().from(companies).where(eq(companies.company_id, company.companyId)),
    );
    expect(row).toMatchObject({
      company_name: '退会テスト株式会社',
      company_is_unsubscribed: true,
      company_is_disabled: true,
    });
    const [owner] = await world.db.withBank(BANK_A, (tx) =>
      tx.select().from(users).where(eq(users.user_id, company.ownerId)),
    );
    expect(owner).toMatchObject({ user_login_id: company.loginId, user_is_disabled: true });
    // The owner's sessions were ended, and the owner cannot log in again.
    expect(ended).toContainEqual([BANK_A, company.ownerId]);
    await expect(loginAs(world.app, BANK_A, company.loginId, { password: PASSWORD })).rejects.toThrow();
    expect(await auditOf(BANK_A, company.code)).toEqual([
      { action: 'PENDING', actor: await world.userIdOf(BANK_A, 'bank_admin') },
      { action: 'CLOSE', actor: null },
    ]);

    // Carried out: no cancel, no new reservation, and a second run changes nothing.
    const cancel = await post(BANK_A, 'bank_admin', CANCEL, { company_unique_code: company.code });
    expect(cancel.json().message).toBe(UNSUBSCRIPTION_MESSAGES.tooLate);
    const again = await reserve(BANK_A, 'bank_admin', { company_unique_code: company.code });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(UNSUBSCRIPTION_MESSAGES.alreadyUnsubscribed);
    ended.length = 0;
    await runJob(BANK_A, new Date(runAt.getTime() + DAY_MS));
    expect(ended).toEqual([]);
    expect((await reservationOf(BANK_A, company.companyId))?.carried_out_at).toEqual(runAt);
    expect((await auditOf(BANK_A, company.code)).map((row) => row.action)).toEqual(['PENDING', 'CLOSE']);
  });

  it('leaves reservations not yet due, cancelled ones and other banks’ alone', async () => {
    const due = await newCompany(BANK_B);
    const later = await newCompany(BANK_B);
    const cancelled = await newCompany(BANK_B);
    await reserve(BANK_B, 'bank_admin', { company_unique_code: due.code, leave_month: THIS_MONTH });
    await reserve(BANK_B, 'bank_admin', { company_unique_code: later.code, leave_month: NEXT_MONTH });
    await reserve(BANK_B, 'bank_admin', { company_unique_code: cancelled.code, leave_month: THIS_MONTH });
    await post(BANK_B, 'bank_admin', CANCEL, { company_unique_code: cancelled.code });
    const otherBank = await newCompany(BANK_A);
    await reserve(BANK_A, 'bank_admin', { company_unique_code: otherBank.code, leave_month: THIS_MONTH });

    const dayAfter = japanDateString(new Date(Date.parse(`${leavesOnOf(THIS_MONTH)}T00:00:00Z`) + DAY_MS));
    await runJob(BANK_B, japanMidnight(dayAfter));
    const disabled = async (bank: string, companyId: number) => {
      const [row] = await world.db.withBank(bank, (tx) =>
        tx
          .select({ disabled: companies.company_is_disabled })
          .from(companies)
          .where(eq(companies.company_id, companyId)),
      );
      return row?.disabled;
    };
    expect(await disabled(BANK_B, due.companyId)).toBe(true);
    expect(await disabled(BANK_B, later.companyId)).toBe(false);
    expect(await disabled(BANK_B, cancelled.companyId)).toBe(false);
    expect(await disabled(BANK_A, otherBank.companyId)).toBe(false);
    expect(await reservationOf(BANK_A, otherBank.companyId)).toMatchObject({ carried_out_at: null });
    // The demo reservation (つばめ運輸, the end of next month) is not due either.
    const [demo] = await world.db.withBank(BANK_B, (tx) =>
      tx
        .select({ carriedOutAt: companyUnsubscriptions.carried_out_at })
        .from(companyUnsubscriptions)
        .innerJoin(companies, eq(companies.company_id, companyUnsubscriptions.company_id))
        .where(eq(companies.company_unique_code, demoCompany(BANK_B, 'tsubame-unyu'))),
    );
    expect(demo).toEqual({ carriedOutAt: null });
  });
});

describe.skipIf(!process.env.REDIS_URL)('the unsubscription job with the gateways’ sessions in Redis', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ redisWhenSet: true });
  }, 120_000);
  afterAll(async () => {
    await world?.close();
  });

  it('ends the sessions of the company’s users in the store every gateway reads', async () => {
    const code = randomUUID().replaceAll('-', '');
    const loginId = `leavingr${code.slice(0, 8)}`;
    const passwordHash = await hashPassword(PASSWORD);
    await world.db.withBank(BANK_A, async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({
          company_unique_code: code,
          company_name: '退会テスト株式会社',
          company_name_kana: 'タイカイテスト',
          company_type: 'normal',
        })
        .returning({ id: companies.company_id });
      await tx.insert(users).values({
        company_id: company!.id,
        user_unique_code: randomUUID().replaceAll('-', ''),
        user_login_id: loginId,
        user_last_name: '月末',
        user_first_name: '退',
        user_last_name_kana: 'ゲツマツ',
        user_first_name_kana: 'タイ',
        user_email: `${loginId}@example.jp`,
        user_type: 'company_owner',
        user_password_hash: passwordHash,
      });
    });
    const login = await loginAs(world.app, BANK_A, loginId, { password: PASSWORD });
    expect(await currentUser(world.app, BANK_A, login.cookie)).toMatchObject({ user_login_id: loginId });
    const reserved = await world.send(BANK_A, 'bank_admin', {
      method: 'POST',
      url: RESERVE,
      payload: { company_unique_code: code, leave_month: THIS_MONTH, reason: 'cost' },
    });
    expect(reserved.statusCode, reserved.body).toBe(200);

    const dayAfter = japanDateString(new Date(Date.parse(`${leavesOnOf(THIS_MONTH)}T00:00:00Z`) + DAY_MS));
    const redis = world.redis!;
    const outcome = await runJobForBank(world.db, unsubscriptionJob, BANK_A, {
      tenant: world.app.tenants.get(BANK_A)!,
      tenants: world.app.tenants,
      deployment: world.app.config,
      sessions: jobSessionsOf(redis.client, { redisKeyPrefix: redis.keyPrefix, env: 'test' }),
      logger: world.app.log,
      now: japanMidnight(dayAfter),
    });
    expect(outcome).toBe('ran');
    // The session is gone at once (not only once the user loader's cache has expired).
    expect(await currentUser(world.app, BANK_A, login.cookie)).toBeNull();
  });
});
