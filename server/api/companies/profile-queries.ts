import { and, eq, sql } from 'drizzle-orm';
import {
  type BusinessProfile,
  type BusinessProfileBody,
  type CompanyProfile,
  type CompanyProfileFields,
  companyLogoUrl,
  postCodeAsStored,
} from '#server/contracts/company-profile.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { companies, companyBusinessProfiles, industryMiddleClasses } from '#server/db/schema.ts';
import { withinViewersBranches } from '../kit/branch-visibility.ts';
import type { Viewer } from '#server/plugins/request-context.ts';

/**
 * The company's own profile and business profile, and its logo's reference: one function per
 * question, each inside the call's transaction of the host's bank (row-level security keeps the
 * bank; the company is always the logged-in user's, given by the route).
 */

const profileColumns = {
  company_unique_code: companies.company_unique_code,
  company_corporate_number: companies.company_corporate_number,
  company_name: companies.company_name,
  company_name_kana: companies.company_name_kana,
  company_tel: companies.company_tel,
  company_post_code: companies.company_post_code,
  company_prefecture_code: companies.company_prefecture_code,
  company_address1: companies.company_address1,
  company_address2: companies.company_address2,
  company_address3: companies.company_address3,
  company_representative_name: companies.company_representative_name,
  company_industry_major_code: companies.company_industry_major_code,
  company_industry_middle_code: companies.company_industry_middle_code,
  company_employee_count: companies.company_employee_count,
  company_website_url: companies.company_website_url,
  company_logo_file_unique_code: companies.company_logo_file_unique_code,
};

type ProfileRow = { [K in keyof typeof profileColumns]: (typeof profileColumns)[K]['_']['data'] | null };

function profileOf({ company_logo_file_unique_code: logo, ...row }: ProfileRow): CompanyProfile {
  return {
    ...row,
    company_unique_code: row.company_unique_code ?? '',
    company_name: row.company_name ?? '',
    company_name_kana: row.company_name_kana ?? '',
    company_logo_file: logo ? { file_unique_code: logo, file_url: companyLogoUrl(logo) } : null,
  };
}

/** The company's profile, or undefined when the company is not there. */
export async function findCompanyProfile(
  tx: DbTransaction,
  companyId: number,
): Promise<CompanyProfile | undefined> {
  const [row] = await tx.select(profileColumns).from(companies).where(eq(companies.company_id, companyId));
  return row && profileOf(row);
}

/** Whether the 中分類 `middle` is one of the 大分類 `major`'s in the industry master. */
export async function industryPairExists(tx: DbTransaction, major: string, middle: string): Promise<boolean> {
  const [row] = await tx
    .select({ code: industryMiddleClasses.code })
    .from(industryMiddleClasses)
    .where(and(eq(industryMiddleClasses.code, middle), eq(industryMiddleClasses.major_code, major)));
  return row !== undefined;
}

/** Empty text (or none) as the column's null. */
function textOrNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === '' ? null : value;
}

/** Saves the profile's fields; answers the profile as saved, or undefined when the company is not there. */
export async function updateCompanyProfile(
  tx: DbTransaction,
  companyId: number,
  fields: CompanyProfileFields,
): Promise<CompanyProfile | undefined> {
  const [row] = await tx
    .update(companies)
    .set({
      company_name: fields.company_name,
      company_name_kana: fields.company_name_kana,
      company_tel: textOrNull(fields.company_tel),
      company_post_code: postCodeAsStored(fields.company_post_code),
      company_prefecture_code: fields.company_prefecture_code,
      company_address1: fields.company_address1,
      company_address2: fields.company_address2,
      company_address3: textOrNull(fields.company_address3),
      company_representative_name: textOrNull(fields.company_representative_name),
      company_industry_major_code: fields.company_industry_major_code,
      company_industry_middle_code: fields.company_industry_middle_code,
      company_employee_count: fields.company_employee_count ?? null,
      company_website_url: textOrNull(fields.company_website_url),
    })
    .where(eq(companies.company_id, companyId))
    .returning(profileColumns);
  return row && profileOf(row);
}

/**
 * Names `fileUniqueCode` as the company's logo (null: none). Answers the code it named before
 * (null when it had none), or undefined when the company is not there. The row is locked first, so
 * of two uploads at once each sees the other's logo as the one it replaces.
 */
export async function replaceCompanyLogo(
  tx: DbTransaction,
  companyId: number,
  fileUniqueCode: string | null,
): Promise<{ previous: string | null } | undefined> {
  const [current] = await tx
    .select({ logo: companies.company_logo_file_unique_code })
    .from(companies)
    .where(eq(companies.company_id, companyId))
    .for('update');
  if (!current) return undefined;
  if (current.logo !== fileUniqueCode)
    await tx
      .update(companies)
      .set({ company_logo_file_unique_code: fileUniqueCode })
      .where(eq(companies.company_id, companyId));
  return { previous: current.logo };
}

/**
 * Whether `viewer` may see the logo `fileUniqueCode` of a company of the bank: any logged-in
 * company user (other companies' logos show on the matching pages), system and bank admins, and
 * branch staff for the companies of their branches.
 */
export async function companyLogoVisible(
  tx: DbTransaction,
  fileUniqueCode: string,
  viewer: Viewer,
): Promise<boolean> {
  if (viewer.kind === 'visitor') return false;
  const branchLimit = viewer.kind === 'staff' ? withinViewersBranches(viewer, companies.bb_id) : undefined;
  const [row] = await tx
    .select({ id: companies.company_id })
    .from(companies)
    .where(and(eq(companies.company_logo_file_unique_code, fileUniqueCode), branchLimit))
    .limit(1);
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// The business profile

const EMPTY_BUSINESS_PROFILE: BusinessProfile = {
  business_description: '',
  business_products: '',
  business_strengths: '',
  business_area_codes: [],
  business_updated_at: null,
};

const businessColumns = {
  business_description: companyBusinessProfiles.business_description,
  business_products: companyBusinessProfiles.business_products,
  business_strengths: companyBusinessProfiles.business_strengths,
  business_area_codes: companyBusinessProfiles.business_area_codes,
  business_updated_at: companyBusinessProfiles.business_updated_at,
};

function businessProfileOf(row: {
  business_description: string;
  business_products: string;
  business_strengths: string;
  business_area_codes: string[];
  business_updated_at: Date;
}): BusinessProfile {
  return { ...row, business_updated_at: row.business_updated_at.toISOString() };
}

/** The company's business profile; an empty one while it has never saved one. */
export async function findBusinessProfile(tx: DbTransaction, companyId: number): Promise<BusinessProfile> {
  const [row] = await tx
    .select(businessColumns)
    .from(companyBusinessProfiles)
    .where(eq(companyBusinessProfiles.company_id, companyId));
  return row ? businessProfileOf(row) : EMPTY_BUSINESS_PROFILE;
}

/** Writes the company's business profile (made on its first save); answers it as saved. */
export async function saveBusinessProfile(
  tx: DbTransaction,
  companyId: number,
  body: BusinessProfileBody,
  userId: number,
): Promise<BusinessProfile> {
  const values = {
    business_description: body.business_description,
    business_products: body.business_products ?? '',
    business_strengths: body.business_strengths ?? '',
    business_area_codes: body.business_area_codes,
    business_updated_by: userId,
  };
  const [row] = await tx
    .insert(companyBusinessProfiles)
    .values({ company_id: companyId, ...values })
    .onConflictDoUpdate({
      target: [companyBusinessProfiles.bank_code, companyBusinessProfiles.company_id],
      set: { ...values, business_updated_at: sql`now()` },
    })
    .returning(businessColumns);
  if (!row) throw new Error('INSERT … ON CONFLICT DO UPDATE answered no row for the business profile');
  return businessProfileOf(row);
}
