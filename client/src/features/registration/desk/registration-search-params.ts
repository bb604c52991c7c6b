import { pagedSearchSchema } from '#client/lib/list-search.ts';
import type * as z from 'zod/mini';
import {
  type RegistrationConditions,
  registrationConditionsSchema,
} from '#server/contracts/registration-desk.ts';

/**
 * The desk's search as its URL holds it (`?status=pending&variant=ba&page=2`): the search call's
 * conditions under their own names, beside the page and row count. useListSearch
 * (client/src/lib/list-search.ts) reads it from the URL, each value checked with the contract's own
 * schema, so a hand-edited value the server would refuse is left out rather than sent.
 */
export const registrationSearchSchema = pagedSearchSchema(registrationConditionsSchema.shape);
export type RegistrationSearch = z.output<typeof registrationSearchSchema>;

/** The conditions of a search, without its paging. */
export function conditionsOfSearch({ page: _page, rows: _rows, ...conditions }: RegistrationSearch) {
  return conditions satisfies RegistrationConditions;
}

const CONDITION_NAMES = Object.keys(registrationConditionsSchema.shape) as (keyof RegistrationConditions)[];

/**
 * A new search as a change of the search in force: every condition named, those not asked for as
 * undefined, so none of the previous search's stays in the URL.
 */
export function replacingConditions(conditions: RegistrationConditions): Partial<RegistrationSearch> {
  return Object.fromEntries(CONDITION_NAMES.map((name) => [name, conditions[name]]));
}
