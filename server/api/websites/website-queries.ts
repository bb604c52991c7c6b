import { and, eq, sql } from 'drizzle-orm';
import {
  type CompanyWebsite,
  type PublicWebsite,
  WEBSITE_MESSAGES,
  WEBSITE_PHOTOS_MAX,
  type WebsitePhoto,
  websiteLogoUrl,
  websitePhotoUrl,
} from '#server/contracts/company-website.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { companies, companyWebsites } from '#server/db/schema.ts';
import { unprocessable } from '#server/errors.ts';

/**
 * A company's website: one function per question, each inside the call's transaction of the host's
 * bank (row-level security keeps the bank). The editor's company is always the logged-in user's,
 * given by the route; the public page's is named by its code, within the bank.
 */

/** The sections and flags a save writes, already sanitised (website-sanitizing.ts). */
export interface StoredWebsiteFields {
  website_title: string;
  website_about_html: string;
  website_products_html: string;
  website_recruitment_html: string;
  website_is_published: boolean;
  website_recruitment_is_published: boolean;
}

const websiteColumns = {
  website_title: companyWebsites.website_title,
  website_about_html: companyWebsites.website_about_html,
  website_products_html: companyWebsites.website_products_html,
  website_recruitment_html: companyWebsites.website_recruitment_html,
  website_photo_file_codes: companyWebsites.website_photo_file_codes,
  website_is_published: companyWebsites.website_is_published,
  website_recruitment_is_published: companyWebsites.website_recruitment_is_published,
  website_published_at: companyWebsites.website_published_at,
  website_updated_at: companyWebsites.website_updated_at,
};
type WebsiteRow = typeof companyWebsites.$inferSelect;
type WebsiteColumnsRow = Pick<WebsiteRow, keyof typeof websiteColumns>;

interface CompanyNames {
  company_unique_code: string;
  company_name: string;
}

function photosOf(companyCode: string, codes: readonly string[]): WebsitePhoto[] {
  return codes.map((code) => ({ file_unique_code: code, file_url: websitePhotoUrl(companyCode, code) }));
}

function editorViewOf(company: CompanyNames, row: WebsiteColumnsRow | undefined): CompanyWebsite {
  return {
    company_unique_code: company.company_unique_code,
    company_name: company.company_name,
    // A company without a site yet starts from its name.
    website_title: row?.website_title ?? company.company_name,
    website_about_html: row?.website_about_html ?? '',
    website_products_html: row?.website_products_html ?? '',
    website_recruitment_html: row?.website_recruitment_html ?? '',
    website_photos: photosOf(company.company_unique_code, row?.website_photo_file_codes ?? []),
    website_is_published: row?.website_is_published ?? false,
    website_recruitment_is_published: row?.website_recruitment_is_published ?? false,
    website_published_at: row?.website_published_at?.toISOString() ?? null,
    website_updated_at: row?.website_updated_at?.toISOString() ?? null,
  };
}

/** The company's code and name, or undefined when its row is gone. */
async function companyNamesOf(tx: DbTransaction, companyId: number): Promise<CompanyNames | undefined> {
  const [company] = await tx
    .select({ company_unique_code: companies.company_unique_code, company_name: companies.company_name })
    .from(companies)
    .where(eq(companies.company_id, companyId));
  return company;
}

/** The company's site as its editor holds it; undefined when the company is not there. */
export async function findCompanyWebsite(
  tx: DbTransaction,
  companyId: number,
): Promise<CompanyWebsite | undefined> {
  const company = await companyNamesOf(tx, companyId);
  if (!company) return undefined;
  const [row] = await tx
    .select(websiteColumns)
    .from(companyWebsites)
    .where(eq(companyWebsites.company_id, companyId));
  return editorViewOf(company, row);
}

/**
 * The company's site row, locked for the rest of the transaction, made (unpublished, titled with
 * the company's name) if it has none: so two saves or uploads at once each see the other's photos.
 * Answers whether it was made now; undefined when the company is not there.
 */
async function lockedWebsite(
  tx: DbTransaction,
  companyId: number,
  userId: number,
): Promise<{ company: CompanyNames; row: WebsiteRow; created: boolean } | undefined> {
  const company = await companyNamesOf(tx, companyId);
  if (!company) return undefined;
  const inserted = await tx
    .insert(companyWebsites)
    .values({ company_id: companyId, website_title: company.company_name, website_updated_by: userId })
    .onConflictDoNothing()
    .returning({ company_id: companyWebsites.company_id });
  const [row] = await tx
    .select()
    .from(companyWebsites)
    .where(eq(companyWebsites.company_id, companyId))
    .for('update');
  if (!row) return undefined;
  return { company, row, created: inserted.length > 0 };
}

/**
 * Saves the company's site: its fields, and the photos named in `removals` taken off (codes it does
 * not hold are already gone). The publication time is stamped when the site goes from unpublished
 * to published. Answers the site as saved, whether the row was made now, whether it was published
 * before, and the codes of the photos removed (their bytes go once the transaction has committed); undefined when the company is
 * not there.
 */
export async function saveCompanyWebsite(
  tx: DbTransaction,
  companyId: number,
  userId: number,
  fields: StoredWebsiteFields,
  removals: readonly string[],
): Promise<
  { website: CompanyWebsite; created: boolean; wasPublished: boolean; removed: string[] } | undefined
> {
  const locked = await lockedWebsite(tx, companyId, userId);
  if (!locked) return undefined;
  const { company, row, created } = locked;
  const removing = new Set(removals);
  const kept = row.website_photo_file_codes.filter((code) => !removing.has(code));
  const removed = row.website_photo_file_codes.filter((code) => removing.has(code));
  const goesPublic = fields.website_is_published && !row.website_is_published;
  const [saved] = await tx
    .update(companyWebsites)
    .set({
      ...fields,
      website_photo_file_codes: kept,
      ...(goesPublic ? { website_published_at: sql`now()` } : {}),
      website_updated_by: userId,
    })
    .where(eq(companyWebsites.company_id, companyId))
    .returning(websiteColumns);
  return { website: editorViewOf(company, saved), created, wasPublished: row.website_is_published, removed };
}

/**
 * Adds the photo `fileUniqueCode` last to the company's site (making the site, unpublished, if it
 * has none); 422 when the site already holds WEBSITE_PHOTOS_MAX photos. Answers the site's photos
 * as they now are, or undefined when the company is not there.
 */
export async function addWebsitePhoto(
  tx: DbTransaction,
  companyId: number,
  userId: number,
  fileUniqueCode: string,
): Promise<WebsitePhoto[] | undefined> {
  const locked = await lockedWebsite(tx, companyId, userId);
  if (!locked) return undefined;
  const { company, row } = locked;
  if (row.website_photo_file_codes.length >= WEBSITE_PHOTOS_MAX)
    throw unprocessable(WEBSITE_MESSAGES.tooManyPhotos, { file: [WEBSITE_MESSAGES.tooManyPhotos] });
  const codes = [...row.website_photo_file_codes, fileUniqueCode];
  await tx
    .update(companyWebsites)
    .set({ website_photo_file_codes: codes, website_updated_by: userId })
    .where(eq(companyWebsites.company_id, companyId));
  return photosOf(company.company_unique_code, codes);
}

// ---------------------------------------------------------------------------------------------
// The public page

/** A site as the public page may show it, with what decides whether it may be shown. */
export interface PublicWebsiteRow extends WebsiteColumnsRow {
  company_id: number;
  company_unique_code: string;
  company_name: string;
  company_logo_file_unique_code: string | null;
  /** The company may be shown at all: neither disabled nor gone. */
  company_is_active: boolean;
}

/** The site of the bank's company `companyUniqueCode`, or undefined when it has none. */
export async function findPublicWebsiteRow(
  tx: DbTransaction,
  companyUniqueCode: string,
): Promise<PublicWebsiteRow | undefined> {
  const [row] = await tx
    .select({
      company_id: companies.company_id,
      company_unique_code: companies.company_unique_code,
      company_name: companies.company_name,
      company_logo_file_unique_code: companies.company_logo_file_unique_code,
      company_is_active: sql<boolean>`not (${companies.company_is_disabled} or ${companies.company_is_unsubscribed})`,
      ...websiteColumns,
    })
    .from(companies)
    .innerJoin(
      companyWebsites,
      and(
        eq(companyWebsites.bank_code, companies.bank_code),
        eq(companyWebsites.company_id, companies.company_id),
      ),
    )
    .where(eq(companies.company_unique_code, companyUniqueCode));
  return row;
}

/**
 * The public answer of a site that may be shown: its sections as `sanitise` gives them, the
 * recruitment section only while it is published, the logo and photos under the site's own path.
 */
export function publicWebsiteOf(row: PublicWebsiteRow, sanitise: (html: string) => string): PublicWebsite {
  const code = row.company_unique_code;
  return {
    company_unique_code: code,
    company_name: row.company_name,
    company_logo_url: row.company_logo_file_unique_code
      ? websiteLogoUrl(code, row.company_logo_file_unique_code)
      : null,
    website_title: row.website_title,
    website_about_html: sanitise(row.website_about_html),
    website_products_html: sanitise(row.website_products_html),
    website_recruitment_html: row.website_recruitment_is_published
      ? sanitise(row.website_recruitment_html)
      : null,
    website_photos: row.website_photo_file_codes.map((photo) => ({ file_url: websitePhotoUrl(code, photo) })),
    website_is_published: row.website_is_published,
    website_updated_at: row.website_updated_at.toISOString(),
  };
}
