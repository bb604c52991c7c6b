import { randomInt, randomUUID } from 'node:crypto';
import type { CompanyUserType } from '#server/contracts/account-types.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { users } from '#server/db/schema.ts';

/** How many login ids are tried before giving up: a clash is rare (a million per bank prefix). */
const LOGIN_ID_TRIES = 10;

/** A login id as the portal gives them: the bank's prefix (tenant system_prefix) and six random digits. */
export const newLoginId = (loginIdPrefix: string) =>
  `${loginIdPrefix}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

export interface NewCompanyUser {
  companyId: number;
  userType: CompanyUserType;
  lastName: string;
  firstName: string;
  lastNameKana: string;
  firstNameKana: string;
  email: string;
  tel: string | null;
  /** The password's hash (hashPassword); none when it is set later through a link. */
  passwordHash?: string;
}

/**
 * A company-side user with a login id of its own (newLoginId, tried again on the rare clash with
 * another user's): an approved application's owner, an invited employee.
 */
export async function createCompanyUser(
  tx: DbTransaction,
  user: NewCompanyUser,
  loginIdPrefix: string,
): Promise<{ userId: number; loginId: string; userUniqueCode: string }> {
  for (let attempt = 0; attempt < LOGIN_ID_TRIES; attempt += 1) {
    const [created] = await tx
      .insert(users)
      .values({
        company_id: user.companyId,
        user_unique_code: randomUUID().replaceAll('-', ''),
        user_login_id: newLoginId(loginIdPrefix),
        user_last_name: user.lastName,
        user_first_name: user.firstName,
        user_last_name_kana: user.lastNameKana,
        user_first_name_kana: user.firstNameKana,
        user_email: user.email,
        user_tel: user.tel,
        user_type: user.userType,
        user_password_hash: user.passwordHash ?? null,
      })
      .onConflictDoNothing()
      .returning({
        userId: users.user_id,
        loginId: users.user_login_id,
        userUniqueCode: users.user_unique_code,
      });
    if (created) return created;
  }
  throw new Error(`no free login id after ${LOGIN_ID_TRIES} tries`);
}
