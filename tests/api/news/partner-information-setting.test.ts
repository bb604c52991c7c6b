import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISH_END_BEFORE_START_MESSAGE } from '#server/contracts/news.ts';
import {
  PARTNER_INFORMATION_SETTING_MESSAGES,
  type PartnerInformationSettingDetail,
  type PartnerInformationSettingItem,
} from '#server/contracts/partner-information-setting.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { maxLengthMessage, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { type Actor, BANK_A, BANK_B, startWorld, type World } from '#tests/support/world.ts';
import {
  call,
  changeStoredItem,
  companyIdOf,
  companyNamed,
  dayFromToday,
  expectRefused,
  insertPartnerItem,
  lastAuditOf,
  partnerForm,
  SETTING_PATH,
  STAFF,
  storedItem,
} from './partner-information-setting-fixtures.ts';

/**
 * A partner company's own partner information (issue 16 item 4): /api/v1/setting/partner_information
 * for the list, an item, a new one, an edit and a withdrawal. Who may call them, every validation
 * message, what is stored, the statuses a company's commands set, and that another company's or
 * another bank's item is never reached.
 */

const MINE = '株式会社ミライテック・ソリューションズ';
/** The demo accounts of a normal company: no partner information of their own. */
const NON_PARTNER = ['company_owner', 'company_user', 'company_employee'] as const;
const OTHER_PARTNER = 'こもれび税理士法人';

let world: World;
/** The demo partner owner's company (a partner company) and a normal company's (the owner's). */
let partnerCompanyA: number;
let normalCompanyA: number;

beforeAll(async () => {
  world = await startWorld({ banks: [BANK_A, BANK_B] });
  partnerCompanyA = await companyIdOf(world, BANK_A, 'partner_company_owner');
  normalCompanyA = await companyIdOf(world, BANK_A, 'company_owner');
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const asPartner = (method: string, url: string, payload?: object) =>
  call(world, BANK_A, 'partner_company_owner', method, url, payload);

/** Creates an item as the partner owner of bank A; answers its id. */
async function created(changes: Record<string, unknown> = {}): Promise<number> {
  const response = await asPartner('POST', SETTING_PATH, partnerForm(changes));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.article_id as number;
}

async function listOf(code = BANK_A, query = '?rows=100&page=1') {
  const response = await call(world, code, 'partner_company_owner', 'GET', `${SETTING_PATH}/search${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as {
    list: PartnerInformationSettingItem[];
    paging_data: { total_rows: number };
  };
}

describe('who may use the calls', () => {
  it('lets the partner company owner list, read, create, edit and withdraw', async () => {
    const id = await created();
    expect((await asPartner('GET', `${SETTING_PATH}/search`)).statusCode).toBe(200);
    expect((await asPartner('GET', `${SETTING_PATH}/${id}`)).statusCode).toBe(200);
    expect((await asPartner('PUT', `${SETTING_PATH}/${id}`, partnerForm())).statusCode).toBe(200);
    expect((await asPartner('POST', `${SETTING_PATH}/${id}/cancel`)).statusCode).toBe(200);
  });

  it('refuses a normal company’s owner, its users and its employees with 403 on the list and the save', async () => {
    for (const actor of NON_PARTNER) {
      expectRefused(
        await call(world, BANK_A, actor, 'GET', `${SETTING_PATH}/search`),
        403,
        MESSAGES.forbidden,
      );
      expectRefused(
        await call(world, BANK_A, actor, 'POST', SETTING_PATH, partnerForm()),
        403,
        MESSAGES.forbidden,
      );
    }
  });

  it('refuses them 403 even on an item their own company holds', async () => {
    // A normal company cannot write one; this one was written past the API to ask the question.
    const id = await insertPartnerItem(world.app, BANK_A, { companyId: normalCompanyA });
    for (const actor of NON_PARTNER) {
      expectRefused(await call(world, BANK_A, actor, 'GET', `${SETTING_PATH}/${id}`), 403);
      expectRefused(await call(world, BANK_A, actor, 'PUT', `${SETTING_PATH}/${id}`, partnerForm()), 403);
      expectRefused(await call(world, BANK_A, actor, 'POST', `${SETTING_PATH}/${id}/cancel`), 403);
    }
    expect((await storedItem(world.app, BANK_A, id))?.pi_status).toBe('REVIEWING');
  });

  it('refuses the bank’s staff with 403 and a visitor with 401, on every call', async () => {
    const id = await created();
    for (const actor of [...STAFF, 'visitor'] as const) {
      const status = actor === 'visitor' ? 401 : 403;
      expectRefused(await call(world, BANK_A, actor, 'GET', `${SETTING_PATH}/search`), status);
      expectRefused(await call(world, BANK_A, actor, 'GET', `${SETTING_PATH}/${id}`), status);
      expectRefused(await call(world, BANK_A, actor, 'POST', SETTING_PATH, partnerForm()), status);
      expectRefused(await call(world, BANK_A, actor, 'PUT', `${SETTING_PATH}/${id}`, partnerForm()), status);
      expectRefused(await call(world, BANK_A, actor, 'POST', `${SETTING_PATH}/${id}/cancel`), status);
    }
    expect((await storedItem(world.app, BANK_A, id))?.pi_status).toBe('REVIEWING');
  });
});

describe('POST /api/v1/setting/partner_information', () => {
  it('stores the item under review, public for every company, with the company as its provider, and audits PENDING', async () => {
    const partnerUserId = await world.userIdOf(BANK_A, 'partner_company_owner');
    const response = await asPartner(
      'POST',
      SETTING_PATH,
      partnerForm({
        article_title: '補助金申請の無料相談会',
        article_publish_start: dayFromToday(3),
        article_publish_end: '',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'success',
      message: MESSAGES.saved,
      result: { pi_status: 'REVIEWING' },
    });
    const id = response.json().result.article_id as number;
    expect(await storedItem(world.app, BANK_A, id)).toMatchObject({
      article_kind: 'partner_information',
      article_title: '補助金申請の無料相談会',
      article_body: '<p>事業承継の進め方を<strong>専門家</strong>が解説します。</p>',
      category_code: null,
      article_visibility: 1,
      article_target: 'all',
      article_is_own_bank: true,
      article_provider_name: MINE,
      article_publish_start: dayFromToday(3),
      article_publish_end: null,
      pi_status: 'REVIEWING',
      pi_review_note: null,
      author_user_id: partnerUserId,
      article_company_id: partnerCompanyA,
    });
    expect(await lastAuditOf(world.app, BANK_A, id)).toMatchObject({
      action: 'PENDING',
      actor_user_id: partnerUserId,
    });
  });

  it('stores the body sanitised as the staff’s bodies are', async () => {
    const id = await created({
      article_body:
        '<p onclick="steal()">ご案内<script>alert(1)</script></p><a href="javascript:alert(1)">リンク</a><a href="https://example.jp/">詳細</a>',
    });
    expect((await storedItem(world.app, BANK_A, id))?.article_body).toBe(
      '<p>ご案内</p>リンク<a href="https://example.jp/" target="_blank" rel="noopener noreferrer">詳細</a>',
    );
  });

  it('answers 400 with the messages under each field, and stores nothing', async () => {
    const before = (await listOf()).paging_data.total_rows;
    const empty = await asPartner('POST', SETTING_PATH, {
      article_title: '',
      article_body: '',
      article_publish_start: '',
      article_publish_end: '',
    });
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json().errors).toEqual({
      article_title: [VALIDATION_MESSAGES.required],
      article_body: [VALIDATION_MESSAGES.required],
      article_publish_start: [VALIDATION_MESSAGES.required],
    });

    const wrong = await asPartner(
      'POST',
      SETTING_PATH,
      partnerForm({
        article_title: 'あ'.repeat(101),
        article_body: `<p>${'あ'.repeat(20000)}</p>`,
        article_publish_start: dayFromToday(-1),
        article_publish_end: '2026-02-30',
      }),
    );
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().errors).toEqual({
      article_title: [maxLengthMessage(100)],
      article_body: [maxLengthMessage(20000)],
      article_publish_start: [VALIDATION_MESSAGES.pastDate],
      article_publish_end: [VALIDATION_MESSAGES.invalidFormat],
    });

    const pastEnd = await asPartner(
      'POST',
      SETTING_PATH,
      partnerForm({ article_publish_end: dayFromToday(-1) }),
    );
    expect(pastEnd.statusCode).toBe(400);
    // Before today, and so before a first day of today: both are said, as on the staff's form.
    expect(pastEnd.json().errors).toEqual({
      article_publish_end: [VALIDATION_MESSAGES.pastDate, PUBLISH_END_BEFORE_START_MESSAGE],
    });

    const endFirst = await asPartner(
      'POST',
      SETTING_PATH,
      partnerForm({ article_publish_start: dayFromToday(10), article_publish_end: dayFromToday(5) }),
    );
    expect(endFirst.statusCode).toBe(400);
    expect(endFirst.json().errors).toEqual({ article_publish_end: [PUBLISH_END_BEFORE_START_MESSAGE] });

    const odd = await asPartner('POST', SETTING_PATH, {
      article_title: 42,
      article_body: { html: '<p>ご案内</p>' },
      article_publish_start: ['2030-01-01'],
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().errors).toEqual({
      article_title: [VALIDATION_MESSAGES.invalidFormat],
      article_body: [VALIDATION_MESSAGES.invalidFormat],
      article_publish_start: [VALIDATION_MESSAGES.invalidFormat],
    });

    // Text no column can store is refused before anything else.
    const unstorable = await asPartner(
      'POST',
      SETTING_PATH,
      partnerForm({ article_body: '<p>ご案内\u0000</p>' }),
    );
    expect(unstorable.statusCode).toBe(400);
    expect(unstorable.json().errors).toEqual({ article_body: [VALIDATION_MESSAGES.unstorableCharacter] });

    expect((await listOf()).paging_data.total_rows).toBe(before);
  });

  it('answers 422 when nothing of the body is left once sanitised, or the sanitised body is too long', async () => {
    const before = (await listOf()).paging_data.total_rows;
    const nothing = await asPartner(
      'POST',
      SETTING_PATH,
      partnerForm({ article_body: '<script>alert(1)</script><p> </p>' }),
    );
    expectRefused(nothing, 422, MESSAGES.saveFailed);
    expect(nothing.json().errors).toEqual({ article_body: [VALIDATION_MESSAGES.required] });
    // 600 links (17,400 characters) grow by their target and rel past 20,000 once sanitised.
    const links = '<a href="https://a.jp/">a</a>'.repeat(600);
    const grown = await asPartner('POST', SETTING_PATH, partnerForm({ article_body: links }));
    expectRefused(grown, 422);
    expect(grown.json().errors).toEqual({ article_body: [maxLengthMessage(20000)] });
    expect((await listOf()).paging_data.total_rows).toBe(before);
  });
});

describe('GET /api/v1/setting/partner_information/search and /{id}', () => {
  it('lists the company’s own items only, the latest change first, with status, days and a disapproval’s reason', async () => {
    const otherPartner = await companyNamed(world, BANK_A, OTHER_PARTNER);
    const othersId = await insertPartnerItem(world.app, BANK_A, {
      companyId: otherPartner,
      title: '他社の情報',
    });
    const staffId = await insertPartnerItem(world.app, BANK_A, {
      companyId: null,
      title: '銀行が書いた情報',
    });
    const disapproved = await insertPartnerItem(world.app, BANK_A, {
      companyId: partnerCompanyA,
      title: '否認された情報',
      status: 'DISAPPROVAL',
      start: dayFromToday(2),
      end: dayFromToday(30),
      reviewNote: '料金の表記を明確にしてください',
    });
    const cancelled = await insertPartnerItem(world.app, BANK_A, {
      companyId: partnerCompanyA,
      title: '取り下げた情報',
      status: 'CANCELLED',
      reviewNote: '前回の否認理由',
    });
    const latest = await created({ article_title: '最新の情報' });

    const { list } = await listOf();
    const ids = list.map((item) => item.article_id);
    expect(ids).not.toContain(othersId);
    expect(ids).not.toContain(staffId);
    expect(ids[0]).toBe(latest);
    expect(list.find((item) => item.article_id === disapproved)).toEqual({
      article_id: disapproved,
      article_title: '否認された情報',
      pi_status: 'DISAPPROVAL',
      article_publish_start: dayFromToday(2),
      article_publish_end: dayFromToday(30),
      pi_review_note: '料金の表記を明確にしてください',
      article_updated_at: expect.any(String),
    });
    // A reason is told only while the item stands disapproved.
    expect(list.find((item) => item.article_id === cancelled)?.pi_review_note).toBeNull();
  });

  it('pages the list', async () => {
    const total = (await listOf()).paging_data.total_rows;
    const second = await listOf(BANK_A, '?rows=1&page=2');
    expect(second.list).toHaveLength(1);
    expect(second.paging_data).toMatchObject({ total_rows: total, page: 2, rows: 1 });
  });

  it('answers an item with its body', async () => {
    const id = await created({ article_title: '読み返す情報' });
    const response = await asPartner('GET', `${SETTING_PATH}/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual({
      article_id: id,
      article_title: '読み返す情報',
      pi_status: 'REVIEWING',
      article_publish_start: dayFromToday(0),
      article_publish_end: dayFromToday(90),
      pi_review_note: null,
      article_body: '<p>事業承継の進め方を<strong>専門家</strong>が解説します。</p>',
      article_updated_at: expect.any(String),
    } satisfies PartnerInformationSettingDetail);
  });

  it('answers 400 for an id that cannot name an item', async () => {
    for (const id of ['abc', '0', '-1', '99999999999'])
      expect((await asPartner('GET', `${SETTING_PATH}/${id}`)).statusCode, id).toBe(400);
  });
});

describe('PUT /api/v1/setting/partner_information/{id}', () => {
  it('puts an edited item back under review, a published one included, and forgets the last reason', async () => {
    for (const status of ['REVIEWING', 'BEFORE_PUBLISHING', 'PUBLISHING', 'DISAPPROVAL'] as const) {
      const id = await insertPartnerItem(world.app, BANK_A, {
        companyId: partnerCompanyA,
        status,
        reviewNote: status === 'DISAPPROVAL' ? '写真の権利を確認してください' : null,
      });
      const response = await asPartner(
        'PUT',
        `${SETTING_PATH}/${id}`,
        partnerForm({ article_title: `${status} を直した情報`, article_publish_start: dayFromToday(-1) }),
      );
      expect(response.statusCode, `${status}: ${response.body}`).toBe(200);
      expect(response.json().result).toEqual({ article_id: id, pi_status: 'REVIEWING' });
      expect(await storedItem(world.app, BANK_A, id), status).toMatchObject({
        article_title: `${status} を直した情報`,
        pi_status: 'REVIEWING',
        pi_review_note: null,
        article_provider_name: MINE,
        author_user_id: await world.userIdOf(BANK_A, 'partner_company_owner'),
      });
      expect((await lastAuditOf(world.app, BANK_A, id))?.action).toBe('PENDING');
    }
  });

  it('judges only a changed day against today: a first day kept as it was passes, another past day does not', async () => {
    const id = await insertPartnerItem(world.app, BANK_A, {
      companyId: partnerCompanyA,
      status: 'PUBLISHING',
      start: dayFromToday(-10),
      end: dayFromToday(-2),
    });
    const kept = await asPartner(
      'PUT',
      `${SETTING_PATH}/${id}`,
      partnerForm({ article_publish_start: dayFromToday(-10), article_publish_end: dayFromToday(-2) }),
    );
    expect(kept.statusCode, kept.body).toBe(200);

    const moved = await asPartner(
      'PUT',
      `${SETTING_PATH}/${id}`,
      partnerForm({ article_publish_start: dayFromToday(-9), article_publish_end: dayFromToday(-1) }),
    );
    expectRefused(moved, 422, MESSAGES.saveFailed);
    expect(moved.json().errors).toEqual({
      article_publish_start: [VALIDATION_MESSAGES.pastDate],
      article_publish_end: [VALIDATION_MESSAGES.pastDate],
    });
    expect((await storedItem(world.app, BANK_A, id))?.article_publish_start).toBe(dayFromToday(-10));
  });

  it('answers the schema’s messages (400) and the sanitised body’s (422) as the create does', async () => {
    const id = await created();
    const schema = await asPartner('PUT', `${SETTING_PATH}/${id}`, partnerForm({ article_title: ' ' }));
    expect(schema.statusCode).toBe(400);
    expect(schema.json().errors).toEqual({ article_title: [VALIDATION_MESSAGES.required] });
    const body = await asPartner('PUT', `${SETTING_PATH}/${id}`, partnerForm({ article_body: '<p></p>' }));
    expectRefused(body, 422);
    expect(body.json().errors).toEqual({ article_body: [VALIDATION_MESSAGES.required] });
  });

  it('refuses an ended or withdrawn item with 422 and keeps it', async () => {
    for (const status of ['AFTER_PUBLISHING', 'CANCELLED'] as const) {
      const id = await insertPartnerItem(world.app, BANK_A, { companyId: partnerCompanyA, status });
      expectRefused(
        await asPartner('PUT', `${SETTING_PATH}/${id}`, partnerForm()),
        422,
        PARTNER_INFORMATION_SETTING_MESSAGES.closed,
      );
      expect((await storedItem(world.app, BANK_A, id))?.pi_status).toBe(status);
    }
  });
});

describe('POST /api/v1/setting/partner_information/{id}/cancel', () => {
  it('withdraws the item (CANCELLED) and audits CLOSE; a second time is 422', async () => {
    for (const status of ['REVIEWING', 'BEFORE_PUBLISHING', 'PUBLISHING', 'DISAPPROVAL'] as const) {
      const id = await insertPartnerItem(world.app, BANK_A, { companyId: partnerCompanyA, status });
      const response = await asPartner('POST', `${SETTING_PATH}/${id}/cancel`);
      expect(response.statusCode, `${status}: ${response.body}`).toBe(200);
      expect(response.json()).toMatchObject({
        message: PARTNER_INFORMATION_SETTING_MESSAGES.cancelled,
        result: { article_id: id, pi_status: 'CANCELLED' },
      });
      expect((await storedItem(world.app, BANK_A, id))?.pi_status).toBe('CANCELLED');
      expect((await lastAuditOf(world.app, BANK_A, id))?.action).toBe('CLOSE');
      expectRefused(
        await asPartner('POST', `${SETTING_PATH}/${id}/cancel`),
        422,
        PARTNER_INFORMATION_SETTING_MESSAGES.closed,
      );
    }
    const ended = await insertPartnerItem(world.app, BANK_A, {
      companyId: partnerCompanyA,
      status: 'AFTER_PUBLISHING',
    });
    expectRefused(await asPartner('POST', `${SETTING_PATH}/${ended}/cancel`), 422);
    expect((await storedItem(world.app, BANK_A, ended))?.pi_status).toBe('AFTER_PUBLISHING');
  });
});

describe('an item that is not the company’s', () => {
  /** Every call that names an item, each answering 404 and nothing of it; the item unchanged. */
  async function expectAbsent(
    code: string,
    id: number,
    actors: readonly Actor[] = ['partner_company_owner'],
  ) {
    const before = await storedItem(world.app, BANK_A, id);
    for (const actor of actors)
      for (const [method, url, payload] of [
        ['GET', `${SETTING_PATH}/${id}`, undefined],
        ['PUT', `${SETTING_PATH}/${id}`, partnerForm()],
        ['POST', `${SETTING_PATH}/${id}/cancel`, undefined],
      ] as const) {
        const response = await call(world, code, actor, method, url, payload);
        expectRefused(response, 404);
      }
    expect(await storedItem(world.app, BANK_A, id)).toEqual(before);
  }

  it('answers 404 for another partner company’s item of the bank', async () => {
    const otherPartner = await companyNamed(world, BANK_A, OTHER_PARTNER);
    await expectAbsent(BANK_A, await insertPartnerItem(world.app, BANK_A, { companyId: otherPartner }));
  });

  it('answers 404 for partner information the bank’s staff wrote', async () => {
    await expectAbsent(BANK_A, await insertPartnerItem(world.app, BANK_A, { companyId: null }));
  });

  it('answers 404 to the same partner company of another bank', async () => {
    // Bank B's partner owner belongs to bank B's company of the same name: ids never cross banks.
    // Its other company users get the same 404 (never a 403 that would tell the id exists).
    await expectAbsent(BANK_B, await created(), ['partner_company_owner', ...NON_PARTNER]);
    const { list } = await listOf(BANK_B);
    expect(list.map((item) => item.article_title)).not.toContain('事業承継セミナーのご案内');
  });

  it('never lists another bank’s items, nor changes them through a changed id in the body', async () => {
    const id = await created({ article_title: '銀行Aの情報' });
    const bankBItem = await call(world, BANK_B, 'partner_company_owner', 'POST', SETTING_PATH, {
      ...partnerForm({ article_title: '銀行Bの情報' }),
      article_id: id,
      article_company_id: partnerCompanyA,
    });
    expect(bankBItem.statusCode, bankBItem.body).toBe(200);
    expect(bankBItem.json().result.article_id).not.toBe(id);
    expect((await storedItem(world.app, BANK_A, id))?.article_title).toBe('銀行Aの情報');
  });

  it('keeps the stored item when an edit of a closed item is refused', async () => {
    const id = await created();
    await changeStoredItem(world.app, BANK_A, id, { pi_status: 'CANCELLED' });
    expectRefused(
      await asPartner('PUT', `${SETTING_PATH}/${id}`, partnerForm({ article_title: '変更' })),
      422,
    );
    expect((await storedItem(world.app, BANK_A, id))?.article_title).toBe('事業承継セミナーのご案内');
  });
});
