import { and, desc, eq, gte, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import { pageOffset } from '#server/contracts/paging.ts';
import { type PublishedServiceOffer, serviceOfferImageUrl } from '#server/contracts/service-offer.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { companies, serviceOffers } from '#server/db/schema.ts';
import { companyMemberOf, type Viewer } from '#server/plugins/request-context.ts';
import { withinViewersBranches } from '../kit/branch-visibility.ts';
import { countOffersWithCompany } from './coupon-queries.ts';

/**
 * The published offers of the bank's companies (GET /api/v1/cso/search): approved, today (in Japan)
 * within their days, of a company still using the portal (not suspended, not unsubscribed), and not
 * the asking company's own. Row-level security keeps the bank. Read off service_offers (bank_code,
 * cso_status, cso_publish_start desc nulls first: the order `desc` asks for), newest first.
 */

/** Published on `today` (YYYY-MM-DD in Japan): approved, begun, not ended. */
export function publishedOn(today: string): SQL {
  return and(
    eq(serviceOffers.cso_status, 'APPROVED'),
    lte(serviceOffers.cso_publish_start, today),
    or(isNull(serviceOffers.cso_publish_end), gte(serviceOffers.cso_publish_end, today)),
  ) as SQL;
}

export interface PublishedOfferSearch {
  /** The asking company: its own offers are left out. */
  companyId: number;
  category: string | undefined;
  today: string;
  page: number;
  rows: number;
}

export async function searchPublishedServiceOffers(
  tx: DbTransaction,
  search: PublishedOfferSearch,
): Promise<{ list: PublishedServiceOffer[]; totalRows: number }> {
  const where = and(
    publishedOn(search.today),
    ne(serviceOffers.company_id, search.companyId),
    eq(companies.company_is_disabled, false),
    eq(companies.company_is_unsubscribed, false),
    search.category === undefined ? undefined : eq(serviceOffers.cso_category, search.category),
  );
  const rows = await tx
    .select({
      offer: serviceOffers,
      company_unique_code: companies.company_unique_code,
      company_name: companies.company_name,
    })
    .from(serviceOffers)
    .innerJoin(companies, eq(companies.company_id, serviceOffers.company_id))
    .where(where)
    .orderBy(desc(serviceOffers.cso_publish_start), desc(serviceOffers.cso_id))
    .limit(search.rows)
    .offset(pageOffset(search.page, search.rows));
  const totalRows = await countOffersWithCompany(tx, where);
  return {
    list: rows.map(({ offer, company_unique_code, company_name }) => ({
      cso_unique_code: offer.cso_unique_code,
      cso_title: offer.cso_title,
      cso_body: offer.cso_body,
      cso_category: offer.cso_category,
      cso_benefit: offer.cso_benefit,
      cso_target: offer.cso_target,
      cso_publish_start: offer.cso_publish_start,
      cso_publish_end: offer.cso_publish_end,
      cso_image: offer.cso_image_file_unique_code
        ? {
            file_unique_code: offer.cso_image_file_unique_code,
            file_url: serviceOfferImageUrl(offer.cso_unique_code, offer.cso_image_file_unique_code),
          }
        : null,
      company_unique_code,
      company_name,
    })),
    totalRows,
  };
}

/**
 * Whether `viewer` may see the image `fileUniqueCode` of the offer `offerCode`: the offering
 * company's users who may open its own offers, any company user of the bank who may read the
 * benefits while the offer is published (as the search shows it), and the staff who may review it
 * (branch staff: their branches' companies). Row-level security keeps the bank.
 */
export async function serviceOfferImageVisible(
  tx: DbTransaction,
  viewer: Viewer,
  offerCode: string,
  fileUniqueCode: string,
  today: string,
  /** What a company user may open: their company's own offers, the published ones (their read calls' rights). */
  reads: { ownOffers: boolean; publishedOffers: boolean },
): Promise<boolean> {
  if (viewer.kind === 'visitor') return false;
  const theImage = and(
    eq(serviceOffers.cso_unique_code, offerCode),
    eq(serviceOffers.cso_image_file_unique_code, fileUniqueCode),
  );
  const member = companyMemberOf(viewer);
  const seenBy =
    viewer.kind === 'staff'
      ? withinViewersBranches(viewer, companies.bb_id)
      : or(
          member === null || !reads.ownOffers ? undefined : eq(serviceOffers.company_id, member.companyId),
          reads.publishedOffers
            ? and(
                publishedOn(today),
                eq(companies.company_is_disabled, false),
                eq(companies.company_is_unsubscribed, false),
              )
            : undefined,
        );
  // A company user who may open neither: or() of nothing is undefined, which and() would drop.
  if (viewer.kind === 'company' && seenBy === undefined) return false;
  const [row] = await tx
    .select({ id: serviceOffers.cso_id })
    .from(serviceOffers)
    .innerJoin(companies, eq(companies.company_id, serviceOffers.company_id))
    .where(and(theImage, seenBy))
    .limit(1);
  return row !== undefined;
}
