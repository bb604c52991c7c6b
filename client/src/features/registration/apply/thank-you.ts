import type { RegistrationVariantCode } from '#server/contracts/registration-variants.ts';

/** What the thank-you page is told of the application just sent (router state, not the address). */
export interface ApplicationThanks {
  code: string;
  variant: RegistrationVariantCode;
}

export const THANK_YOU_PATH = '/register/thankyou';
/** The portal membership's own (the register layout shows no footer on /register/portal paths). */
export const PORTAL_THANK_YOU_PATH = '/register/portal/thankyou';

/** Where an application goes once sent. */
export const thankYouPathOf = (code: RegistrationVariantCode) =>
  code === 'portal' ? PORTAL_THANK_YOU_PATH : THANK_YOU_PATH;
