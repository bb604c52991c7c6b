import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSessionsOf, runJobForBank } from '#server/api/kit/job-runner.ts';
import { partnerInformationPublicationJob } from '#server/api/news/partner-information-setting-job.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import type { AdminArticleDetail, AdminArticleListItem } from '#server/contracts/news-staff.ts';
import { PARTNER_INFORMATION_SETTING_MESSAGES } from '#server/contracts/partner-information-setting.ts';
import { maxLengthMessage, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { BANK_A, BANK_B, startWorld, type World } from '#tests/support/world.ts';
import {
  call,
  changeStoredItem,
  COMPANY_SIDE,
  companyIdOf,
  dayFromToday,
  expectRefused,
  insertPartnerItem,
  lastAuditOf,
  mailsOfKind,
  partnerForm,
  SETTING_PATH,
  STAFF_PATH,
  storedItem,
} from './partner-information-setting-fixtures.ts';

/**
 * The bank's review of partner information a partner company wrote (POST /api/v1/admin/pi/{id}/approve
 * and /disapprove, the staff's list and detail), the writer's mail, the calendar job, and what the
 * bank's companies then read on /mypage/pi (GET /api/v1/pi/search, /api/v1/pi/{id}).
 */

const MINE = '株式会社ミライテック・ソリューションズ';
const MESSAGES_OF = PARTNER_INFORMATION_SETTING_MESSAGES;

let world: World;
let partnerCompanyA: number;

beforeAll(async () => {
  world = await startWorld({ banks: [BANK_A, BANK_B] });
  partnerCompanyA = await companyIdOf(world, BANK_A, 'partner_company_owner');
}, 120_000);
afterAll(async () => {
  await world?.close();
});

/** Creates an item as bank A's partner owner, as its page does; answers its id. */
async function submitted(changes: Record<string, unknown> = {}): Promise<number> {
  const response = await call(
    world,
    BANK_A,
    'partner_company_owner',
    'POST',
    SETTING_PATH,
    partnerForm(changes),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.article_id as number;
}

/** The staff's detail of an item, as the review page reads it. */
async function staffDetail(id: number, code = BANK_A): Promise<AdminArticleDetail> {
  const response = await call(world, code, 'bank_admin', 'GET', `${STAFF_PATH}/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as AdminArticleDetail;
}

/** The version the staff member read: what a decision sends back. */
const versionOf = async (id: number) => ({ article_updated_at: (await staffDetail(id)).article_updated_at });

const approve = async (id: number, actor: Parameters<typeof call>[2] = 'bank_admin', body?: object) =>
  call(world, BANK_A, actor, 'POST', `${STAFF_PATH}/${id}/approve`, body ?? (await versionOf(id)));
const disapprove = async (id: number, reason: unknown, actor: Parameters<typeof call>[2] = 'bank_admin') =>
  call(world, BANK_A, actor, 'POST', `${STAFF_PATH}/${id}/disapprove`, {
    ...(await versionOf(id)),
    pi_review_note: reason,
  });

/** Whether a company user of the bank reads the item on /mypage/pi (its list and its page). */
async function readableOnMypage(code: string, actor: Parameters<typeof call>[2], id: number) {
  const page = await call(world, code, actor, 'GET', `/api/v1/pi/${id}`);
  const list = await call(world, code, actor, 'GET', '/api/v1/pi/search?rows=500&page=1');
  expect(list.statusCode, list.body).toBe(200);
  const listed = (list.json().result.list as { article_id: number }[]).some((item) => item.article_id === id);
  expect(page.statusCode === 200, `the page of ${id} and the list disagree for ${actor} of ${code}`).toBe(
    listed,
  );
  if (page.statusCode !== 200) expect(page.statusCode).toBe(404);
  return listed;
}

describe('the staff’s list and detail', () => {
  it('show a partner’s items with the company’s name and the review status, filtered by status', async () => {
    const reviewing = await submitted({ article_title: '審査を待つ情報' });
    const decided = await submitted({ article_title: '否認された情報' });
    expect((await disapprove(decided, '表現を見直してください')).statusCode).toBe(200);
    const staffWritten = await insertPartnerItem(world.app, BANK_A, { companyId: null, status: 'REVIEWING' });

    const search = (conditions: object) =>
      call(world, BANK_A, 'bank_admin', 'POST', `${STAFF_PATH}/search`, { rows: 500, page: 1, conditions });
    const all = (await search({})).json().result.list as AdminArticleListItem[];
    expect(all.find((item) => item.article_id === reviewing)).toMatchObject({
      article_title: '審査を待つ情報',
      article_company_name: MINE,
      article_provider_name: MINE,
      pi_status: 'REVIEWING',
      author_name: '田中 直樹',
    });
    expect(all.find((item) => item.article_id === staffWritten)?.article_company_name).toBeNull();

    const waiting = (await search({ pi_status: 'REVIEWING' })).json().result.list as AdminArticleListItem[];
    expect(waiting.every((item) => item.pi_status === 'REVIEWING')).toBe(true);
    expect(waiting.map((item) => item.article_id)).toEqual(expect.arrayContaining([reviewing, staffWritten]));
    expect(waiting.map((item) => item.article_id)).not.toContain(decided);

    const refused = (await search({ pi_status: 'DISAPPROVAL' })).json().result.list as AdminArticleListItem[];
    expect(refused.map((item) => item.article_id)).toContain(decided);
    expect((await staffDetail(decided)).pi_review_note).toBe('表現を見直してください');
    expect((await staffDetail(reviewing)).pi_review_note).toBeNull();
  });

  it('answers 400 for a status filter that is not one of the master’s', async () => {
    const response = await call(world, BANK_A, 'bank_admin', 'POST', `${STAFF_PATH}/search`, {
      conditions: { pi_status: 'WAITING' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses to edit a partner’s text (403), while its staff-written neighbours stay editable', async () => {
    const id = await submitted({ article_title: '銀行が書き換えない情報' });
    const fields = {
      article_title: '書き換え',
      article_body: '<p>書き換え</p>',
      category_code: '',
      article_visibility: 1,
      article_publish_start: dayFromToday(0),
      article_publish_end: '',
      article_target: 'all',
      article_provider_name: MINE,
      pi_status: 'PUBLISHING',
    };
    expectRefused(
      await call(world, BANK_A, 'bank_admin', 'PUT', `${STAFF_PATH}/${id}`, { fields }),
      403,
      MESSAGES_OF.partnerWrittenLocked,
    );
    expect(await storedItem(world.app, BANK_A, id)).toMatchObject({
      article_title: '銀行が書き換えない情報',
      pi_status: 'REVIEWING',
    });
    const staffWritten = await insertPartnerItem(world.app, BANK_A, { companyId: null });
    const edited = await call(world, BANK_A, 'bank_admin', 'PUT', `${STAFF_PATH}/${staffWritten}`, {
      fields,
    });
    expect(edited.statusCode, edited.body).toBe(200);
  });
});

describe('POST /api/v1/admin/pi/{id}/approve', () => {
  it('publishes an item whose first day has come (PUBLISHING), audits APPROVE and mails the writer', async () => {
    const id = await submitted({ article_title: '本日から公開の情報' });
    const response = await approve(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: MESSAGES_OF.approved,
      result: { article_id: id, pi_status: 'PUBLISHING' },
    });
    expect((await storedItem(world.app, BANK_A, id))?.pi_status).toBe('PUBLISHING');
    expect(await lastAuditOf(world.app, BANK_A, id)).toMatchObject({
      action: 'APPROVE',
      actor_user_id: await world.userIdOf(BANK_A, 'bank_admin'),
    });
    const [mail] = await mailsOfKind(world.app, BANK_A, 'news.partner_information_approved');
    expect(mail).toMatchObject({ mail_to: 'partner-0182@example.com' });
    expect(mail?.mail_subject).toContain('パートナー情報が承認されました');
    expect(mail?.mail_text).toContain('本日から公開の情報');
    expect(mail?.mail_text).toContain('/mypage/setting/information');
  });

  it('schedules an item whose first day is ahead (BEFORE_PUBLISHING)', async () => {
    const id = await submitted({
      article_publish_start: dayFromToday(5),
      article_publish_end: dayFromToday(20),
    });
    const response = await approve(id);
    expect(response.json().result).toEqual({ article_id: id, pi_status: 'BEFORE_PUBLISHING' });
    expect((await storedItem(world.app, BANK_A, id))?.pi_status).toBe('BEFORE_PUBLISHING');
  });

  it('lets system and bank admins decide, and refuses branch staff (403) and company users (403)', async () => {
    const id = await submitted();
    for (const actor of ['branch_admin', 'branch_user', ...COMPANY_SIDE] as const)
      expectRefused(await approve(id, actor), 403);
    expect((await storedItem(world.app, BANK_A, id))?.pi_status).toBe('REVIEWING');
    expect((await approve(id, 'system_admin')).statusCode).toBe(200);
  });

  it('refuses with 422 an item no longer under review, or one the bank’s staff wrote', async () => {
    const id = await submitted();
    expect((await approve(id)).statusCode).toBe(200);
    expectRefused(await approve(id), 422, MESSAGES_OF.notReviewing);
    const staffWritten = await insertPartnerItem(world.app, BANK_A, { companyId: null, status: 'REVIEWING' });
    expectRefused(await approve(staffWritten), 422, MESSAGES_OF.notReviewing);
    expect((await storedItem(world.app, BANK_A, staffWritten))?.pi_status).toBe('REVIEWING');
  });

  it('refuses with 422 an item the company saved again after the staff member read it', async () => {
    const id = await submitted({ article_title: '最初の版' });
    const read = await versionOf(id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const edit = await call(
      world,
      BANK_A,
      'partner_company_owner',
      'PUT',
      `${SETTING_PATH}/${id}`,
      partnerForm({ article_title: '直した版' }),
    );
    expect(edit.statusCode).toBe(200);
    expectRefused(await approve(id, 'bank_admin', read), 422, MESSAGES_OF.changedSinceRead);
    expect((await storedItem(world.app, BANK_A, id))?.pi_status).toBe('REVIEWING');
    expect((await approve(id)).statusCode).toBe(200);
  });
});

describe('POST /api/v1/admin/pi/{id}/disapprove', () => {
  it('disapproves with a reason the company reads on its list, audits REJECT and mails the reason', async () => {
    const id = await submitted({ article_title: '見送られる情報' });
    const response = await disapprove(id, '  効果を保証する表現は掲載できません  ');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: MESSAGES_OF.disapproved,
      result: { article_id: id, pi_status: 'DISAPPROVAL' },
    });
    expect(await lastAuditOf(world.app, BANK_A, id)).toMatchObject({ action: 'REJECT' });
    const list = await call(world, BANK_A, 'partner_company_owner', 'GET', `${SETTING_PATH}/search?rows=500`);
    expect(
      (
        list.json().result.list as { article_id: number; pi_status: string; pi_review_note: string | null }[]
      ).find((item) => item.article_id === id),
    ).toMatchObject({ pi_status: 'DISAPPROVAL', pi_review_note: '効果を保証する表現は掲載できません' });
    const [mail] = await mailsOfKind(world.app, BANK_A, 'news.partner_information_disapproved');
    expect(mail?.mail_to).toBe('partner-0182@example.com');
    expect(mail?.mail_text).toContain('効果を保証する表現は掲載できません');
  });

  it('requires a reason of at most 500 characters (400) and leaves the item under review', async () => {
    const id = await submitted();
    for (const [reason, message] of [
      ['', VALIDATION_MESSAGES.required],
      ['   ', VALIDATION_MESSAGES.required],
      [undefined, VALIDATION_MESSAGES.required],
      ['あ'.repeat(501), maxLengthMessage(500)],
      [12, VALIDATION_MESSAGES.invalidFormat],
    ] as const) {
      const response = await disapprove(id, reason);
      expect(response.statusCode, String(reason)).toBe(400);
      expect(response.json().errors).toEqual({ pi_review_note: [message] });
    }
    expect((await storedItem(world.app, BANK_A, id))?.pi_status).toBe('REVIEWING');
    expect((await disapprove(id, 'あ'.repeat(500))).statusCode).toBe(200);
  });

  it('refuses branch staff with 403 and an item no longer under review with 422', async () => {
    const id = await submitted();
    expectRefused(await disapprove(id, '理由', 'branch_admin'), 403);
    expectRefused(await disapprove(id, '理由', 'branch_user'), 403);
    expect((await disapprove(id, '理由')).statusCode).toBe(200);
    expectRefused(await disapprove(id, '理由'), 422, MESSAGES_OF.notReviewing);
  });

  it('puts a disapproved item back under review when the company corrects it', async () => {
    const id = await submitted();
    await disapprove(id, '写真の出典を明記してください');
    const edit = await call(
      world,
      BANK_A,
      'partner_company_owner',
      'PUT',
      `${SETTING_PATH}/${id}`,
      partnerForm(),
    );
    expect(edit.json().result.pi_status).toBe('REVIEWING');
    expect(await storedItem(world.app, BANK_A, id)).toMatchObject({
      pi_status: 'REVIEWING',
      pi_review_note: null,
    });
    expect((await approve(id)).json().result.pi_status).toBe('PUBLISHING');
  });
});

describe('another bank', () => {
  it('answers 404 to another bank’s staff on the decisions and the detail, and changes nothing', async () => {
    const id = await submitted();
    for (const actor of ['system_admin', 'bank_admin'] as const) {
      expectRefused(
        await call(world, BANK_B, actor, 'POST', `${STAFF_PATH}/${id}/approve`, {
          article_updated_at: new Date().toISOString(),
        }),
        404,
      );
      expectRefused(
        await call(world, BANK_B, actor, 'POST', `${STAFF_PATH}/${id}/disapprove`, {
          article_updated_at: new Date().toISOString(),
          pi_review_note: '理由',
        }),
        404,
      );
      expectRefused(await call(world, BANK_B, actor, 'GET', `${STAFF_PATH}/${id}`), 404);
    }
    expect((await storedItem(world.app, BANK_A, id))?.pi_status).toBe('REVIEWING');
  });
});

describe('publication on /mypage/pi', () => {
  it('shows an approved item to the bank’s other companies while it is published, and never to another bank’s', async () => {
    const id = await submitted({ article_title: '他社にも見える情報' });
    for (const actor of COMPANY_SIDE) expect(await readableOnMypage(BANK_A, actor, id), actor).toBe(false);

    expect((await approve(id)).statusCode).toBe(200);
    for (const actor of COMPANY_SIDE) expect(await readableOnMypage(BANK_A, actor, id), actor).toBe(true);
    const page = await call(world, BANK_A, 'company_owner', 'GET', `/api/v1/pi/${id}`);
    expect(page.json().result).toMatchObject({
      article_title: '他社にも見える情報',
      article_provider_name: MINE,
      article_body: '<p>事業承継の進め方を<strong>専門家</strong>が解説します。</p>',
    });
    for (const actor of COMPANY_SIDE) expect(await readableOnMypage(BANK_B, actor, id), actor).toBe(false);
  });

  it('takes an edited published item off the pages until it is approved again', async () => {
    const id = await submitted();
    await approve(id);
    expect(await readableOnMypage(BANK_A, 'company_owner', id)).toBe(true);
    const edit = await call(
      world,
      BANK_A,
      'partner_company_owner',
      'PUT',
      `${SETTING_PATH}/${id}`,
      partnerForm({ article_title: '改訂版' }),
    );
    expect(edit.json().result.pi_status).toBe('REVIEWING');
    expect(await readableOnMypage(BANK_A, 'company_owner', id)).toBe(false);
    await approve(id);
    expect(await readableOnMypage(BANK_A, 'company_owner', id)).toBe(true);
  });

  it('takes a withdrawn or disapproved item off the pages', async () => {
    const withdrawn = await submitted();
    await approve(withdrawn);
    await call(world, BANK_A, 'partner_company_owner', 'POST', `${SETTING_PATH}/${withdrawn}/cancel`);
    expect(await readableOnMypage(BANK_A, 'company_owner', withdrawn)).toBe(false);
    const refused = await submitted();
    await disapprove(refused, '理由');
    expect(await readableOnMypage(BANK_A, 'company_owner', refused)).toBe(false);
  });
});

describe('the calendar job', () => {
  const runJob = (now = new Date()) =>
    runJobForBank(world.db, partnerInformationPublicationJob, BANK_A, {
      tenant: world.app.tenants.get(BANK_A)!,
      tenants: world.app.tenants,
      deployment: world.app.config,
      sessions: jobSessionsOf(undefined, { redisKeyPrefix: 'test:', env: 'test' }),
      logger: world.app.log,
      now,
    });

  it('publishes an approved item on its first day and ends it after its last', async () => {
    const id = await submitted({
      article_publish_start: dayFromToday(3),
      article_publish_end: dayFromToday(10),
    });
    await approve(id);
    const updatedAt = (await storedItem(world.app, BANK_A, id))?.article_updated_at;
    expect(await runJob()).toBe('ran');
    expect((await storedItem(world.app, BANK_A, id))?.pi_status).toBe('BEFORE_PUBLISHING');
    expect(await readableOnMypage(BANK_A, 'company_owner', id)).toBe(false);

    // The first day comes (the days moved back, as if the calendar had moved on).
    await changeStoredItem(world.app, BANK_A, id, {
      article_publish_start: dayFromToday(0),
      article_publish_end: dayFromToday(7),
    });
    await runJob();
    const published = await storedItem(world.app, BANK_A, id);
    expect(published?.pi_status).toBe('PUBLISHING');
    expect(await readableOnMypage(BANK_A, 'company_owner', id)).toBe(true);

    // The last day has passed.
    await changeStoredItem(world.app, BANK_A, id, {
      article_publish_start: dayFromToday(-8),
      article_publish_end: dayFromToday(-1),
    });
    expect(await readableOnMypage(BANK_A, 'company_owner', id)).toBe(false);
    await runJob();
    expect((await storedItem(world.app, BANK_A, id))?.pi_status).toBe('AFTER_PUBLISHING');
    expect(updatedAt).toBeDefined();
  });

  it('judges the day in Japan at the run’s clock, and leaves items under review, disapproved or withdrawn alone', async () => {
    const ahead = await insertPartnerItem(world.app, BANK_A, {
      companyId: partnerCompanyA,
      status: 'BEFORE_PUBLISHING',
      start: dayFromToday(2),
    });
    const others = await Promise.all(
      (['REVIEWING', 'DISAPPROVAL', 'CANCELLED'] as const).map((status) =>
        insertPartnerItem(world.app, BANK_A, {
          companyId: partnerCompanyA,
          status,
          start: dayFromToday(-5),
          end: dayFromToday(-1),
        }),
      ),
    );
    await runJob(new Date(Date.now() + 2 * 86_400_000));
    expect((await storedItem(world.app, BANK_A, ahead))?.pi_status).toBe('PUBLISHING');
    for (const [index, status] of (['REVIEWING', 'DISAPPROVAL', 'CANCELLED'] as const).entries())
      expect((await storedItem(world.app, BANK_A, others[index] ?? 0))?.pi_status).toBe(status);
  });

  it('moves an item straight to AFTER_PUBLISHING when both its days passed before a run, and keeps its change time', async () => {
    const id = await insertPartnerItem(world.app, BANK_A, {
      companyId: partnerCompanyA,
      status: 'BEFORE_PUBLISHING',
      start: dayFromToday(-3),
      end: dayFromToday(-1),
    });
    const before = (await storedItem(world.app, BANK_A, id))?.article_updated_at;
    await runJob();
    const after = await storedItem(world.app, BANK_A, id);
    expect(after?.pi_status).toBe('AFTER_PUBLISHING');
    expect(after?.article_updated_at).toEqual(before);
  });

  it('moves only its own bank’s items', async () => {
    const partnerB = await companyIdOf(world, BANK_B, 'partner_company_owner');
    const idB = await insertPartnerItem(world.app, BANK_B, {
      companyId: partnerB,
      status: 'BEFORE_PUBLISHING',
      start: dayFromToday(0),
    });
    await runJob();
    expect((await storedItem(world.app, BANK_B, idB))?.pi_status).toBe('BEFORE_PUBLISHING');
  });
});

describe('refusals say why in Japanese', () => {
  it('uses the spec’s 権限がありません for the decisions of branch staff', async () => {
    const id = await submitted();
    expectRefused(await approve(id, 'branch_user'), 403, MESSAGES.forbidden);
  });
});
