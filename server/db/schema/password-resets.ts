import { foreignKey, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';
import { users } from './users.ts';

/**
 * Password reset links (/reminder): only the SHA-256 of the link's token is kept, so the table
 * cannot be used to reset anyone's password. A link is valid 30 minutes and once; asking again
 * makes the earlier links of the user invalid.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    bank_code: bankCodeColumn(),
    /** Hex SHA-256 of the token in the link. */
    reset_token_hash: varchar({ length: 64 }).notNull(),
    user_id: integer().notNull(),
    reset_expires_at: timestamp({ withTimezone: true }).notNull(),
    /** Set when the link was used, or made invalid by a newer one. */
    reset_used_at: timestamp({ withTimezone: true }),
    reset_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.reset_token_hash] }),
    index().on(t.bank_code, t.user_id),
    foreignKey({
      columns: [t.bank_code, t.user_id],
      foreignColumns: [users.bank_code, users.user_id],
    }).onDelete('cascade'),
    bankIsolationPolicy(t.bank_code),
  ],
);
