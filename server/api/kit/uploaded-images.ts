import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { type FileTypeResult, fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { AppError } from '#server/errors.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';

/**
 * What the upload kit does with images: an image named by its code only (a company's logo, a
 * user's profile picture) has no stored name or type, so its type is told by its bytes whenever they
 * are read (storedImageType, for serve-file-call.ts's storedImageToSend); every uploaded image is
 * encoded again without its metadata before it is stored (withoutImageMetadata, for
 * call-uploads.ts).
 */

/** An image type as told by its bytes. */
export type ImageType = Pick<FileTypeResult, 'ext' | 'mime'>;

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
 * Every call with a file stores it through here (readCallUpload, before its handler runs), so no
 * served image carries the uploader's metadata. Bytes sharp cannot decode, or that would decode past
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
