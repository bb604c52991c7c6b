import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { newRandomToken, storedTokenHash } from '#server/auth/random-tokens.ts';
import {
  INVITATION_VALID_DAYS,
  type Invitation,
  type InvitationState,
} from '#server/contracts/employee-invitation.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { companies, employeeInvitations, users } from '#server/db/schema.ts';

/** The company's list goes this far back. */
export const INVITATION_LIST_DAYS = 90;

const invitations = employeeInvitations;

/** What the columns say the invitation is now (used and revoked outlast the expiry). */
const stateColumn = sql<InvitationState>`case
  when ${invitations.invitation_used_at} is not null then 'used'
  when ${invitations.invitation_revoked_at} is not null then 'revoked'
  when ${invitations.invitation_expires_at} <= now() then 'expired'
  else 'pending' end`;

const invitationColumns = {
  code: invitations.invitation_unique_code,
  email: invitations.invitation_email,
  name: invitations.invitation_name,
  state: stateColumn,
  invitedByLastName: users.user_last_name,
  invitedByFirstName: users.user_first_name,
  createdAt: invitations.invitation_created_at,
  expiresAt: invitations.invitation_expires_at,
  usedAt: invitations.invitation_used_at,
};

type InvitationRow = {
  code: string;
  email: string;
  name: string | null;
  state: InvitationState;
  invitedByLastName: string;
  invitedByFirstName: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
};

/** An invitation as the owner's list and the calls answer it. */
function answerOf(row: InvitationRow): Invitation {
  return {
    invitation_unique_code: row.code,
    email: row.email,
    name: row.name,
    state: row.state,
    invited_by_name: `${row.invitedByLastName} ${row.invitedByFirstName}`,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    used_at: row.usedAt?.toISOString() ?? null,
  };
}

/** The company's invitation by its public code, as the list shows it; undefined when it has none such. */
async function companyInvitation(
  tx: DbTransaction,
  companyId: number,
  code: string,
): Promise<Invitation | undefined> {
  const [row] = await tx
    .select(invitationColumns)
    .from(invitations)
    .innerJoin(users, eq(users.user_id, invitations.invited_by_user_id))
    .where(and(eq(invitations.company_id, companyId), eq(invitations.invitation_unique_code, code)));
  return row ? answerOf(row) : undefined;
}

/** True when a user of the bank already has the address (case aside): such a person is not invited. */
export async function isMemberAddress(tx: DbTransaction, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.user_id })
    .from(users)
    .where(sql`lower(${users.user_email}) = lower(${email})`)
    .limit(1);
  return row !== undefined;
}

/**
 * A new invitation of the company, valid 7 days, and its token (for the mail only; the row keeps its
 * SHA-256). The company's earlier pending invitation to the same address (case aside) is revoked:
 * only the newest link works.
 */
export async function createInvitation(
  tx: DbTransaction,
  invitation: { companyId: number; invitedByUserId: number; email: string; name: string | null },
): Promise<{ token: string; invitation: Invitation }> {
  await tx
    .update(invitations)
    .set({ invitation_revoked_at: sql`now()` })
    .where(
      and(
        eq(invitations.company_id, invitation.companyId),
        sql`lower(${invitations.invitation_email}) = lower(${invitation.email})`,
        isNull(invitations.invitation_used_at),
        isNull(invitations.invitation_revoked_at),
        gt(invitations.invitation_expires_at, sql`now()`),
      ),
    );
  const token = newRandomToken();
  const code = randomBytes(16).toString('hex');
  await tx.insert(invitations).values({
    invitation_unique_code: code,
    invitation_token_hash: storedTokenHash(token),
    company_id: invitation.companyId,
    invited_by_user_id: invitation.invitedByUserId,
    invitation_email: invitation.email,
    invitation_name: invitation.name,
    invitation_expires_at: sql`now() + ${INVITATION_VALID_DAYS} * interval '1 day'`,
  });
  const created = await companyInvitation(tx, invitation.companyId, code);
  if (!created) throw new Error('the invitation was not created');
  return { token, invitation: created };
}

/** The company's invitations of the last 90 days, newest first. */
export async function listInvitations(tx: DbTransaction, companyId: number): Promise<Invitation[]> {
  const rows = await tx
    .select(invitationColumns)
    .from(invitations)
    .innerJoin(users, eq(users.user_id, invitations.invited_by_user_id))
    .where(
      and(
        eq(invitations.company_id, companyId),
        gt(invitations.invitation_created_at, sql`now() - ${INVITATION_LIST_DAYS} * interval '1 day'`),
      ),
    )
    .orderBy(desc(invitations.invitation_created_at), desc(invitations.invitation_id));
  return rows.map(answerOf);
}

/**
 * Revokes the company's invitation unless it was used or revoked: one statement, so a registration
 * taking it at the same moment either comes first (then this finds it used) or finds it revoked.
 * Answers the invitation as it is now, with whether this call revoked it; undefined when the
 * company has no such invitation.
 */
export async function revokeInvitation(
  tx: DbTransaction,
  companyId: number,
  code: string,
): Promise<{ revoked: boolean; invitation: Invitation } | undefined> {
  const revoked = await tx
    .update(invitations)
    .set({ invitation_revoked_at: sql`now()` })
    .where(
      and(
        eq(invitations.company_id, companyId),
        eq(invitations.invitation_unique_code, code),
        isNull(invitations.invitation_used_at),
        isNull(invitations.invitation_revoked_at),
      ),
    )
    .returning({ id: invitations.invitation_id });
  const invitation = await companyInvitation(tx, companyId, code);
  return invitation && { revoked: revoked.length > 0, invitation };
}

export type LinkState =
  | {
      kind: 'usable';
      id: number;
      code: string;
      companyId: number;
      companyName: string;
      email: string;
      expiresAt: Date;
    }
  | { kind: 'unknown' | 'expired' | 'used' | 'revoked' };

/**
 * What the invitation of a link's token is now: usable (and for which company and address), or why
 * not. With `lock`, the row is locked until the transaction ends: of two registrations with one
 * token, the second waits for the first and then reads the invitation as the first left it.
 * Another bank's token is unknown (row-level security), as is one of a company that is disabled.
 */
export async function invitationOfToken(
  tx: DbTransaction,
  token: string,
  options: { lock?: boolean } = {},
): Promise<LinkState> {
  const query = tx
    .select({
      id: invitations.invitation_id,
      code: invitations.invitation_unique_code,
      companyId: invitations.company_id,
      companyName: companies.company_name,
      companyDisabled: companies.company_is_disabled,
      email: invitations.invitation_email,
      expiresAt: invitations.invitation_expires_at,
      state: stateColumn,
    })
    .from(invitations)
    .innerJoin(companies, eq(companies.company_id, invitations.company_id))
    .where(eq(invitations.invitation_token_hash, storedTokenHash(token)))
    .limit(1);
  const [row] = await (options.lock ? query.for('update', { of: invitations }) : query);
  if (!row || row.companyDisabled) return { kind: 'unknown' };
  if (row.state !== 'pending') return { kind: row.state };
  return {
    kind: 'usable',
    id: row.id,
    code: row.code,
    companyId: row.companyId,
    companyName: row.companyName,
    email: row.email,
    expiresAt: row.expiresAt,
  };
}

/** Marks the (locked, usable) invitation used by the new employee. */
export async function markInvitationUsed(tx: DbTransaction, id: number, userId: number): Promise<void> {
  await tx
    .update(invitations)
    .set({ invitation_used_at: sql`now()`, used_by_user_id: userId })
    .where(eq(invitations.invitation_id, id));
}
