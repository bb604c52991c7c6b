import { and, eq } from 'drizzle-orm';
import type { DbTransaction } from '#server/db/database.ts';
import { users } from '#server/db/schema.ts';

/** The enabled user's password hash; null when the account has none here (or is disabled). */
export async function ownPasswordHash(tx: DbTransaction, userId: number): Promise<string | null> {
  const [row] = await tx
    .select({ passwordHash: users.user_password_hash })
    .from(users)
    .where(and(eq(users.user_id, userId), eq(users.user_is_disabled, false)))
    .limit(1);
  return row?.passwordHash ?? null;
}
