import { foreignKey, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';
import { users } from './users.ts';

/**
 * E-mail address changes waiting for their confirmation (decision 0096): a user's new address takes
 * effect only when the link mailed to it is followed, so nobody can point an account at a mailbox
 * they do not hold. Only the SHA-256 of the link's token is kept; a link is valid 24 hours and once,
 * and asking again (or saving the current address) makes the user's earlier links void.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    bank_code: bankCodeColumn(),
    /** Hex SHA-256 of the token in the link (server/auth/random-tokens.ts). */
    ec_token_hash: varchar({ length: 64 }).notNull(),
    user_id: integer().notNull(),
    /** The address the user asked for, as they typed it (trimmed). */
    ec_new_email: varchar({ length: 254 }).notNull(),
    ec_expires_at: timestamp({ withTimezone: true }).notNull(),
    /** Set when the link was followed, or made void by a newer request. */
    ec_used_at: timestamp({ withTimezone: true }),
    ec_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.ec_token_hash] }),
    index().on(t.bank_code, t.user_id),
    foreignKey({
      columns: [t.bank_code, t.user_id],
      foreignColumns: [users.bank_code, users.user_id],
    }).onDelete('cascade'),
    bankIsolationPolicy(t.bank_code),
  ],
);
