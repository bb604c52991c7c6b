import { eq, sql } from 'drizzle-orm';
import type { Database, DbTransaction } from '../db/database.ts';
import { hashPassword, verifyPassword } from '../db/password-hash.ts';
import { users } from '../db/schema.ts';

/** Failures in a row that lock an account, when the bank's enable_account_lock is on. */
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MINUTES = 15;

const accountColumns = {
  user_id: users.user_id,
  user_unique_code: users.user_unique_code,
  user_login_id: users.user_login_id,
  user_last_name: users.user_last_name,
  user_first_name: users.user_first_name,
  user_email: users.user_email,
  user_type: users.user_type,
  user_is_disabled: users.user_is_disabled,
};
type AccountRow = { [K in keyof typeof accountColumns]: (typeof accountColumns)[K]['_']['data'] };

/**
 * The claims a bank's provider gives about a portal user: `sub` is user_unique_code (the gateway
 * maps it to the portal user itself), plus name, email, login id, user_type and the bank.
 * oidc-provider hands out only those the granted scopes name (server/idp/bank-provider.ts).
 */
export function accountClaims(row: AccountRow, bankCode: string) {
  return {
    sub: row.user_unique_code,
    name: `${row.user_last_name} ${row.user_first_name}`,
    family_name: row.user_last_name,
    given_name: row.user_first_name,
    preferred_username: row.user_login_id,
    email: row.user_email,
    user_type: row.user_type,
    bank_code: bankCode,
  };
}
export type AccountClaims = ReturnType<typeof accountClaims>;

/** An enabled user of the bank by user_unique_code (a disabled user's tokens stop working). */
export async function findEnabledUser(
  db: Database,
  bankCode: string,
  sub: string,
): Promise<AccountRow | undefined> {
  const [row] = await db.withBank(bankCode, (tx) =>
    tx.select(accountColumns).from(users).where(eq(users.user_unique_code, sub)).limit(1),
  );
  return row && !row.user_is_disabled ? row : undefined;
}

/**
 * When the user's password was last reset (null: never). The provider's login sessions that began
 * earlier must log in again (bank-provider.ts's login policy).
 */
export async function passwordChangedAt(db: Database, bankCode: string, sub: string): Promise<Date | null> {
  const [row] = await db.withBank(bankCode, (tx) =>
    tx
      .select({ changedAt: users.user_password_changed_at })
      .from(users)
      .where(eq(users.user_unique_code, sub))
      .limit(1),
  );
  return row?.changedAt ?? null;
}

export type LoginOutcome =
  | { kind: 'accepted'; sub: string }
  /** Unknown login id, wrong password or disabled account: the user is told the same for all three. */
  | { kind: 'refused' }
  | { kind: 'locked' };

/** Compared against when the login id is unknown, so that answer takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

/**
 * Checks a login at the bank's provider. With the account lock on, wrong passwords are counted in one
 * UPDATE … RETURNING (concurrent failures each count), the fifth in a row locks the account for
 * 15 minutes, a lock that has run out starts the count again, and a success resets it.
 */
export async function checkLogin(
  db: Database,
  bankCode: string,
  credentials: { loginId: string; password: string },
  options: { accountLock: boolean },
): Promise<LoginOutcome> {
  const [row] = await db.withBank(bankCode, (tx) =>
    tx
      .select({
        ...accountColumns,
        user_password_hash: users.user_password_hash,
        user_failed_login_count: users.user_failed_login_count,
        locked: sql<boolean>`coalesce(${users.user_locked_until} > now(), false)`,
        has_lock_state: sql<boolean>`${users.user_failed_login_count} > 0 or ${users.user_locked_until} is not null`,
      })
      .from(users)
      .where(eq(users.user_login_id, credentials.loginId))
      .limit(1),
  );
  if (!row?.user_password_hash) {
    await verifyPassword(credentials.password, await (decoyHash ??= hashPassword('decoy password')));
    return { kind: 'refused' };
  }
  if (options.accountLock && row.locked) return { kind: 'locked' };

  const matches = await verifyPassword(credentials.password, row.user_password_hash);
  if (matches && !row.user_is_disabled) {
    if (row.has_lock_state) await db.withBank(bankCode, (tx) => resetFailures(tx, row.user_id));
    return { kind: 'accepted', sub: row.user_unique_code };
  }
  if (!options.accountLock || row.user_is_disabled) return { kind: 'refused' };
  const counted = await db.withBank(bankCode, (tx) => countFailure(tx, row.user_id));
  return counted?.locked ? { kind: 'locked' } : { kind: 'refused' };
}

function resetFailures(tx: DbTransaction, userId: number) {
  return tx
    .update(users)
    .set({ user_failed_login_count: 0, user_locked_until: null })
    .where(eq(users.user_id, userId));
}

async function countFailure(tx: DbTransaction, userId: number) {
  const lockExpired = sql`${users.user_locked_until} is not null and ${users.user_locked_until} <= now()`;
  const newCount = sql<number>`case when ${lockExpired} then 1 else ${users.user_failed_login_count} + 1 end`;
  const [counted] = await tx
    .update(users)
    .set({
      user_failed_login_count: newCount,
      user_locked_until: sql`case
        when ${newCount} >= ${LOCK_AFTER_FAILURES} then now() + make_interval(mins => ${LOCK_MINUTES})
        when ${lockExpired} then null
        else ${users.user_locked_until} end`,
    })
    .where(eq(users.user_id, userId))
    .returning({
      failures: users.user_failed_login_count,
      locked: sql<boolean>`coalesce(${users.user_locked_until} > now(), false)`,
    });
  return counted;
}
