import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { newRandomToken, storedTokenHash } from '#server/auth/random-tokens.ts';
import { EMAIL_CHANGE_LINK_VALID_HOURS } from '#server/contracts/email-change.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { emailChanges, users } from '#server/db/schema.ts';

/**
 * E-mail address changes waiting for their link (email_changes), each inside the call's transaction
 * of the host's bank: row-level security keeps every lookup in that bank, so a token made at one
 * bank is unknown at another's host.
 */

/** The same address written with other capitals is the same mailbox in practice. */
export const sameMailbox = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Makes the user's unused links void (a newer request, or the current address saved again). */
export async function voidEmailChanges(tx: DbTransaction, userId: number): Promise<void> {
  await tx
    .update(emailChanges)
    .set({ ec_used_at: sql`now()` })
    .where(and(eq(emailChanges.user_id, userId), isNull(emailChanges.ec_used_at)));
}

/** A new link for the user's change to `newEmail`, valid 24 hours and once; earlier links stop working. */
export async function createEmailChange(
  tx: DbTransaction,
  userId: number,
  newEmail: string,
): Promise<string> {
  await voidEmailChanges(tx, userId);
  const token = newRandomToken();
  await tx.insert(emailChanges).values({
    ec_token_hash: storedTokenHash(token),
    user_id: userId,
    ec_new_email: newEmail.trim(),
    ec_expires_at: sql`now() + ${EMAIL_CHANGE_LINK_VALID_HOURS} * interval '1 hour'`,
  });
  return token;
}

/** The address the user's newest usable link would set, or null. */
export async function pendingEmailOf(tx: DbTransaction, userId: number): Promise<string | null> {
  const [row] = await tx
    .select({ email: emailChanges.ec_new_email })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.user_id, userId),
        isNull(emailChanges.ec_used_at),
        gt(emailChanges.ec_expires_at, sql`now()`),
      ),
    )
    .orderBy(desc(emailChanges.ec_created_at))
    .limit(1);
  return row?.email ?? null;
}

export type EmailChangeRefusal = 'unknown' | 'expired' | 'used';

/** Why a link cannot be followed (read after the taking failed). */
export async function emailChangeRefusal(tx: DbTransaction, token: string): Promise<EmailChangeRefusal> {
  const [row] = await tx
    .select({
      used: sql<boolean>`${emailChanges.ec_used_at} is not null`,
      expired: sql<boolean>`${emailChanges.ec_expires_at} <= now()`,
      disabled: users.user_is_disabled,
    })
    .from(emailChanges)
    .innerJoin(users, eq(users.user_id, emailChanges.user_id))
    .where(eq(emailChanges.ec_token_hash, storedTokenHash(token)))
    .limit(1);
  if (!row || row.disabled) return 'unknown';
  if (row.used) return 'used';
  return row.expired ? 'expired' : 'used';
}

/**
 * Follows the link, if it is still usable: one statement takes it, so of two at once one wins. The
 * user's address becomes the new one. Answers the user and the new address, or undefined.
 */
export async function takeEmailChange(
  tx: DbTransaction,
  token: string,
): Promise<{ userId: number; userUniqueCode: string; companyId: number | null; email: string } | undefined> {
  const [taken] = await tx
    .update(emailChanges)
    .set({ ec_used_at: sql`now()` })
    .where(
      and(
        eq(emailChanges.ec_token_hash, storedTokenHash(token)),
        isNull(emailChanges.ec_used_at),
        gt(emailChanges.ec_expires_at, sql`now()`),
      ),
    )
    .returning({ userId: emailChanges.user_id, email: emailChanges.ec_new_email });
  if (!taken) return undefined;
  const [user] = await tx
    .update(users)
    .set({ user_email: taken.email })
    .where(and(eq(users.user_id, taken.userId), eq(users.user_is_disabled, false)))
    .returning({ userUniqueCode: users.user_unique_code, companyId: users.company_id });
  // A disabled account's link opens nothing: the transaction rolls back with the caller's refusal.
  if (!user) return undefined;
  return { userId: taken.userId, ...user, email: taken.email };
}
