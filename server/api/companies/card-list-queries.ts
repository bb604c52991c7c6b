import { and, count, desc, eq, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import {
  cardMonthIndex,
  type CompanyCardConditions,
  type CompanyCardItem,
  japanMonthIndexOf,
} from '#server/contracts/company-cards.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { containsPattern } from '#server/db/contains-pattern.ts';
import { pageOffset } from '#server/contracts/paging.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { bankBranches, companies, companyPaymentCards } from '#server/db/schema.ts';
import { withinViewersBranches } from '../kit/branch-visibility.ts';
import { searchTotalRows, totalRowsColumn } from '../kit/search-total-rows.ts';
import type { StaffViewer } from '#server/plugins/request-context.ts';

/**
 * The questions of /admin/company/creditcard: a page of the bank's companies with a card on file,
 * newest registration first. The card's token is never read. No bank_code filter: the bank's
 * transaction (row-level security) keeps the bank.
 */

/** The card's last month as one number, in SQL (cardMonthIndex's arithmetic). */
const cardMonth = sql<number>`(${companyPaymentCards.card_expiry_year} * 12 + ${companyPaymentCards.card_expiry_month} - 1)`;

/** The keyword in the company's name or kana (LIKE for a keyword without case, as the list does). */
function keywordMatch(keyword: string): SQL | undefined {
  const contains = keyword.toLowerCase() === keyword.toUpperCase() ? like : ilike;
  const pattern = containsPattern(keyword);
  return or(contains(companies.company_name, pattern), contains(companies.company_name_kana, pattern));
}

function matching(
  viewer: StaffViewer,
  conditions: CompanyCardConditions,
  thisMonth: number,
): SQL | undefined {
  const keyword = conditions.keyword?.trim();
  return and(
    withinViewersBranches(viewer, companies.bb_id),
    keyword ? keywordMatch(keyword) : undefined,
    conditions.bb_id ? eq(companies.bb_id, conditions.bb_id) : undefined,
    conditions.expired_only ? sql`${cardMonth} < ${thisMonth}` : undefined,
    conditions.company ? eq(companies.company_unique_code, conditions.company) : undefined,
  );
}

/** A card's company, and the company's branch (none for a company without one). */
const cardsCompany = and(
  eq(companies.bank_code, companyPaymentCards.bank_code),
  eq(companies.company_id, companyPaymentCards.company_id),
);
const companysBranch = and(
  eq(bankBranches.bank_code, companies.bank_code),
  eq(bankBranches.bb_id, companies.bb_id),
);

const asIso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** A page of the cards the staff member may see, and how many the search finds. */
export async function searchCompanyCards(
  tx: DbTransaction,
  viewer: StaffViewer,
  conditions: CompanyCardConditions,
  paging: { page: number; rows: number },
  now: Date = new Date(),
): Promise<{ list: CompanyCardItem[]; totalRows: number }> {
  const thisMonth = japanMonthIndexOf(japanDateString(now));
  const where = matching(viewer, conditions, thisMonth);
  const rows = await tx
    .select({
      company_id: companies.company_id,
      company_unique_code: companies.company_unique_code,
      company_name: companies.company_name,
      bb_id: companies.bb_id,
      bb_name: bankBranches.bb_name,
      card_brand: companyPaymentCards.card_brand,
      card_last4: companyPaymentCards.card_last4,
      card_expiry_month: companyPaymentCards.card_expiry_month,
      card_expiry_year: companyPaymentCards.card_expiry_year,
      card_holder_name: companyPaymentCards.card_holder_name,
      card_registered_at: companyPaymentCards.card_registered_at,
      // The search's size in the same pass as the page.
      total_rows: totalRowsColumn(),
    })
    .from(companyPaymentCards)
    .innerJoin(companies, cardsCompany)
    .leftJoin(bankBranches, companysBranch)
    .where(where)
    .orderBy(desc(companyPaymentCards.card_registered_at), desc(companyPaymentCards.company_id))
    .limit(paging.rows)
    .offset(pageOffset(paging.page, paging.rows));
  const totalRows = await searchTotalRows(rows, paging, async () => {
    const [counted] = await tx
      .select({ rows: count() })
      .from(companyPaymentCards)
      .innerJoin(companies, cardsCompany)
      .where(where);
    return counted?.rows ?? 0;
  });
  return {
    list: rows.map(({ total_rows: _total, ...row }) => ({
      ...row,
      card_is_expired: cardMonthIndex(row.card_expiry_year, row.card_expiry_month) < thisMonth,
      card_registered_at: asIso(row.card_registered_at),
    })),
    totalRows,
  };
}
