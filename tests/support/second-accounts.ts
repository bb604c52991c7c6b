import { eq } from 'drizzle-orm';
import { USER_TYPES, type UserTypeCode } from '#server/contracts/account-types.ts';
import type { Database } from '#server/db/database.ts';
import { users } from '#server/db/schema.ts';
import { DEMO_LOGIN_OF } from './login.ts';

/**
 * A second account of each of the eight types in a bank (login id and unique code
 * `{demo login}2-{code}`, e.g. `sysadmin2-0182`, in the demo user's company; no password): someone
 * of every type who is not the demo user, so a test can ask whether one system_admin may act as
 * another. Answers the unique code of each type's second account.
 */
export async function addSecondAccounts(db: Database, code: string): Promise<Record<UserTypeCode, string>> {
  const uniqueCodeOf = (type: UserTypeCode) => `${DEMO_LOGIN_OF[type]}2-${code}`;
  await db.withBank(code, async (tx) => {
    for (const type of USER_TYPES) {
      const [demo] = await tx
        .select({ companyId: users.company_id })
        .from(users)
        .where(eq(users.user_login_id, `${DEMO_LOGIN_OF[type]}-${code}`));
      if (!demo) throw new Error(`bank ${code} has no demo ${type}`);
      await tx.insert(users).values({
        company_id: demo.companyId,
        user_unique_code: uniqueCodeOf(type),
        user_login_id: uniqueCodeOf(type),
        user_last_name: '二人目',
        user_first_name: type,
        user_last_name_kana: 'フタリメ',
        user_first_name_kana: 'テスト',
        user_email: `${uniqueCodeOf(type)}@example.com`,
        user_type: type,
      });
    }
  });
  return Object.fromEntries(USER_TYPES.map((type) => [type, uniqueCodeOf(type)])) as Record<
    UserTypeCode,
    string
  >;
}
