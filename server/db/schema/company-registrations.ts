import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { FILE_NAME_MAX_LENGTH } from '#server/contracts/news.ts';
import { REGISTRATION_VARIANT_CODES } from '#server/contracts/registration-variants.ts';
import { EMAIL_MAX_LENGTH } from '#server/contracts/validation.ts';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';
import { companies } from './companies.ts';
import { companyRegisterReasons, companyRegisterStatuses } from './master-lists.ts';
import { users } from './users.ts';

const variantCheck = (column: unknown) =>
  sql`${column} in (${sql.raw(REGISTRATION_VARIANT_CODES.map((code) => `'${code}'`).join(', '))})`;

/**
 * An application being filled in (/register/{variant}, step by step): kept 24 hours after its last
 * save under an unguessable id, of which only the SHA-256 is stored. The values are the steps'
 * fields as entered (checked per step, lazily); the agreement's answers come first.
 */
export const registrationDrafts = pgTable(
  'registration_drafts',
  {
    bank_code: bankCodeColumn(),
    draft_token_hash: varchar({ length: 64 }).notNull(),
    draft_variant: varchar({ length: 20 }).notNull(),
    draft_values: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** When the applicant agreed to the terms (agree1), as the browser said and the server saw. */
    draft_agreed_at: timestamp({ withTimezone: true }).notNull(),
    draft_expires_at: timestamp({ withTimezone: true }).notNull(),
    draft_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    draft_updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.draft_token_hash] }),
    index().on(t.bank_code, t.draft_expires_at),
    check('registration_drafts_variant_known', variantCheck(t.draft_variant)),
    bankIsolationPolicy(t.bank_code),
  ],
);

/**
 * Applications sent for the bank's decision (admin spec section 7: /admin/companyregister). The
 * form's values are kept as sent; the columns the desk lists and searches by are copied out.
 */
export const companyRegistrations = pgTable(
  'company_registrations',
  {
    bank_code: bankCodeColumn(),
    cr_id: integer().generatedAlwaysAsIdentity(),
    /** The number the applicant and the staff refer to; never the sequential id. */
    cr_unique_code: varchar({ length: 32 }).notNull(),
    cr_variant: varchar({ length: 20 }).notNull(),
    cr_status: varchar({ length: 20 })
      .notNull()
      .default('pending')
      .references(() => companyRegisterStatuses.code),
    cr_values: jsonb().$type<Record<string, unknown>>().notNull(),
    cr_company_name: varchar({ length: 100 }).notNull(),
    cr_applicant_name: varchar({ length: 61 }).notNull(),
    cr_applicant_email: varchar({ length: EMAIL_MAX_LENGTH }).notNull(),
    /** The branch the applicant chose (null: 取引店なし). */
    bb_id: integer(),
    cr_agreed_at: timestamp({ withTimezone: true }).notNull(),
    cr_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    cr_decided_at: timestamp({ withTimezone: true }),
    cr_decided_by_user_id: integer(),
    cr_reject_reason: varchar({ length: 40 }).references(() => companyRegisterReasons.code),
    /** The company an approval created. */
    company_id: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.cr_id] }),
    uniqueIndex().on(t.bank_code, t.cr_unique_code),
    // The desk's list: by status, newest first.
    index().on(t.bank_code, t.cr_status, t.cr_created_at),
    foreignKey({
      columns: [t.bank_code, t.company_id],
      foreignColumns: [companies.bank_code, companies.company_id],
    }),
    check('company_registrations_variant_known', variantCheck(t.cr_variant)),
    bankIsolationPolicy(t.bank_code),
  ],
);

/**
 * Identification documents (本人確認書類) uploaded to a draft's documents step: the bytes are in the
 * file storage under the bank's key, the row says whose they are. A file belongs to its draft (by
 * the draft id's hash) until the application is sent, then to the application (cr_unique_code),
 * never both. A draft keeps one file: a new upload replaces it. Files of drafts that expired go
 * with the next upload or draft of the bank (server/api/registration/identification-files.ts).
 */
export const registrationFiles = pgTable(
  'registration_files',
  {
    bank_code: bankCodeColumn(),
    /** 32 random hex digits; what the draft's identification_file_unique_code names. */
    file_unique_code: varchar({ length: 32 }).notNull(),
    /** The draft it was uploaded to (registration_drafts.draft_token_hash); null once sent. */
    draft_token_hash: varchar({ length: 64 }),
    /** The application it was sent with; null while it belongs to a draft. */
    cr_unique_code: varchar({ length: 32 }),
    file_name: varchar({ length: FILE_NAME_MAX_LENGTH }).notNull(),
    /** As told by the content, not by the name. */
    file_content_type: varchar({ length: 100 }).notNull(),
    file_size: integer().notNull(),
    file_storage_key: varchar({ length: 200 }).notNull(),
    file_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.file_unique_code] }),
    index().on(t.bank_code, t.draft_token_hash),
    index().on(t.bank_code, t.cr_unique_code),
    foreignKey({
      name: 'registration_files_application_fk',
      columns: [t.bank_code, t.cr_unique_code],
      foreignColumns: [companyRegistrations.bank_code, companyRegistrations.cr_unique_code],
    }),
    check(
      'registration_files_of_draft_or_application',
      sql`(${t.draft_token_hash} is null) <> (${t.cr_unique_code} is null)`,
    ),
    bankIsolationPolicy(t.bank_code),
  ],
);

/**
 * An owner's invitation of an employee (/register/employee/invitation/{token}): mailed as a link
 * valid 7 days and once, of whose token only the SHA-256 is stored; the owner's list names it by
 * its public code. Its state is told by the columns: used (used_at), revoked (revoked_at), expired
 * (expires_at past), else pending.
 */
export const employeeInvitations = pgTable(
  'employee_invitations',
  {
    bank_code: bankCodeColumn(),
    invitation_id: integer().generatedAlwaysAsIdentity(),
    /** 32 random hex digits: what the owner's list and the revoke call name; never the token. */
    invitation_unique_code: varchar({ length: 32 }).notNull(),
    /** Hex SHA-256 of the token in the link. */
    invitation_token_hash: varchar({ length: 64 }).notNull(),
    /** The company the invitee joins. */
    company_id: integer().notNull(),
    invited_by_user_id: integer().notNull(),
    invitation_email: varchar({ length: EMAIL_MAX_LENGTH }).notNull(),
    /** The invitee's name for the mail's greeting, as the owner wrote it. */
    invitation_name: varchar({ length: 60 }),
    invitation_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    invitation_expires_at: timestamp({ withTimezone: true }).notNull(),
    invitation_used_at: timestamp({ withTimezone: true }),
    /** The employee the invitation registered. */
    used_by_user_id: integer(),
    invitation_revoked_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.invitation_id] }),
    uniqueIndex().on(t.bank_code, t.invitation_unique_code),
    uniqueIndex().on(t.bank_code, t.invitation_token_hash),
    // The company's list: newest first.
    index().on(t.bank_code, t.company_id, t.invitation_created_at),
    foreignKey({
      name: 'employee_invitations_company_fk',
      columns: [t.bank_code, t.company_id],
      foreignColumns: [companies.bank_code, companies.company_id],
    }),
    foreignKey({
      name: 'employee_invitations_invited_by_fk',
      columns: [t.bank_code, t.invited_by_user_id],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    foreignKey({
      name: 'employee_invitations_used_by_fk',
      columns: [t.bank_code, t.used_by_user_id],
      foreignColumns: [users.bank_code, users.user_id],
    }),
    check(
      'employee_invitations_used_with_user',
      sql`(${t.invitation_used_at} is null) = (${t.used_by_user_id} is null)`,
    ),
    bankIsolationPolicy(t.bank_code),
  ],
);
