import { sql } from 'drizzle-orm';

/**
 * A staff search's size, read in the same pass as its page: each row of the page carries
 * `total_rows` (`count(*) over ()`), so the conditions (a keyword's LIKEs, the branch rule) are
 * applied once, not again in a second query.
 */

/** The `total_rows` column of a page's SELECT: how many rows the whole search found. */
export const totalRowsColumn = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * How many rows the search found, from its page read with `totalRowsColumn`. A page past the end
 * has no row to carry the count: only then is it counted on its own, by `countAll`.
 */
export async function searchTotalRows(
  page: readonly { total_rows: number }[],
  paging: { page: number },
  countAll: () => Promise<number>,
): Promise<number> {
  const first = page[0];
  if (first !== undefined) return first.total_rows;
  return paging.page === 1 ? 0 : countAll();
}
