import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  REGISTRATION_VARIANTS,
  type RegistrationVariant,
  type RegistrationVariantCode,
} from '#server/contracts/registration-variants.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { companies, companyRegistrations } from '#server/db/schema.ts';
import { createCompanyUser } from '../accounts/company-users.ts';

export type Decision = { status: 'approved' } | { status: 'rejected'; reasonCode: string };

export interface DecidedApplication {
  id: number;
  code: string;
  variant: RegistrationVariant;
  values: Record<string, unknown>;
  applicantName: string;
  applicantEmail: string;
  companyName: string;
}

/**
 * Records the decision on a pending application, in one statement: of two staff deciding at once,
 * the second finds it decided (the row lock makes it wait for the first, then see the new status).
 * Answers the application, 'decided' when it was decided before, or undefined when there is none.
 */
export async function decide(
  tx: DbTransaction,
  code: string,
  deciderUserId: number,
  decision: Decision,
): Promise<DecidedApplication | 'decided' | undefined> {
  const [row] = await tx
    .update(companyRegistrations)
    .set({
      cr_status: decision.status,
      cr_decided_at: sql`now()`,
      cr_decided_by_user_id: deciderUserId,
      cr_reject_reason: decision.status === 'rejected' ? decision.reasonCode : null,
    })
    .where(and(eq(companyRegistrations.cr_unique_code, code), eq(companyRegistrations.cr_status, 'pending')))
    .returning();
  if (!row) {
    const [existing] = await tx
      .select({ id: companyRegistrations.cr_id })
      .from(companyRegistrations)
      .where(eq(companyRegistrations.cr_unique_code, code));
    return existing ? 'decided' : undefined;
  }
  return {
    id: row.cr_id,
    code: row.cr_unique_code,
    variant: REGISTRATION_VARIANTS[row.cr_variant as RegistrationVariantCode],
    values: row.cr_values,
    applicantName: row.cr_applicant_name,
    applicantEmail: row.cr_applicant_email,
    companyName: row.cr_company_name,
  };
}

const text = (values: Record<string, unknown>, key: string) =>
  typeof values[key] === 'string' && values[key] !== '' ? (values[key] as string) : null;
const integer = (values: Record<string, unknown>, key: string) =>
  typeof values[key] === 'number' ? (values[key] as number) : null;

/** 1040061 or 104-0061 as the column keeps it: 104-0061. */
const postCodeOf = (value: string | null) =>
  value === null ? null : `${value.replace('-', '').slice(0, 3)}-${value.replace('-', '').slice(3)}`;

/** The company the application describes, of the type and with the flags its variant gives. */
export async function createCompany(tx: DbTransaction, application: DecidedApplication) {
  const { values, variant } = application;
  const [company] = await tx
    .insert(companies)
    .values({
      company_unique_code: randomUUID().replaceAll('-', ''),
      company_corporate_number: text(values, 'company_corporate_number'),
      company_name: application.companyName,
      company_name_kana: text(values, 'company_name_kana') ?? '',
      company_type: variant.companyType,
      company_enable_ba: variant.enableBa,
      company_enable_baportal: variant.enableBaportal,
      company_tel: text(values, 'company_tel'),
      company_post_code: postCodeOf(text(values, 'company_post_code')),
      company_prefecture_code: text(values, 'company_prefecture_code'),
      company_address1: text(values, 'company_address1'),
      company_address2: text(values, 'company_address2'),
      company_address3: text(values, 'company_address3'),
      bb_id: values.has_no_bank_branch === true ? null : integer(values, 'bb_id'),
      company_industry_major_code: text(values, 'company_industry_major_code'),
      company_industry_middle_code: text(values, 'company_industry_middle_code'),
      company_representative_name: text(values, 'company_representative_name'),
      company_established_on: text(values, 'company_establish_date'),
      company_account_closing_month: integer(values, 'company_account_closing_month'),
      company_employee_count: integer(values, 'company_employee_count'),
      company_website_url: text(values, 'company_website'),
    })
    .returning({ id: companies.company_id, code: companies.company_unique_code });
  if (!company) throw new Error('the company was not created');
  await tx
    .update(companyRegistrations)
    .set({ company_id: company.id })
    .where(eq(companyRegistrations.cr_id, application.id));
  return company;
}

/**
 * The company's owner with a login id of its own (createCompanyUser). No password yet: the owner
 * sets it through the mailed link.
 */
export function createOwner(
  tx: DbTransaction,
  application: DecidedApplication,
  companyId: number,
  loginIdPrefix: string,
): Promise<{ userId: number; loginId: string }> {
  const { values } = application;
  return createCompanyUser(
    tx,
    {
      companyId,
      userType: 'company_owner',
      lastName: text(values, 'user_last_name') ?? '',
      firstName: text(values, 'user_first_name') ?? '',
      lastNameKana: text(values, 'user_last_name_kana') ?? '',
      firstNameKana: text(values, 'user_first_name_kana') ?? '',
      email: application.applicantEmail,
      tel: text(values, 'user_tel'),
    },
    loginIdPrefix,
  );
}
