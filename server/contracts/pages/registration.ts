import { REGISTRATION_VARIANT_CODES } from '../registration-variants.ts';
import { type PageList, pagesIn } from './page-list.ts';

/**
 * A company's application and the bank's desk for it (client/src/features/registration): the
 * chooser, the agreement, each variant's form with its confirmation, the thank-you pages, the
 * entry pages for owners and employees, the progress lookup; and
 * /admin/companyregister with one application's detail.
 */
export const registrationPages: PageList = [
  ...pagesIn('register', [
    '/register',
    '/register/agreement',
    '/register/thankyou',
    '/register/employee/invitation/{id}',
    '/register/employee/thankyou',
    '/register/portal/index_as_owner',
    '/register/portal/index_as_employee',
    '/register/portal/thankyou',
    ...REGISTRATION_VARIANT_CODES.filter((code) => code !== 'bizsol' && code !== 'ibmft').map(
      (code) => `/register/${code}` as const,
    ),
  ]),
  ...(['bizsol', 'ibmft'] as const).flatMap((code) =>
    pagesIn(`register-upgrade-${code}`, [
      `/register/${code}`,
      `/register/${code}/as_owner`,
      `/register/${code}/as_employee`,
      `/register/${code}/progress`,
    ]),
  ),
  ...pagesIn('admin', ['/admin/companyregister', '/admin/companyregister/detail/{id}']),
];
