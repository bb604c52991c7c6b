import { type AnyColumn, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbTransaction } from './database.ts';
import type { CodeListTable } from './schema/master-lists.ts';

/** A plain code list (code and Japanese name) in display order. */
export function selectCodeList(tx: DbTransaction, table: CodeListTable) {
  return tx
    .select({ code: table.code, name: table.name })
    .from(table)
    .orderBy(asc(table.sort_order), asc(table.code));
}

/** A master keyed by its code with a Japanese name: every plain code list, and those with more columns. */
type NamedCodeTable = PgTable & { code: AnyPgColumn; name: AnyPgColumn<{ data: string; notNull: true }> };

/** Whether the master holds the code (a form's code is checked against it before a save). */
export async function codeListHas(tx: DbTransaction, table: NamedCodeTable, code: string): Promise<boolean> {
  const [row] = await tx.select({ code: table.code }).from(table).where(eq(table.code, code));
  return row !== undefined;
}

/** The code's Japanese name in the master, or undefined when the master does not hold it. */
export async function codeListName(
  tx: DbTransaction,
  table: NamedCodeTable,
  code: string,
): Promise<string | undefined> {
  const [row] = await tx.select({ name: table.name }).from(table).where(eq(table.code, code));
  return row?.name;
}

/**
 * The Japanese name of the code `code` holds, as a column of the query it is selected in (a
 * correlated lookup of the master's primary key); null when there is no code or the master lacks it.
 */
export function codeNameOf(table: NamedCodeTable, code: AnyColumn | SQL): SQL<string | null> {
  return sql<string | null>`(select ${table.name} from ${table} where ${table.code} = ${code})`;
}
