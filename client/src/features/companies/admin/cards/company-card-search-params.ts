import * as z from 'zod/mini';
import { pagedSearchSchema } from '#client/lib/list-search.ts';
import { type CompanyCardConditions, companyCardConditionsSchema } from '#server/contracts/company-cards.ts';

/** How the URL says 期限切れのみ: `expired_only=1` (absent for every card). */
export const EXPIRED_ONLY_PARAM_VALUE = '1';

const { expired_only: _expiredOnly, ...textConditions } = companyCardConditionsSchema.shape;

/**
 * The card list's search as its URL holds it (`?keyword=…&bb_id=2&expired_only=1&page=2`): the
 * search call's condition names, each checked with the contract's own schema (a hand-edited value
 * the server would refuse is left out rather than sent), beside the page and row count.
 */
export const companyCardSearchSchema = z.extend(pagedSearchSchema(textConditions), {
  expired_only: z.optional(z.literal(EXPIRED_ONLY_PARAM_VALUE)),
});
export type CompanyCardSearch = z.output<typeof companyCardSearchSchema>;

/** The conditions of a search, as the call takes them. */
export function conditionsOfCardSearch({
  page: _page,
  rows: _rows,
  expired_only: expiredOnly,
  ...conditions
}: CompanyCardSearch): CompanyCardConditions {
  return { ...conditions, ...(expiredOnly ? { expired_only: true } : {}) };
}

/**
 * A new search as a change of the search in force: every condition named, those not asked for as
 * undefined, so none of the previous search's stays in the URL.
 */
export function replacingCardConditions(conditions: CompanyCardConditions): Partial<CompanyCardSearch> {
  return {
    keyword: conditions.keyword,
    bb_id: conditions.bb_id,
    company: conditions.company,
    expired_only: conditions.expired_only ? EXPIRED_ONLY_PARAM_VALUE : undefined,
  };
}
