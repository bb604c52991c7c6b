import { readStorage, writeStorage } from './browser-storage.ts';

/**
 * The bearer credential sent as `Authorization: Bearer …` (spec section 8). Only the mobile-app
 * wrapper stores one (the id token it obtained); in the browser the session is the gateway's
 * HttpOnly cookie, nothing is stored here and no Authorization header is sent.
 */
export interface CredentialStore {
  read(): string | null;
  save(idToken: string): void;
  clear(): void;
}

export const CREDENTIAL_STORAGE_KEY = 'id_token';

/** The credential kept in local storage, where the mobile-app wrapper writes it. */
export function createCredentialStore(): CredentialStore {
  return {
    read: () => readStorage('localStorage', CREDENTIAL_STORAGE_KEY) || null,
    save: (idToken) => void writeStorage('localStorage', CREDENTIAL_STORAGE_KEY, idToken),
    clear: () => void writeStorage('localStorage', CREDENTIAL_STORAGE_KEY, null),
  };
}
