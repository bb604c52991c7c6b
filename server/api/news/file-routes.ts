import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { and, eq, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer, type FileTypeResult } from 'file-type';
import { z } from 'zod';
import { success, successEnvelope } from '#server/contracts/envelope.ts';
import {
  ARTICLE_KINDS,
  FILE_CONTENT_TYPES,
  FILE_KINDS,
  FILE_MAX_BYTES,
  FILE_MISSING_MESSAGE,
  FILE_NAME_MAX_LENGTH,
  FILE_TYPE_REFUSED_MESSAGE,
  FILE_UPLOAD_PATH,
  FILES_PATH,
  type FileKind,
  fileTooLargeMessage,
  uploadedFileSchema,
} from '#server/contracts/news.ts';
import { hasUnstorableCharacter, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { articleFiles, articles } from '#server/db/schema/news.ts';
import { AppError, badRequest, forbidden, notFound, unprocessable } from '#server/errors.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { isStaffAddressAllowed, staffOffHoursMessage } from '#server/tenancy/staff-access.ts';
import { deleteStoredFiles, removeAbandonedUploads, storageKeyOf, uploadedFileOf } from './article-files.ts';
import { type ArticleViewer, kindOpenToVisitors, articleViewerOf, visibleArticles } from './visibility.ts';
import { recordAudit } from '#server/db/audit.ts';
import { auditActorOf } from '../kit/serve-call.ts';

/** file_unique_code: a random UUID's 32 hex digits. */
const FILE_CODE_PATTERN = /^[0-9a-f]{32}$/;
const LARGEST_FILE_BYTES = Math.max(...Object.values(FILE_MAX_BYTES));
/** A type told by the content may be named with any of these extensions (the first is the one added). */
const EXTENSIONS_OF_TYPE: Record<string, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
};
/** A name left empty by the clean-up (only dots, only control characters...). */
const FALLBACK_FILE_NAME = 'ファイル';

const uploadFieldsSchema = z.object({
  kind: z.enum(FILE_KINDS, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? VALIDATION_MESSAGES.required
        : '選択肢の中から選んでください',
  }),
});

const fileParamsSchema = z.object({ file_unique_code: z.string() });

/**
 * Files of the news domain (attachments and the images of items' bodies):
 * - POST /api/v1/admin/files: a staff member's upload, multipart/form-data with `kind` and one
 *   `file`. Its type is told by its bytes, never by its name or the browser's word; it is stored
 *   and waits, without an item, until the item that names it is saved (article-files.ts).
 * - GET /api/v1/files/{code}: the bytes, for whoever may see the item the file belongs to.
 *
 * Multipart parsing is registered in this plugin's scope only; the API guard's CSRF rule (same
 * origin and X-Requested-With on a POST) runs before any byte of the body is read.
 *
 * Both stay plain Fastify routes, outside the call definitions (server/contracts/call.ts): the
 * upload's body is multipart, not JSON, and the read answers the file's bytes, not the envelope.
 */
export const articleFileRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (
  app,
  { storage },
) => {
  await app.register(fastifyMultipart, {
    // Busboy cuts a file at one byte over the largest kind's limit; readFileWithin stops at the
    // kind's own limit before that. One file, a handful of short fields, nothing else.
    limits: { fileSize: LARGEST_FILE_BYTES + 1, files: 1, fields: 4, parts: 6, fieldSize: 1024 },
  });

  app.post(
    FILE_UPLOAD_PATH,
    {
      config: { access: 'bank' },
      schema: {
        tags: ['news'],
        summary: 'ファイルのアップロード',
        description: `記事の添付ファイル（kind=attachment、${FILE_MAX_BYTES.attachment / 1048576}MBまで: PDF、画像、Word/Excel/PowerPointのOOXML）と本文の画像（kind=image、${FILE_MAX_BYTES.image / 1048576}MBまで: PNG、JPEG、GIF、WebP）を multipart/form-data の \`kind\` と \`file\` で受け取ります（\`kind\` を先に送ってください）。形式はファイルの中身で判定します。保存したファイルは、記事の保存で添付・本文の画像として指定されるまでその金融機関の職員だけが読めます。支店ユーザーはアップロードできません（403）。`,
        consumes: ['multipart/form-data'],
        response: { 200: successEnvelope(uploadedFileSchema) },
      },
    },
    async (request, reply) => {
      // Branch users read the news domain but change nothing in it.
      if (request.auth?.user.userType === 'branch_user') throw forbidden();
      const upload = await readUpload(request, reply);
      const detected = await fileTypeFromBuffer(upload.bytes);
      if (!detected || !FILE_CONTENT_TYPES[upload.kind].includes(detected.mime))
        throw unprocessable(FILE_TYPE_REFUSED_MESSAGE, { file: [FILE_TYPE_REFUSED_MESSAGE] });

      const bankCode = request.tenant.code;
      const fileUniqueCode = randomUUID().replaceAll('-', '');
      const storageKey = storageKeyOf(bankCode, fileUniqueCode);
      const { userId: uploadedBy } = await request.viewerFor('bank');
      await storage.put(storageKey, upload.bytes, detected.mime);
      let stored;
      try {
        stored = await app.db.withBank(bankCode, async (tx) => {
          const inserted = await insertUpload(tx, {
            file_unique_code: fileUniqueCode,
            file_kind: upload.kind,
            file_name: displayFileName(upload.fileName, detected),
            file_content_type: detected.mime,
            file_size: upload.bytes.length,
            file_storage_key: storageKey,
            uploaded_by_user_id: uploadedBy,
          });
          // The upload is a command on a plain route (multipart): its audit row, in its transaction.
          await recordAudit(tx, {
            action: 'CREATE',
            targetType: 'news',
            targetId: fileUniqueCode,
            ...auditActorOf(request, uploadedBy),
          });
          return inserted;
        });
      } catch (error) {
        await deleteStoredFiles(storage, [storageKey], request.log);
        throw error;
      }
      request.log.info({ file: fileUniqueCode, kind: upload.kind, size: stored.file_size }, 'file uploaded');
      await removeAbandoned(request, storage);
      return success(uploadedFileOf(stored));
    },
  );

  app.get(
    `${FILES_PATH}/:file_unique_code`,
    {
      config: {
        access: 'public',
        answers: 'file',
        object: { param: 'file_unique_code', table: 'article_files', column: 'file_unique_code' },
      },
      schema: {
        tags: ['news'],
        summary: 'ファイルの取得',
        description:
          'アップロードされたファイルの中身を返します。金融機関の職員はその金融機関のすべてのファイルを、企業ユーザーとログインしていない訪問者は、見ることができる記事（公開中・対象が合うもの。訪問者はニュースのみ）のファイルだけを読めます。それ以外は、ファイルがあるかどうかを伝えないよう、すべて 404 です。添付ファイルはダウンロード（attachment）、画像はそのまま表示（inline）されます。',
        params: fileParamsSchema,
      },
    },
    async (request, reply) => {
      const code = request.params.file_unique_code;
      if (!FILE_CODE_PATTERN.test(code)) throw notFound();
      const viewer = await fileReaderOf(request);
      const file = await request.inBank((tx) => readableFile(tx, code, viewer));
      if (!file) throw notFound();
      const bytes = await storage.get(file.file_storage_key);
      if (!bytes) {
        request.log.error({ file: code }, 'a file row names bytes the storage does not have');
        throw notFound();
      }
      const disposition = file.file_kind === 'image' ? 'inline' : 'attachment';
      return reply
        .headers({
          'content-type': file.file_content_type,
          'content-length': String(bytes.size),
          'content-disposition': contentDisposition(disposition, file.file_name),
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, max-age=300',
          // Whatever the bytes are, they never run as a page: no script, no plugin, no frame, and a
          // unique origin even if a browser did render them as a document.
          'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
        })
        .send(bytes.body);
    },
  );
};

interface Upload {
  kind: FileKind;
  fileName: string;
  bytes: Buffer;
}

/**
 * The `kind` field and the one `file` of the upload, refusing with the spec's field messages. The
 * file is read into memory up to its kind's limit and no further: past it the stream is dropped and
 * the connection closed after the answer, so a browser stops sending the rest.
 */
async function readUpload(request: FastifyRequest, reply: FastifyReply): Promise<Upload> {
  const missingFile = () => badRequest(undefined, { file: [FILE_MISSING_MESSAGE] });
  if (!request.isMultipart()) throw missingFile();
  const fields: Record<string, unknown> = {};
  let file: { name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') throw badRequest();
      if (hasUnstorableCharacter(part.filename))
        throw badRequest(undefined, { file: [VALIDATION_MESSAGES.unstorableCharacter] });
      // Sent before `kind` (FormData keeps the order it was filled in), it is held to the largest limit.
      const kind = uploadFieldsSchema.shape.kind.safeParse(fields.kind).data;
      const bytes = await readFileWithin(
        part,
        kind === undefined ? LARGEST_FILE_BYTES : FILE_MAX_BYTES[kind],
      );
      if (bytes === undefined)
        throw unprocessable(fileTooLargeMessage(kind ?? 'attachment'), {
          file: [fileTooLargeMessage(kind ?? 'attachment')],
        });
      file = { name: part.filename, bytes };
    }
  } catch (error) {
    // The body was left partly unread: end the connection after the answer rather than read it.
    reply.header('connection', 'close');
    throw asUploadRefusal(error);
  }
  const parsed = uploadFieldsSchema.safeParse(fields);
  if (!parsed.success)
    throw badRequest(undefined, { kind: parsed.error.issues.map((issue) => issue.message) });
  const { kind } = parsed.data;
  if (!file || file.bytes.length === 0) throw missingFile();
  if (file.bytes.length > FILE_MAX_BYTES[kind])
    throw unprocessable(fileTooLargeMessage(kind), { file: [fileTooLargeMessage(kind)] });
  return { kind, fileName: file.name, bytes: file.bytes };
}

/**
 * A multipart body the parser could not read (no boundary, no closing boundary, a broken header)
 * is the client's fault: 400, not a 500. The multipart plugin's own refusals (too many parts, a
 * field too long) keep their 4xx status; our refusals pass through.
 */
function asUploadRefusal(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return badRequest(undefined, { file: [FILE_MISSING_MESSAGE] });
}

/** The part's bytes, or undefined as soon as they pass `limit` (the rest is never read). */
async function readFileWithin(part: MultipartFile, limit: number): Promise<Buffer | undefined> {
  const stream: Readable = part.file;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    total += bytes.length;
    // Leaving the loop destroys the stream; the multipart plugin then stops parsing the request.
    if (total > limit) return undefined;
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, total);
}

type NewUpload = Omit<typeof articleFiles.$inferInsert, 'bank_code' | 'article_id'>;

async function insertUpload(tx: DbTransaction, upload: NewUpload) {
  const [row] = await tx.insert(articleFiles).values(upload).returning();
  if (!row) throw new Error('INSERT ... RETURNING answered no row for the upload');
  return row;
}

/** The bank's forgotten uploads go with each new one: best effort, a failure is only logged. */
async function removeAbandoned(request: FastifyRequest, storage: FileStorage) {
  try {
    const keys = await request.inBank((tx) => removeAbandonedUploads(tx));
    await deleteStoredFiles(storage, keys, request.log);
  } catch (error) {
    request.log.warn({ err: error }, 'abandoned uploads could not be removed');
  }
}

/**
 * Who reads the file. The route is public (visitors read public news' files), so the API guard does
 * not hold staff to their bank's address allowlist and office hours here; staff outside them read
 * only what a visitor may.
 */
async function fileReaderOf(request: FastifyRequest): Promise<ArticleViewer> {
  const viewer = articleViewerOf(await request.viewer());
  if (viewer.kind !== 'staff') return viewer;
  const access = request.tenant.config.bank_staff_access;
  const withinStaffAccess =
    isStaffAddressAllowed(access, request.ip) && staffOffHoursMessage(access, new Date()) === undefined;
  return withinStaffAccess ? viewer : { kind: 'visitor' };
}

/**
 * The file `code` of the transaction's bank if `viewer` may read it: staff any file of the bank
 * (uploads not yet attached included); anyone else only a file whose item they may see now.
 */
async function readableFile(tx: DbTransaction, code: string, viewer: ArticleViewer) {
  const columns = {
    file_kind: articleFiles.file_kind,
    file_name: articleFiles.file_name,
    file_content_type: articleFiles.file_content_type,
    file_storage_key: articleFiles.file_storage_key,
  };
  const ofCode = eq(articleFiles.file_unique_code, code);
  if (viewer.kind === 'staff') {
    const [file] = await tx.select(columns).from(articleFiles).where(ofCode);
    return file;
  }
  const openKinds = ARTICLE_KINDS.filter((kind) => viewer.kind === 'company' || kindOpenToVisitors(kind));
  const [file] = await tx
    .select(columns)
    .from(articleFiles)
    .innerJoin(
      articles,
      and(eq(articles.bank_code, articleFiles.bank_code), eq(articles.article_id, articleFiles.article_id)),
    )
    .where(and(ofCode, or(...openKinds.map((kind) => visibleArticles(kind, viewer)))));
  return file;
}

/**
 * A clean display name for an uploaded file: the last part of any path, NFC, no control or invisible
 * formatting characters (a right-to-left override could disguise the extension), none of the
 * characters Windows refuses, no leading dots, single spaces, within FILE_NAME_MAX_LENGTH characters.
 * The extension is kept when it fits the type told by the content, else the type's is added.
 */
export function displayFileName(raw: string, type: Pick<FileTypeResult, 'ext' | 'mime'>): string {
  const cleaned = raw
    .normalize('NFC')
    .replace(/^.*[\\/]/u, '')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/["*:<>?|]/gu, '_')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^\.+/u, '');
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? cleaned.slice(dot + 1).toLowerCase() : '';
  const fits = (EXTENSIONS_OF_TYPE[type.mime] ?? [type.ext]).includes(extension);
  const stem = (fits ? cleaned.slice(0, dot) : cleaned).replace(/\.+$/u, '');
  const suffix = `.${fits ? cleaned.slice(dot + 1) : type.ext}`;
  // Characters, not UTF-16 units: the column counts characters, and a pair must not be cut in two.
  const room = FILE_NAME_MAX_LENGTH - [...suffix].length;
  const shortStem = [...stem].slice(0, room).join('').trim();
  return `${shortStem === '' ? FALLBACK_FILE_NAME : shortStem}${suffix}`;
}

/**
 * Content-Disposition with the name for every browser: an ASCII-only `filename` for old ones and
 * RFC 5987's UTF-8 `filename*` (what browsers use when both are given), so Japanese names survive.
 */
export function contentDisposition(disposition: 'attachment' | 'inline', fileName: string): string {
  const asciiFallback = fileName.replace(/[^\x20-\x7e]|["\\%]/gu, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/gu,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${asciiFallback}"; filename*=UTF-8''${encoded}`;
}
