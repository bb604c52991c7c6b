import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';
import { users } from './users.ts';

/**
 * Feature requests the bank's staff send from the admin footer (POST /api/v1/dashboard/contact),
 * with who sent them; the bank's system and bank admins read them newest first.
 */
export const featureRequests = pgTable(
  'feature_requests',
  {
    bank_code: bankCodeColumn(),
    feature_request_id: integer().generatedAlwaysAsIdentity(),
    feature_request_body: text().notNull(),
    feature_request_sent_by: integer().notNull(),
    feature_request_sent_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.feature_request_id] }),
    index().on(t.bank_code, t.feature_request_sent_at),
    foreignKey({
      columns: [t.bank_code, t.feature_request_sent_by],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    bankIsolationPolicy(t.bank_code),
  ],
);
