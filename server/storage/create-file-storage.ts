import type { ServerConfig } from '../config.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalDiskStorage } from './local-disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/**
 * The file storage the config names (STORAGE_DRIVER): the local disk under DATA_DIR/files, or an
 * S3-compatible bucket. The S3 keys are read here through readSecret, so they never sit in the
 * config object (which may be logged or inspected).
 */
export function createFileStorage(config: Pick<ServerConfig, 'storage' | 'readSecret'>): FileStorage {
  const { storage } = config;
  if (storage.driver === 'local') return createLocalDiskStorage(storage.directory);
  const accessKeyId = config.readSecret('S3_ACCESS_KEY_ID');
  const secretAccessKey = config.readSecret('S3_SECRET_ACCESS_KEY');
  return createS3Storage({
    ...storage,
    // The config refused one key without the other.
    credentials:
      accessKeyId !== undefined && secretAccessKey !== undefined
        ? { accessKeyId, secretAccessKey }
        : undefined,
  });
}
