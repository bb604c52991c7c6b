import { sql } from 'drizzle-orm';
import { needs } from '#server/db/schema.ts';
import type { CompanyFigures } from '../kit/company-figures.ts';

/**
 * The company list's ニーズ数 (admin spec section 2): the company's needs, private ones included,
 * but not the drafts the bank offered that the company has not taken. An index lookup on needs
 * (bank_code, company_id, …): row-level security supplies the bank.
 */
export const needFigures: Partial<CompanyFigures> = {
  need_count: (companyId) =>
    sql<number>`(select count(*) from ${needs} where ${needs.company_id} = ${companyId} and (${needs.need_offer_status} is null or ${needs.need_offer_status} = 'accepted'))`,
};
