import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { newRandomToken, storedTokenHash } from '#server/auth/random-tokens.ts';
import { RESET_LINK_VALID_MINUTES } from '#server/contracts/reminder.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { passwordResets, users } from '#server/db/schema.ts';

export interface ResettableAccount {
  userId: number;
  loginId: string;
  lastName: string;
  firstName: string;
  email: string;
}

/** Accounts a reminder may be for: enabled, with a password, named by login id or e-mail address (case aside). */
export async function findResettableAccounts(
  tx: DbTransaction,
  loginIdOrEmail: string,
): Promise<ResettableAccount[]> {
  return tx
    .select({
      userId: users.user_id,
      loginId: users.user_login_id,
      lastName: users.user_last_name,
      firstName: users.user_first_name,
      email: users.user_email,
    })
    .from(users)
    .where(
      and(
        eq(users.user_is_disabled, false),
        isNotNull(users.user_password_hash),
        or(
          eq(users.user_login_id, loginIdOrEmail),
          sql`lower(${users.user_email}) = lower(${loginIdOrEmail})`,
        ),
      ),
    )
    .orderBy(users.user_id)
    .limit(10);
}

/**
 * A new link for the user (32 random bytes), valid 30 minutes unless said otherwise (an approved
 * owner's first password: 7 days); the user's earlier unused links stop working.
 */
export async function createResetLink(
  tx: DbTransaction,
  userId: number,
  validMinutes: number = RESET_LINK_VALID_MINUTES,
): Promise<string> {
  await tx
    .update(passwordResets)
    .set({ reset_used_at: sql`now()` })
    .where(and(eq(passwordResets.user_id, userId), isNull(passwordResets.reset_used_at)));
  const token = newRandomToken();
  await tx.insert(passwordResets).values({
    reset_token_hash: storedTokenHash(token),
    user_id: userId,
    reset_expires_at: sql`now() + ${validMinutes} * interval '1 minute'`,
  });
  return token;
}

export type ResetLinkState =
  { kind: 'valid'; userId: number; loginId: string } | { kind: 'unknown' | 'expired' | 'used' };

/** What a link is now: usable (and whose), or why not. */
export async function resetLinkState(tx: DbTransaction, token: string): Promise<ResetLinkState> {
  const [row] = await tx
    .select({
      userId: passwordResets.user_id,
      loginId: users.user_login_id,
      disabled: users.user_is_disabled,
      used: isNotNull(passwordResets.reset_used_at),
      expired: sql<boolean>`${passwordResets.reset_expires_at} <= now()`,
    })
    .from(passwordResets)
    .innerJoin(users, eq(users.user_id, passwordResets.user_id))
    .where(eq(passwordResets.reset_token_hash, storedTokenHash(token)))
    .limit(1);
  if (!row || row.disabled) return { kind: 'unknown' };
  if (row.used) return { kind: 'used' };
  if (row.expired) return { kind: 'expired' };
  return { kind: 'valid', userId: row.userId, loginId: row.loginId };
}

/**
 * Uses the link up, if it is still usable: one statement, so of two resets with the same link one
 * wins and the other finds it used. Answers the user, or undefined.
 */
export async function useResetLink(tx: DbTransaction, token: string): Promise<number | undefined> {
  const [row] = await tx
    .update(passwordResets)
    .set({ reset_used_at: sql`now()` })
    .where(
      and(
        eq(passwordResets.reset_token_hash, storedTokenHash(token)),
        isNull(passwordResets.reset_used_at),
        gt(passwordResets.reset_expires_at, sql`now()`),
      ),
    )
    .returning({ userId: passwordResets.user_id });
  return row?.userId;
}

/** The new password's hash; a lock from wrong passwords ends with it. */
export async function setPassword(tx: DbTransaction, userId: number, passwordHash: string): Promise<void> {
  await tx
    .update(users)
    .set({
      user_password_hash: passwordHash,
      user_password_changed_at: sql`now()`,
      user_failed_login_count: 0,
      user_locked_until: null,
    })
    .where(eq(users.user_id, userId));
}
