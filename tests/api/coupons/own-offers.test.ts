import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serviceOfferImageStorageKeyOf } from '#server/api/coupons/coupon-image-files.ts';
import { callPath } from '#server/contracts/call.ts';
import { DAY_MS, japanDateString } from '#server/contracts/japan-day.ts';
import {
  SERVICE_OFFER_IMAGE_MAX_BYTES,
  SERVICE_OFFER_MESSAGES,
  SERVICE_OFFERS_PER_COMPANY_MAX,
  type ServiceOffer,
  uploadServiceOfferImageCall,
} from '#server/contracts/service-offer.ts';
import { maxLengthMessage, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { auditEvents, companies, serviceOffers } from '#server/db/schema.ts';
import { demoUniqueCode } from '#server/db/seeds/seed-context.ts';
import { createFileStorage } from '#server/storage/create-file-storage.ts';
import { multipartBody, TINY_PDF, TINY_PNG, type UploadFile } from '#tests/support/identification-upload.ts';
import { apiGet, gatewayHost, gatewayOrigin } from '#tests/support/login.ts';
import { type Actor, startWorld, type World } from '#tests/support/world.ts';

/**
 * A company's own service offers (issue 16 item 8, /mypage/setting/service/offer): who may write
 * them, every message of the form, the statuses a save and a withdrawal lead to, the per-company
 * limit, the image, and another bank's offers never reached.
 */

const BANK = '0182';
const OTHER_BANK = '0158';
const LIST = '/api/v1/setting/cso';
const CREATE = '/api/v1/setting/cso/save';
const offerPath = (code: string) => `/api/v1/setting/cso/${code}`;

/** The accounts that hold company_setting_coupon_write by default. */
const WRITERS = ['company_owner', 'company_user', 'partner_company_owner'] as const;
const STAFF = ['system_admin', 'bank_admin', 'branch_admin', 'branch_user'] as const;

const dayFromToday = (days: number) => japanDateString(new Date(Date.now() + days * DAY_MS));

const offerForm = (changes: Record<string, unknown> = {}) => ({
  cso_title: '経理代行 初月無料',
  cso_body:
    '記帳から月次決算までの経理代行を、初月に限り無料でお引き受けします。\n詳しくはお問い合わせください。',
  cso_category: 'business',
  cso_benefit: '初月の代行費用無料',
  cso_target: '法人のお客さま',
  cso_publish_start: dayFromToday(0),
  cso_publish_end: dayFromToday(60),
  ...changes,
});

let world: World;

beforeAll(async () => {
  world = await startWorld({ banks: [BANK, OTHER_BANK] });
}, 120_000);
afterAll(async () => {
  await world?.close();
});

/** The demo company of that key, by its id. */
async function companyIdOf(code: string, key: string): Promise<number> {
  const [row] = await world.db.withBank(code, (tx) =>
    tx
      .select({ id: companies.company_id })
      .from(companies)
      .where(eq(companies.company_unique_code, demoUniqueCode(code, 'company', key))),
  );
  if (!row) throw new Error(`no demo company ${key}`);
  return row.id;
}

// Each test starts from no offers of the owner's company (sakura-seiko) in either bank; the
// partner's company keeps its demo offers.
beforeEach(async () => {
  for (const code of [BANK, OTHER_BANK]) {
    const sakura = await companyIdOf(code, 'sakura-seiko');
    await world.db.withBank(code, (tx) =>
      tx.delete(serviceOffers).where(eq(serviceOffers.company_id, sakura)),
    );
  }
});

const get = async (code: string, actor: Actor, url: string) =>
  apiGet(world.app, code, await world.cookieOf(code, actor), url);
const post = (code: string, actor: Actor, url: string, payload: object = {}) =>
  world.send(code, actor, { method: 'POST', url, payload });
const remove = (code: string, actor: Actor, url: string) =>
  world.send(code, actor, { method: 'DELETE', url });

async function create(actor: Actor = 'company_owner', changes: Record<string, unknown> = {}, code = BANK) {
  const answer = await post(code, actor, CREATE, offerForm(changes));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().result as ServiceOffer;
}

async function offerRow(code: string, csoCode: string) {
  const [row] = await world.db.withBank(code, (tx) =>
    tx.select().from(serviceOffers).where(eq(serviceOffers.cso_unique_code, csoCode)),
  );
  return row;
}

async function lastAudit(code: string) {
  const [row] = await world.db.withBank(code, (tx) =>
    tx
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target_type, 'coupons'))
      .orderBy(desc(auditEvents.id))
      .limit(1),
  );
  return row;
}

/** The image's upload as the edit page sends it: same origin, X-Requested-With, multipart. */
async function uploadImage(code: string, actor: Actor, csoCode: string, file?: UploadFile) {
  const body = multipartBody({}, file);
  return world.app.inject({
    method: 'POST',
    url: callPath(uploadServiceOfferImageCall, { cso_unique_code: csoCode }),
    headers: {
      host: gatewayHost(code),
      origin: gatewayOrigin(code),
      'x-requested-with': 'XMLHttpRequest',
      cookie: await world.cookieOf(code, actor),
      'content-type': body.contentType,
    },
    payload: body.payload,
  });
}

describe('who may write offers', () => {
  it.each(WRITERS)('lets the %s create and list the company’s offers', async (actor) => {
    const created = await create(actor, { cso_title: `${actor}のクーポン` });
    const answer = await get(BANK, actor, LIST);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result.list[0]).toEqual(created);
  });

  it('refuses the employee (no company_setting_coupon_write) and bank staff with 403 on every company route, a visitor with 401', async () => {
    const { cso_unique_code: code } = await create();
    const calls = [
      () => ({ method: 'GET', url: LIST }),
      () => ({ method: 'GET', url: offerPath(code) }),
      () => ({ method: 'POST', url: CREATE, payload: offerForm() }),
      () => ({ method: 'POST', url: `${offerPath(code)}/save`, payload: offerForm() }),
      () => ({ method: 'POST', url: `${offerPath(code)}/cancel`, payload: {} }),
      () => ({ method: 'DELETE', url: offerPath(code) }),
      () => ({ method: 'DELETE', url: `${offerPath(code)}/image` }),
    ];
    for (const actor of ['company_employee', ...STAFF] as const)
      for (const call of calls) {
        const request = call();
        const answer = await world.send(BANK, actor, request);
        expect(answer.statusCode, `${actor} ${request.method} ${request.url}: ${answer.body}`).toBe(403);
        expect(answer.json()).toMatchObject({ status: 'error', message: '権限がありません' });
      }
    expect(
      (await uploadImage(BANK, 'company_employee', code, { name: 'a.png', bytes: TINY_PNG })).statusCode,
    ).toBe(403);
    expect((await uploadImage(BANK, 'bank_admin', code, { name: 'a.png', bytes: TINY_PNG })).statusCode).toBe(
      403,
    );
    expect((await get(BANK, 'visitor', LIST)).statusCode).toBe(401);
    // Nothing was changed by the refused calls.
    expect(await offerRow(BANK, code)).toMatchObject({
      cso_status: 'REVIEWING',
      cso_title: offerForm().cso_title,
    });
  });

  it('keeps each company to its own offers: the partner company gets 404 for the owner’s company’s offer', async () => {
    const { cso_unique_code: code } = await create('company_owner');
    expect((await get(BANK, 'partner_company_owner', offerPath(code))).statusCode).toBe(404);
    for (const [method, url] of [
      ['POST', `${offerPath(code)}/save`],
      ['POST', `${offerPath(code)}/cancel`],
      ['DELETE', offerPath(code)],
      ['DELETE', `${offerPath(code)}/image`],
    ] as const) {
      const answer = await world.send(BANK, 'partner_company_owner', {
        method,
        url,
        ...(method === 'POST' ? { payload: offerForm({ cso_title: '乗っ取り' }) } : {}),
      });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      (await uploadImage(BANK, 'partner_company_owner', code, { name: 'a.png', bytes: TINY_PNG })).statusCode,
    ).toBe(404);
    const list = (await get(BANK, 'partner_company_owner', LIST)).json().result.list as ServiceOffer[];
    expect(list.map((offer) => offer.cso_unique_code)).not.toContain(code);
    expect(await offerRow(BANK, code)).toMatchObject({
      cso_title: offerForm().cso_title,
      cso_status: 'REVIEWING',
    });
  });
});

describe('POST /api/v1/setting/cso/save', () => {
  it('creates the offer in review, answers it whole, and audits it as put up for the bank’s decision', async () => {
    const ownerId = await world.userIdOf(BANK, 'company_owner');
    const answer = await post(BANK, 'company_owner', CREATE, offerForm());
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe('登録が完了しました');
    const offer = answer.json().result as ServiceOffer;
    expect(offer).toEqual({
      cso_unique_code: expect.stringMatching(/^[0-9a-f]{32}$/),
      cso_title: '経理代行 初月無料',
      cso_body: offerForm().cso_body,
      cso_category: 'business',
      cso_benefit: '初月の代行費用無料',
      cso_target: '法人のお客さま',
      cso_publish_start: dayFromToday(0),
      cso_publish_end: dayFromToday(60),
      cso_status: 'REVIEWING',
      cso_publish_status: null,
      cso_image: null,
      cso_review_note: null,
      cso_reviewed_at: null,
      cso_created_at: expect.any(String),
      cso_updated_at: expect.any(String),
    } satisfies ServiceOffer);
    expect(await offerRow(BANK, offer.cso_unique_code)).toMatchObject({
      company_id: await companyIdOf(BANK, 'sakura-seiko'),
      cso_updated_by: ownerId,
    });
    expect(await lastAudit(BANK)).toMatchObject({
      action: 'PENDING',
      target_type: 'coupons',
      target_id: offer.cso_unique_code,
      actor_user_id: ownerId,
    });
    expect((await get(BANK, 'company_owner', offerPath(offer.cso_unique_code))).json().result).toEqual(offer);
  });

  it('keeps the days as Japan’s calendar days (2025/4/1 is 2025-04-01), trims the text, and takes no last day', async () => {
    const offer = await create('company_owner', {
      cso_title: '  前後の空白  ',
      cso_publish_start: '2025/4/1',
      cso_publish_end: '',
    });
    expect(offer).toMatchObject({
      cso_title: '前後の空白',
      cso_publish_start: '2025-04-01',
      cso_publish_end: null,
    });
    const withoutEnd = await create('company_owner', { cso_publish_end: undefined });
    expect(withoutEnd.cso_publish_end).toBeNull();
  });

  it('answers 400 with the message of each field, and saves nothing', async () => {
    const empty = await post(BANK, 'company_owner', CREATE, {
      cso_title: '',
      cso_body: ' ',
      cso_category: '',
      cso_benefit: '',
      cso_target: '',
      cso_publish_start: '',
    });
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json().errors).toEqual({
      cso_title: [VALIDATION_MESSAGES.required],
      cso_body: [VALIDATION_MESSAGES.required],
      cso_category: [VALIDATION_MESSAGES.required],
      cso_benefit: [VALIDATION_MESSAGES.required],
      cso_target: [VALIDATION_MESSAGES.required],
      cso_publish_start: [VALIDATION_MESSAGES.required],
    });

    const tooLong = await post(
      BANK,
      'company_owner',
      CREATE,
      offerForm({
        cso_title: 'あ'.repeat(101),
        cso_body: 'あ'.repeat(2001),
        cso_benefit: 'あ'.repeat(101),
        cso_target: 'あ'.repeat(101),
        cso_publish_start: '2025-02-30',
        cso_publish_end: dayFromToday(-1),
      }),
    );
    expect(tooLong.statusCode, tooLong.body).toBe(400);
    expect(tooLong.json().errors).toEqual({
      cso_title: [maxLengthMessage(100)],
      cso_body: [maxLengthMessage(2000)],
      cso_benefit: [maxLengthMessage(100)],
      cso_target: [maxLengthMessage(100)],
      cso_publish_start: [VALIDATION_MESSAGES.invalidFormat],
      cso_publish_end: [VALIDATION_MESSAGES.pastDate],
    });

    const endBeforeStart = await post(
      BANK,
      'company_owner',
      CREATE,
      offerForm({ cso_publish_start: dayFromToday(10), cso_publish_end: dayFromToday(9) }),
    );
    expect(endBeforeStart.statusCode, endBeforeStart.body).toBe(400);
    expect(endBeforeStart.json().errors).toEqual({
      cso_publish_end: ['公開終了日は公開開始日以降の日付を入力してください'],
    });

    const unstorable = await post(BANK, 'company_owner', CREATE, offerForm({ cso_body: 'a\u0000b' }));
    expect(unstorable.statusCode).toBe(400);
    expect(unstorable.json().errors).toEqual({ cso_body: [VALIDATION_MESSAGES.unstorableCharacter] });

    expect((await get(BANK, 'company_owner', LIST)).json().result.paging_data.total_rows).toBe(0);
  });

  it('accepts the longest values, a start already past, and a last day equal to the first', async () => {
    const offer = await create('company_owner', {
      cso_title: 'あ'.repeat(100),
      cso_body: 'あ'.repeat(2000),
      cso_benefit: 'い'.repeat(100),
      cso_target: 'う'.repeat(100),
      cso_publish_start: dayFromToday(-5),
      cso_publish_end: dayFromToday(0),
    });
    expect(offer.cso_title).toHaveLength(100);
    expect(offer.cso_body).toHaveLength(2000);
    const sameDay = await create('company_owner', {
      cso_publish_start: dayFromToday(3),
      cso_publish_end: dayFromToday(3),
    });
    expect(sameDay.cso_publish_end).toBe(dayFromToday(3));
  });

  it('answers 422 under the category for a code the cso_categories master does not hold', async () => {
    const answer = await post(BANK, 'company_owner', CREATE, offerForm({ cso_category: 'casino' }));
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json()).toMatchObject({
      message: SERVICE_OFFER_MESSAGES.invalidChoice,
      errors: { cso_category: ['選択肢の中から選んでください'] },
    });
    expect((await get(BANK, 'company_owner', LIST)).json().result.paging_data.total_rows).toBe(0);
  });

  it(`keeps a company to ${SERVICE_OFFERS_PER_COMPANY_MAX} offers, also when the last ones are sent at once`, async () => {
    const sakura = await companyIdOf(BANK, 'sakura-seiko');
    const ownerId = await world.userIdOf(BANK, 'company_owner');
    await world.db.withBank(BANK, (tx) =>
      tx.insert(serviceOffers).values(
        Array.from({ length: SERVICE_OFFERS_PER_COMPANY_MAX - 2 }, (_, index) => ({
          cso_unique_code: `fill${String(index).padStart(4, '0')}`,
          company_id: sakura,
          cso_title: `既存のクーポン${index}`,
          cso_body: '本文',
          cso_category: 'other',
          cso_benefit: '特典',
          cso_target: '全従業員',
          cso_publish_start: dayFromToday(0),
          cso_updated_by: ownerId,
        })),
      ),
    );
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        post(
          BANK,
          index % 2 === 0 ? 'company_owner' : 'company_user',
          CREATE,
          offerForm({ cso_title: `同時${index}` }),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 422, 422]);
    for (const refused of answers.filter((answer) => answer.statusCode === 422))
      expect(refused.json()).toMatchObject({
        status: 'error',
        message: `クーポンは1社につき${SERVICE_OFFERS_PER_COMPANY_MAX}件まで登録できます。不要なクーポンを削除してから登録してください。`,
      });
    const list = (await get(BANK, 'company_owner', LIST)).json().result;
    expect(list.paging_data.total_rows).toBe(SERVICE_OFFERS_PER_COMPANY_MAX);
    // Deleting one makes room for one.
    await remove(BANK, 'company_owner', offerPath(list.list[0].cso_unique_code));
    await create('company_owner');
    // The limit is the company's: another company of the bank still writes its own.
    await create('partner_company_owner');
  });
});

describe('saving, withdrawing and deleting an offer', () => {
  it('puts an approved offer back into review on save, forgetting the bank’s decision', async () => {
    const { cso_unique_code: code } = await create();
    await world.db.withBank(BANK, (tx) =>
      tx
        .update(serviceOffers)
        .set({
          cso_status: 'APPROVED',
          cso_review_note: '承認しました',
          cso_reviewed_by: null,
          cso_reviewed_at: new Date(),
        })
        .where(eq(serviceOffers.cso_unique_code, code)),
    );
    const approved = (await get(BANK, 'company_owner', offerPath(code))).json().result as ServiceOffer;
    expect(approved).toMatchObject({ cso_status: 'APPROVED', cso_publish_status: 'PUBLISHING' });

    const answer = await post(
      BANK,
      'company_user',
      `${offerPath(code)}/save`,
      offerForm({ cso_title: '経理代行 2か月無料' }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().result).toMatchObject({
      cso_unique_code: code,
      cso_title: '経理代行 2か月無料',
      cso_status: 'REVIEWING',
      cso_publish_status: null,
      cso_review_note: null,
      cso_reviewed_at: null,
    });
    expect(await offerRow(BANK, code)).toMatchObject({
      cso_updated_by: await world.userIdOf(BANK, 'company_user'),
      cso_reviewed_by: null,
    });
    expect(await lastAudit(BANK)).toMatchObject({ action: 'PENDING', target_id: code });
  });

  it('validates a save like a creation, and refuses a category outside the master', async () => {
    const { cso_unique_code: code } = await create();
    const answer = await post(BANK, 'company_owner', `${offerPath(code)}/save`, offerForm({ cso_title: '' }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual({ cso_title: [VALIDATION_MESSAGES.required] });
    const category = await post(
      BANK,
      'company_owner',
      `${offerPath(code)}/save`,
      offerForm({ cso_category: 'x' }),
    );
    expect(category.statusCode).toBe(422);
    expect(category.json().errors).toEqual({ cso_category: [SERVICE_OFFER_MESSAGES.invalidChoice] });
    expect((await offerRow(BANK, code))?.cso_title).toBe(offerForm().cso_title);
  });

  it('withdraws an offer (CANCELLED) once; a later save puts it back into review', async () => {
    const { cso_unique_code: code } = await create();
    const cancelled = await post(BANK, 'company_owner', `${offerPath(code)}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: 'クーポンの掲載を取り消しました',
      result: { cso_status: 'CANCELLED', cso_publish_status: null },
    });
    expect(await lastAudit(BANK)).toMatchObject({ action: 'CLOSE', target_id: code });
    const again = await post(BANK, 'company_owner', `${offerPath(code)}/cancel`);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('このクーポンはすでに取り消されています。');
    const saved = await post(BANK, 'company_owner', `${offerPath(code)}/save`, offerForm());
    expect(saved.json().result.cso_status).toBe('REVIEWING');
  });

  it('deletes an offer with its image, bytes and all', async () => {
    const { cso_unique_code: code } = await create();
    const image = (await uploadImage(BANK, 'company_owner', code, { name: 'a.png', bytes: TINY_PNG })).json()
      .result.cso_image;
    const storage = createFileStorage(world.app.config);
    const key = serviceOfferImageStorageKeyOf(BANK, image.file_unique_code);
    expect(await storage.get(key)).toBeDefined();
    const answer = await remove(BANK, 'company_owner', offerPath(code));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      message: 'クーポンを削除しました',
      result: { cso_unique_code: code },
    });
    expect(await offerRow(BANK, code)).toBeUndefined();
    expect(await storage.get(key)).toBeUndefined();
    expect(await lastAudit(BANK)).toMatchObject({ action: 'DELETE', target_id: code });
    expect((await get(BANK, 'company_owner', offerPath(code))).statusCode).toBe(404);
  });

  it('answers 400 to a path that cannot name an offer, 404 to one that names none', async () => {
    expect((await get(BANK, 'company_owner', offerPath('not-a-code'))).statusCode).toBe(400);
    expect((await get(BANK, 'company_owner', offerPath('ab'.repeat(16)))).statusCode).toBe(404);
  });
});

describe('the offer’s image', () => {
  it('takes a PNG, puts the offer back into review, and shows it to the company, the bank and, once published, the other companies', async () => {
    const { cso_unique_code: code } = await create();
    await world.db.withBank(BANK, (tx) =>
      tx.update(serviceOffers).set({ cso_status: 'APPROVED' }).where(eq(serviceOffers.cso_unique_code, code)),
    );
    const answer = await uploadImage(BANK, 'company_user', code, { name: 'coupon.png', bytes: TINY_PNG });
    expect(answer.statusCode, answer.body).toBe(200);
    const offer = answer.json().result as ServiceOffer;
    expect(offer.cso_status).toBe('REVIEWING');
    expect(offer.cso_image).toEqual({
      file_unique_code: expect.stringMatching(/^[0-9a-f]{32}$/),
      file_url: `/api/v1/cso/${code}/image/${offer.cso_image?.file_unique_code}`,
    });
    expect(await lastAudit(BANK)).toMatchObject({ action: 'UPDATE', target_id: code });
    const url = offer.cso_image!.file_url;
    for (const actor of ['company_owner', 'bank_admin', 'branch_admin'] as const) {
      const image = await get(BANK, actor, url);
      expect(image.statusCode, actor).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
    }
    // The image follows the offer: an employee may not open the company's own offers (no
    // company_setting_coupon_write), so not their images either while they are in review.
    expect((await get(BANK, 'company_employee', url)).statusCode).toBe(404);
    // In review, the other companies do not see it; published, they do.
    expect((await get(BANK, 'partner_company_owner', url)).statusCode).toBe(404);
    await world.db.withBank(BANK, (tx) =>
      tx.update(serviceOffers).set({ cso_status: 'APPROVED' }).where(eq(serviceOffers.cso_unique_code, code)),
    );
    expect((await get(BANK, 'partner_company_owner', url)).statusCode).toBe(200);
    expect((await get(BANK, 'visitor', url)).statusCode).toBe(401);
    expect((await get(OTHER_BANK, 'company_owner', url)).statusCode).toBe(404);
    expect((await get(OTHER_BANK, 'system_admin', url)).statusCode).toBe(404);
  });

  it('replaces the image (the old bytes go) and DELETE takes it away', async () => {
    const { cso_unique_code: code } = await create();
    const storage = createFileStorage(world.app.config);
    const first = (await uploadImage(BANK, 'company_owner', code, { name: 'a.png', bytes: TINY_PNG })).json()
      .result;
    const second = (await uploadImage(BANK, 'company_owner', code, { name: 'b.png', bytes: TINY_PNG })).json()
      .result;
    expect(second.cso_image.file_unique_code).not.toBe(first.cso_image.file_unique_code);
    expect(
      await storage.get(serviceOfferImageStorageKeyOf(BANK, first.cso_image.file_unique_code)),
    ).toBeUndefined();
    expect((await get(BANK, 'company_owner', first.cso_image.file_url)).statusCode).toBe(404);

    const removed = await remove(BANK, 'company_owner', `${offerPath(code)}/image`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().result).toMatchObject({ cso_image: null, cso_status: 'REVIEWING' });
    expect(
      await storage.get(serviceOfferImageStorageKeyOf(BANK, second.cso_image.file_unique_code)),
    ).toBeUndefined();
    expect((await offerRow(BANK, code))?.cso_image_file_unique_code).toBeNull();
    // No image: nothing to do.
    expect((await remove(BANK, 'company_owner', `${offerPath(code)}/image`)).statusCode).toBe(200);
  });

  it('refuses a file that is no image by its content (422), one over 2 MB (422) and none (400), and keeps no bytes', async () => {
    const { cso_unique_code: code } = await create();
    for (const file of [
      { name: 'coupon.png', bytes: Buffer.from('これは画像ではありません\n'), contentType: 'image/png' },
      { name: 'coupon.pdf', bytes: TINY_PDF, contentType: 'application/pdf' },
    ]) {
      const answer = await uploadImage(BANK, 'company_owner', code, file);
      expect(answer.statusCode, file.name).toBe(422);
      expect(answer.json()).toMatchObject({
        message: 'このファイル形式はアップロードできません',
        errors: { file: ['このファイル形式はアップロードできません'] },
      });
    }
    const large = Buffer.concat([TINY_PNG, Buffer.alloc(SERVICE_OFFER_IMAGE_MAX_BYTES)]);
    const tooLarge = await uploadImage(BANK, 'company_owner', code, { name: 'big.png', bytes: large });
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().errors).toEqual({ file: ['ファイルサイズは2MB以内にしてください'] });
    const missing = await uploadImage(BANK, 'company_owner', code);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ file: ['ファイルを選択してください'] });
    expect((await offerRow(BANK, code))?.cso_image_file_unique_code).toBeNull();
  });
});

describe("another bank's offers", () => {
  it('answer 404 and no data on every route that names an offer, to the other bank’s users and staff', async () => {
    const { cso_unique_code: code } = await create('company_owner', {}, BANK);
    const image = (await uploadImage(BANK, 'company_owner', code, { name: 'a.png', bytes: TINY_PNG })).json()
      .result.cso_image;
    const companyCalls = [
      { method: 'GET', url: offerPath(code) },
      { method: 'POST', url: `${offerPath(code)}/save`, payload: offerForm() },
      { method: 'POST', url: `${offerPath(code)}/cancel`, payload: {} },
      { method: 'DELETE', url: offerPath(code) },
      { method: 'DELETE', url: `${offerPath(code)}/image` },
      { method: 'GET', url: image.file_url },
    ];
    for (const request of companyCalls) {
      const answer = await world.send(OTHER_BANK, 'company_owner', request);
      expect(answer.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(answer.body).not.toMatch(/"result"/);
    }
    const upload = await uploadImage(OTHER_BANK, 'company_owner', code, { name: 'a.png', bytes: TINY_PNG });
    expect(upload.statusCode).toBe(404);
    const updatedAt = (await offerRow(BANK, code))!.cso_updated_at.toISOString();
    const staffCalls = [
      { method: 'GET', url: `/api/v1/admin/cso/${code}` },
      {
        method: 'POST',
        url: `/api/v1/admin/cso/${code}/approve`,
        payload: { cso_review_note: '', cso_updated_at: updatedAt },
      },
      {
        method: 'POST',
        url: `/api/v1/admin/cso/${code}/disapprove`,
        payload: { cso_review_note: '否認', cso_updated_at: updatedAt },
      },
      { method: 'GET', url: image.file_url },
    ];
    for (const request of staffCalls) {
      const answer = await world.send(OTHER_BANK, 'system_admin', request);
      expect(answer.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(answer.body).not.toMatch(/"result"/);
    }
    // The offer is as it was.
    expect(await offerRow(BANK, code)).toMatchObject({
      cso_status: 'REVIEWING',
      cso_title: offerForm().cso_title,
      cso_image_file_unique_code: image.file_unique_code,
    });
    const otherBankList = (await get(OTHER_BANK, 'company_owner', LIST)).json().result;
    expect(otherBankList.paging_data.total_rows).toBe(0);
  });

  it('never lists another bank’s offers, even where row-level security is all that keeps them apart', async () => {
    await create('company_owner', { cso_title: '0182のクーポン' }, BANK);
    const rows = await world.db.withBank(OTHER_BANK, (tx) =>
      tx.select().from(serviceOffers).where(eq(serviceOffers.cso_title, '0182のクーポン')),
    );
    expect(rows).toEqual([]);
  });
});
