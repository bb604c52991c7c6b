import type { ServerConfig } from '../config.ts';
import type { FileStorage } from './file-storage.ts';

// SKELETON: replaced by the helper that owns server/storage/.
export function createFileStorage(_config: ServerConfig): FileStorage {
  const notYet = async (): Promise<never> => {
    throw new Error('file storage not built yet');
  };
  return { put: notYet, get: notYet, delete: notYet };
}
