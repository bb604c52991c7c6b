import type { Readable } from 'node:stream';
import fastifyMultipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FileTypeResult } from 'file-type';
import { ARCHIVE_MESSAGES, zipArchiveBounds } from '#server/contracts/archive-bounds.ts';
import { FILE_NAME_MAX_LENGTH } from '#server/contracts/news.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { AppError, notFound, unprocessable } from '#server/errors.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';

/**
 * The mechanics under the calls with a file and the file reads (call-uploads.ts, serve-file-call.ts;
 * decision 0111), whatever the domain: multipart parsing in a plugin's own scope, reading the parts
 * without reading a byte past the limit, answering a body the parser cannot read as the client's
 * 400, refusing archive bombs, the clean name a file is kept under, the headers that keep a file's
 * bytes from ever running as a page, and the removal of bytes whose rows are gone. The fields, their
 * messages, the limits and who may read what are each call's declaration and its domain's.
 */

/** file_unique_code: 32 hex digits (a random UUID's, or 16 random bytes'). */
const FILE_CODE_PATTERN = /^[0-9a-f]{32}$/;
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

/**
 * Registers multipart parsing in the calling plugin's scope only (the API guard's CSRF rule runs
 * before any byte of the body is read): one file, a handful of short fields, nothing else. Busboy
 * cuts the file one byte over `largestFileBytes`; readFileWithin stops at the route's own limit
 * before that, so the route, not the parser, says what was too large.
 */
export async function acceptUploads(
  app: FastifyInstance,
  limits: { largestFileBytes: number; fields: number; parts: number },
): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: limits.largestFileBytes + 1,
      files: 1,
      fields: limits.fields,
      parts: limits.parts,
      fieldSize: 1024,
    },
  });
}

/** Busboy's limits for one request, within the plugin's (an upload call's own, from its declaration). */
export interface UploadPartLimits {
  fileSize: number;
  files: number;
  fields: number;
  parts: number;
  fieldSize: number;
}

/** What a route does with each part of an upload, and its own 400 for a body it cannot read. */
export interface UploadPartReaders {
  onField: (part: MultipartValue) => void;
  onFile: (part: MultipartFile) => Promise<void>;
  /** The refusal of a body the parser could not read (the route's "no file" field error). */
  refusal: () => AppError;
}

/**
 * Hands each part of the request's multipart body to the route, in the order the browser sent
 * them. When anything goes wrong on the way, the body was left partly unread: the connection is
 * closed after the answer rather than read to its end, and the error is answered as
 * asUploadRefusal says.
 */
export async function readUploadParts(
  request: FastifyRequest,
  reply: FastifyReply,
  readers: UploadPartReaders,
  limits?: UploadPartLimits,
): Promise<void> {
  try {
    for await (const part of request.parts(limits ? { limits } : undefined)) {
      if (part.type === 'field') readers.onField(part);
      else await readers.onFile(part);
    }
  } catch (error) {
    reply.header('connection', 'close');
    throw asUploadRefusal(error, readers.refusal);
  }
}

/**
 * A multipart body the parser could not read (no boundary, no closing boundary, a broken header)
 * is the client's fault: 400 (`refusal`), not a 500. The multipart plugin's own refusals (too many
 * parts, a field too long) keep their 4xx status; our refusals pass through.
 */
function asUploadRefusal(error: unknown, refusal: () => AppError): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return refusal();
}

/** The part's bytes, or undefined as soon as they pass `limit` (the rest is never read). */
export async function readFileWithin(part: MultipartFile, limit: number): Promise<Buffer | undefined> {
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

/** How a ZIP archive begins (Office's OOXML files are ZIP archives): a local file header's signature. */
const ZIP_LOCAL_FILE_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Refuses an upload that is a ZIP archive (a .docx, .xlsx or .pptx) whose central directory says
 * it unpacks past ARCHIVE_LIMITS (server/contracts/archive-bounds.ts, the browser's check too):
 * 422 with ARCHIVE_MESSAGES.tooLarge on `field`. Run before anything reads its entries (the type
 * check by content peeks into an archive), so neither the gateway nor whoever opens the file later
 * is handed a zip bomb. Anything that is not a ZIP archive passes; whether its type is taken is
 * the type check's to say.
 */
export function refuseArchiveBombs(bytes: Buffer, field: string): void {
  if (!bytes.subarray(0, ZIP_LOCAL_FILE_HEADER.length).equals(ZIP_LOCAL_FILE_HEADER)) return;
  if (zipArchiveBounds(bytes).kind === 'too_large')
    throw unprocessable(ARCHIVE_MESSAGES.tooLarge, { [field]: [ARCHIVE_MESSAGES.tooLarge] });
}

/** The columns every table of stored files has (article_files, registration_files). */
export interface StoredFileColumns {
  file_unique_code: string;
  file_name: string;
  file_content_type: string;
  file_size: number;
  file_storage_key: string;
}

/**
 * A clean display name for an uploaded file: the last part of any path, NFC, no control or invisible
 * formatting characters (a right-to-left override could disguise the extension), none of the
 * characters Windows refuses, no leading dots, single spaces, within FILE_NAME_MAX_LENGTH characters
 * (the length of every file_name column). The extension is kept when it fits the type told by the
 * content, else the type's is added.
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

/** A stored file as a read answers it: its row's columns, and how the browser is to take it. */
export interface FileToSend extends Pick<
  StoredFileColumns,
  'file_name' | 'file_content_type' | 'file_storage_key'
> {
  /** Shown in the browser (an image) or saved (anything else). */
  disposition: 'attachment' | 'inline';
  /** How long the browser may keep it: the route knows whether the file is personal data. */
  cacheControl: string;
}

/**
 * Answers the bytes of the file `code` as `find` gives it, or 404: for a code that cannot be one
 * (before any query), for a file `find` does not give the asker (whether it exists is not told),
 * and for a row whose bytes are missing from the storage (logged: that is a fault of ours).
 *
 * Whatever the bytes are, they never run as a page: the browser may not guess another type
 * (nosniff), and the sandbox CSP allows no script, no plugin, no frame, and gives a unique origin
 * even if a browser did render them as a document.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  code: string,
  find: (code: string) => Promise<FileToSend | undefined>,
): Promise<FastifyReply> {
  if (!FILE_CODE_PATTERN.test(code)) throw notFound();
  const file = await find(code);
  if (!file) throw notFound();
  const bytes = await storage.get(file.file_storage_key);
  if (!bytes) {
    request.log.error({ file: code }, 'a file row names bytes the storage does not have');
    throw notFound();
  }
  return reply
    .headers({
      'content-type': file.file_content_type,
      'content-length': String(bytes.size),
      'content-disposition': contentDisposition(file.disposition, file.file_name),
      'x-content-type-options': 'nosniff',
      'cache-control': file.cacheControl,
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
    })
    .send(bytes.body);
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

/**
 * Removes stored bytes whose rows are gone (after the transaction that removed them committed).
 * A failure is logged, not thrown: the change the user made is done, and a leftover object is only
 * unreachable bytes (no row names it, so no one can read it).
 */
export async function deleteStoredFiles(
  storage: FileStorage,
  keys: readonly string[],
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  for (const [index, result] of results.entries()) {
    if (result.status === 'rejected')
      log.warn({ err: result.reason, storageKey: keys[index] }, 'stored file could not be removed');
  }
}

/**
 * Removes the bytes of the request's bank's files no row names any more, by their codes (null: no
 * file), once the change that released them has committed: deleteStoredFiles with the storage key
 * `keyOf` makes of the bank and each code.
 */
export function deleteReleasedFiles(
  request: FastifyRequest,
  storage: FileStorage,
  keyOf: (bankCode: string, fileUniqueCode: string) => string,
  fileCodes: readonly (string | null)[],
): Promise<void> {
  const keys = fileCodes.flatMap((code) => (code === null ? [] : [keyOf(request.tenant.code, code)]));
  return deleteStoredFiles(storage, keys, request.log);
}

/**
 * Removes the bank's files no one will ever ask for again (`removeRows` deletes their rows in the
 * bank's transaction and answers their storage keys), then their bytes. Run after an upload, it
 * keeps the storage from growing with forms left half done; best effort, so a failure is only
 * logged (as `failureMessage`) and never spoils the upload that was just stored.
 */
export async function removeLeftoverFiles(
  request: FastifyRequest,
  storage: FileStorage,
  removeRows: (tx: DbTransaction) => Promise<string[]>,
  failureMessage: string,
): Promise<void> {
  try {
    const keys = await request.inBank(removeRows);
    await deleteStoredFiles(storage, keys, request.log);
  } catch (error) {
    request.log.warn({ err: error }, failureMessage);
  }
}
