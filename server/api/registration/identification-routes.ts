import { randomBytes } from 'node:crypto';
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
import type { DbTransaction } from '#server/db/database.ts';
import { badRequest, notFound, unprocessable } from '#server/errors.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import * as uploadedFiles from '../kit/uploaded-files.ts';
import { withoutImageMetadata } from '../kit/uploaded-images.ts';
import {
  applicationIdentificationFile,
  identificationAsked,
  identificationStorageKeyOf,
  removeExpiredDraftFiles,
  replaceDraftIdentification,
} from './identification-files.ts';
import { findDraft } from './queries.ts';

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
 * Multipart parsing is registered in this plugin's scope only (the upload kit's acceptUploads).
 */
export const identificationUploadRoutes: FastifyPluginAsyncZod<IdentificationUploadOptions> = async (
  app,
  { storage, limited },
) => {
  // One file and the draft's id.
  await uploadedFiles.acceptUploads(app, { largestFileBytes: IDENTIFICATION_MAX_BYTES, fields: 2, parts: 3 });

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
      const typeRefused = () =>
        unprocessable(IDENTIFICATION_MESSAGES.typeRefused, {
          [IDENTIFICATION_FILE_FIELD]: [IDENTIFICATION_MESSAGES.typeRefused],
        });
      if (!detected || !ACCEPTED_TYPES.includes(detected.mime)) throw typeRefused();
      // A photo of a document taken on a phone says where it was taken: kept by no one.
      const bytes = await withoutImageMetadata(request, { bytes: upload.bytes, type: detected }, typeRefused);

      const code = randomBytes(16).toString('hex');
      const storageKey = identificationStorageKeyOf(request.tenant.code, code);
      // A visitor's upload: its audit row names no one.
      const audit = { action: 'DRAFT', targetType: 'registration', actorUserId: null } as const;
      const stored = await uploadedFiles.storeUpload(
        request,
        storage,
        { ...upload, bytes, type: detected, code, storageKey },
        audit,
        async (tx, columns) => {
          await draftTakingIdentification(request, tx, upload.draftId);
          return replaceDraftIdentification(tx, upload.draftId, columns);
        },
      );
      await uploadedFiles.deleteStoredFiles(storage, stored.replacedKeys, request.log);
      // The code and the size only: the name and the draft are the applicant's.
      request.log.info({ file: code, size: stored.file.file_size }, 'identification uploaded');
      // The bank's files of expired drafts go with each upload.
      await uploadedFiles.removeLeftoverFiles(
        request,
        storage,
        (tx) => removeExpiredDraftFiles(tx),
        'files of expired registration drafts could not be removed',
      );
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
      config: uploadedFiles.fileReadConfig('admin', 'registration_files'),
      schema: {
        tags: ['registration'],
        summary: '本人確認書類の取得',
        description:
          '送信された申請の本人確認書類の中身を、システム管理者・金融機関管理者に返します（ダウンロード: attachment）。一時保存中の申込のファイル、他の金融機関のファイルは 404 です。',
        params: identificationFileParamsSchema,
      },
    },
    async (request, reply) => {
      await request.viewerFor('admin');
      return uploadedFiles.sendStoredFile(
        request,
        reply,
        storage,
        request.params.file_unique_code,
        async (code) => {
          const file = await request.inBank((tx) => applicationIdentificationFile(tx, code));
          // Personal data: kept in no cache, the browser's included.
          return file && { ...file, disposition: 'attachment', cacheControl: 'private, no-store' };
        },
      );
    },
  );
};

interface Upload {
  draftId: string;
  fileName: string;
  bytes: Buffer;
}

/**
 * The `draft_id` field and the one `file` of the upload, refusing with IDENTIFICATION_MESSAGES on
 * its fields. The draft is looked up when the file part begins, before its bytes are read; the file
 * is read into memory up to IDENTIFICATION_MAX_BYTES and no further: past it the stream is dropped
 * and the connection closed after the answer, so a browser stops sending the rest.
 */
async function readUpload(request: FastifyRequest, reply: FastifyReply): Promise<Upload> {
  const missingFile = () =>
    badRequest(undefined, { [IDENTIFICATION_FILE_FIELD]: [IDENTIFICATION_MESSAGES.missing] });
  if (!request.isMultipart()) throw missingFile();
  let draftId: string | undefined;
  let file: { name: string; bytes: Buffer } | undefined;
  await uploadedFiles.readUploadParts(request, reply, {
    refusal: missingFile,
    onField: (part) => {
      if (part.fieldname !== DRAFT_ID_FIELD) throw badRequest();
      draftId = checkedDraftId(part.value);
    },
    onFile: async (part) => {
      if (part.fieldname !== IDENTIFICATION_FILE_FIELD) throw badRequest();
      // The draft comes first (FormData keeps the order it was filled in): no draft, no bytes read.
      if (draftId === undefined) throw draftIdMissing();
      const id = draftId;
      await request.inBank((tx) => draftTakingIdentification(request, tx, id));
      if (hasUnstorableCharacter(part.filename))
        throw badRequest(undefined, {
          [IDENTIFICATION_FILE_FIELD]: [VALIDATION_MESSAGES.unstorableCharacter],
        });
      const bytes = await uploadedFiles.readFileWithin(part, IDENTIFICATION_MAX_BYTES);
      if (bytes === undefined)
        throw unprocessable(IDENTIFICATION_MESSAGES.tooLarge, {
          [IDENTIFICATION_FILE_FIELD]: [IDENTIFICATION_MESSAGES.tooLarge],
        });
      file = { name: part.filename, bytes };
    },
  });
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
