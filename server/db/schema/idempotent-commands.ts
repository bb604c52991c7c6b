import { index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';

/**
 * Commands sent with an Idempotency-Key (server/api/kit/idempotency-claims.ts): the first send of
 * a key by a user to a call, written in that command's transaction with its result, so a retry of
 * the same key (the client gave up waiting, the network broke) answers the first result instead of
 * doing the work twice. Keys are kept as hashes, for a day.
 */
export const idempotentCommands = pgTable(
  'idempotent_commands',
  {
    bank_code: bankCodeColumn(),
    ic_user_id: integer().notNull(),
    /** The call's method and path pattern (`POST /api/v1/company/create_all`). */
    ic_call: varchar({ length: 200 }).notNull(),
    /** SHA-256 of the key, hex. */
    ic_key_hash: varchar({ length: 64 }).notNull(),
    /** SHA-256 of the parsed body, hex: the same key with another body is refused. */
    ic_body_hash: varchar({ length: 64 }).notNull(),
    /** The command's result, written when it completes (in the same transaction). */
    ic_result: jsonb(),
    ic_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.ic_user_id, t.ic_call, t.ic_key_hash] }),
    index().on(t.bank_code, t.ic_user_id, t.ic_created_at),
    bankIsolationPolicy(t.bank_code),
  ],
);
