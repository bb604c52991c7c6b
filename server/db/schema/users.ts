import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { BANK_USER_TYPES } from '#server/contracts/account-types.ts';
import { bankBranches } from './bank-branches.ts';
import { bankCodeColumn, bankIsolationPolicy } from './bank-scope.ts';
import { companies } from './companies.ts';
import { permissions, userTypes } from './master-lists.ts';

const bankUserTypeList = sql.raw(BANK_USER_TYPES.map((type) => `'${type}'`).join(', '));

/**
 * Everyone who logs in to a bank's portal: bank staff (no company) and company-side users.
 * Passwords are stored only as scrypt hashes (server/db/password-hash.ts).
 */
export const users = pgTable(
  'users',
  {
    bank_code: bankCodeColumn(),
    user_id: integer().generatedAlwaysAsIdentity(),
    /** Null for bank staff, set for every company-side account type. */
    company_id: integer(),
    user_unique_code: varchar({ length: 32 }).notNull(),
    user_login_id: varchar({ length: 64 }).notNull(),
    user_last_name: varchar({ length: 30 }).notNull(),
    user_first_name: varchar({ length: 30 }).notNull(),
    user_last_name_kana: varchar({ length: 60 }).notNull(),
    user_first_name_kana: varchar({ length: 60 }).notNull(),
    user_email: varchar({ length: 254 }).notNull(),
    user_alternate_email: varchar({ length: 254 }),
    user_tel: varchar({ length: 20 }),
    /** The person's position (役職), shown on profiles; access follows user_type, not this. */
    user_role: varchar({ length: 40 }),
    user_type: varchar({ length: 40 })
      .notNull()
      .references(() => userTypes.code),
    user_is_super_user: boolean().notNull().default(false),
    user_is_disabled: boolean().notNull().default(false),
    user_profile_picture_file_unique_code: varchar({ length: 64 }),
    /** The identity provider the account signs in through. */
    user_provider: varchar({ length: 40 }).notNull().default('bamidp'),
    /** Branch staff who see only the companies of their own branches. */
    user_restricts_companies_under_my_branch: boolean().notNull().default(false),
    user_password_hash: text(),
    /**
     * When the password was last set by a reset: the identity provider ends login sessions that
     * began before it (the gateway's sessions end at the reset itself).
     */
    user_password_changed_at: timestamp({ withTimezone: true }),
    /** Wrong passwords in a row at the identity provider (reset by a successful login). */
    user_failed_login_count: integer().notNull().default(0),
    /** Set when the bank's account lock is on and the failures reached the limit: no login until then. */
    user_locked_until: timestamp({ withTimezone: true }),
    /** The last login of the user's own (a staff member's switch into the account is not one). */
    user_last_login_at: timestamp({ withTimezone: true }),
    user_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    user_updated_at: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.user_id] }),
    uniqueIndex().on(t.bank_code, t.user_login_id),
    uniqueIndex().on(t.bank_code, t.user_unique_code),
    index().on(t.bank_code, t.company_id),
    foreignKey({
      columns: [t.bank_code, t.company_id],
      foreignColumns: [companies.bank_code, companies.company_id],
    }),
    check(
      'users_company_matches_user_type',
      sql`(${t.user_type} in (${bankUserTypeList})) = (${t.company_id} is null)`,
    ),
    bankIsolationPolicy(t.bank_code),
  ],
);

/** The branches a bank staff member works for (user_branche_codes). */
export const userBranches = pgTable(
  'user_branches',
  {
    bank_code: bankCodeColumn(),
    user_id: integer().notNull(),
    bb_id: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.user_id, t.bb_id] }),
    index().on(t.bank_code, t.bb_id),
    foreignKey({
      columns: [t.bank_code, t.user_id],
      foreignColumns: [users.bank_code, users.user_id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.bank_code, t.bb_id],
      foreignColumns: [bankBranches.bank_code, bankBranches.bb_id],
    }).onDelete('cascade'),
    bankIsolationPolicy(t.bank_code),
  ],
);

/** Login ids one user manages for another (the managed user's is_managed_user). */
export const loginIdManagements = pgTable(
  'login_id_managements',
  {
    bank_code: bankCodeColumn(),
    lim_id: integer().generatedAlwaysAsIdentity(),
    /** The managing user. */
    user_id: integer().notNull(),
    managed_user_id: integer().notNull(),
    lim_created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.lim_id] }),
    uniqueIndex().on(t.bank_code, t.user_id, t.managed_user_id),
    index().on(t.bank_code, t.managed_user_id),
    foreignKey({
      columns: [t.bank_code, t.user_id],
      foreignColumns: [users.bank_code, users.user_id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.bank_code, t.managed_user_id],
      foreignColumns: [users.bank_code, users.user_id],
    }).onDelete('cascade'),
    check('login_id_managements_not_self', sql`${t.user_id} <> ${t.managed_user_id}`),
    bankIsolationPolicy(t.bank_code),
  ],
);

/** The permission strings each account type holds in a bank (spec: platform section 6). */
export const userTypePermissions = pgTable(
  'user_type_permissions',
  {
    bank_code: bankCodeColumn(),
    user_type: varchar({ length: 40 })
      .notNull()
      .references(() => userTypes.code),
    permission: varchar({ length: 60 })
      .notNull()
      .references(() => permissions.code),
  },
  (t) => [
    primaryKey({ columns: [t.bank_code, t.user_type, t.permission] }),
    bankIsolationPolicy(t.bank_code),
  ],
);
