import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { EMAIL_MAX_LENGTH } from '#server/contracts/validation.ts';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';

/** A mail waiting to go (or being sent: its next attempt is then its lease), sent, or given up. */
export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * The mail outbox (server/mail/): a command writes its mail here in its own transaction, so a
 * rolled-back command sends nothing and a crash loses nothing; the mail worker of any gateway sends
 * it later. The content is rendered when the mail is written (the bank's texts as they were then);
 * the sender is the bank's, added when it is sent.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    bank_code: bankCodeColumn(),
    mail_id: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    /** What the mail is (`registration.approved`): for logs and counts, which never carry the content. */
    mail_kind: varchar({ length: 60 }).notNull(),
    mail_to: varchar({ length: EMAIL_MAX_LENGTH }).notNull(),
    mail_subject: text().notNull(),
    mail_text: text().notNull(),
    mail_html: text().notNull(),
    /** The Message-ID every attempt sends, so a mail sent twice (a crash between sending and recording) is one to the reader's client. */
    mail_message_id: varchar({ length: 200 }).notNull(),
    mail_status: varchar({ length: 10 }).notNull().default('pending'),
    mail_attempts: integer().notNull().default(0),
    /** When a worker may take the mail: the retry time after a failure, the end of a worker's lease while it sends. */
    mail_next_attempt_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The SMTP server's answer to the last failed attempt (its code and text, never the mail). */
    mail_last_error: text(),
    mail_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    mail_sent_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.mail_id] }),
    // The worker's claim: a bank's pending mail that is due, oldest first.
    index('mail_outbox_due')
      .on(t.bank_code, t.mail_next_attempt_at)
      .where(sql`${t.mail_status} = 'pending'`),
    check(
      'mail_outbox_status_known',
      sql`${t.mail_status} in (${sql.raw(MAIL_STATUSES.map((status) => `'${status}'`).join(', '))})`,
    ),
    bankIsolationPolicy(t.bank_code),
  ],
);
