import type { RegistrationVariantCode, UPGRADE_VARIANT_CODES } from '../registration-variant-titles.ts';
import { definePages, type PageEntry } from './page-list.ts';

/**
 * A company's application (client/src/features/registration): the chooser, the agreement, the
 * thank-you pages, the portal's entry pages for owners and employees, the invitee's pages.
 */
export const registrationPages = definePages('register', {
  chooser: '/register',
  agreement: '/register/agreement',
  thankYou: '/register/thankyou',
  invitation: '/register/employee/invitation/{id}',
  invitationThankYou: '/register/employee/thankyou',
  portalOwner: '/register/portal/index_as_owner',
  portalEmployee: '/register/portal/index_as_employee',
  portalThankYou: '/register/portal/thankyou',
});

/** Each variant's form, by its code (registration-variant-titles.ts); the upgrades in their banks' layouts. */
export const applicationPages = {
  ...definePages('register', {
    ba: '/register/ba',
    hgba: '/register/hgba',
    ktba: '/register/ktba',
    payment: '/register/payment',
    portal: '/register/portal',
    social: '/register/social',
  }),
  ...definePages('register-upgrade-bizsol', { bizsol: '/register/bizsol' }),
  ...definePages('register-upgrade-ibmft', { ibmft: '/register/ibmft' }),
} satisfies Record<RegistrationVariantCode, PageEntry>;

/** An upgrade registration's further pages, by variant: the entry for owners and employees, the progress lookup. */
export const upgradePages = {
  bizsol: definePages('register-upgrade-bizsol', {
    owner: '/register/bizsol/as_owner',
    employee: '/register/bizsol/as_employee',
    progress: '/register/bizsol/progress',
  }),
  ibmft: definePages('register-upgrade-ibmft', {
    owner: '/register/ibmft/as_owner',
    employee: '/register/ibmft/as_employee',
    progress: '/register/ibmft/progress',
  }),
} satisfies Record<(typeof UPGRADE_VARIANT_CODES)[number], Record<string, PageEntry>>;

/** The bank's desk of applications (client/src/features/registration/desk). */
export const registrationDeskPages = definePages('admin', {
  desk: '/admin/companyregister',
  detail: { path: '/admin/companyregister/detail/{id}', rule: 'company_register_detail' },
});
