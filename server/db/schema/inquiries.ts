import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  INQUIRY_BODY_MAX_LENGTH,
  INQUIRY_CATEGORY_CODES,
  INQUIRY_COMPANY_NAME_MAX_LENGTH,
  INQUIRY_NAME_KANA_MAX_LENGTH,
  INQUIRY_NAME_MAX_LENGTH,
  INQUIRY_STATUSES,
} from '#server/contracts/inquiry.ts';
import { EMAIL_MAX_LENGTH } from '#server/contracts/validation.ts';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';

const quotedList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * Inquiries sent through the public form (/inquiry) to the bank whose host received them; the bank's
 * staff handle them in /admin/inquiry (admin spec section 4: CREATED → PROGRESS → CLOSED).
 * Bank-scoped under row-level security like every bank table.
 */
export const inquiries = pgTable(
  'inquiries',
  {
    bank_code: bankCodeColumn(),
    inquiry_id: integer().generatedAlwaysAsIdentity(),
    /** The code the sender and the staff refer to; never the sequential id. */
    inquiry_unique_code: varchar({ length: 32 }).notNull(),
    inquiry_category: varchar({ length: 40 }).notNull(),
    inquiry_company_name: varchar({ length: INQUIRY_COMPANY_NAME_MAX_LENGTH }).notNull(),
    inquiry_name: varchar({ length: INQUIRY_NAME_MAX_LENGTH }).notNull(),
    inquiry_name_kana: varchar({ length: INQUIRY_NAME_KANA_MAX_LENGTH }).notNull(),
    inquiry_email: varchar({ length: EMAIL_MAX_LENGTH }).notNull(),
    inquiry_tel: varchar({ length: 20 }),
    // text with a CHECK rather than varchar(2000): the limit lives in the contract, the column need not move with it.
    inquiry_body: text().notNull(),
    inquiry_status: varchar({ length: 20 }).notNull().default('CREATED'),
    inquiry_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    inquiry_updated_at: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.inquiry_id] }),
    uniqueIndex().on(t.bank_code, t.inquiry_unique_code),
    // The staff's list: newest first, filtered by status (and the closed-inquiry badge count).
    index().on(t.bank_code, t.inquiry_status, t.inquiry_created_at),
    check('inquiries_status_known', sql`${t.inquiry_status} in (${quotedList(INQUIRY_STATUSES)})`),
    check('inquiries_category_known', sql`${t.inquiry_category} in (${quotedList(INQUIRY_CATEGORY_CODES)})`),
    check(
      'inquiries_body_length',
      sql`char_length(${t.inquiry_body}) <= ${sql.raw(String(INQUIRY_BODY_MAX_LENGTH))}`,
    ),
    bankIsolationPolicy(t.bank_code),
  ],
);
