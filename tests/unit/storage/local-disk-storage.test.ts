import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '#server/storage/local-disk-storage.ts';
import { InvalidStorageKeyError } from '#server/storage/storage-key.ts';

let parent: string;
let directory: string;

beforeEach(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), 'portal-files-'));
  directory = path.join(parent, 'files');
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

describe('the local disk storage', () => {
  it('keeps the bytes under the key and answers them with their size', async () => {
    const storage = createLocalDiskStorage(directory);
    await storage.put('0182/articles/abc123', Buffer.from('ご案内の資料'), 'application/pdf');

    const stored = await storage.get('0182/articles/abc123');
    expect(stored?.size).toBe(Buffer.byteLength('ご案内の資料'));
    expect(await text(stored!.body)).toBe('ご案内の資料');
    expect(await readFile(path.join(directory, '0182', 'articles', 'abc123'), 'utf8')).toBe('ご案内の資料');
  });

  it('replaces what a key held and leaves no temp file behind', async () => {
    const storage = createLocalDiskStorage(directory);
    await storage.put('0182/articles/abc123', Buffer.from('first'), 'text/plain');
    await storage.put('0182/articles/abc123', Buffer.from('second version'), 'text/plain');

    const stored = await storage.get('0182/articles/abc123');
    expect(await text(stored!.body)).toBe('second version');
    expect(await readdir(path.join(directory, '0182', 'articles'))).toEqual(['abc123']);
  });

  it('answers undefined for a key that holds nothing', async () => {
    const storage = createLocalDiskStorage(directory);
    expect(await storage.get('0182/articles/missing')).toBeUndefined();
  });

  it('removes a key, and removing a key that holds nothing is no error', async () => {
    const storage = createLocalDiskStorage(directory);
    await storage.put('0182/articles/abc123', Buffer.from('bytes'), 'text/plain');
    await storage.delete('0182/articles/abc123');
    expect(await storage.get('0182/articles/abc123')).toBeUndefined();
    await expect(storage.delete('0182/articles/abc123')).resolves.toBeUndefined();
  });

  it.each([
    ['a parent step', '0182/../0158/articles/abc'],
    ['a leading parent step', '../outside'],
    ['an absolute path', '/etc/passwd'],
    ['a backslash path', '0182\\..\\..\\outside'],
    ['an empty segment', '0182//abc'],
    ['a hidden name', '0182/.hidden'],
    ['an empty key', ''],
  ])('refuses a key with %s on every call, touching nothing outside its folder', async (_case, key) => {
    await writeFile(path.join(parent, 'outside'), 'kept');
    const storage = createLocalDiskStorage(directory);
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(await readFile(path.join(parent, 'outside'), 'utf8')).toBe('kept');
  });
});
