import { sql } from 'drizzle-orm';
import { char, pgPolicy } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The bank a row belongs to (the tenant's 4-digit code). Every bank-scoped table carries it, its
 * primary key and every index lead with it, and its row-level security policy compares it.
 * It defaults to the transaction's bank, so code inside withBank need not repeat the code; without a
 * bank set the default names no bank and the policy refuses the row.
 */
export const bankCodeColumn = () =>
  char('bank_code', { length: 4 })
    .notNull()
    .default(sql`current_setting('app.bank_code')::bpchar`);

/**
 * The one policy of every bank-scoped table: a row is visible and writable only inside a
 * transaction whose `app.bank_code` names its bank (see withBank in server/db/database.ts).
 *
 * The setting is cast to bpchar on purpose: `char(4) = text` would compare as text, casting the
 * column, and the planner could no longer use the indexes that lead with bank_code.
 * `current_setting(..., true)` is NULL when the setting was never made and '' once a transaction
 * has reset it (withoutBank): nullif makes both NULL, which matches no row — without it '' would
 * cast to the blank char(4) the column defaults to, and a row of no bank could be written.
 */
export function bankIsolationPolicy(bankCode: AnyPgColumn) {
  const sameBank = sql`${bankCode} = nullif(current_setting('app.bank_code', true), '')::bpchar`;
  return pgPolicy('bank_isolation', {
    as: 'permissive',
    for: 'all',
    to: 'public',
    using: sameBank,
    withCheck: sameBank,
  });
}
