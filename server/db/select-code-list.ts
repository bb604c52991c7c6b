import { asc } from 'drizzle-orm';
import type { DbTransaction } from './database.ts';
import type { CodeListTable } from './schema/master-lists.ts';

/** A plain code list (code and Japanese name) in display order. */
export function selectCodeList(tx: DbTransaction, table: CodeListTable) {
  return tx
    .select({ code: table.code, name: table.name })
    .from(table)
    .orderBy(asc(table.sort_order), asc(table.code));
}
