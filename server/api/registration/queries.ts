import { randomBytes } from 'node:crypto';
import { newRandomToken, storedTokenHash } from '#server/auth/random-tokens.ts';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { REGISTRATION_DRAFT_HOURS } from '#server/contracts/registration.ts';
import type { RegistrationVariantCode } from '#server/contracts/registration-variants.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { companyRegistrations, registrationDrafts } from '#server/db/schema.ts';

const expiry = sql`now() + ${REGISTRATION_DRAFT_HOURS} * interval '1 hour'`;

export interface Draft {
  variant: RegistrationVariantCode;
  values: Record<string, unknown>;
  agreedAt: Date;
  expiresAt: Date;
}

/** A new draft after the agreement; the bank's expired drafts (personal data) go at the same time. */
export async function createDraft(
  tx: DbTransaction,
  variant: RegistrationVariantCode,
  agreedAt: Date,
): Promise<{ draftId: string; expiresAt: Date }> {
  await tx.delete(registrationDrafts).where(lte(registrationDrafts.draft_expires_at, sql`now()`));
  const draftId = newRandomToken();
  const [row] = await tx
    .insert(registrationDrafts)
    .values({
      draft_token_hash: storedTokenHash(draftId),
      draft_variant: variant,
      draft_agreed_at: agreedAt,
      draft_expires_at: expiry,
    })
    .returning({ expiresAt: registrationDrafts.draft_expires_at });
  if (!row) throw new Error('the draft was not stored');
  return { draftId, expiresAt: row.expiresAt };
}

/** The draft, unless it expired (or never was). Locked for the rest of the transaction. */
export async function findDraft(tx: DbTransaction, draftId: string): Promise<Draft | undefined> {
  const [row] = await tx
    .select({
      variant: registrationDrafts.draft_variant,
      values: registrationDrafts.draft_values,
      agreedAt: registrationDrafts.draft_agreed_at,
      expiresAt: registrationDrafts.draft_expires_at,
    })
    .from(registrationDrafts)
    .where(
      and(
        eq(registrationDrafts.draft_token_hash, storedTokenHash(draftId)),
        gt(registrationDrafts.draft_expires_at, sql`now()`),
      ),
    )
    .for('update');
  return row ? { ...row, variant: row.variant as RegistrationVariantCode } : undefined;
}

/** Merges a step's fields into the draft and keeps it another 24 hours. */
export async function saveDraftValues(
  tx: DbTransaction,
  draftId: string,
  values: Record<string, unknown>,
): Promise<Date> {
  const [row] = await tx
    .update(registrationDrafts)
    .set({
      draft_values: sql`${registrationDrafts.draft_values} || ${JSON.stringify(values)}::jsonb`,
      draft_expires_at: expiry,
      draft_updated_at: sql`now()`,
    })
    .where(eq(registrationDrafts.draft_token_hash, storedTokenHash(draftId)))
    .returning({ expiresAt: registrationDrafts.draft_expires_at });
  if (!row) throw new Error('the draft disappeared while it was locked');
  return row.expiresAt;
}

export async function deleteDraft(tx: DbTransaction, draftId: string): Promise<void> {
  await tx
    .delete(registrationDrafts)
    .where(eq(registrationDrafts.draft_token_hash, storedTokenHash(draftId)));
}

/** Files the application as 承認待ち; answers its number (申込番号). */
export async function insertRegistration(
  tx: DbTransaction,
  application: {
    variant: RegistrationVariantCode;
    values: Record<string, unknown>;
    companyName: string;
    applicantName: string;
    applicantEmail: string;
    bbId: number | null;
    agreedAt: Date;
  },
): Promise<string> {
  const code = `R${randomBytes(6).toString('hex').toUpperCase()}`;
  await tx.insert(companyRegistrations).values({
    cr_unique_code: code,
    cr_variant: application.variant,
    cr_values: application.values,
    cr_company_name: application.companyName,
    cr_applicant_name: application.applicantName,
    cr_applicant_email: application.applicantEmail,
    bb_id: application.bbId,
    cr_agreed_at: application.agreedAt,
  });
  return code;
}
