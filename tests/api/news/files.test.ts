import { multipartBody, TINY_PNG, type UploadFile } from '#tests/support/identification-upload.ts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachFilesToArticle } from '#server/api/news/article-files.ts';
import { ARCHIVE_MESSAGES } from '#server/contracts/archive-bounds.ts';
import type { UserTypeCode } from '#server/contracts/account-types.ts';
import {
  FILE_MAX_BYTES,
  FILE_MISSING_MESSAGE,
  FILE_TYPE_REFUSED_MESSAGE,
  type FileKind,
  fileTooLargeMessage,
  UNKNOWN_FILE_MESSAGE,
  type UploadedFile,
} from '#server/contracts/news.ts';
import { uploadArticleFileCall } from '#server/contracts/news-files.ts';
import { articleFiles, articles } from '#server/db/schema/news.ts';
import { AppError } from '#server/errors.ts';
import { createFileStorage } from '#server/storage/create-file-storage.ts';
import {
  apiGet,
  DEMO_LOGIN_OF,
  gatewayHost,
  gatewayOrigin,
  type GatewayLogin,
  loginAs,
} from '#tests/support/login.ts';
import { startWorld, type World } from '#tests/support/world.ts';
import { withDeclaredSizes, zipOf } from '#tests/support/zip-archives.ts';
import { createTestRedis, type TestRedis } from '../support/redis.ts';

const BANK = '0182';
const OTHER_BANK = '0158';

/** A 1×1 PNG, as the upload stores it (re-encoded without metadata, to the same bytes). */
const PNG = TINY_PNG;
/** The smallest PDF a reader opens: header, an empty catalog, trailer. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/** A PNG padded to one byte over the image limit (within the attachment limit). */
const JUST_OVER_IMAGE_LIMIT = {
  name: 'photo.png',
  bytes: Buffer.concat([PNG, Buffer.alloc(FILE_MAX_BYTES.image + 1 - PNG.length)]),
};

let world: World;
let redis: TestRedis | undefined;
const logins = new Map<string, GatewayLogin>();

beforeAll(async () => {
  // On PostgreSQL and Redis when DATABASE_URL and REDIS_URL are set, else PGlite and memory.
  redis = process.env.REDIS_URL ? await createTestRedis() : undefined;
  world = await startWorld({ banks: [BANK, OTHER_BANK], gateway: { redis } });
  const users: [string, UserTypeCode][] = [
    [BANK, 'bank_admin'],
    [BANK, 'branch_admin'],
    [BANK, 'branch_user'],
    [BANK, 'company_user'],
    [OTHER_BANK, 'bank_admin'],
    [OTHER_BANK, 'company_user'],
  ];
  for (const [code, userType] of users)
    logins.set(`${code}:${userType}`, await loginAs(world.app, code, `${DEMO_LOGIN_OF[userType]}-${code}`));
});
afterAll(async () => {
  await world?.close();
  await redis?.close();
});

function cookieOf(code: string, userType: UserTypeCode): string {
  const login = logins.get(`${code}:${userType}`);
  if (!login) throw new Error(`no login for ${userType} of ${code}`);
  return login.cookie;
}

/** An upload as the admin page sends it: same origin, X-Requested-With, the session cookie. */
function upload(
  options: {
    code?: string;
    cookie?: string;
    fields?: Record<string, string>;
    file?: UploadFile;
    headers?: Record<string, string>;
  } = {},
) {
  const code = options.code ?? BANK;
  const body = multipartBody(options.fields ?? {}, options.file);
  return world.app.inject({
    method: 'POST',
    url: uploadArticleFileCall.path,
    headers: {
      host: gatewayHost(code),
      origin: gatewayOrigin(code),
      'x-requested-with': 'XMLHttpRequest',
      cookie: options.cookie ?? cookieOf(code, 'bank_admin'),
      'content-type': body.contentType,
      ...options.headers,
    },
    payload: body.payload,
  });
}

async function uploaded(kind: FileKind, file: UploadFile, code = BANK): Promise<UploadedFile> {
  const response = await upload({ code, cookie: cookieOf(code, 'bank_admin'), fields: { kind }, file });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as UploadedFile;
}

/** A file read by a visitor (no cookie) or the holder of `cookie`. */
const readFile = (url: string, cookie = '', code = BANK) => apiGet(world.app, code, cookie, url);

/** A news item of BANK inserted directly, public and published since 2000 unless told otherwise. */
async function insertNews(overrides: Partial<typeof articles.$inferInsert> = {}): Promise<number> {
  const [row] = await world.app.db.withBank(BANK, (tx) =>
    tx
      .insert(articles)
      .values({
        article_kind: 'news',
        article_title: '営業時間変更のお知らせ',
        article_body: '<p>窓口の営業時間を変更します。</p>',
        article_visibility: 1,
        article_publish_start: '2000-01-01',
        article_target: 'all',
        ...overrides,
      })
      .returning({ id: articles.article_id }),
  );
  if (!row) throw new Error('no article inserted');
  return row.id;
}

function attach(articleId: number, codes: { attachments?: UploadedFile[]; images?: UploadedFile[] }) {
  return world.app.db.withBank(BANK, (tx) =>
    attachFilesToArticle(tx, {
      articleId,
      attachmentCodes: (codes.attachments ?? []).map((file) => file.file_unique_code),
      imageCodes: (codes.images ?? []).map((file) => file.file_unique_code),
    }),
  );
}

/** 400 for what the page checks itself (a missing file, an unknown kind); 422 for what only the server can tell. */
function expectFieldError(
  response: LightMyRequestResponse,
  field: string,
  message: string,
  statusCode = 400,
) {
  expect(response.statusCode, response.body).toBe(statusCode);
  expect(response.json().errors).toEqual({ [field]: [message] });
}

describe('uploading a file (POST /api/v1/admin/files)', () => {
  it('refuses an Office file whose archive unpacks past the bounds, before reading it', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('日程').addRow(['説明会', '10月1日']);
    const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
    const file = (bytes: Uint8Array) => ({ name: '日程.xlsx', bytes: Buffer.from(bytes) });
    const within = await upload({ fields: { kind: 'attachment' }, file: file(xlsx) });
    expect(within.statusCode, within.body).toBe(200);
    // The same workbook, whose directory says each entry unpacks to 1 GB; and a bare bomb.
    const bombs = [
      withDeclaredSizes(xlsx, 1024 * 1024 * 1024),
      zipOf([{ name: '[Content_Types].xml', data: new Uint8Array(8), declaredSize: 5 * 1024 ** 3 }]),
    ];
    for (const bomb of bombs) {
      const refused = await upload({ fields: { kind: 'attachment' }, file: file(bomb) });
      expectFieldError(refused, 'file', ARCHIVE_MESSAGES.tooLarge, 422);
      expect(refused.json().message).toBe('ファイルの展開後のサイズが大きすぎます');
    }
  });

  it('stores an image told by its bytes and answers where to read it', async () => {
    const image = await uploaded('image', { name: 'logo.png', bytes: PNG, contentType: 'image/png' });
    expect(image).toEqual({
      file_unique_code: expect.stringMatching(/^[0-9a-f]{32}$/),
      file_kind: 'image',
      file_name: 'logo.png',
      file_content_type: 'image/png',
      file_size: PNG.length,
      file_url: `/api/v1/files/${image.file_unique_code}`,
    });
    const [row] = await world.app.db.withBank(BANK, (tx) =>
      tx.select().from(articleFiles).where(eq(articleFiles.file_unique_code, image.file_unique_code)),
    );
    expect(row).toMatchObject({
      article_id: null,
      file_storage_key: `${BANK}/articles/${image.file_unique_code}`,
      uploaded_by_user_id: expect.any(Number),
    });
  });

  it('stores a PDF attachment under its Japanese name, whatever type the browser claimed', async () => {
    const pdf = await uploaded('attachment', {
      name: '会社案内 2025年度.pdf',
      bytes: PDF,
      contentType: 'text/plain',
    });
    expect(pdf).toMatchObject({
      file_kind: 'attachment',
      file_name: '会社案内 2025年度.pdf',
      file_content_type: 'application/pdf',
      file_size: PDF.length,
    });
  });

  it('cleans the name: no path, no control or direction characters, the real extension added', async () => {
    const pdf = await uploaded('attachment', {
      name: '..\\\\secret\\\\請求書\u202Efdp.exe',
      bytes: PDF,
    });
    expect(pdf.file_name).toBe('請求書fdp.exe.pdf');
  });

  it('lets a branch admin upload', async () => {
    const response = await upload({
      cookie: cookieOf(BANK, 'branch_admin'),
      fields: { kind: 'image' },
      file: { name: 'a.png', bytes: PNG },
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses an image over 5 MB with the size message, without reading the rest', async () => {
    const response = await upload({ fields: { kind: 'image' }, file: JUST_OVER_IMAGE_LIMIT });
    expectFieldError(response, 'file', fileTooLargeMessage('image'), 422);
    expect(response.json().errors.file).toEqual(['ファイルサイズは5MB以内にしてください']);
    expect(response.headers.connection).toBe('close');
  });

  it('takes an attachment of the same size (its limit is 10 MB)', async () => {
    const response = await upload({ fields: { kind: 'attachment' }, file: JUST_OVER_IMAGE_LIMIT });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a file named .png whose bytes are a page with a script', async () => {
    const html = Buffer.from(
      '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
    );
    const response = await upload({
      fields: { kind: 'image' },
      file: { name: 'innocent.png', bytes: html, contentType: 'image/png' },
    });
    expectFieldError(response, 'file', FILE_TYPE_REFUSED_MESSAGE, 422);
  });

  it('refuses a PDF as a body image (images are PNG, JPEG, GIF and WebP only)', async () => {
    const response = await upload({ fields: { kind: 'image' }, file: { name: 'doc.pdf', bytes: PDF } });
    expectFieldError(response, 'file', FILE_TYPE_REFUSED_MESSAGE, 422);
  });

  it('asks for a file when none was sent, or an empty one', async () => {
    expectFieldError(await upload({ fields: { kind: 'attachment' } }), 'file', FILE_MISSING_MESSAGE);
    expectFieldError(
      await upload({ fields: { kind: 'attachment' }, file: { name: '', bytes: Buffer.alloc(0) } }),
      'file',
      FILE_MISSING_MESSAGE,
    );
  });

  it('asks for the kind when it is missing or unknown', async () => {
    expectFieldError(await upload({ file: { name: 'a.png', bytes: PNG } }), 'kind', '必須入力項目です');
    expectFieldError(
      await upload({ fields: { kind: 'video' }, file: { name: 'a.png', bytes: PNG } }),
      'kind',
      '選択肢の中から選んでください',
    );
  });

  it('refuses a branch user (read-only in this domain) and a company user with 403', async () => {
    for (const userType of ['branch_user', 'company_user'] as const) {
      const response = await upload({
        cookie: cookieOf(BANK, userType),
        fields: { kind: 'image' },
        file: { name: 'a.png', bytes: PNG },
      });
      expect(response.statusCode, userType).toBe(403);
      expect(response.json()).toEqual({ status: 'error', message: '権限がありません' });
    }
  });

  it('refuses an upload without X-Requested-With or from another origin (CSRF) with 403', async () => {
    const refusedHeaders: Record<string, string>[] = [
      { 'x-requested-with': '' },
      { origin: 'http://attacker.example' },
    ];
    for (const headers of refusedHeaders) {
      const response = await upload({
        fields: { kind: 'image' },
        file: { name: 'a.png', bytes: PNG },
        headers,
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('asks a visitor to log in (401)', async () => {
    const response = await upload({
      cookie: '',
      fields: { kind: 'image' },
      file: { name: 'a.png', bytes: PNG },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('reading a file (GET /api/v1/files/{code})', () => {
  it('lets the staff read their own upload before any item names it, and no one else', async () => {
    const image = await uploaded('image', { name: 'draft.png', bytes: PNG });
    const staffRead = await readFile(image.file_url, cookieOf(BANK, 'branch_user'));
    expect(staffRead.statusCode).toBe(200);
    expect(staffRead.rawPayload.equals(PNG)).toBe(true);

    expect((await readFile(image.file_url, cookieOf(BANK, 'company_user'))).statusCode).toBe(404);
    expect((await readFile(image.file_url)).statusCode).toBe(404);
  });

  it("lets a company user and a visitor read a public news item's files, with safe headers", async () => {
    const image = await uploaded('image', { name: '地図.png', bytes: PNG });
    const pdf = await uploaded('attachment', { name: '会社案内 2025年度.pdf', bytes: PDF });
    const articleId = await insertNews();
    expect(await attach(articleId, { attachments: [pdf], images: [image] })).toEqual([]);

    for (const cookie of [cookieOf(BANK, 'company_user'), '']) {
      const imageRead = await readFile(image.file_url, cookie);
      expect(imageRead.statusCode).toBe(200);
      expect(imageRead.rawPayload.equals(PNG)).toBe(true);
      expect(imageRead.headers).toMatchObject({
        'content-type': 'image/png',
        'content-length': String(PNG.length),
        'content-disposition': `inline; filename="__.png"; filename*=UTF-8''${encodeURIComponent('地図.png')}`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, max-age=300',
      });
      expect(imageRead.headers['content-security-policy']).toMatch(/^default-src 'none'/);

      const pdfRead = await readFile(pdf.file_url, cookie);
      expect(pdfRead.statusCode).toBe(200);
      expect(pdfRead.rawPayload.equals(PDF)).toBe(true);
      expect(pdfRead.headers['content-type']).toBe('application/pdf');
      expect(pdfRead.headers['content-disposition']).toBe(
        `attachment; filename="____ 2025__.pdf"; filename*=UTF-8''${encodeURIComponent('会社案内 2025年度.pdf')}`,
      );
    }
  });

  it("hides a private item's file from a company user (404) but not from the staff", async () => {
    const pdf = await uploaded('attachment', { name: '内部資料.pdf', bytes: PDF });
    await attach(await insertNews({ article_visibility: 0 }), { attachments: [pdf] });
    expect((await readFile(pdf.file_url, cookieOf(BANK, 'company_user'))).statusCode).toBe(404);
    expect((await readFile(pdf.file_url)).statusCode).toBe(404);
    expect((await readFile(pdf.file_url, cookieOf(BANK, 'bank_admin'))).statusCode).toBe(200);
  });

  it('hides the files of an item not yet published, or of one meant for partner companies', async () => {
    const scheduled = await uploaded('attachment', { name: 'a.pdf', bytes: PDF });
    await attach(await insertNews({ article_publish_start: '2999-01-01' }), { attachments: [scheduled] });
    const forPartners = await uploaded('attachment', { name: 'b.pdf', bytes: PDF });
    await attach(await insertNews({ article_target: 'partner' }), { attachments: [forPartners] });
    for (const file of [scheduled, forPartners])
      expect((await readFile(file.file_url, cookieOf(BANK, 'company_user'))).statusCode).toBe(404);
  });

  it("hides a column's file from a visitor (visitors see news only) but not from a company user", async () => {
    const pdf = await uploaded('attachment', { name: 'column.pdf', bytes: PDF });
    await attach(await insertNews({ article_kind: 'column' }), { attachments: [pdf] });
    expect((await readFile(pdf.file_url)).statusCode).toBe(404);
    expect((await readFile(pdf.file_url, cookieOf(BANK, 'company_user'))).statusCode).toBe(200);
  });

  it("answers 404 for a file of another bank, even to that bank's staff on this bank's host", async () => {
    const image = await uploaded('image', { name: 'a.png', bytes: PNG });
    await attach(await insertNews(), { images: [image] });
    expect((await readFile(image.file_url)).statusCode).toBe(200);
    expect((await readFile(image.file_url, '', OTHER_BANK)).statusCode).toBe(404);
    expect((await readFile(image.file_url, cookieOf(OTHER_BANK, 'bank_admin'), OTHER_BANK)).statusCode).toBe(
      404,
    );
    expect(
      (await readFile(image.file_url, cookieOf(OTHER_BANK, 'company_user'), OTHER_BANK)).statusCode,
    ).toBe(404);
  });

  it('answers 404 for a code that names nothing, malformed or not', async () => {
    for (const code of ['0'.repeat(32), 'not-a-code', '..%2F..%2Fetc%2Fpasswd'])
      expect((await readFile(`/api/v1/files/${code}`, cookieOf(BANK, 'bank_admin'))).statusCode).toBe(404);
  });
});

describe('attaching uploads to an item (attachFilesToArticle)', () => {
  async function refusal(work: Promise<unknown>) {
    const error = await work.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    return { statusCode: (error as AppError).statusCode, errors: (error as AppError).fieldErrors };
  }

  it('keeps the attachments in the order the item lists them', async () => {
    const first = await uploaded('attachment', { name: '1.pdf', bytes: PDF });
    const second = await uploaded('attachment', { name: '2.pdf', bytes: PDF });
    const articleId = await insertNews();
    await attach(articleId, { attachments: [second, first] });
    const rows = await world.app.db.withBank(BANK, (tx) =>
      tx
        .select({ code: articleFiles.file_unique_code, order: articleFiles.file_sort_order })
        .from(articleFiles)
        .where(eq(articleFiles.article_id, articleId)),
    );
    expect(new Map(rows.map((row) => [row.code, row.order]))).toEqual(
      new Map([
        [second.file_unique_code, 0],
        [first.file_unique_code, 1],
      ]),
    );
  });

  it('refuses an unknown code, an image as an attachment and an upload of another bank, changing nothing', async () => {
    const image = await uploaded('image', { name: 'a.png', bytes: PNG });
    const otherBanks = await uploaded('attachment', { name: 'a.pdf', bytes: PDF }, OTHER_BANK);
    const articleId = await insertNews();
    for (const attachments of [[{ ...image, file_unique_code: 'f'.repeat(32) }], [image], [otherBanks]])
      expect(await refusal(attach(articleId, { attachments }))).toEqual({
        statusCode: 422,
        errors: { attachment_file_codes: [UNKNOWN_FILE_MESSAGE] },
      });
    expect(await refusal(attach(articleId, { images: [otherBanks] }))).toEqual({
      statusCode: 422,
      errors: { 'fields.article_body': [UNKNOWN_FILE_MESSAGE] },
    });
    const [row] = await world.app.db.withBank(BANK, (tx) =>
      tx.select().from(articleFiles).where(eq(articleFiles.file_unique_code, image.file_unique_code)),
    );
    expect(row?.article_id).toBeNull();
  });

  it("refuses another item's file", async () => {
    const pdf = await uploaded('attachment', { name: 'a.pdf', bytes: PDF });
    await attach(await insertNews(), { attachments: [pdf] });
    expect(await refusal(attach(await insertNews(), { attachments: [pdf] }))).toEqual({
      statusCode: 422,
      errors: { attachment_file_codes: [UNKNOWN_FILE_MESSAGE] },
    });
  });

  it('drops the files the item no longer names and answers their keys to remove after commit', async () => {
    const kept = await uploaded('attachment', { name: 'kept.pdf', bytes: PDF });
    const removed = await uploaded('attachment', { name: 'removed.pdf', bytes: PDF });
    const image = await uploaded('image', { name: 'a.png', bytes: PNG });
    const articleId = await insertNews();
    await attach(articleId, { attachments: [kept, removed], images: [image] });

    const keys = await attach(articleId, { attachments: [kept] });
    expect(keys.sort()).toEqual(
      [`${BANK}/articles/${removed.file_unique_code}`, `${BANK}/articles/${image.file_unique_code}`].sort(),
    );
    // The bytes stay until the caller removes them after its commit.
    expect((await readFile(kept.file_url)).statusCode).toBe(200);
    expect((await readFile(removed.file_url, cookieOf(BANK, 'bank_admin'))).statusCode).toBe(404);
    const stored = await createFileStorage(world.app.config).get(keys[0]!);
    expect(stored?.size).toBeGreaterThan(0);
    stored?.body.destroy();
  });
});

describe('abandoned uploads', () => {
  it('are removed, bytes and all, by the next upload of the bank a day later', async () => {
    const old = await uploaded('image', { name: 'old.png', bytes: PNG });
    await world.app.db.withBank(BANK, (tx) =>
      tx
        .update(articleFiles)
        .set({ file_created_at: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(eq(articleFiles.file_unique_code, old.file_unique_code)),
    );
    await uploaded('image', { name: 'new.png', bytes: PNG });
    expect((await readFile(old.file_url, cookieOf(BANK, 'bank_admin'))).statusCode).toBe(404);
    const storage = createFileStorage(world.app.config);
    expect(await storage.get(`${BANK}/articles/${old.file_unique_code}`)).toBeUndefined();
  });
});
