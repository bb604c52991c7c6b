import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import * as z from 'zod/mini';
import { success, successEnvelope } from '#server/contracts/envelope.ts';
import { draftIdSchema, REGISTRATION_CALL_MESSAGES } from '#server/contracts/registration.ts';
import {
  IDENTIFICATION_CONTENT_TYPES,
  IDENTIFICATION_FILE_FIELD,
  IDENTIFICATION_FILES_PATH,
  IDENTIFICATION_MAX_BYTES,
  IDENTIFICATION_MESSAGES,
  IDENTIFICATION_UPLOAD_PATH,
  identificationFileParamsSchema,
  identificationFileSchema,
} from '#server/contracts/registration-identification.ts';
import { REGISTRATION_VARIANTS } from '#server/contracts/registration-variants.ts';
import { hasUnstorableCharacter, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { recordAudit } from '#server/db/audit.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { AppError, badRequest, notFound, unprocessable } from '#server/errors.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { deleteStoredFiles } from '../news/article-files.ts';
import { contentDisposition, displayFileName } from '../news/file-routes.ts';
import { auditActorOf } from '../kit/serve-call.ts';
import {
  applicationIdentificationFile,
  identificationAsked,
  identificationStorageKeyOf,
  removeExpiredDraftFiles,
  replaceDraftIdentification,
} from './identification-files.ts';
import { findDraft } from './queries.ts';

/** file_unique_code: 16 random bytes in hex. */
const FILE_CODE_PATTERN = /^[0-9a-f]{32}$/;
const DRAFT_ID_FIELD = 'draft_id';
const ACCEPTED_TYPES: readonly string[] = IDENTIFICATION_CONTENT_TYPES;

const draftGone = () => notFound(REGISTRATION_CALL_MESSAGES.draftGone);

/**
 * The draft of the id if it can take an identification document: it exists (not expired), its
 * variant is one the host's bank offers and asks for the file. Else the refusal that the draft is
 * gone, as the other draft calls answer it. Locked for the rest of the transaction.
 */
async function draftTakingIdentification(request: FastifyRequest, tx: DbTransaction, draftId: string) {
  const draft = await findDraft(tx, draftId);
  if (!draft || !request.tenant.config.registration_variants.includes(draft.variant)) throw draftGone();
  if (!identificationAsked(REGISTRATION_VARIANTS[draft.variant])) throw draftGone();
  return draft;
}

export interface IdentificationUploadOptions {
  storage: FileStorage;
  /** The registration calls' rate limit (routes.ts's `app.rateLimit()`), checked before the body is read. */
  limited: onRequestHookHandler;
}

/**
 * POST IDENTIFICATION_UPLOAD_PATH: an applicant's identification document for the draft, without
 * a login. multipart/form-data with `draft_id` first, then one `file`: the draft is checked before
 * a byte of the file is read, the type is told by the content (JPEG, PNG or PDF), the size is held
 * to IDENTIFICATION_MAX_BYTES as it streams in. The bytes are stored first, then in one
 * transaction the draft's previous file is replaced, the draft's values name the new one and the
 * audit row is written; if that fails the bytes are removed again.
 *
 * Multipart parsing is registered in this plugin's scope only; the API guard's CSRF rule (same
 * origin and X-Requested-With on a POST) runs before the body is read.
 */
export const identificationUploadRoutes: FastifyPluginAsyncZod<IdentificationUploadOptions> = async (
  app,
  { storage, limited },
) => {
  await app.register(fastifyMultipart, {
    // Busboy cuts the file one byte over the limit; readFileWithin stops there. One file, the id.
    limits: { fileSize: IDENTIFICATION_MAX_BYTES + 1, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
  });

  app.post(
    IDENTIFICATION_UPLOAD_PATH,
    {
      config: { access: 'public' },
      onRequest: limited,
      schema: {
        tags: ['registration'],
        summary: '本人確認書類のアップロード',
        description: `申込の一時保存先に本人確認書類（${IDENTIFICATION_MAX_BYTES / 1048576}MBまで: JPEG、PNG、PDF）を multipart/form-data の \`draft_id\` と \`file\` で受け取ります（\`draft_id\` を先に送ってください）。形式はファイルの中身で判定します。申込種別が本人確認書類を求めない、または一時保存先がない（期限切れを含む）ときは 404 です。同じ申込に再度アップロードすると、前のファイルは削除されます。`,
        consumes: ['multipart/form-data'],
        response: { 200: successEnvelope(identificationFileSchema) },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, reply);
      const detected = await fileTypeFromBuffer(upload.bytes);
      if (!detected || !ACCEPTED_TYPES.includes(detected.mime))
        throw unprocessable(IDENTIFICATION_MESSAGES.typeRefused, {
          [IDENTIFICATION_FILE_FIELD]: [IDENTIFICATION_MESSAGES.typeRefused],
        });

      const fileUniqueCode = randomBytes(16).toString('hex');
      const storageKey = identificationStorageKeyOf(request.tenant.code, fileUniqueCode);
      await storage.put(storageKey, upload.bytes, detected.mime);
      let stored;
      try {
        stored = await request.inBank(async (tx) => {
          await draftTakingIdentification(request, tx, upload.draftId);
          const replacement = await replaceDraftIdentification(tx, upload.draftId, {
            file_unique_code: fileUniqueCode,
            file_name: displayFileName(upload.fileName, detected),
            file_content_type: detected.mime,
            file_size: upload.bytes.length,
            file_storage_key: storageKey,
          });
          // A command on a plain route (multipart): its audit row, in its transaction. A visitor's.
          await recordAudit(tx, {
            action: 'DRAFT',
            targetType: 'registration',
            targetId: fileUniqueCode,
            ...auditActorOf(request, null),
          });
          return replacement;
        });
      } catch (error) {
        await deleteStoredFiles(storage, [storageKey], request.log);
        throw error;
      }
      await deleteStoredFiles(storage, stored.replacedKeys, request.log);
      // The code and the size only: the name and the draft are the applicant's.
      request.log.info({ file: fileUniqueCode, size: stored.file.file_size }, 'identification uploaded');
      await removeExpired(request, storage);
      return success(stored.file);
    },
  );
};

/**
 * GET IDENTIFICATION_FILES_PATH/{code}: the identification document of an application sent to the
 * bank, for its admins (the desk). A draft's file, another bank's or an unknown code: 404.
 */
export const identificationReadRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (
  app,
  { storage },
) => {
  app.get(
    `${IDENTIFICATION_FILES_PATH}/:file_unique_code`,
    {
      config: {
        access: 'admin',
        answers: 'file',
        object: { param: 'file_unique_code', table: 'registration_files', column: 'file_unique_code' },
      },
      schema: {
        tags: ['registration'],
        summary: '本人確認書類の取得',
        description:
          '送信された申請の本人確認書類の中身を、システム管理者・金融機関管理者に返します（ダウンロード: attachment）。一時保存中の申込のファイル、他の金融機関のファイルは 404 です。',
        params: identificationFileParamsSchema,
      },
    },
    async (request, reply) => {
      const code = request.params.file_unique_code;
      await request.viewerFor('admin');
      if (!FILE_CODE_PATTERN.test(code)) throw notFound();
      const file = await request.inBank((tx) => applicationIdentificationFile(tx, code));
      if (!file) throw notFound();
      const bytes = await storage.get(file.file_storage_key);
      if (!bytes) {
        request.log.error({ file: code }, 'a registration file row names bytes the storage does not have');
        throw notFound();
      }
      return reply
        .headers({
          'content-type': file.file_content_type,
          'content-length': String(bytes.size),
          'content-disposition': contentDisposition('attachment', file.file_name),
          'x-content-type-options': 'nosniff',
          // Personal data: kept in no cache, the browser's included.
          'cache-control': 'private, no-store',
          // Whatever the bytes are, they never run as a page (as news's files).
          'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
        })
        .send(bytes.body);
    },
  );
};

interface Upload {
  draftId: string;
  fileName: string;
  bytes: Buffer;
}

/**
 * The `draft_id` field and the one `file` of the upload, refusing with the news domain's field
 * messages. The draft is looked up when the file part begins, before its bytes are read; the file
 * is read into memory up to IDENTIFICATION_MAX_BYTES and no further: past it the stream is dropped
 * and the connection closed after the answer, so a browser stops sending the rest.
 */
async function readUpload(request: FastifyRequest, reply: FastifyReply): Promise<Upload> {
  const missingFile = () =>
    badRequest(undefined, { [IDENTIFICATION_FILE_FIELD]: [IDENTIFICATION_MESSAGES.missing] });
  if (!request.isMultipart()) throw missingFile();
  let draftId: string | undefined;
  let file: { name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== DRAFT_ID_FIELD) throw badRequest();
        draftId = checkedDraftId(part.value);
        continue;
      }
      if (part.fieldname !== IDENTIFICATION_FILE_FIELD) throw badRequest();
      // The draft comes first (FormData keeps the order it was filled in): no draft, no bytes read.
      if (draftId === undefined) throw draftIdMissing();
      const id = draftId;
      await request.inBank((tx) => draftTakingIdentification(request, tx, id));
      if (hasUnstorableCharacter(part.filename))
        throw badRequest(undefined, {
          [IDENTIFICATION_FILE_FIELD]: [VALIDATION_MESSAGES.unstorableCharacter],
        });
      const bytes = await readFileWithin(part, IDENTIFICATION_MAX_BYTES);
      if (bytes === undefined)
        throw unprocessable(IDENTIFICATION_MESSAGES.tooLarge, {
          [IDENTIFICATION_FILE_FIELD]: [IDENTIFICATION_MESSAGES.tooLarge],
        });
      file = { name: part.filename, bytes };
    }
  } catch (error) {
    // The body was left partly unread: end the connection after the answer rather than read it.
    reply.header('connection', 'close');
    throw asUploadRefusal(error);
  }
  if (draftId === undefined) throw draftIdMissing();
  if (!file || file.bytes.length === 0) throw missingFile();
  return { draftId, fileName: file.name, bytes: file.bytes };
}

/** draft_id as draftIdSchema checks it, or the 400 with its message on the field. */
function checkedDraftId(value: unknown): string {
  const parsed = z.safeParse(draftIdSchema, value);
  if (!parsed.success)
    throw badRequest(undefined, { [DRAFT_ID_FIELD]: parsed.error.issues.map((issue) => issue.message) });
  return parsed.data;
}

/** No draft_id before the file: the page lost the draft's id. */
const draftIdMissing = () =>
  badRequest(undefined, { [DRAFT_ID_FIELD]: [REGISTRATION_CALL_MESSAGES.draftGone] });

/**
 * A multipart body the parser could not read (no boundary, no closing boundary, a broken header)
 * is the client's fault: 400, not a 500. The multipart plugin's own refusals (too many parts, a
 * field too long) keep their 4xx status; our refusals pass through.
 */
function asUploadRefusal(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return badRequest(undefined, { [IDENTIFICATION_FILE_FIELD]: [IDENTIFICATION_MESSAGES.missing] });
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

/** The bank's files of expired drafts go with each upload: best effort, a failure is only logged. */
async function removeExpired(request: FastifyRequest, storage: FileStorage) {
  try {
    const keys = await request.inBank((tx) => removeExpiredDraftFiles(tx));
    await deleteStoredFiles(storage, keys, request.log);
  } catch (error) {
    request.log.warn({ err: error }, 'files of expired registration drafts could not be removed');
  }
}
