import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import { type FileTypeResult, fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { hasUnstorableCharacter, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { recordAudit } from '#server/db/audit.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { type AppError, badRequest, notFound, unprocessable } from '#server/errors.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { auditActorOf } from '#server/api/kit/audit-actor.ts';
import {
  deleteStoredFiles,
  readFileWithin,
  readUploadParts,
  sendStoredFile,
} from '#server/api/kit/uploaded-files.ts';

/**
 * What the routes of an image that a row names by its code only do the same way (a company's logo,
 * a user's profile picture): no row of its own and no stored name or type, so the type is told by
 * the bytes whenever they are read, as it was when they were accepted; a new image replaces the old
 * one, whose bytes are removed once the change has committed. The mechanics of multipart and of
 * answering stored bytes are the upload kit's (uploaded-files.ts); the field, limits, messages,
 * who may read what and the audit target stay with each route.
 */

/** An image type as told by its bytes. */
export type ImageType = Pick<FileTypeResult, 'ext' | 'mime'>;

/** The one file field of an image upload, what it may be, and its messages. */
export interface ImageUploadLimits {
  field: string;
  maxBytes: number;
  contentTypes: readonly string[];
  messages: { missing: string; tooLarge: string; typeRefused: string };
}

/** Enough of the head of any accepted image type for file-type to tell it. */
const TYPE_SNIFF_BYTES = 4100;

/** The image type of the stored bytes, read from their first bytes; undefined when there are none. */
export async function storedImageType(storage: FileStorage, key: string): Promise<ImageType | undefined> {
  const stored = await storage.get(key);
  if (!stored) return undefined;
  const stream: Readable = stored.body;
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= TYPE_SNIFF_BYTES) break;
    }
  } finally {
    stream.destroy();
  }
  return fileTypeFromBuffer(Buffer.concat(chunks, length));
}

/**
 * The image as sent in the one file field, read up to `limits.maxBytes` and no further, with its
 * type told by the content: 400 when the file is missing, 422 when it is too large or of a type not
 * in `limits.contentTypes`.
 */
export async function readImageUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  limits: ImageUploadLimits,
): Promise<{ bytes: Buffer; type: ImageType }> {
  const { field, messages } = limits;
  const missingFile = () => badRequest(undefined, { [field]: [messages.missing] });
  if (!request.isMultipart()) throw missingFile();
  let bytes: Buffer | undefined;
  await readUploadParts(request, reply, {
    refusal: missingFile,
    onField: () => {
      throw badRequest();
    },
    onFile: async (part) => {
      if (part.fieldname !== field) throw badRequest();
      if (hasUnstorableCharacter(part.filename))
        throw badRequest(undefined, { [field]: [VALIDATION_MESSAGES.unstorableCharacter] });
      bytes = await readFileWithin(part, limits.maxBytes);
      if (bytes === undefined) throw unprocessable(messages.tooLarge, { [field]: [messages.tooLarge] });
    },
  });
  if (!bytes || bytes.length === 0) throw missingFile();
  const type = await fileTypeFromBuffer(bytes);
  const typeRefused = () => unprocessable(messages.typeRefused, { [field]: [messages.typeRefused] });
  if (!type || !limits.contentTypes.includes(type.mime)) throw typeRefused();
  return { bytes: await withoutImageMetadata(request, { bytes, type }, typeRefused), type };
}

/**
 * The most pixels an uploaded image may decode to: more than a 48-megapixel phone camera's photo,
 * and a bound on the memory a few megabytes of compressed bytes can ask for while re-encoding.
 */
const IMAGE_MAX_INPUT_PIXELS = 60_000_000;

/** The encoder of each image type an upload takes: the same type out as in. */
const ENCODER_OF_TYPE: Record<string, (image: sharp.Sharp) => sharp.Sharp> = {
  'image/jpeg': (image) => image.jpeg({ quality: 90 }),
  'image/png': (image) => image.png(),
  'image/gif': (image) => image.gif(),
  'image/webp': (image) => image.webp({ quality: 90 }),
};

/**
 * The upload's bytes as they are to be stored: an image (JPEG, PNG, GIF, WebP) decoded and encoded
 * again in its own type, which leaves out every piece of metadata (EXIF with its GPS position and
 * camera, XMP, IPTC, ICC profiles after conversion to sRGB, PNG text): sharp keeps none unless
 * asked to. The EXIF orientation is applied to the pixels first, so the photo still stands as it
 * was taken. Every frame of an animation is kept. Any other type (PDF, Office files) is answered
 * as it came.
 *
 * Every route that takes an image stores it through here (the image routes through
 * readImageUpload, news and registration on their own reading), so no served image carries the
 * uploader's metadata. Bytes sharp cannot decode, or that would decode past
 * IMAGE_MAX_INPUT_PIXELS, are refused with `refusal` (the route's type-refused 422), never a 500.
 */
export async function withoutImageMetadata(
  request: FastifyRequest,
  upload: { bytes: Buffer; type: ImageType },
  refusal: () => AppError,
): Promise<Buffer> {
  const encode = ENCODER_OF_TYPE[upload.type.mime];
  if (!encode) return upload.bytes;
  try {
    const decoded = sharp(upload.bytes, {
      animated: true,
      failOn: 'error',
      limitInputPixels: IMAGE_MAX_INPUT_PIXELS,
    });
    return await encode(decoded.autoOrient()).toBuffer();
  } catch (error) {
    // libvips' reason names no one (no file name, no bytes): it says which check the file failed.
    request.log.info({ reason: (error as Error).message }, 'an uploaded image could not be decoded');
    throw refusal();
  }
}

/** Where a new image goes, the row that names it instead of the old one, and its audit row. */
export interface ImageReplacement {
  /** Where an image's bytes are kept, from the bank's code and the image's code. */
  storageKeyOf: (bankCode: string, fileUniqueCode: string) => string;
  /** Names the new code in the row; the code it named before, or undefined when there is no row. */
  replace: (tx: DbTransaction, fileUniqueCode: string) => Promise<{ previous: string | null } | undefined>;
  /** The UPDATE audit row's target (the row that names the image, not the image) and its actor. */
  audit: { targetType: string; targetId: string; actorUserId: number };
  /** Runs once the change has committed, before the old bytes are removed. */
  onCommitted: () => void;
}

/**
 * Stores the image under a new random code, then in one transaction of the request's bank names it
 * in place of the old one (404 when the row is gone) and writes the audit row; answers the new code.
 * The bytes go first, so that a committed row never names bytes that are not there. Not the kit's
 * storeUpload: the image has no row of its own, and its audit row names the row that holds it.
 */
export async function storeReplacingImage(
  request: FastifyRequest,
  storage: FileStorage,
  image: { bytes: Buffer; type: ImageType },
  replacement: ImageReplacement,
): Promise<string> {
  const code = randomBytes(16).toString('hex');
  const key = replacement.storageKeyOf(request.tenant.code, code);
  await storage.put(key, image.bytes, image.type.mime);
  let replaced: { previous: string | null };
  try {
    replaced = await request.inBank(async (tx) => {
      const changed = await replacement.replace(tx, code);
      if (!changed) throw notFound();
      const { actorUserId, ...target } = replacement.audit;
      await recordAudit(tx, { action: 'UPDATE', ...target, ...auditActorOf(request, actorUserId) });
      return changed;
    });
  } catch (error) {
    await deleteStoredFiles(storage, [key], request.log);
    throw error;
  }
  replacement.onCommitted();
  if (replaced.previous !== null)
    await deleteStoredFiles(
      storage,
      [replacement.storageKeyOf(request.tenant.code, replaced.previous)],
      request.log,
    );
  return code;
}

/**
 * The config of a route that reads an image by the code `column` of `table` holds: any logged-in
 * user may call it (the route itself says which images each may see), it answers a file, and the
 * security walk reads a code from a row that has an image.
 */
export function imageReadConfig(table: string, column: string): FastifyContextConfig {
  return {
    access: 'login',
    answers: 'file',
    object: { param: 'file_unique_code', table, column, where: `${column} is not null` },
  };
}

/** How a route finds the image a code names, and what it calls the file. */
export interface ImageToSend {
  /** Whether the asker may see the image `code` names (in the request's bank). */
  visible: (tx: DbTransaction, fileUniqueCode: string) => Promise<boolean>;
  storageKeyOf: (bankCode: string, fileUniqueCode: string) => string;
  /** The file's name before its extension (`logo` answers `logo.png`). */
  fileNameStem: string;
  /** Logged when a row names bytes the storage does not have. */
  missingBytesLog: string;
}

/**
 * Answers the image `code` names, shown in place (inline), with its type told by its bytes; 404 for
 * an image the asker may not see (whether it exists is not told) or whose bytes are missing.
 */
export async function sendStoredImage(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  code: string,
  image: ImageToSend,
): Promise<FastifyReply> {
  return sendStoredFile(request, reply, storage, code, async (fileUniqueCode) => {
    if (!(await request.inBank((tx) => image.visible(tx, fileUniqueCode)))) return undefined;
    const key = image.storageKeyOf(request.tenant.code, fileUniqueCode);
    const type = await storedImageType(storage, key);
    if (!type) {
      request.log.error({ file: fileUniqueCode }, image.missingBytesLog);
      return undefined;
    }
    return {
      file_name: `${image.fileNameStem}.${type.ext}`,
      file_content_type: type.mime,
      file_storage_key: key,
      disposition: 'inline',
      // A code names one image for ever (a new image gets a new code).
      cacheControl: 'private, max-age=86400',
    };
  });
}
