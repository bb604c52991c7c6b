import { foreignKey, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';
import { users } from './users.ts';

/**
 * The bank's own manuals, one per kind of page (server/contracts/manual.ts): what the admin top
 * bar's manual button shows. A kind without a row shows the bank's general manual, then the
 * portal's. The body is HTML kept to the rich-text allowlist before it is stored.
 */
export const manuals = pgTable(
  'manuals',
  {
    bank_code: bankCodeColumn(),
    manual_page: varchar({ length: 40 }).notNull(),
    manual_title: varchar({ length: 100 }).notNull(),
    manual_body: text().notNull(),
    manual_updated_by: integer(),
    manual_updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.manual_page] }),
    foreignKey({
      columns: [t.bank_code, t.manual_updated_by],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    bankIsolationPolicy(t.bank_code),
  ],
);
