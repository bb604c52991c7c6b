import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './file-storage.ts';
import { assertStorageKey, InvalidStorageKeyError } from './storage-key.ts';

/** Temp files sit beside their target (same folder, so same file system: the rename is atomic). */
const TEMP_SUFFIX = '.uploading';

/**
 * Files on the local disk under `directory` (config: DATA_DIR/files), one file per key. A write goes
 * to a temp file that is flushed and then renamed over the target, so a reader sees the old bytes
 * or the new ones, never a half-written file, and a crash leaves at most a stray temp file.
 * Serves one gateway, or several sharing the folder (a network volume).
 */
export function createLocalDiskStorage(directory: string): FileStorage {
  const root = path.resolve(directory);

  /** The file of `key`, refusing a key that is malformed or would resolve outside the folder. */
  function fileOf(key: string): string {
    assertStorageKey(key);
    const file = path.resolve(root, key);
    // The key pattern already rules out `..`; this keeps the promise even if the pattern changes.
    if (!file.startsWith(root + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  }

  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomUUID()}${TEMP_SUFFIX}`;
      try {
        const handle = await open(temp, 'wx', 0o640);
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = fileOf(key);
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      try {
        // Size and stream from one open file: a rename replacing the key in between cannot mix them.
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
