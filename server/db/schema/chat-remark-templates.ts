import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * A company's fixed replies for the business chat (/mypage/setting/chat_remark_template): a title,
 * the text and the order they are offered in. The company's users share them; the chat issue
 * offers them in the message box.
 */
export const chatRemarkTemplates = pgTable(
  'chat_remark_templates',
  {
    bank_code: bankCodeColumn(),
    template_id: integer().generatedAlwaysAsIdentity(),
    template_unique_code: varchar({ length: 32 }).notNull(),
    company_id: integer().notNull(),
    template_title: varchar({ length: 50 }).notNull(),
    template_body: text().notNull(),
    /** Ascending; ties by the oldest first. */
    template_sort_order: smallint().notNull().default(0),
    template_updated_by: integer().notNull(),
    template_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    template_updated_at: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.template_id] }),
    uniqueIndex().on(t.bank_code, t.template_unique_code),
    index().on(t.bank_code, t.company_id, t.template_sort_order),
    foreignKey({
      columns: [t.bank_code, t.company_id],
      foreignColumns: [companies.bank_code, companies.company_id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.bank_code, t.template_updated_by],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    bankIsolationPolicy(t.bank_code),
  ],
);
