import { sql } from 'drizzle-orm';
import type { DbTransaction } from './database.ts';
import { DEFAULT_USER_TYPE_PERMISSIONS } from './master-data/account-type-rows.ts';
import { userTypePermissions } from './schema/users.ts';

/**
 * Gives the transaction's bank (withBank) the default permissions of every account type, unless
 * the bank already has permission rows of its own — then nothing changes, so a permission a bank
 * took away is never granted back. Answers whether the defaults were installed.
 */
export async function ensureBankPermissions(tx: DbTransaction): Promise<boolean> {
  const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(userTypePermissions);
  if (existing !== undefined && existing.count > 0) return false;
  const rows = Object.entries(DEFAULT_USER_TYPE_PERMISSIONS).flatMap(([userType, permissions]) =>
    permissions.map((permission) => ({ user_type: userType, permission })),
  );
  await tx.insert(userTypePermissions).values(rows).onConflictDoNothing();
  return true;
}
