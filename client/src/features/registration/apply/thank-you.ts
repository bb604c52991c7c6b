import { registrationPages } from '#server/contracts/pages/registration.ts';
import type { RegistrationVariantCode } from '#server/contracts/registration-variants.ts';

/** What the thank-you page is told of the application just sent (router state, not the address). */
export interface ApplicationThanks {
  code: string;
  variant: RegistrationVariantCode;
}

/**
 * Where an application goes once sent: the portal membership's has its own thank-you page (the
 * register layout shows no footer on /register/portal paths).
 */
export const thankYouPathOf = (code: RegistrationVariantCode) =>
  (code === 'portal' ? registrationPages.portalThankYou : registrationPages.thankYou).path;
