import { and, count, desc, eq } from 'drizzle-orm';
import type { DbTransaction } from '#server/db/database.ts';
import { needFavorites, users } from '#server/db/schema.ts';

/**
 * A user's favourite needs (/mypage/matching/favca), kept by the need's code: the list reads the
 * needs through network_needs, so a need no longer published drops out of it by itself.
 */

export async function isFavoriteNeed(tx: DbTransaction, userId: number, needCode: string): Promise<boolean> {
  const [row] = await tx
    .select({ code: needFavorites.need_unique_code })
    .from(needFavorites)
    .where(and(eq(needFavorites.user_id, userId), eq(needFavorites.need_unique_code, needCode)));
  return row !== undefined;
}

/**
 * The user's favourite needs' codes, newest first: all of them (at most FAVORITES_PER_USER_MAX), as
 * the list keeps those still published and pages them.
 */
export async function favoriteNeedCodes(tx: DbTransaction, userId: number): Promise<string[]> {
  const rows = await tx
    .select({ code: needFavorites.need_unique_code })
    .from(needFavorites)
    .where(eq(needFavorites.user_id, userId))
    .orderBy(desc(needFavorites.favorite_created_at), desc(needFavorites.need_unique_code));
  return rows.map((row) => row.code);
}

/** How many favourites the user keeps, counted under a lock of the user's row (the limit holds at once). */
export async function countFavoritesOfLockedUser(tx: DbTransaction, userId: number): Promise<number> {
  await tx.select({ id: users.user_id }).from(users).where(eq(users.user_id, userId)).for('no key update');
  const [row] = await tx
    .select({ total: count() })
    .from(needFavorites)
    .where(eq(needFavorites.user_id, userId));
  return row?.total ?? 0;
}

export async function addFavoriteNeed(tx: DbTransaction, userId: number, needCode: string): Promise<void> {
  await tx
    .insert(needFavorites)
    .values({ user_id: userId, need_unique_code: needCode })
    .onConflictDoNothing();
}

export async function removeFavoriteNeed(
  tx: DbTransaction,
  userId: number,
  needCode: string,
): Promise<boolean> {
  const removed = await tx
    .delete(needFavorites)
    .where(and(eq(needFavorites.user_id, userId), eq(needFavorites.need_unique_code, needCode)))
    .returning({ code: needFavorites.need_unique_code });
  return removed.length > 0;
}
