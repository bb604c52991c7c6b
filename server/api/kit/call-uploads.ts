import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type * as z from 'zod/mini';
import type { AnyCall, CallUpload, UploadLimits } from '#server/contracts/call.ts';
import { largestUploadBytes, uploadLimitsOf } from '#server/contracts/upload-limits.ts';
import { hasUnstorableCharacter, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { badRequest, unprocessable } from '#server/errors.ts';
import { zodValidatorCompiler } from '#server/plugins/request-validation.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import {
  deleteStoredFiles,
  displayFileName,
  readFileWithin,
  readUploadParts,
  refuseArchiveBombs,
  type StoredFileColumns,
} from './uploaded-files.ts';
import { type ImageType, withoutImageMetadata } from './uploaded-images.ts';

/**
 * The gateway's reading of an upload call's multipart body (server/contracts/call.ts, `upload`),
 * before its handler runs and before any transaction opens: the text fields as the call's `body`
 * schema parses them (the spec's messages, as a JSON body's), and the one file read up to its
 * limit and no further, its type told by its bytes, an archive that would unpack too large refused,
 * an image encoded again without its metadata. The handler gets the file as it is to be stored.
 */

/** An upload's file as the handler gets it: the name the browser gave, the bytes to store, their type. */
export interface ReceivedFile {
  fileName: string;
  bytes: Buffer;
  type: ImageType;
}

/** The largest text field a multipart body may carry (a kind, a short code). */
const FIELD_MAX_BYTES = 1024;

/** The text fields the call's body schema names. */
function fieldNamesOf(call: AnyCall): readonly string[] {
  const shape = (call.body as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def
    ?.shape;
  return shape ? Object.keys(shape) : [];
}

/** The limits whose file is the largest: what a file sent before the field that chooses is held to. */
function largestLimits(upload: CallUpload): UploadLimits {
  const { limits } = upload;
  if (!('by' in limits)) return limits;
  const largest = largestUploadBytes(upload);
  return Object.values(limits.of).find((each) => each.maxBytes === largest) ?? Object.values(limits.of)[0]!;
}

/**
 * Reads the upload of `call` from the request: its parsed text fields and its file. Refuses with
 * 400 a body that is not multipart, lacks the file, sends a part the call does not name or a field
 * its schema refuses, and with 422 (under the file's field, in the call's words) a file too large
 * or of a type the call does not take. `beforeFile`, when given, sees the text fields sent before
 * the file (as sent) once the file begins and before a byte of it is read: its refusal reads none.
 */
export async function readCallUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  call: AnyCall & { upload: CallUpload },
  beforeFile?: (fields: Readonly<Record<string, unknown>>) => Promise<void>,
): Promise<{ body: unknown; file: ReceivedFile }> {
  const { upload } = call;
  const { field } = upload;
  const missingFile = () => badRequest(undefined, { [field]: [upload.missingMessage] });
  if (!request.isMultipart()) throw missingFile();
  const names = fieldNamesOf(call);
  const fields: Record<string, unknown> = {};
  let file: { name: string; bytes: Buffer } | undefined;
  await readUploadParts(
    request,
    reply,
    {
      refusal: missingFile,
      onField: (part) => {
        if (!names.includes(part.fieldname) || Object.hasOwn(fields, part.fieldname)) throw badRequest();
        fields[part.fieldname] = part.value;
      },
      onFile: async (part) => {
        if (part.fieldname !== field) throw badRequest();
        if (beforeFile) await beforeFile(fields);
        if (hasUnstorableCharacter(part.filename))
          throw badRequest(undefined, { [field]: [VALIDATION_MESSAGES.unstorableCharacter] });
        const limits = uploadLimitsOf(upload, fields) ?? largestLimits(upload);
        const bytes = await readFileWithin(part, limits.maxBytes);
        if (bytes === undefined)
          throw unprocessable(limits.messages.tooLarge, { [field]: [limits.messages.tooLarge] });
        file = { name: part.filename, bytes };
      },
    },
    {
      fileSize: largestUploadBytes(upload) + 1,
      files: 1,
      // One field more than the call names, so a stray one is refused by name (400), not by count.
      fields: names.length + 1,
      parts: names.length + 2,
      fieldSize: FIELD_MAX_BYTES,
    },
  );
  const body = call.body ? parsedFields(call.body, fields) : undefined;
  if (!file || file.bytes.length === 0) throw missingFile();
  // A file sent before the field that chooses its limits was held to the largest: now to its own.
  const limits = uploadLimitsOf(upload, (body ?? {}) as Record<string, unknown>) ?? largestLimits(upload);
  if (file.bytes.length > limits.maxBytes)
    throw unprocessable(limits.messages.tooLarge, { [field]: [limits.messages.tooLarge] });
  refuseArchiveBombs(file.bytes, field);
  const typeRefused = () =>
    unprocessable(limits.messages.typeRefused, { [field]: [limits.messages.typeRefused] });
  const type = await fileTypeFromBuffer(file.bytes);
  if (!type || !limits.contentTypes.includes(type.mime)) throw typeRefused();
  const bytes = await withoutImageMetadata(request, { bytes: file.bytes, type }, typeRefused);
  return { body, file: { fileName: file.name, bytes, type: { ext: type.ext, mime: type.mime } } };
}

/** The text fields as the call's body schema parses them: its 400 with the spec's field messages. */
function parsedFields(schema: z.core.$ZodType, fields: Record<string, unknown>): unknown {
  const result = zodValidatorCompiler({ schema } as Parameters<typeof zodValidatorCompiler>[0])(fields) as {
    value?: unknown;
    error?: Error;
  };
  if (result.error) throw result.error;
  return result.value;
}

/** What storing a received file gives the handler: its new code and the columns of a row naming it. */
export interface StoredReceivedFile extends StoredFileColumns {
  /** file_unique_code: 32 random hex digits, the file's id in its paths and the audit trail. */
  code: string;
}

/**
 * An upload call's `before` step: stores the received file's bytes under a new random code before
 * the transaction opens, so that a committed row never names bytes that are not there; when the
 * call fails after it, the bytes go again. `storageKeyOf` says where, from the bank and the code.
 */
export async function storeReceivedFile(
  context: {
    file: ReceivedFile;
    request: FastifyRequest;
    undoOnFailure: (work: () => Promise<void>) => void;
  },
  storage: FileStorage,
  storageKeyOf: (bankCode: string, fileUniqueCode: string) => string,
): Promise<StoredReceivedFile> {
  const { file, request } = context;
  const code = randomBytes(16).toString('hex');
  const storageKey = storageKeyOf(request.tenant.code, code);
  await storage.put(storageKey, file.bytes, file.type.mime);
  context.undoOnFailure(() => deleteStoredFiles(storage, [storageKey], request.log));
  return {
    code,
    file_unique_code: code,
    file_name: displayFileName(file.fileName, file.type),
    file_content_type: file.type.mime,
    file_size: file.bytes.length,
    file_storage_key: storageKey,
  };
}
