import type { RegistrationVariantCode } from '#server/contracts/registration-variants.ts';

/** What the thank-you page is told of the application just sent (router state, not the address). */
export interface ApplicationThanks {
  code: string;
  variant: RegistrationVariantCode;
}

export const THANK_YOU_PATH = '/register/thankyou';
