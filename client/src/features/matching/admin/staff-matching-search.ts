import { pagedSearchSchema } from '#client/lib/list-search.ts';
import type * as z from 'zod/mini';
import {
  type StaffDealConditions,
  staffDealConditionsSchema,
  type StaffNeedConditions,
  staffNeedConditionsSchema,
} from '#server/contracts/matching-staff.ts';

/**
 * The lists' searches as their URLs hold them (`?category=buy&status=PUBLISHING&page=2`): the
 * conditions under the API's own names (the same query the CSV link sends) beside the page and row
 * count. useListSearch reads them, each value checked with the contract's own schema, so a
 * hand-edited value the server would refuse is left out rather than sent.
 */
export const staffNeedSearchSchema = pagedSearchSchema(staffNeedConditionsSchema.shape);
export type StaffNeedSearch = z.output<typeof staffNeedSearchSchema>;

export const staffDealSearchSchema = pagedSearchSchema(staffDealConditionsSchema.shape);
export type StaffDealSearch = z.output<typeof staffDealSearchSchema>;

/** The conditions of a search, without its paging. */
export function needConditionsOf({
  page: _page,
  rows: _rows,
  ...conditions
}: StaffNeedSearch): StaffNeedConditions {
  return conditions;
}
export function dealConditionsOf({
  page: _page,
  rows: _rows,
  ...conditions
}: StaffDealSearch): StaffDealConditions {
  return conditions;
}

/**
 * A new search as a change of the search in force: every condition named, those not asked for as
 * undefined, so none of the previous search's stays in the URL.
 */
export function replacingConditions<C extends object>(names: readonly (keyof C)[], conditions: Partial<C>) {
  return Object.fromEntries(names.map((name) => [name, conditions[name]])) as Partial<C>;
}
export const NEED_CONDITION_NAMES = Object.keys(
  staffNeedConditionsSchema.shape,
) as (keyof StaffNeedConditions)[];
export const DEAL_CONDITION_NAMES = Object.keys(
  staffDealConditionsSchema.shape,
) as (keyof StaffDealConditions)[];
