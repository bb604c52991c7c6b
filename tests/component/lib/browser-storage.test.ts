import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  onStorageUnavailable,
  readStorage,
  StorageUnavailableError,
  writeStorage,
} from '#client/lib/browser-storage.ts';
import { createCredentialStore } from '#client/lib/credential-store.ts';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('browser storage', () => {
  it('reads and writes values', () => {
    expect(writeStorage('localStorage', 'menu', 'open')).toBe(true);
    expect(readStorage('localStorage', 'menu')).toBe('open');
    writeStorage('localStorage', 'menu', null);
    expect(readStorage('localStorage', 'menu')).toBeNull();
  });

  it('announces an unavailable local storage (for the error report) and carries on as if nothing were stored', () => {
    const denied = new DOMException('The operation is insecure.', 'SecurityError');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw denied;
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw denied;
    });
    const announced: StorageUnavailableError[] = [];
    const stop = onStorageUnavailable(window, (error) => announced.push(error));

    expect(readStorage('localStorage', 'menu')).toBeNull();
    expect(writeStorage('localStorage', 'menu', 'open')).toBe(false);
    stop();
    expect(announced).toHaveLength(2);
    expect(announced[0]).toBeInstanceOf(StorageUnavailableError);
    expect(announced[0]?.kind).toBe('localStorage');
    expect(announced[0]?.cause).toBe(denied);
  });
});

describe('credential store', () => {
  it('holds the id token the mobile-app wrapper stores, and nothing otherwise', () => {
    const store = createCredentialStore();
    expect(store.read()).toBeNull();
    store.save('id-token');
    expect(store.read()).toBe('id-token');
    store.clear();
    expect(store.read()).toBeNull();
  });
});
