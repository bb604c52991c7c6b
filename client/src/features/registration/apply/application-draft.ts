import type { RegistrationVariantCode } from '#server/contracts/registration-variants.ts';
import { RANDOM_TOKEN_PATTERN } from '#server/contracts/random-token-format.ts';
import { readStorage, writeStorage } from '#client/lib/browser-storage.ts';

/**
 * Where the page keeps a draft's id: in the address's fragment (`/register/ba#draft=…`), which the
 * browser sends to no server and the applicant can bookmark to go on later, and in this browser's
 * storage per variant, so coming back to /register/ba within the 24 hours goes on where they were.
 */

const FRAGMENT_KEY = 'draft';
const storageKey = (variant: RegistrationVariantCode) => `registration-draft:${variant}`;

/** The fragment that carries a draft's id. */
export function draftFragment(draftId: string): string {
  return `#${FRAGMENT_KEY}=${draftId}`;
}

/** The draft of the address's fragment, else the one this browser kept for the variant. */
export function findDraftId(variant: RegistrationVariantCode, hash: string): string | undefined {
  const fromFragment = new URLSearchParams(hash.replace(/^#/, '')).get(FRAGMENT_KEY);
  const draftId = fromFragment ?? readStorage('localStorage', storageKey(variant)) ?? undefined;
  return draftId !== undefined && RANDOM_TOKEN_PATTERN.test(draftId) ? draftId : undefined;
}

export function keepDraftId(variant: RegistrationVariantCode, draftId: string): void {
  writeStorage('localStorage', storageKey(variant), draftId);
}

/** Sent or gone: nothing to go on with. */
export function forgetDraftId(variant: RegistrationVariantCode): void {
  writeStorage('localStorage', storageKey(variant), null);
}
