import {
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';
import { users } from './users.ts';

/**
 * The identity-broker accounts a portal user has logged in with (/disconnect/broker): the bank's
 * provider and the subject it named. A login through a provider links the account (or stamps the
 * link); disconnecting removes the link and ends the user's sessions, and the next login links again.
 */
export const userIdentityLinks = pgTable(
  'user_identity_links',
  {
    bank_code: bankCodeColumn(),
    user_id: integer().notNull(),
    link_provider: varchar({ length: 40 }).notNull(),
    link_subject: varchar({ length: 255 }).notNull(),
    link_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    link_last_login_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.user_id, t.link_provider] }),
    uniqueIndex().on(t.bank_code, t.link_provider, t.link_subject),
    foreignKey({
      columns: [t.bank_code, t.user_id],
      foreignColumns: [users.bank_code, users.user_id],
    }).onDelete('cascade'),
    bankIsolationPolicy(t.bank_code),
  ],
);
