import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleClockAt } from '#server/api/news/article-clock.ts';
import { applyToSeminar, type CompanyViewer } from '#server/api/news/seminar-applications.ts';
import { SEMINAR_ALREADY_APPLIED_MESSAGE, SEMINAR_FULL_MESSAGE } from '#server/contracts/news.ts';
import { hashPassword } from '#server/db/password-hash.ts';
import { users } from '#server/db/schema.ts';
import { DEMO_PASSWORD } from '#server/db/demo-banks.ts';
import { AppError } from '#server/errors.ts';
import { apiPost, type GatewayLogin, loginAs } from '#tests/support/login.ts';
import { startWorld, type World } from '#tests/support/world.ts';
import { insertArticle, expectApplications } from './company-fixtures.ts';

const BANK = '0182';
const APPLICANTS = 20;
const CAPACITY = 5;

let world: World;
/** Twenty users of one company, each with a session. */
const applicants: { userId: number; companyId: number; login: GatewayLogin }[] = [];

beforeAll(async () => {
  world = await startWorld({ banks: [BANK] });
  const { app } = world;
  // Twenty more accounts of the demo owner's company, as its owner would have invited them.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const created = await app.db.withBank(BANK, async (tx) => {
    const [owner] = await tx
      .select({ company_id: users.company_id })
      .from(users)
      .where(eq(users.user_login_id, `owner-${BANK}`));
    const companyId = owner?.company_id;
    if (!companyId) throw new Error('the demo owner has no company');
    return tx
      .insert(users)
      .values(
        Array.from({ length: APPLICANTS }, (_, index) => ({
          company_id: companyId,
          user_unique_code: `seminar-applicant-${index}`,
          user_login_id: `applicant${index}-${BANK}`,
          user_last_name: '申込',
          user_first_name: `${index + 1}郎`,
          user_last_name_kana: 'モウシコミ',
          user_first_name_kana: 'タロウ',
          user_email: `applicant${index}-${BANK}@example.com`,
          user_type: 'company_user',
          user_password_hash: passwordHash,
        })),
      )
      .returning({ user_id: users.user_id, company_id: users.company_id, login: users.user_login_id });
  });
  for (const user of created)
    applicants.push({
      userId: user.user_id,
      companyId: user.company_id ?? 0,
      login: await loginAs(app, BANK, user.login),
    });
});

afterAll(async () => {
  await world?.close();
});

describe('a seminar with 5 seats under 20 concurrent applications', () => {
  it('accepts exactly 5 over HTTP, refuses the other 15 as full, and its count equals its applications', async () => {
    const seminarId = await insertArticle(world.app, BANK, 'seminar', { seminar_capacity: CAPACITY });
    const answers = await Promise.all(
      applicants.map(({ login }) =>
        apiPost(world.app, BANK, login.cookie, `/api/v1/seminar/${seminarId}/apply`, {}),
      ),
    );
    const accepted = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(accepted).toHaveLength(CAPACITY);
    expect(refused).toHaveLength(APPLICANTS - CAPACITY);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual({ status: 'error', message: SEMINAR_FULL_MESSAGE });
    }
    expect(
      accepted
        .map((answer) => answer.json().result.seminar_remaining)
        .toSorted((a: number, b: number) => a - b),
    ).toEqual([0, 1, 2, 3, 4]);
    await expectApplications(world.app, BANK, seminarId, CAPACITY);
  });

  it('never takes more seats than there are when 20 transactions apply at once', async () => {
    const seminarId = await insertArticle(world.app, BANK, 'seminar', { seminar_capacity: CAPACITY });
    const clock = articleClockAt();
    const outcomes = await Promise.allSettled(
      applicants.map(({ userId, companyId }) => {
        const viewer: CompanyViewer = { kind: 'company', userId, companyId, target: 'non_partner' };
        return world.app.db.withBank(BANK, (tx) => applyToSeminar(tx, viewer, seminarId, clock));
      }),
    );
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(CAPACITY);
    expect(refusals).toHaveLength(APPLICANTS - CAPACITY);
    for (const reason of refusals) {
      expect(reason).toBeInstanceOf(AppError);
      expect((reason as AppError).message).toBe(SEMINAR_FULL_MESSAGE);
    }
    await expectApplications(world.app, BANK, seminarId, CAPACITY);
  });

  it('counts one application when the same user applies ten times at once', async () => {
    const seminarId = await insertArticle(world.app, BANK, 'seminar', { seminar_capacity: CAPACITY });
    const [applicant] = applicants;
    if (!applicant) throw new Error('no applicant');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        apiPost(world.app, BANK, applicant.login.cookie, `/api/v1/seminar/${seminarId}/apply`, {}),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((each) => each.statusCode !== 200))
      expect(answer.json()).toEqual({ status: 'error', message: SEMINAR_ALREADY_APPLIED_MESSAGE });
    await expectApplications(world.app, BANK, seminarId, 1);
  });
});
