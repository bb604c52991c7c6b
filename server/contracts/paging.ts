// zod/mini: list pages on the client parse paging data with these (see theme-tokens.ts).
import * as z from 'zod/mini';

/** Spec: data lists default to 100 rows per page, first page 1. */
export const DEFAULT_LIST_ROWS = 100;
/** Table page-size options and their default (spec section 9). */
export const TABLE_ROWS_OPTIONS = [5, 10, 25, 50, 100, 500] as const;
export const TABLE_DEFAULT_ROWS = 25;
export const MAX_LIST_ROWS = 500;

/** The list request of DESIGN.md section 4: `{ rows = 100, page = 1, conditions }`. */
export function listRequestSchema<C extends z.core.$ZodType>(conditions: C) {
  return z.object({
    rows: z._default(
      z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_LIST_ROWS)),
      DEFAULT_LIST_ROWS,
    ),
    page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
    conditions: z.optional(conditions),
  });
}

export const pagingDataSchema = z.object({
  total_rows: z.int().check(z.minimum(0)),
  total_pages: z.int().check(z.minimum(0)),
  page: z.int().check(z.minimum(1)),
  rows: z.int().check(z.minimum(1)),
  is_first_page: z.boolean(),
  prev_page: z.nullable(z.int()),
  is_last_page: z.boolean(),
  next_page: z.nullable(z.int()),
});
export type PagingData = z.infer<typeof pagingDataSchema>;

export function listResultSchema<T extends z.core.$ZodType>(item: T) {
  return z.object({ list: z.array(item), paging_data: pagingDataSchema });
}

/**
 * Paging data for a page of `rows` items out of `totalRows`.
 * A page past the end is still answered (empty list) and is its own last page.
 */
export function buildPagingData(totalRows: number, page: number, rows: number): PagingData {
  const totalPages = Math.ceil(totalRows / rows);
  const isFirst = page <= 1;
  const isLast = page >= totalPages;
  return {
    total_rows: totalRows,
    total_pages: totalPages,
    page,
    rows,
    is_first_page: isFirst,
    prev_page: isFirst ? null : Math.min(page - 1, Math.max(totalPages, 1)),
    is_last_page: isLast,
    next_page: isLast ? null : page + 1,
  };
}

/** SQL offset of a page. */
export function pageOffset(page: number, rows: number): number {
  return (page - 1) * rows;
}

/** Slices an in-memory list into the list answer (for small master lists). */
export function paginate<T>(items: readonly T[], page: number, rows: number) {
  const start = pageOffset(page, rows);
  return { list: items.slice(start, start + rows), paging_data: buildPagingData(items.length, page, rows) };
}

/**
 * The query of a GET list call: `rows` and `page` beside the list's own conditions, flat, so the
 * page's URL, the fetcher and the contract use the same names (`?category_code=…&page=2`).
 */
export function listQuery<Shape extends z.core.$ZodLooseShape>(conditions: Shape) {
  return z.object({
    rows: z._default(
      z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_LIST_ROWS)),
      TABLE_DEFAULT_ROWS,
    ),
    page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
    ...conditions,
  });
}

/** The answer of a list call: `{ list, paging_data }` (spec section 7). */
export const pagedAnswer = listResultSchema;

/** A page of a list query's rows, with its paging data. */
export function pagedResult<T>(list: T[], totalRows: number, paging: { page: number; rows: number }) {
  return { list, paging_data: buildPagingData(totalRows, paging.page, paging.rows) };
}
