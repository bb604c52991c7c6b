import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

/**
 * What both drivers answer to a raw `tx.execute(sql...)`: node-postgres' QueryResult and PGlite's
 * Results both carry `rows`, so raw queries are typed the same on either engine.
 */
interface RowsQueryResultHKT extends PgQueryResultHKT {
  readonly type: RowsResult<this['row']>;
}
type RowsResult<TRow> = { rows: TRow[] };

/** Either driver's drizzle client, seen through what both share. */
export type AppDrizzle = PgDatabase<RowsQueryResultHKT, typeof schema>;
/** The transaction handed to withBank/withoutBank work (drizzle's, derived from the client type). */
export type DbTransaction = Parameters<Parameters<AppDrizzle['transaction']>[0]>[0];
