import { and, eq, sql } from 'drizzle-orm';
import { websitePagePath } from '#server/contracts/company-website.ts';
import type { MatchingCompany } from '#server/contracts/matching.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { companies, companyBusinessProfiles, companyWebsites, networkNeeds } from '#server/db/schema.ts';
import type { NetworkNeedRow } from './need-search-queries.ts';

/**
 * A company's matching page (/mypage/matching/company/{code}): what the reader's bank knows of its
 * own company (the business profile, the homepage), or, for a company of another bank of the
 * network, only what its nationwide needs carry in the projection.
 */

/** What a company's business profile says of it (each null while it has saved no profile). */
export const businessProfileColumns = {
  description: companyBusinessProfiles.business_description,
  products: companyBusinessProfiles.business_products,
  strengths: companyBusinessProfiles.business_strengths,
  areaCodes: companyBusinessProfiles.business_area_codes,
};

/** The company's published needs the reader's transaction can see, newest first. */
export async function publishedNeedsOfCompany(
  tx: DbTransaction,
  companyCode: string,
  today: string,
): Promise<NetworkNeedRow[]> {
  const nn = networkNeeds;
  return tx
    .select()
    .from(nn)
    .where(
      sql`${nn.company_unique_code} = ${companyCode} and ${nn.need_period_start} <= ${today}::date and (${nn.need_period_end} is null or ${nn.need_period_end} >= ${today}::date)`,
    )
    .orderBy(sql`${nn.need_updated_at} desc, ${nn.need_unique_code}`);
}

/** An active company of the reader's own bank, with its business profile, or undefined. */
export async function ownBankCompanyProfile(
  tx: DbTransaction,
  companyCode: string,
): Promise<
  | (Pick<MatchingCompany, 'company_unique_code' | 'company_name' | 'company_prefecture_code'> & {
      profile: NonNullable<MatchingCompany['profile']>;
    })
  | undefined
> {
  const [row] = await tx
    .select({
      code: companies.company_unique_code,
      name: companies.company_name,
      prefecture: companies.company_prefecture_code,
      industry: companies.company_industry_middle_code,
      employees: companies.company_employee_count,
      established: companies.company_established_on,
      ...businessProfileColumns,
      homepage: companyWebsites.website_is_published,
    })
    .from(companies)
    .leftJoin(companyBusinessProfiles, eq(companyBusinessProfiles.company_id, companies.company_id))
    .leftJoin(companyWebsites, eq(companyWebsites.company_id, companies.company_id))
    .where(
      and(
        eq(companies.company_unique_code, companyCode),
        eq(companies.company_is_disabled, false),
        eq(companies.company_is_unsubscribed, false),
      ),
    );
  if (!row) return undefined;
  return {
    company_unique_code: row.code,
    company_name: row.name,
    company_prefecture_code: row.prefecture,
    profile: {
      industry_middle_code: row.industry,
      business_description: row.description ?? '',
      business_products: row.products ?? '',
      business_strengths: row.strengths ?? '',
      business_area_codes: row.areaCodes ?? [],
      employee_count: row.employees,
      established_on: row.established,
      homepage_path: row.homepage ? websitePagePath(row.code) : null,
    },
  };
}
