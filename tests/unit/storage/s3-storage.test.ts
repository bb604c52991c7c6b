import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '#server/config.ts';
import { createFileStorage } from '#server/storage/create-file-storage.ts';
import { createS3Storage, type S3Storage } from '#server/storage/s3-storage.ts';
import { InvalidStorageKeyError } from '#server/storage/storage-key.ts';

// A real S3 API in this process: s3rver on a free port, its objects in a temp folder, checking
// signatures against its fixed credentials.
const BUCKET = 'portal-files';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let directory: string;
let server: S3rver;
let endpoint: string;
const opened: S3Storage[] = [];

function storageAt(options: Partial<Parameters<typeof createS3Storage>[0]> = {}): S3Storage {
  const storage = createS3Storage({
    bucket: BUCKET,
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CREDENTIALS,
    ...options,
  });
  opened.push(storage);
  return storage;
}

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'portal-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const storage of opened) storage.close();
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

describe('the S3 storage against an S3-compatible server', () => {
  it('stores, reads and removes an object under its key', async () => {
    const storage = storageAt();
    const bytes = Buffer.from('%PDF-1.4 ご案内');
    await storage.put('0182/articles/0a1b2c', bytes, 'application/pdf');

    const stored = await storage.get('0182/articles/0a1b2c');
    expect(stored?.size).toBe(bytes.length);
    expect(await text(stored!.body)).toBe('%PDF-1.4 ご案内');

    await storage.delete('0182/articles/0a1b2c');
    expect(await storage.get('0182/articles/0a1b2c')).toBeUndefined();
  });

  it('answers undefined for a key that holds nothing, and removing it is no error', async () => {
    const storage = storageAt();
    expect(await storage.get('0182/articles/never-stored')).toBeUndefined();
    await expect(storage.delete('0182/articles/never-stored')).resolves.toBeUndefined();
  });

  it('replaces what a key held', async () => {
    const storage = storageAt();
    await storage.put('0158/articles/replaced', Buffer.from('old'), 'text/plain');
    await storage.put('0158/articles/replaced', Buffer.from('new bytes'), 'text/plain');
    expect(await text((await storage.get('0158/articles/replaced'))!.body)).toBe('new bytes');
  });

  // s3rver checks the access key of a V4 signature but not the signature itself (its README).
  it('signs its requests with the configured keys: a key the store does not know is refused', async () => {
    const storage = storageAt({ credentials: { accessKeyId: 'UNKNOWN', secretAccessKey: 'S3RVER' } });
    await expect(storage.put('0182/articles/refused', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /Access Key Id/i,
    );
  });

  it('refuses an unsafe key before any request', async () => {
    const storage = storageAt();
    await expect(
      storage.put('0182/../0158/articles/x', Buffer.from('x'), 'text/plain'),
    ).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.get('../x')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('is what the config builds with STORAGE_DRIVER=s3 and the S3_* variables', async () => {
    const config = loadServerConfig(
      {
        STORAGE_DRIVER: 's3',
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      },
      '/app',
    );
    const storage = createFileStorage(config);
    await storage.put('0182/articles/from-config', Buffer.from('configured'), 'text/plain');
    // Read back through a storage of this test's own: the object is really in the bucket.
    expect(await text((await storageAt().get('0182/articles/from-config'))!.body)).toBe('configured');
    await storage.delete('0182/articles/from-config');
  });
});
