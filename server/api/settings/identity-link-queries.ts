import { asc, eq } from 'drizzle-orm';
import { type IdentityLink, identityProviderName } from '#server/contracts/identity-link.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { userIdentityLinks } from '#server/db/schema.ts';

/**
 * The logged-in user's identity-broker links (user_identity_links), inside the call's transaction
 * of the host's bank: the links are made at login (server/auth/session-audit.ts); here they are
 * read and removed, always for the logged-in user.
 */

/** Characters of a subject left readable at each end, and the mask between them. */
const SUBJECT_VISIBLE_CHARACTERS = 2;
const SUBJECT_MASK = '********';

/**
 * A provider's subject with all but its first and last two characters masked, the mask of one
 * length whatever the subject's: enough for the user to tell two accounts apart, not enough to name
 * one (a provider's subject can be an address or a personal number). A short subject is masked whole.
 */
export function maskSubject(subject: string): string {
  const characters = [...subject];
  const visible = SUBJECT_VISIBLE_CHARACTERS;
  if (characters.length <= visible * 2 + 2) return SUBJECT_MASK;
  return `${characters.slice(0, visible).join('')}${SUBJECT_MASK}${characters.slice(-visible).join('')}`;
}

/** The user's links as the page shows them, the oldest first. */
export async function identityLinksOf(
  tx: DbTransaction,
  userId: number,
  bankName: string,
): Promise<IdentityLink[]> {
  const rows = await tx
    .select({
      provider: userIdentityLinks.link_provider,
      subject: userIdentityLinks.link_subject,
      linkedAt: userIdentityLinks.link_created_at,
      lastLoginAt: userIdentityLinks.link_last_login_at,
    })
    .from(userIdentityLinks)
    .where(eq(userIdentityLinks.user_id, userId))
    .orderBy(asc(userIdentityLinks.link_created_at), asc(userIdentityLinks.link_provider));
  return rows.map((row) => ({
    provider: row.provider,
    provider_name: identityProviderName(row.provider, bankName),
    masked_subject: maskSubject(row.subject),
    linked_at: row.linkedAt.toISOString(),
    last_login_at: row.lastLoginAt.toISOString(),
  }));
}

/** Removes every link of the user; answers how many there were. */
export async function deleteIdentityLinksOf(tx: DbTransaction, userId: number): Promise<number> {
  const removed = await tx
    .delete(userIdentityLinks)
    .where(eq(userIdentityLinks.user_id, userId))
    .returning({ provider: userIdentityLinks.link_provider });
  return removed.length;
}
