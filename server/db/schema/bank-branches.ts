import {
  boolean,
  char,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';
import { prefectures } from './master-lists.ts';

/** A bank's branches (spec: bb_id, bb_code, bb_unique_code, bb_name). Bank-scoped. */
export const bankBranches = pgTable(
  'bank_branches',
  {
    bank_code: bankCodeColumn(),
    bb_id: integer().generatedAlwaysAsIdentity(),
    /** The bank's own 3-digit branch number (店番). */
    bb_code: char({ length: 3 }).notNull(),
    bb_unique_code: varchar({ length: 32 }).notNull(),
    bb_name: varchar({ length: 60 }).notNull(),
    bb_name_kana: varchar({ length: 120 }).notNull(),
    bb_prefecture_code: char({ length: 2 }).references(() => prefectures.code),
    bb_address: varchar({ length: 200 }),
    bb_tel: varchar({ length: 20 }),
    bb_sort_order: smallint().notNull().default(0),
    bb_is_closed: boolean().notNull().default(false),
    bb_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    bb_updated_at: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.bb_id] }),
    uniqueIndex().on(t.bank_code, t.bb_code),
    uniqueIndex().on(t.bank_code, t.bb_unique_code),
    bankIsolationPolicy(t.bank_code),
  ],
);
