import { type PageList, pagesIn } from './page-list.ts';

/**
 * The bank's company desk (client/src/features/companies/admin) and the company's own profile
 * (client/src/features/companies/company). A company's sub-pages of other domains
 * (/admin/company/needs, matching, …) are those domains' own pages.
 */
export const companiesPages: PageList = [
  ...pagesIn('admin', [
    '/admin/company',
    '/admin/company/partner',
    '/admin/company/detail/{id}',
    '/admin/company/create',
    '/admin/company/bulk-create',
    '/admin/company/charge',
    '/admin/company/creditcard',
  ]),
  ...pagesIn('default', ['/mypage/company/edit', '/mypage/mybusiness/edit']),
];
