/**
 * Web storage that may be unavailable: private browsing, blocked site data or a full quota make
 * `localStorage` / `sessionStorage` throw. The app then carries on as if nothing were stored, and
 * the failure is announced on the window as STORAGE_UNAVAILABLE_EVENT; start-up forwards that to
 * the error-reporting service (spec section 8: local-storage unavailability is reported). An event
 * rather than a reporter argument, so that any code, React or not, can read storage safely.
 */
export type StorageKind = 'localStorage' | 'sessionStorage';

export const STORAGE_UNAVAILABLE_EVENT = 'portal:storage-unavailable';

export class StorageUnavailableError extends Error {
  readonly kind: StorageKind;

  constructor(kind: StorageKind, cause: unknown) {
    super(`${kind} is unavailable`, { cause });
    this.name = 'StorageUnavailableError';
    this.kind = kind;
  }
}

function announce(kind: StorageKind, cause: unknown): void {
  const error = new StorageUnavailableError(kind, cause);
  window.dispatchEvent(
    new CustomEvent<StorageUnavailableError>(STORAGE_UNAVAILABLE_EVENT, { detail: error }),
  );
}

/** The stored value, or null when there is none or the storage cannot be read. */
export function readStorage(kind: StorageKind, key: string): string | null {
  try {
    return window[kind].getItem(key);
  } catch (error) {
    announce(kind, error);
    return null;
  }
}

/** Stores (or, given null, removes) a value; answers whether that worked. */
export function writeStorage(kind: StorageKind, key: string, value: string | null): boolean {
  try {
    if (value === null) window[kind].removeItem(key);
    else window[kind].setItem(key, value);
    return true;
  } catch (error) {
    announce(kind, error);
    return false;
  }
}

/** Calls `listener` with each storage failure announced on `target`; answers the unsubscribe. */
export function onStorageUnavailable(
  target: Window,
  listener: (error: StorageUnavailableError) => void,
): () => void {
  const handle = (event: Event) => {
    if (event instanceof CustomEvent && event.detail instanceof StorageUnavailableError)
      listener(event.detail);
  };
  target.addEventListener(STORAGE_UNAVAILABLE_EVENT, handle);
  return () => target.removeEventListener(STORAGE_UNAVAILABLE_EVENT, handle);
}
