import { eq } from 'drizzle-orm';
import { storedTokenHash } from '#server/auth/random-tokens.ts';
import { INVITATION_VALID_DAYS } from '#server/contracts/employee-invitation.ts';
import { DAY_MS } from '#server/contracts/japan-day.ts';
import type { RegistrationVariantCode } from '#server/contracts/registration-variants.ts';
import { companyRegistrations, employeeInvitations } from '../schema/company-registrations.ts';
import { users } from '../schema/users.ts';
import { demoUniqueCode, type DomainSeed } from './seed-context.ts';

interface DemoApplication {
  key: string;
  variant: RegistrationVariantCode;
  companyName: string;
  companyKana: string;
  lastName: string;
  firstName: string;
  lastKana: string;
  firstKana: string;
  email: string;
  corporateNumber: string;
  prefecture: string;
  address1: string;
  address2: string;
  postCode: string;
  industry: [string, string];
}

/** Two applications waiting for the bank's desk, as the /register form files them. */
const DEMO_APPLICATIONS: readonly DemoApplication[] = [
  {
    key: 'sakura-kogyo',
    variant: 'ba',
    companyName: '株式会社さくら工業',
    companyKana: 'カブシキガイシャサクラコウギョウ',
    lastName: '佐藤',
    firstName: '健一',
    lastKana: 'サトウ',
    firstKana: 'ケンイチ',
    email: 'k.sato@sakura-kogyo.example.jp',
    corporateNumber: '7000012050002',
    prefecture: '13',
    address1: '中央区',
    address2: '銀座1-2-3',
    postCode: '104-0061',
    industry: ['E', '09'],
  },
  {
    key: 'umi-shokudo',
    variant: 'ba',
    companyName: '海の食堂合同会社',
    companyKana: 'ウミノショクドウゴウドウガイシャ',
    lastName: '高田',
    firstName: '美咲',
    lastKana: 'タカダ',
    firstKana: 'ミサキ',
    email: 'm.takada@umi-shokudo.example.jp',
    corporateNumber: '1180301018771',
    prefecture: '01',
    address1: '札幌市中央区',
    address2: '北1条西1-1',
    postCode: '060-0000',
    industry: ['M', '76'],
  },
];

/**
 * Pending applications for the desk (/admin/companyregister), kept as the staff leave them, and one
 * pending invitation of an employee by the demo owner (its link's token is not known: the demo
 * shows it in the owner's list only).
 */
export const seedRegistrationDomain: DomainSeed = async ({ tx, bankCode, now, userIdOf }) => {
  await tx
    .insert(companyRegistrations)
    .values(
      DEMO_APPLICATIONS.map((application) => ({
        cr_unique_code: `R${demoUniqueCode(bankCode, 'registration', application.key).slice(0, 12).toUpperCase()}`,
        cr_variant: application.variant,
        cr_values: {
          user_last_name: application.lastName,
          user_first_name: application.firstName,
          user_last_name_kana: application.lastKana,
          user_first_name_kana: application.firstKana,
          user_email: application.email,
          user_email_confirmation: application.email,
          user_tel: '03-5000-2001',
          company_corporate_number: application.corporateNumber,
          company_name: application.companyName,
          company_name_kana: application.companyKana,
          company_post_code: application.postCode,
          company_prefecture_code: application.prefecture,
          company_address1: application.address1,
          company_address2: application.address2,
          company_industry_major_code: application.industry[0],
          company_industry_middle_code: application.industry[1],
          has_no_bank_branch: true,
          has_other_manager: false,
        },
        cr_company_name: application.companyName,
        cr_applicant_name: `${application.lastName} ${application.firstName}`,
        cr_applicant_email: application.email,
        cr_agreed_at: now,
      })),
    )
    // What the staff decided on a demo application since the last seed stays as they left it.
    .onConflictDoNothing();

  const ownerId = userIdOf('owner');
  const [owner] = await tx
    .select({ companyId: users.company_id })
    .from(users)
    .where(eq(users.user_id, ownerId));
  if (!owner?.companyId) throw new Error('the demo owner has no company');
  const invitationCode = demoUniqueCode(bankCode, 'employee-invitation', 'new-employee').slice(0, 32);
  await tx
    .insert(employeeInvitations)
    .values({
      invitation_unique_code: invitationCode,
      // Of text no link can carry (a token is 43 base64url characters): the demo link opens nothing.
      invitation_token_hash: storedTokenHash(`demo:${invitationCode}`),
      company_id: owner.companyId,
      invited_by_user_id: ownerId,
      invitation_email: `new-employee-${bankCode}@example.com`,
      invitation_name: '新入 花子',
      invitation_created_at: now,
      invitation_expires_at: new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS),
    })
    // Revoked or expired since the last seed: left as it is.
    .onConflictDoNothing();
};
