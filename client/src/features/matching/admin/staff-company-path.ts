import { companiesPages } from '#server/contracts/pages/companies.ts';
import { pagePath } from '#server/contracts/pages/page-list.ts';

// Apart from staff-matching-paths.ts, which the route table reads: the companies domain's page set
// is the page table's (page-rules), which the public agreement page's first visit must not load.

/** The company's page on the bank's desk (the companies domain's /admin/company/detail/{id}). */
export function staffCompanyPath(companyUniqueCode: string): string {
  return pagePath(companiesPages.detail, { id: companyUniqueCode });
}
