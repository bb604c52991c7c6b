import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { FileStorage } from './file-storage.ts';
import { assertStorageKey } from './storage-key.ts';

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible store's address; undefined: AWS S3 itself. */
  endpoint?: string | undefined;
  region: string;
  /** `{endpoint}/{bucket}/{key}` instead of `{bucket}.{endpoint}/{key}` (most self-hosted stores). */
  forcePathStyle: boolean;
  /** Both keys, or undefined for the AWS SDK's own chain (AWS_* variables, the instance's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export interface S3Storage extends FileStorage {
  /** Ends the client's connections (the gateway's shutdown). */
  close(): void;
}

/**
 * Files as objects of one bucket of any S3-compatible store, the key as the object key. Several
 * gateways share it. The bucket is the operator's: it is neither created nor configured here.
 */
export function createS3Storage(options: S3StorageOptions): S3Storage {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint === undefined
      ? // AWS itself: a bucket in another region than S3_REGION still answers.
        { followRegionRedirects: true }
      : {
          endpoint: options.endpoint,
          // The SDK's default CRC32 checksum headers are newer than many S3-compatible stores: send
          // and check them only where the operation requires them (what those stores understand).
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const { bucket } = options;

  return {
    async put(key, body, contentType) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },

    async get(key) {
      assertStorageKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        // In Node the SDK answers the HTTP response itself, a Readable.
        if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered no readable body for ${key}`);
        return { body: answer.Body, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof NoSuchKey || isNotFound(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      assertStorageKey(key);
      // S3 answers 204 for a key that is not there too.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    close() {
      client.destroy();
    },
  };
}

/** Some S3-compatible stores answer a plain 404 rather than the NoSuchKey error code. */
function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}
