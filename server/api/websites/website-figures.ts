import { sql } from 'drizzle-orm';
import { companyWebsites } from '#server/db/schema.ts';
import type { CompanyFigures } from '../kit/company-figures.ts';

/**
 * The company list's ホームページ公開 and 求人 (decision 0080): 1 when the company's site is published,
 * and 1 when its recruitment section is published too (a recruitment section of a site that is not
 * published is shown nowhere, so it is not counted). Each is one lookup of company_websites' primary
 * key (bank_code, company_id): the bank is the row-level security policy's, as everywhere in the list.
 */
const publishedSiteCount = (
  companyId: Parameters<CompanyFigures['homepage_published']>[0],
  recruitment: boolean,
) =>
  sql<number>`(select count(*) from ${companyWebsites} where ${companyWebsites.company_id} = ${companyId} and ${companyWebsites.website_is_published}${
    recruitment ? sql` and ${companyWebsites.website_recruitment_is_published}` : sql``
  })`;

export const websiteCompanyFigures: Partial<CompanyFigures> = {
  homepage_published: (companyId) => publishedSiteCount(companyId, false),
  recruitment_published: (companyId) => publishedSiteCount(companyId, true),
};
