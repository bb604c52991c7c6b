import type { Readable } from 'node:stream';

/**
 * Where uploaded files' bytes live (attachments and images of the news domain, and later domains'
 * files). Two implementations: the local disk (DATA_DIR/files, the default) and any S3-compatible
 * object store (STORAGE_DRIVER=s3). Keys are made by the caller and always start with the bank code,
 * so one bank's files never share a prefix with another's.
 */
export interface FileStorage {
  /** Stores the bytes under `key` (replacing what was there). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes under `key` as a stream, or undefined when there is none. */
  get(key: string): Promise<{ body: Readable; size: number } | undefined>;
  /** Removes `key`; removing a key that is not there is not an error. */
  delete(key: string): Promise<void>;
}
