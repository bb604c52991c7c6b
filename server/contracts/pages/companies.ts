import { definePages } from './page-list.ts';

/**
 * The bank's company desk (client/src/features/companies/admin) and the company's own profile
 * (client/src/features/companies/company). A company's sub-pages of other domains
 * (/admin/company/needs, matching, …) are those domains' own pages.
 */
export const companiesPages = {
  ...definePages('admin', {
    list: '/admin/company',
    partners: '/admin/company/partner',
    detail: '/admin/company/detail/{id}',
    create: { path: '/admin/company/create', rule: 'company_admin_desk' },
    bulkCreate: { path: '/admin/company/bulk-create', rule: 'company_bulk_create' },
    charges: { path: '/admin/company/charge', rule: 'company_admin_desk' },
    creditCards: { path: '/admin/company/creditcard', rule: 'company_credit_cards' },
  }),
  ...definePages('default', {
    companyEdit: { path: '/mypage/company/edit', rule: 'company_settings' },
    businessEdit: { path: '/mypage/mybusiness/edit', rule: 'my_business' },
  }),
};
