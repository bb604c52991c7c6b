import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';

/**
 * The two halves of an idempotent `INSERT ... ON CONFLICT (key) DO UPDATE`: `set` takes every
 * incoming value except the key, identity columns and the columns to keep (creation timestamps,
 * a stored password hash); `setWhere` limits the update to rows where one of those values differs,
 * so running the same upsert twice writes nothing the second time.
 */
export function updateFromIncoming<TTable extends PgTable>(
  table: TTable,
  options: { key: readonly PgColumn[]; keep?: readonly PgColumn[] },
): { set: PgUpdateSetSource<TTable>; setWhere: ReturnType<typeof sql> } {
  const untouched = new Set([...options.key, ...(options.keep ?? [])].map((column) => column.name));
  const updatable = Object.entries(getTableColumns(table)).filter(
    ([, column]) => !untouched.has(column.name) && column.generatedIdentity === undefined,
  );
  const incoming = (column: PgColumn) => sql`excluded.${sql.identifier(column.name)}`;
  return {
    // Built from the table's own columns, so it fits the table; drizzle cannot see that through the generic.
    set: Object.fromEntries(
      updatable.map(([property, column]) => [property, incoming(column)]),
    ) as PgUpdateSetSource<TTable>,
    setWhere: sql.join(
      updatable.map(([, column]) => sql`${column} is distinct from ${incoming(column)}`),
      sql` or `,
    ),
  };
}
