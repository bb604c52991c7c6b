import * as z from 'zod/mini';
import { type AdminArticleConditions, adminArticleConditionsSchema } from '#server/contracts/news-staff.ts';
import { TABLE_DEFAULT_ROWS, TABLE_ROWS_OPTIONS } from '#server/contracts/paging.ts';

/** A staff list's search, as its URL holds it: the body of its search call. */
export interface AdminArticleSearch {
  conditions: AdminArticleConditions;
  page: number;
  rows: number;
}

/** The conditions a staff list's URL may carry, by query parameter (the API's own names). */
const CONDITION_NAMES = [
  'keyword',
  'category_code',
  'status',
  'publish_from',
  'publish_to',
  'target',
  'bank',
  'pi_status',
] as const satisfies readonly (keyof AdminArticleConditions)[];

function positiveInteger(text: string | null): number | undefined {
  if (text === null || !/^[1-9][0-9]{0,5}$/.test(text)) return undefined;
  return Number(text);
}

/**
 * A staff list's search from its URL (so reload, back and forward keep it): each condition checked
 * with the contract's own schema, and a value that does not pass (a hand-edited URL) left out
 * rather than sent for the server to refuse. The page defaults to 1, the rows to 25 (spec).
 */
export function searchFromParams(params: URLSearchParams): AdminArticleSearch {
  const entered: Record<string, string> = {};
  for (const name of CONDITION_NAMES) {
    const value = params.get(name)?.trim();
    if (value && z.safeParse(adminArticleConditionsSchema.shape[name], value).success) entered[name] = value;
  }
  const rows = positiveInteger(params.get('rows'));
  return {
    conditions: z.parse(adminArticleConditionsSchema, entered),
    page: positiveInteger(params.get('page')) ?? 1,
    rows:
      rows !== undefined && (TABLE_ROWS_OPTIONS as readonly number[]).includes(rows)
        ? rows
        : TABLE_DEFAULT_ROWS,
  };
}

/** The URL query of a search: only what differs from the defaults, so a plain list has a plain URL. */
export function paramsOfSearch({ conditions, page, rows }: AdminArticleSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of CONDITION_NAMES) {
    const value = conditions[name];
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  if (page !== 1) params.set('page', String(page));
  if (rows !== TABLE_DEFAULT_ROWS) params.set('rows', String(rows));
  return params;
}
