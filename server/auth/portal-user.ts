import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { companies } from '../db/schema/companies.ts';
import { users } from '../db/schema/users.ts';
import { isUserType } from '../contracts/account-types.ts';
import type { SessionUser } from './sessions.ts';

/**
 * The portal user behind a provider's subject (the semantics of GET /api/v1/login/callback/bamidp):
 * the subject is the user's unique code in the bank whose provider issued the token. A disabled
 * user, or a user of a disabled company, has no portal user.
 */
export async function findPortalUser(
  db: Database,
  bankCode: string,
  subject: string,
): Promise<SessionUser | undefined> {
  const [row] = await db.withBank(bankCode, (tx) =>
    tx
      .select({
        userId: users.user_id,
        userUniqueCode: users.user_unique_code,
        userType: users.user_type,
        userIsDisabled: users.user_is_disabled,
        companyIsDisabled: companies.company_is_disabled,
      })
      .from(users)
      .leftJoin(companies, eq(companies.company_id, users.company_id))
      .where(eq(users.user_unique_code, subject))
      .limit(1),
  );
  if (!row || row.userIsDisabled || row.companyIsDisabled === true || !isUserType(row.userType))
    return undefined;
  return { userId: row.userId, userUniqueCode: row.userUniqueCode, userType: row.userType };
}
