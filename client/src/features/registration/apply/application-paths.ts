import type { PageEntry } from '#server/contracts/pages/page-list.ts';
import { applicationPages, registrationPages, upgradePages } from '#server/contracts/pages/registration.ts';
import type { RegistrationVariantCode } from '#server/contracts/registration-variant-titles.ts';

/** The agreement that starts an application of a variant. */
export const agreementPathOf = (code: RegistrationVariantCode) =>
  `${registrationPages.agreement.path}?variant=${code}`;

/** A variant's form. */
export const applicationPathOf = (code: RegistrationVariantCode) => applicationPages[code].path;

/**
 * A variant's entry page for its owners or its employees, where it has them: the portal's
 * /register/portal/index_as_…, an upgrade registration's /register/{code}/as_….
 */
export function entryPageOf(
  code: RegistrationVariantCode,
  audience: 'owner' | 'employee',
): PageEntry | undefined {
  if (code === 'portal')
    return audience === 'owner' ? registrationPages.portalOwner : registrationPages.portalEmployee;
  return code === 'bizsol' || code === 'ibmft' ? upgradePages[code][audience] : undefined;
}

/** An upgrade registration's lookup of an application's progress (the other variants have none). */
export function progressPageOf(code: RegistrationVariantCode): PageEntry | undefined {
  return code === 'bizsol' || code === 'ibmft' ? upgradePages[code].progress : undefined;
}
