import { useMemo } from 'react';
import { useSearchParams } from '#client/lib/router/index.ts';
import * as z from 'zod/mini';
import type { AnyCall, CallInput } from '#server/contracts/call.ts';
import { listQuery, TABLE_DEFAULT_ROWS, TABLE_ROWS_OPTIONS } from '#server/contracts/paging.ts';
import { useCallQuery } from './request/call-client.ts';

/**
 * A list's search, page and row count kept in the URL (`?category_code=…&page=2&rows=50`), so a
 * list can be reloaded, shared and gone back to. The names are the list call's own (its
 * `listQuery` schema), so the URL, the fetcher and the contract say the same thing.
 */

type QuerySchema = z.ZodMiniObject;

/** 表示行数 as the pager offers it (spec section 9: 5–500): a hand-edited `rows=7` falls back to 25. */
const pagerRows = z._default(
  z.coerce.number().check(z.refine((rows) => (TABLE_ROWS_OPTIONS as readonly number[]).includes(rows))),
  TABLE_DEFAULT_ROWS,
);

/**
 * A staff list's search as its URL holds it: the list call's conditions under their own names,
 * beside the page and a row count the pager offers.
 */
export function pagedSearchSchema<Shape extends z.core.$ZodLooseShape>(conditions: Shape) {
  return z.extend(listQuery(conditions), { rows: pagerRows });
}
export type ListSearch<S extends QuerySchema> = z.output<S>;

/** Each name's value from the URL, kept only when the schema accepts it (a hand-edited URL loses its bad parts). */
export function searchFromParams<S extends QuerySchema>(schema: S, params: URLSearchParams): ListSearch<S> {
  const entered: Record<string, string> = {};
  for (const name of Object.keys(schema.shape)) {
    const value = params.get(name)?.trim();
    if (!value) continue;
    const field = schema.shape[name] as z.core.$ZodType;
    if (z.safeParse(field, value).success) entered[name] = value;
  }
  return z.parse(schema, entered);
}

/** The URL query of a search: only what differs from the defaults, so a plain list has a plain URL. */
export function paramsOfSearch<S extends QuerySchema>(
  schema: S,
  search: Partial<ListSearch<S>>,
): URLSearchParams {
  const defaults = z.parse(schema, {}) as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const name of Object.keys(schema.shape)) {
    const value = (search as Record<string, unknown>)[name];
    if (value === undefined || value === null || value === '' || value === defaults[name]) continue;
    params.set(name, String(value));
  }
  return params;
}

/** Scrolls the window back to the top (older engines without Element.scrollTo stay where they are). */
export function scrollToTop(): void {
  document.scrollingElement?.scrollTo?.({ top: 0 });
}

export function useListSearch<S extends QuerySchema>(schema: S) {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => searchFromParams(schema, params), [schema, params]);
  /** A new search starts again from the first page; `keepPage` for the pager's own changes. */
  const change = (next: Partial<ListSearch<S>>, { keepPage = false } = {}) =>
    setParams(paramsOfSearch(schema, { ...search, ...(keepPage ? {} : { page: 1 }), ...next }));
  /** The pager's change: the new page starts at the top of the window, not where 次ページ was. */
  const turnPage = (next: { page: number; rows: number }) => {
    change(next as unknown as Partial<ListSearch<S>>, { keepPage: true });
    scrollToTop();
  };
  return { search, change, turnPage };
}

type ListCall = AnyCall & { query: QuerySchema };

/**
 * A GET list page's data: the search from the URL, and the page of rows it asks for (the page on
 * screen stays while the next one loads). `params` for a list under a path parameter.
 */
export function useListPage<C extends ListCall>(
  call: C,
  params?: CallInput<C> extends { params: infer P } ? P : never,
) {
  const { search, change, turnPage } = useListSearch(call.query);
  const input = { query: search, ...(params === undefined ? {} : { params }) } as unknown as CallInput<C>;
  const rows = useCallQuery(call, input, { keepPrevious: true });
  return { search, change, turnPage, rows };
}
