import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbTransaction } from '#server/db/database.ts';
import { bankBranches } from '#server/db/schema/bank-branches.ts';
import { companies } from '#server/db/schema/companies.ts';
import { userTypes } from '#server/db/schema/master-lists.ts';
import { loginIdManagements, userBranches, users, userTypePermissions } from '#server/db/schema/users.ts';
import { pageOffset } from '#server/contracts/paging.ts';
import { bankBranchColumns } from '../kit/bank-branch-columns.ts';

/** A user's account type and company (bank staff have none), as join conditions. */
const typeOfUser = eq(userTypes.code, users.user_type);
const companyOfUser = eq(companies.company_id, users.company_id);

/** The user's own row with company, the company's branch and the type's name (one query). */
export async function findUserProfile(tx: DbTransaction, userId: number) {
  const [row] = await tx
    .select({
      user: users,
      company: companies,
      companyBranch: {
        bb_id: bankBranches.bb_id,
        bb_code: bankBranches.bb_code,
        bb_name: bankBranches.bb_name,
      },
      userTypeName: userTypes.name,
      userGroup: userTypes.user_group,
    })
    .from(users)
    .innerJoin(userTypes, typeOfUser)
    .leftJoin(companies, companyOfUser)
    .leftJoin(bankBranches, eq(bankBranches.bb_id, companies.bb_id))
    .where(eq(users.user_id, userId));
  return row;
}

/** The branches a bank staff member works for, in branch-code order. */
export function listUserBranches(tx: DbTransaction, userId: number) {
  return tx
    .select(bankBranchColumns)
    .from(userBranches)
    .innerJoin(bankBranches, eq(bankBranches.bb_id, userBranches.bb_id))
    .where(eq(userBranches.user_id, userId))
    .orderBy(asc(bankBranches.bb_code));
}

/** The permission strings the bank grants the account type. */
export async function listPermittedActions(tx: DbTransaction, userType: string): Promise<string[]> {
  const rows = await tx
    .select({ permission: userTypePermissions.permission })
    .from(userTypePermissions)
    .where(eq(userTypePermissions.user_type, userType))
    .orderBy(asc(userTypePermissions.permission));
  return rows.map((row) => row.permission);
}

/** Login ids the user manages for others, and whether someone manages the user's. */
export async function findLoginIdManagements(tx: DbTransaction, userId: number) {
  const managed = await tx
    .select({ login_id: users.user_login_id, provider: users.user_provider })
    .from(loginIdManagements)
    .innerJoin(users, eq(users.user_id, loginIdManagements.managed_user_id))
    .where(eq(loginIdManagements.user_id, userId))
    .orderBy(asc(users.user_login_id));
  const [managedBy] = await tx
    .select({ count: count() })
    .from(loginIdManagements)
    .where(eq(loginIdManagements.managed_user_id, userId));
  return { managed, isManagedUser: (managedBy?.count ?? 0) > 0 };
}

/**
 * Users an admin may switch into: the bank's enabled users of the account types the admin may act
 * as (server/contracts/user-switch.ts), but not the admin, nor users of a disabled company (no
 * session can be made for them), by keyword. No types: nobody.
 */
export async function searchSwitchableUsers(
  tx: DbTransaction,
  options: {
    excludeUserId: number;
    targetTypes: readonly string[];
    keyword: string | undefined;
    page: number;
    rows: number;
  },
) {
  if (options.targetTypes.length === 0) return { list: [], totalRows: 0 };
  const keyword = options.keyword?.trim();
  const pattern = keyword ? `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined;
  const where = and(
    sql`${users.user_id} <> ${options.excludeUserId}`,
    inArray(users.user_type, [...options.targetTypes]),
    eq(users.user_is_disabled, false),
    or(isNull(users.company_id), eq(companies.company_is_disabled, false)),
    pattern
      ? or(
          ilike(users.user_login_id, pattern),
          ilike(sql`${users.user_last_name} || ${users.user_first_name}`, pattern),
          ilike(companies.company_name, pattern),
        )
      : undefined,
  );
  const [total] = await tx
    .select({ count: count() })
    .from(users)
    .leftJoin(companies, companyOfUser)
    .where(where);
  const list = await tx
    .select({
      user_unique_code: users.user_unique_code,
      user_login_id: users.user_login_id,
      user_name: sql<string>`${users.user_last_name} || ' ' || ${users.user_first_name}`,
      user_type: users.user_type,
      user_type_name: userTypes.name,
      company_name: companies.company_name,
    })
    .from(users)
    .innerJoin(userTypes, typeOfUser)
    .leftJoin(companies, companyOfUser)
    .where(where)
    .orderBy(asc(userTypes.sort_order), asc(users.user_login_id))
    .limit(options.rows)
    .offset(pageOffset(options.page, options.rows));
  return { list, totalRows: total?.count ?? 0 };
}
