import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageKeyOf } from '#server/api/news/article-files.ts';
import type { AdminArticleDetail } from '#server/contracts/news-staff.ts';
import { articleFiles, articles } from '#server/db/schema/news.ts';
import { createFileStorage } from '#server/storage/create-file-storage.ts';
import {
  applyCompanyUsers,
  articleRow,
  BANK_A,
  daysFromToday,
  insertArticle,
  PDF_BYTES,
  PNG_BYTES,
  type Segment,
  type StaffWorld,
  startStaffWorld,
  storedArticle,
  uniqueWord,
  uploadAs,
  validFields,
} from './admin-world.ts';

/**
 * Creating, editing, previewing and deleting items (POST, PUT, DELETE /api/v1/admin/{segment},
 * POST .../preview): what is stored, each validation message, the sanitised body, the warnings,
 * the seminar's capacity rule and the attachments.
 */

let world: StaffWorld;

beforeAll(async () => {
  world = await startStaffWorld();
});
afterAll(async () => {
  await world?.close();
});

const create = (segment: Segment, payload: object) =>
  world.call(BANK_A, 'bank_admin', 'POST', `/api/v1/admin/${segment}`, payload);
const update = (segment: Segment, id: number, payload: object) =>
  world.call(BANK_A, 'bank_admin', 'PUT', `/api/v1/admin/${segment}/${id}`, payload);

async function created(segment: Segment, payload: object): Promise<number> {
  const response = await create(segment, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.article_id as number;
}

async function detail(segment: Segment, id: number): Promise<AdminArticleDetail> {
  const response = await world.call(BANK_A, 'bank_admin', 'GET', `/api/v1/admin/${segment}/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as AdminArticleDetail;
}

async function articleCount(): Promise<number> {
  const [row] = await world.app.db.withBank(BANK_A, (tx) => tx.select({ count: count() }).from(articles));
  return row?.count ?? 0;
}

/**
 * How a save is refused: 400 when its schema refuses it (the browser checks the same schema first),
 * 422 when only the server can tell (the sanitised body, the master, uploads, the stored item), so
 * the page is handed the messages.
 */
const REFUSALS = {
  schema: { statusCode: 400, message: '不正なリクエストです' },
  server: { statusCode: 422, message: 'データの登録に失敗しました' },
} as const;

/** The field errors of a refused save, after checking how it was refused and that nothing was stored. */
async function refusedWith(
  save: () => Promise<LightMyRequestResponse>,
  by: keyof typeof REFUSALS = 'schema',
) {
  const before = await articleCount();
  const response = await save();
  expect(response.statusCode).toBe(REFUSALS[by].statusCode);
  const body = response.json();
  expect(body.status).toBe('error');
  expect(body.message).toBe(REFUSALS[by].message);
  expect(await articleCount()).toBe(before);
  return body.errors as Record<string, string[]>;
}

describe('creating an item', () => {
  it('stores a news item as entered, written by the staff member, and answers 登録が完了しました', async () => {
    const title = `${uniqueWord()} 年末年始の営業について`;
    const response = await create('news', {
      fields: validFields('news', {
        article_title: title,
        article_target: 'partner',
        article_visibility: '0',
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      result: { article_id: expect.any(Number), warnings: {} },
      message: '登録が完了しました',
    });
    const item = await detail('news', response.json().result.article_id);
    expect(item).toMatchObject({
      article_kind: 'news',
      article_title: title,
      article_body: '<p>8月13日から15日まで窓口を休業します。</p>',
      category_code: 'notice',
      category_name: 'お知らせ',
      article_visibility: 0,
      publication_status: 'private',
      article_publish_start: daysFromToday(0),
      article_publish_end: daysFromToday(90),
      article_target: 'partner',
      article_is_own_bank: true,
      author_name: '渡辺 真理子',
      can_edit: true,
      attachments: [],
      seminar_held_at: null,
      pi_status: null,
    });
  });

  it("stores a seminar's date, place, capacity and deadline, and reads dates as days in Japan", async () => {
    const id = await created('seminar', {
      fields: validFields('seminar', {
        article_publish_start: daysFromToday(0).replaceAll('-', '/'),
        seminar_held_at: `${daysFromToday(40)} 14:30`,
        seminar_capacity: 45,
        seminar_is_cancelled: false,
      }),
    });
    expect(await detail('seminar', id)).toMatchObject({
      article_publish_start: daysFromToday(0),
      seminar_held_at: new Date(`${daysFromToday(40)}T14:30:00+09:00`).toISOString(),
      seminar_place: '本店 5階 大会議室',
      seminar_capacity: 45,
      seminar_applied_count: 0,
      seminar_apply_deadline: daysFromToday(35),
      seminar_is_cancelled: false,
      seminar_status: 'accepting',
    });
  });

  it('stores seminar fields for seminars only, and the review status for partner information only', async () => {
    const columnId = await created('column', {
      fields: { ...validFields('seminar'), pi_status: 'PUBLISHING', seminar_is_cancelled: true },
    });
    expect(await storedArticle(world.app, BANK_A, columnId)).toMatchObject({
      article_kind: 'column',
      category_code: null,
      pi_status: null,
      seminar_held_at: null,
      seminar_place: null,
      seminar_capacity: null,
      seminar_apply_deadline: null,
      seminar_is_cancelled: false,
    });
    const piId = await created('pi', { fields: validFields('pi', { pi_status: 'BEFORE_PUBLISHING' }) });
    expect(await detail('pi', piId)).toMatchObject({
      article_kind: 'partner_information',
      pi_status: 'BEFORE_PUBLISHING',
      article_provider_name: '株式会社ミライテック・ソリューションズ',
    });
  });
});

describe('each validation message, through the API', () => {
  it('answers 必須入力項目です for each required field, and stores nothing', async () => {
    const errors = await refusedWith(() =>
      create('seminar', {
        fields: {
          article_title: '',
          article_body: '',
          article_visibility: '',
          article_publish_start: '',
          article_target: '',
          seminar_held_at: '',
          seminar_place: '',
          seminar_capacity: '',
          seminar_apply_deadline: '',
        },
      }),
    );
    expect(errors).toEqual({
      'fields.article_title': ['必須入力項目です'],
      'fields.article_body': ['必須入力項目です'],
      'fields.article_visibility': ['必須入力項目です'],
      'fields.article_publish_start': ['必須入力項目です'],
      'fields.article_target': ['必須入力項目です'],
      'fields.seminar_held_at': ['必須入力項目です'],
      'fields.seminar_place': ['必須入力項目です'],
      'fields.seminar_capacity': ['必須入力項目です'],
      'fields.seminar_apply_deadline': ['必須入力項目です'],
    });
  });

  it('answers n文字以内で入力してください past each maximum length', async () => {
    const errors = await refusedWith(() =>
      create('seminar', {
        fields: validFields('seminar', {
          article_title: 'あ'.repeat(101),
          article_body: `<p>${'a'.repeat(20001)}</p>`,
          seminar_place: 'う'.repeat(201),
        }),
      }),
    );
    expect(errors).toEqual({
      'fields.article_title': ['100文字以内で入力してください'],
      'fields.article_body': ['20000文字以内で入力してください'],
      'fields.seminar_place': ['200文字以内で入力してください'],
    });
  });

  it('counts the length of the body as sanitised: links gain attributes that may take it over', async () => {
    // Under the limit as sent; over it once each link carries target and rel.
    const link = '<a href="https://example.jp">x</a>';
    const body = `<p>${link.repeat(Math.floor(20000 / link.length) - 1)}</p>`;
    expect(body.length).toBeLessThanOrEqual(20000);
    const errors = await refusedWith(
      () => create('news', { fields: validFields('news', { article_body: body }) }),
      'server',
    );
    expect(errors).toEqual({ 'fields.article_body': ['20000文字以内で入力してください'] });
  });

  it('answers 入力が過去日です for a publication end, seminar date or deadline in the past', async () => {
    const errors = await refusedWith(() =>
      create('seminar', {
        fields: validFields('seminar', {
          article_publish_start: daysFromToday(-10),
          article_publish_end: daysFromToday(-1),
          seminar_held_at: `${daysFromToday(-1)}T10:00`,
          seminar_apply_deadline: daysFromToday(-2),
        }),
      }),
    );
    expect(errors).toEqual({
      'fields.article_publish_end': ['入力が過去日です'],
      'fields.seminar_held_at': ['入力が過去日です'],
      'fields.seminar_apply_deadline': ['入力が過去日です'],
    });
  });

  it('refuses a publication end before its start', async () => {
    const errors = await refusedWith(() =>
      create('news', {
        fields: validFields('news', {
          article_publish_start: daysFromToday(20),
          article_publish_end: daysFromToday(10),
        }),
      }),
    );
    expect(errors).toEqual({
      'fields.article_publish_end': ['公開終了日は公開開始日以降の日付を入力してください'],
    });
  });

  it("refuses a deadline after the seminar's date", async () => {
    const errors = await refusedWith(() =>
      create('seminar', {
        fields: validFields('seminar', {
          seminar_held_at: `${daysFromToday(10)}T10:00`,
          seminar_apply_deadline: daysFromToday(11),
        }),
      }),
    );
    expect(errors).toEqual({
      'fields.seminar_apply_deadline': ['申込期限は開催日以前の日付を入力してください'],
    });
  });

  it('answers 1以上の整数を半角で入力してください for a capacity that is not a positive integer', async () => {
    for (const capacity of ['0', '１０', '2.5', -1]) {
      const errors = await refusedWith(() =>
        create('seminar', { fields: validFields('seminar', { seminar_capacity: capacity }) }),
      );
      expect(errors).toEqual({ 'fields.seminar_capacity': ['1以上の整数を半角で入力してください'] });
    }
  });

  it('refuses a category the news_categories master does not hold', async () => {
    const errors = await refusedWith(
      () => create('news', { fields: validFields('news', { category_code: 'no_such_category' }) }),
      'server',
    );
    expect(errors).toEqual({ 'fields.category_code': ['選択肢の中から選んでください'] });
  });

  it('refuses a news-only category (お知らせ…) for columns, seminars and partner information, on create and edit', async () => {
    for (const segment of ['column', 'seminar', 'pi'] as const) {
      const errors = await refusedWith(() =>
        create(segment, { fields: validFields(segment, { category_code: 'notice' }) }),
      );
      expect(errors).toEqual({ 'fields.category_code': ['選択肢の中から選んでください'] });
    }
    const columnId = await created('column', { fields: validFields('column', { category_code: 'subsidy' }) });
    const edit = await update('column', columnId, {
      fields: validFields('column', { category_code: 'maintenance' }),
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors).toEqual({ 'fields.category_code': ['選択肢の中から選んでください'] });
    expect((await detail('column', columnId)).category_code).toBe('subsidy');
  });

  it('answers 必須入力項目です for a body with nothing left once sanitised', async () => {
    for (const body of [
      '<p></p>',
      '<script>alert(1)</script>',
      '<p>&nbsp;</p><iframe src="https://evil.example"></iframe>',
    ]) {
      const errors = await refusedWith(
        () => create('news', { fields: validFields('news', { article_body: body }) }),
        'server',
      );
      expect(errors).toEqual({ 'fields.article_body': ['必須入力項目です'] });
    }
  });

  it('refuses more than 10 attachments, and an attachment code that is no upload of the bank', async () => {
    const codes = Array.from({ length: 11 }, (_, index) => `code${index}`);
    expect(
      await refusedWith(() => create('news', { fields: validFields('news'), attachment_file_codes: codes })),
    ).toEqual({ attachment_file_codes: ['添付ファイルは10件までです'] });
    expect(
      await refusedWith(
        () => create('news', { fields: validFields('news'), attachment_file_codes: ['nosuchupload'] }),
        'server',
      ),
    ).toEqual({ attachment_file_codes: ['ファイルが見つかりません。もう一度アップロードしてください'] });
  });
});

describe('the body companies see', () => {
  const dangerous =
    '<p onclick="steal()">ご案内<script>alert(document.cookie)</script></p>' +
    '<img src="https://cdn.example.jp/map.png" onerror="alert(1)">' +
    '<a href="javascript:alert(1)">こちら</a> <a href="https://www.example.co.jp/">公式サイト</a>' +
    '<iframe src="https://evil.example.com"></iframe><p style="color:red">赤字</p>';

  it('never gives back a script, a handler or a javascript: link once saved', async () => {
    const id = await created('column', { fields: validFields('column', { article_body: dangerous }) });
    const item = await detail('column', id);
    expect(item.article_body).toBe(
      '<p>ご案内</p><img src="https://cdn.example.jp/map.png" />こちら <a href="https://www.example.co.jp/" target="_blank" rel="noopener noreferrer">公式サイト</a><p>赤字</p>',
    );
    expect(item.article_body).not.toMatch(/script|onerror|onclick|javascript:|iframe|style=/i);
    expect((await storedArticle(world.app, BANK_A, id))?.article_body).toBe(item.article_body);
  });

  it('previews the body exactly as it will be stored', async () => {
    const response = await world.call(BANK_A, 'branch_user', 'POST', '/api/v1/admin/column/preview', {
      article_body: dangerous,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.article_body).toBe(
      '<p>ご案内</p><img src="https://cdn.example.jp/map.png" />こちら <a href="https://www.example.co.jp/" target="_blank" rel="noopener noreferrer">公式サイト</a><p>赤字</p>',
    );
  });
});

describe('the 30-day warning', () => {
  it('saves an item whose publication ends within 30 days, and answers the warning', async () => {
    const response = await create('news', {
      fields: validFields('news', { article_publish_end: daysFromToday(30) }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.warnings).toEqual({ article_publish_end: ['30日以内に公開が終了します'] });
    expect(await storedArticle(world.app, BANK_A, response.json().result.article_id)).toBeDefined();
  });

  it('answers no warning for an end 31 days away or no end at all', async () => {
    for (const end of [daysFromToday(31), '']) {
      const response = await create('news', { fields: validFields('news', { article_publish_end: end }) });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().result.warnings).toEqual({});
    }
  });

  it('answers the warning on an edit too', async () => {
    const id = await created('news', { fields: validFields('news') });
    const response = await update('news', id, {
      fields: validFields('news', { article_publish_end: daysFromToday(3) }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      result: { article_id: id, warnings: { article_publish_end: ['30日以内に公開が終了します'] } },
      message: '登録が完了しました',
    });
  });
});

describe('editing an item', () => {
  it('stores the changes and keeps the author', async () => {
    const id = await created('news', { fields: validFields('news') });
    const response = await world.call(BANK_A, 'system_admin', 'PUT', `/api/v1/admin/news/${id}`, {
      fields: validFields('news', {
        article_title: '改訂版',
        category_code: 'important',
        article_body: '<h2>改訂</h2>',
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await detail('news', id)).toMatchObject({
      article_title: '改訂版',
      category_code: 'important',
      article_body: '<h2>改訂</h2>',
      author_name: '渡辺 真理子',
    });
  });

  it('corrects an item whose publication ended and whose seminar was held, leaving those dates as they are', async () => {
    const id = await insertArticle(
      world.app,
      BANK_A,
      articleRow('seminar', {
        article_publish_start: daysFromToday(-60),
        article_publish_end: daysFromToday(-5),
        seminar_held_at: new Date(`${daysFromToday(-10)}T14:00:00+09:00`),
        seminar_apply_deadline: daysFromToday(-15),
      }),
    );
    const stored = await detail('seminar', id);
    const fields = validFields('seminar', {
      article_title: '誤字を直したタイトル',
      article_publish_start: stored.article_publish_start,
      article_publish_end: stored.article_publish_end,
      seminar_held_at: stored.seminar_held_at,
      seminar_apply_deadline: stored.seminar_apply_deadline,
      seminar_capacity: 10,
    });
    const response = await update('seminar', id, { fields });
    expect(response.statusCode, response.body).toBe(200);
    expect(await detail('seminar', id)).toMatchObject({
      article_title: '誤字を直したタイトル',
      publication_status: 'ended',
      seminar_status: 'finished',
    });

    const moved = await update('seminar', id, {
      fields: {
        ...fields,
        article_publish_end: daysFromToday(-4),
        seminar_held_at: `${daysFromToday(-9)}T14:00`,
      },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual({
      'fields.article_publish_end': ['入力が過去日です'],
      'fields.seminar_held_at': ['入力が過去日です'],
    });
    expect((await detail('seminar', id)).article_publish_end).toBe(daysFromToday(-5));
  });

  it("refuses a seminar's capacity below its applications, and accepts it equal to them", async () => {
    const id = await created('seminar', { fields: validFields('seminar', { seminar_capacity: 5 }) });
    await applyCompanyUsers(world.app, BANK_A, id, 3);
    const below = await update('seminar', id, { fields: validFields('seminar', { seminar_capacity: 2 }) });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors).toEqual({
      'fields.seminar_capacity': ['申込済みの人数（3名）より少ない定員は設定できません'],
    });
    expect((await storedArticle(world.app, BANK_A, id))?.seminar_capacity).toBe(5);
    const equal = await update('seminar', id, { fields: validFields('seminar', { seminar_capacity: 3 }) });
    expect(equal.statusCode, equal.body).toBe(200);
    expect(await detail('seminar', id)).toMatchObject({
      seminar_capacity: 3,
      seminar_applied_count: 3,
      seminar_status: 'full',
    });
  });

  it('answers 404 for an id of another kind, and changes nothing', async () => {
    const columnId = await created('column', {
      fields: validFields('column', { article_title: 'コラムのまま' }),
    });
    const response = await update('news', columnId, { fields: validFields('news') });
    expect(response.statusCode).toBe(404);
    expect((await storedArticle(world.app, BANK_A, columnId))?.article_title).toBe('コラムのまま');
  });
});

describe('attachments and images', () => {
  const storage = () => createFileStorage(world.app.config);

  it('attaches the uploads the item names and the images its body shows, and lists the attachments in order', async () => {
    const guide = await uploadAs(world, BANK_A, 'attachment', { name: '申込書.pdf', bytes: PDF_BYTES });
    const map = await uploadAs(world, BANK_A, 'attachment', { name: '地図.pdf', bytes: PDF_BYTES });
    const photo = await uploadAs(world, BANK_A, 'image', { name: '会場.png', bytes: PNG_BYTES });
    const id = await created('seminar', {
      fields: validFields('seminar', { article_body: `<p>会場</p><img src="${photo.file_url}" alt="会場">` }),
      attachment_file_codes: [map.file_unique_code, guide.file_unique_code],
    });
    const item = await detail('seminar', id);
    expect(item.attachments.map((file) => file.file_name)).toEqual(['地図.pdf', '申込書.pdf']);
    expect(item.article_body).toBe(`<p>会場</p><img src="${photo.file_url}" alt="会場" />`);
    const rows = await world.app.db.withBank(BANK_A, (tx) =>
      tx
        .select({ code: articleFiles.file_unique_code })
        .from(articleFiles)
        .where(eq(articleFiles.article_id, id)),
    );
    expect(rows.map((row) => row.code).sort()).toEqual(
      [guide.file_unique_code, map.file_unique_code, photo.file_unique_code].sort(),
    );
  });

  it('removes an attachment the edit no longer names, its bytes after the save', async () => {
    const kept = await uploadAs(world, BANK_A, 'attachment', { name: '残す.pdf', bytes: PDF_BYTES });
    const dropped = await uploadAs(world, BANK_A, 'attachment', { name: '外す.pdf', bytes: PDF_BYTES });
    const id = await created('news', {
      fields: validFields('news'),
      attachment_file_codes: [kept.file_unique_code, dropped.file_unique_code],
    });
    const response = await update('news', id, {
      fields: validFields('news'),
      attachment_file_codes: [kept.file_unique_code],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await detail('news', id)).attachments.map((file) => file.file_name)).toEqual(['残す.pdf']);
    expect(await storage().get(storageKeyOf(BANK_A, dropped.file_unique_code))).toBeUndefined();
    expect(await storage().get(storageKeyOf(BANK_A, kept.file_unique_code))).toBeDefined();
  });

  it('leaves no item behind when an attachment is refused (one transaction)', async () => {
    const before = await articleCount();
    const response = await create('news', {
      fields: validFields('news', { article_title: '添付に失敗する記事' }),
      attachment_file_codes: ['0123456789abcdef0123456789abcdef'],
    });
    expect(response.statusCode).toBe(422);
    expect(await articleCount()).toBe(before);
  });
});

describe('deleting an item', () => {
  it('deletes the item with its reads, applications and files, and answers 削除しました', async () => {
    const attachment = await uploadAs(world, BANK_A, 'attachment', { name: '資料.pdf', bytes: PDF_BYTES });
    const id = await created('seminar', {
      fields: validFields('seminar'),
      attachment_file_codes: [attachment.file_unique_code],
    });
    await applyCompanyUsers(world.app, BANK_A, id, 2);
    const response = await world.call(BANK_A, 'bank_admin', 'DELETE', `/api/v1/admin/seminar/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      result: { article_id: id },
      message: '削除しました',
    });
    expect(await storedArticle(world.app, BANK_A, id)).toBeUndefined();
    expect(
      await createFileStorage(world.app.config).get(storageKeyOf(BANK_A, attachment.file_unique_code)),
    ).toBeUndefined();
    const gone = await world.call(BANK_A, 'bank_admin', 'GET', `/api/v1/admin/seminar/${id}`);
    expect(gone.statusCode).toBe(404);
  });
});
