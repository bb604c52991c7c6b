import { pagedSearchSchema } from '#client/lib/list-search.ts';
import type { SortingState } from '@tanstack/react-table';
import type * as z from 'zod/mini';
import {
  type CompanyConditions,
  companyConditionsSchema,
  companyExportQuerySchema,
  type CompanyListColumn,
  COMPANY_LIST_COLUMNS,
  type CompanySort,
  DEFAULT_COMPANY_SORT,
  SORT_ORDERS,
  sortOfQuery,
} from '#server/contracts/companies.ts';

/**
 * The company list's search as its URL holds it (`?company_type=partner&sort=user_count&order=1&page=2`):
 * the conditions and the sort under the CSV export's names (the same query the CSV link sends),
 * beside the page and row count. useListSearch reads it, each value checked with the contract's own
 * schema, so a hand-edited value the server would refuse is left out rather than sent.
 */
export const companySearchSchema = pagedSearchSchema(companyExportQuerySchema.shape);
export type CompanySearch = z.output<typeof companySearchSchema>;

/** The conditions of a search, without its paging and sort. */
export function conditionsOfSearch({
  page: _page,
  rows: _rows,
  sort: _sort,
  order: _order,
  ...conditions
}: CompanySearch): CompanyConditions {
  return conditions;
}

const CONDITION_NAMES = Object.keys(companyConditionsSchema.shape) as (keyof CompanyConditions)[];

/**
 * A new search as a change of the search in force: every condition named, those not asked for as
 * undefined, so none of the previous search's stays in the URL (the sort stays).
 */
export function replacingConditions(conditions: CompanyConditions): Partial<CompanySearch> {
  return Object.fromEntries(CONDITION_NAMES.map((name) => [name, conditions[name]]));
}

/** The order in force: the one the URL asks, else the list's default (newest first). */
export function sortOfSearch(search: CompanySearch): CompanySort {
  return sortOfQuery(search) ?? DEFAULT_COMPANY_SORT;
}

/** The order as the table draws it (TanStack Table's sorting state). */
export function sortingOf(sort: CompanySort): SortingState {
  return [{ id: sort.column, desc: sort.order === SORT_ORDERS.descending }];
}

const isColumn = (id: string): id is CompanyListColumn =>
  (COMPANY_LIST_COLUMNS as readonly string[]).includes(id);

/** A header pressed: the order to ask for in the URL (`sort`, `order`), or undefined for none. */
export function sortChangeOf(sorting: SortingState): Pick<CompanySearch, 'sort' | 'order'> | undefined {
  const [first] = sorting;
  if (!first || !isColumn(first.id)) return undefined;
  return { sort: first.id, order: first.desc ? SORT_ORDERS.descending : SORT_ORDERS.ascending };
}
