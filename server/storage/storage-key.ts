/**
 * What a storage key may be: folder-like segments of letters, digits, `.`, `_` and `-`, joined by
 * `/`, none starting with a dot (so no `.` or `..`, no hidden files) and none empty. Both stores
 * refuse anything else, so a key can never name a place outside the files' folder or bucket prefix,
 * whatever a caller builds it from.
 */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
/** article_files.file_storage_key's length. */
export const STORAGE_KEY_MAX_LENGTH = 200;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key.slice(0, STORAGE_KEY_MAX_LENGTH))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** Throws InvalidStorageKeyError unless `key` is a safe storage key. */
export function assertStorageKey(key: string): void {
  if (key.length > STORAGE_KEY_MAX_LENGTH || !KEY_PATTERN.test(key)) throw new InvalidStorageKeyError(key);
}

/**
 * Where a company's logo is kept: the bank's prefix, then the logo's code. Its one owner is the
 * company profile (companies); the company's public website (websites) shows the same bytes.
 */
export function companyLogoStorageKeyOf(bankCode: string, fileUniqueCode: string): string {
  return `${bankCode}/company-logos/${fileUniqueCode}`;
}
