import { sql } from 'drizzle-orm';
import { serviceOffers } from '#server/db/schema.ts';
import type { CompanyFigures } from '../kit/company-figures.ts';
import { offeredAndUnexpired } from './coupon-queries.ts';

/**
 * The company list's クーポン数 (admin spec section 2: "coupon count (offered and unexpired)"): the
 * company's offers the bank approved whose last day, if they have one, is not before today in
 * Japan (offers not yet begun count: they are offered). An index lookup on service_offers
 * (bank_code, company_id): row-level security supplies the bank.
 */
export const couponCompanyFigures: Partial<CompanyFigures> = {
  coupon_count: (companyId) =>
    sql<number>`(select count(*) from ${serviceOffers} where ${serviceOffers.company_id} = ${companyId} and ${offeredAndUnexpired})`,
};
