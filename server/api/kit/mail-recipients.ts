import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CompanyUserType } from '#server/contracts/account-types.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { users } from '#server/db/schema.ts';

/** A user's address and the name a mail's greeting calls them by (姓 名), as select columns. */
export const mailRecipientColumns = {
  email: users.user_email,
  name: sql<string>`${users.user_last_name} || ' ' || ${users.user_first_name}`,
};

/**
 * The enabled users of `userTypes` in the companies who have an address, each with its company:
 * whom a company's notice mail goes to (owners for an offer or an agreement, every user for a deal).
 */
export async function companyMailRecipients(
  tx: DbTransaction,
  companyIds: readonly number[],
  userTypes: readonly CompanyUserType[],
) {
  const rows = await tx
    .select({ companyId: users.company_id, ...mailRecipientColumns })
    .from(users)
    .where(
      and(
        inArray(users.company_id, [...companyIds]),
        inArray(users.user_type, [...userTypes]),
        eq(users.user_is_disabled, false),
      ),
    )
    .orderBy(asc(users.user_id));
  return rows.filter((row) => row.email !== '');
}
