import { and, eq } from 'drizzle-orm';
import type { FieldErrors } from '#server/contracts/envelope.ts';
import { REGISTRATION_MESSAGES } from '#server/contracts/registration-form.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { bankBranches, industryMiddleClasses, prefectures } from '#server/db/schema.ts';

/**
 * What only the database can check of an application: the prefecture is one of the 47, the 中分類
 * lies under the chosen 大分類, the branch is an open branch of the bank. Answers the fields that
 * name something that is not there (an approval would otherwise fail on a foreign key).
 */
export async function unknownMasterCodes(
  tx: DbTransaction,
  values: Record<string, unknown>,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const refuse = (field: string) => (errors[field] = [REGISTRATION_MESSAGES.invalidChoice]);
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : undefined);

  const prefecture = text('company_prefecture_code');
  if (prefecture !== undefined) {
    const [found] = await tx
      .select({ code: prefectures.code })
      .from(prefectures)
      .where(eq(prefectures.code, prefecture));
    if (!found) refuse('company_prefecture_code');
  }
  const major = text('company_industry_major_code');
  const middle = text('company_industry_middle_code');
  if (major !== undefined && middle !== undefined) {
    const [found] = await tx
      .select({ code: industryMiddleClasses.code })
      .from(industryMiddleClasses)
      .where(and(eq(industryMiddleClasses.code, middle), eq(industryMiddleClasses.major_code, major)));
    if (!found) refuse('company_industry_middle_code');
  }
  if (values.has_no_bank_branch !== true && typeof values.bb_id === 'number') {
    const [found] = await tx
      .select({ id: bankBranches.bb_id })
      .from(bankBranches)
      .where(and(eq(bankBranches.bb_id, values.bb_id), eq(bankBranches.bb_is_closed, false)));
    if (!found) refuse('bb_id');
  }
  return errors;
}
