import { REGISTRATION_VARIANT_CODES } from '../registration-variants.ts';
import { type PageList, pagesIn } from './page-list.ts';

/**
 * A company's application and the bank's desk for it (client/src/features/registration): the
 * chooser, the agreement, each variant's form with its confirmation, the thank-you pages; and
 * /admin/companyregister with one application's detail.
 */
export const registrationPages: PageList = [
  ...pagesIn('register', [
    '/register',
    '/register/agreement',
    '/register/thankyou',
    ...REGISTRATION_VARIANT_CODES.filter((code) => code !== 'bizsol' && code !== 'ibmft').map(
      (code) => `/register/${code}` as const,
    ),
  ]),
  ...pagesIn('register-upgrade-bizsol', ['/register/bizsol']),
  ...pagesIn('register-upgrade-ibmft', ['/register/ibmft']),
  ...pagesIn('admin', ['/admin/companyregister', '/admin/companyregister/detail/{id}']),
];
