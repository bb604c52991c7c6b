import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';

/**
 * Every impersonation (a system or bank admin acting as a user of the same bank) and every return
 * from one: who, whom, when and from which address. Rows are only ever inserted. The user columns
 * keep the unique codes too, so the trail stays readable after an account is removed.
 */
export const userSwitchAudits = pgTable(
  'user_switch_audits',
  {
    bank_code: bankCodeColumn(),
    usa_id: integer().generatedAlwaysAsIdentity(),
    /** 'switch' into the target user, or 'switch_back' to the admin. */
    usa_direction: varchar({ length: 20 }).notNull(),
    actor_user_id: integer().notNull(),
    actor_user_unique_code: varchar({ length: 32 }).notNull(),
    target_user_id: integer().notNull(),
    target_user_unique_code: varchar({ length: 32 }).notNull(),
    usa_client_address: varchar({ length: 45 }).notNull(),
    usa_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.usa_id] }),
    index().on(t.bank_code, t.usa_created_at),
    index().on(t.bank_code, t.actor_user_id),
    check('user_switch_audits_direction_known', sql`${t.usa_direction} in ('switch', 'switch_back')`),
    bankIsolationPolicy(t.bank_code),
  ],
);
