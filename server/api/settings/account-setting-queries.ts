import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { OWNER_USER_TYPES, type CompanyUserType } from '#server/contracts/account-types.ts';
import type { CompanyAccount, CompanyAccountDetail } from '#server/contracts/company-accounts.ts';
import type { UserProfileFields } from '#server/contracts/user-profile.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { companies, users } from '#server/db/schema.ts';
import { pendingEmailOf } from './email-change-queries.ts';
import { profileColumnsOf } from './user-profile-queries.ts';

/**
 * A company's accounts as its owner manages them: one function per question, each inside the
 * call's transaction of the host's bank (row-level security keeps the bank; every question names
 * the viewer's company, so another company's user is simply not found).
 */

const accountColumns = {
  user_id: users.user_id,
  user_unique_code: users.user_unique_code,
  user_type: users.user_type,
  user_login_id: users.user_login_id,
  user_last_name: users.user_last_name,
  user_first_name: users.user_first_name,
  user_email: users.user_email,
  user_last_login_at: users.user_last_login_at,
  user_is_disabled: users.user_is_disabled,
};

interface AccountRow {
  user_id: number;
  user_unique_code: string;
  user_type: string;
  user_login_id: string;
  user_last_name: string;
  user_first_name: string;
  user_email: string;
  user_last_login_at: Date | null;
  user_is_disabled: boolean;
}

function accountOf(row: AccountRow, viewerUserId: number): CompanyAccount {
  const { user_id: userId, user_last_login_at: lastLogin, ...fields } = row;
  return {
    ...fields,
    user_type: fields.user_type as CompanyUserType,
    user_last_login_at: lastLogin?.toISOString() ?? null,
    is_self: userId === viewerUserId,
  };
}

/** The order of the list: owners first, then users, employees; each by name kana. */
const TYPE_ORDER = sql`case ${users.user_type} when 'company_owner' then 0 when 'partner_company_owner' then 0 when 'company_user' then 1 else 2 end`;

/** The company's users, owners first. */
export async function listCompanyAccounts(
  tx: DbTransaction,
  companyId: number,
  viewerUserId: number,
  options: { userType?: CompanyUserType } = {},
): Promise<CompanyAccount[]> {
  const rows = await tx
    .select(accountColumns)
    .from(users)
    .where(
      and(
        eq(users.company_id, companyId),
        options.userType ? eq(users.user_type, options.userType) : undefined,
      ),
    )
    .orderBy(TYPE_ORDER, asc(users.user_last_name_kana), asc(users.user_first_name_kana), asc(users.user_id));
  return rows.map((row) => accountOf(row, viewerUserId));
}

/** One user of the company, with their row id; undefined when the company has no such user. */
export async function findCompanyAccount(
  tx: DbTransaction,
  companyId: number,
  userUniqueCode: string,
  viewerUserId: number,
  options: { lock?: boolean } = {},
): Promise<(CompanyAccountDetail & { userId: number }) | undefined> {
  const query = tx
    .select({
      ...accountColumns,
      user_last_name_kana: users.user_last_name_kana,
      user_first_name_kana: users.user_first_name_kana,
      user_alternate_email: users.user_alternate_email,
      user_tel: users.user_tel,
    })
    .from(users)
    .where(and(eq(users.company_id, companyId), eq(users.user_unique_code, userUniqueCode)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) return undefined;
  const { user_last_name_kana, user_first_name_kana, user_alternate_email, user_tel, ...account } = row;
  const refusal = await disableRefusalOf(tx, companyId, row.user_id, row.user_type, viewerUserId);
  return {
    ...accountOf(account, viewerUserId),
    user_last_name_kana,
    user_first_name_kana,
    user_alternate_email,
    user_tel,
    user_pending_email: await pendingEmailOf(tx, row.user_id),
    disable_refusal: row.user_is_disabled ? null : refusal,
    userId: row.user_id,
  };
}

/**
 * Why the user may not be disabled now: 'self' for the viewer themself, 'last_owner' for the
 * company's only enabled owner; null when they may.
 */
export async function disableRefusalOf(
  tx: DbTransaction,
  companyId: number,
  userId: number,
  userType: string,
  viewerUserId: number,
): Promise<'self' | 'last_owner' | null> {
  if (userId === viewerUserId) return 'self';
  if (!(OWNER_USER_TYPES as readonly string[]).includes(userType)) return null;
  const [others] = await tx
    .select({ count: count() })
    .from(users)
    .where(
      and(
        eq(users.company_id, companyId),
        inArray(users.user_type, [...OWNER_USER_TYPES]),
        eq(users.user_is_disabled, false),
        ne(users.user_id, userId),
      ),
    );
  return (others?.count ?? 0) === 0 ? 'last_owner' : null;
}

/**
 * Locks the company's row: the commands that count the company's users (the last owner, the
 * partner limit) run one at a time per company, so two at once cannot both see room.
 */
export async function lockCompany(
  tx: DbTransaction,
  companyId: number,
): Promise<{ companyType: string } | undefined> {
  const [row] = await tx
    .select({ companyType: companies.company_type })
    .from(companies)
    .where(eq(companies.company_id, companyId))
    .for('update');
  return row;
}

/** Saves the user's name and contact. */
export async function updateCompanyAccount(
  tx: DbTransaction,
  userId: number,
  fields: UserProfileFields,
): Promise<void> {
  await tx.update(users).set(profileColumnsOf(fields)).where(eq(users.user_id, userId));
}

export async function setAccountDisabled(
  tx: DbTransaction,
  userId: number,
  disabled: boolean,
): Promise<void> {
  await tx.update(users).set({ user_is_disabled: disabled }).where(eq(users.user_id, userId));
}

/** The company's enabled business users (company_user accounts). */
export async function countEnabledBusinessUsers(tx: DbTransaction, companyId: number): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(users)
    .where(
      and(
        eq(users.company_id, companyId),
        eq(users.user_type, 'company_user'),
        eq(users.user_is_disabled, false),
      ),
    );
  return row?.count ?? 0;
}
