import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { DbTransaction } from '../db/database.ts';
import { recordAudit } from '../db/audit.ts';
import { companies } from '../db/schema/companies.ts';
import { userIdentityLinks } from '../db/schema/user-identity-links.ts';
import { users } from '../db/schema/users.ts';
import type { SessionUser } from './sessions.ts';

/**
 * The audit rows of sessions (issue 12): a login, a logout, and an admin's switch into a user
 * and back. A session is always the user's: a switch is recorded as a LOGIN of the user the admin
 * becomes, with the admin as impersonator, and the switch back as that user's LOGOUT, so
 * /admin/activity reads a user's sessions, their own and those an admin held in their name, from one
 * kind of row. The target is the user whose session it is.
 *
 * A user's own login (not a switch) also stamps the user's last login and the company's last use
 * (the bank's company list), and links the provider's account to the user (or stamps the link's
 * last login: user_identity_links, /disconnect/broker), in the same transaction.
 */
export async function recordSessionAudit(
  tx: DbTransaction,
  request: FastifyRequest,
  action: 'LOGIN' | 'LOGOUT',
  user: SessionUser,
  impersonator: SessionUser | null,
): Promise<void> {
  if (action === 'LOGIN' && impersonator === null) await stampLogin(tx, user);
  await recordAudit(tx, {
    action,
    targetType: 'user',
    targetId: user.userId,
    actorUserId: user.userId,
    impersonatorUserId: impersonator?.userId ?? null,
    clientAddress: request.ip,
    requestId: request.id,
  });
}

/** The stamps keep the rows' updated_at: a login is not an edit. */
async function stampLogin(tx: DbTransaction, user: SessionUser): Promise<void> {
  const [stamped] = await tx
    .update(users)
    .set({ user_last_login_at: sql`now()`, user_updated_at: sql`${users.user_updated_at}` })
    .where(eq(users.user_id, user.userId))
    .returning({ companyId: users.company_id, provider: users.user_provider });
  if (!stamped) return;
  // The provider's subject is the user's unique code (findPortalUser found the user by it).
  await tx
    .insert(userIdentityLinks)
    .values({ user_id: user.userId, link_provider: stamped.provider, link_subject: user.userUniqueCode })
    .onConflictDoUpdate({
      target: [userIdentityLinks.bank_code, userIdentityLinks.user_id, userIdentityLinks.link_provider],
      set: { link_subject: user.userUniqueCode, link_last_login_at: sql`now()` },
    });
  if (stamped.companyId == null) return;
  await tx
    .update(companies)
    .set({ company_last_used_at: sql`now()`, company_updated_at: sql`${companies.company_updated_at}` })
    .where(eq(companies.company_id, stamped.companyId));
}
