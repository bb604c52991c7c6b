import { type PageList, pagesIn } from './page-list.ts';

/**
 * A company's application and the bank's desk for it (client/src/features/registration): the
 * chooser, the agreement, each variant's form with its confirmation, the thank-you pages, the
 * entry pages for owners and employees, the progress lookup, the invitee's pages; and
 * /admin/companyregister with one application's detail.
 *
 * The variants' paths are written out rather than built from registration-variant-titles.ts: the
 * page table is in every visit's first scripts, the variants' module is not. The router builds its
 * routes from the variants, and a component test (tests/component/app/no-dead-links.test.tsx) fails
 * when the two lists differ.
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
    '/register/ba',
    '/register/hgba',
    '/register/ktba',
    '/register/payment',
    '/register/portal',
    '/register/social',
  ]),
  ...pagesIn('register-upgrade-bizsol', [
    '/register/bizsol',
    '/register/bizsol/as_owner',
    '/register/bizsol/as_employee',
    '/register/bizsol/progress',
  ]),
  ...pagesIn('register-upgrade-ibmft', [
    '/register/ibmft',
    '/register/ibmft/as_owner',
    '/register/ibmft/as_employee',
    '/register/ibmft/progress',
  ]),
  ...pagesIn('admin', ['/admin/companyregister', '/admin/companyregister/detail/{id}']),
];
