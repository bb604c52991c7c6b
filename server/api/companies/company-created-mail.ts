import type { CompanyTypeCode } from '#server/contracts/account-types.ts';
import { FIRST_PASSWORD_LINK_VALID_DAYS, RESET_TOKEN_FRAGMENT_KEY } from '#server/contracts/reminder.ts';
import type { MailBank, MailContent } from '#server/mail/bank-mail.ts';

/** The owner's account as the desk wrote it (one form or a row of the bulk file). */
export interface CreatedOwner {
  user_email: string;
  user_last_name: string;
  user_first_name: string;
  loginId: string;
  /** The first-password link's token (createResetLink). */
  token: string;
}

/**
 * The owner's welcome when the bank's desk created the company: the login id, and the link that sets
 * the first password (7 days, once), as an approved registration's (registration/decision-mail.ts).
 * A BA portal member enables the account on the portal's own page.
 */
export function companyCreatedMail(
  bank: MailBank,
  company: { name: string; type: CompanyTypeCode },
  owner: CreatedOwner,
): MailContent {
  const fragment = `${RESET_TOKEN_FRAGMENT_KEY}=${owner.token}`;
  return {
    kind: 'companies.created',
    to: owner.user_email,
    subject: 'ご利用開始のご案内',
    greeting: `${owner.user_last_name} ${owner.user_first_name} 様`,
    paragraphs: [
      `${bank.bankName} ${bank.serviceName}に、貴社「${company.name}」のアカウントを作成しました。`,
      '下記のログインIDと、下のボタンから設定するパスワードでログインしてください。',
    ],
    details: [
      { label: '企業名', value: company.name },
      { label: 'ログインID', value: owner.loginId },
    ],
    action:
      company.type === 'baportal'
        ? { label: 'アカウントを有効にする', url: `${bank.portalUrl}register/portal/enable#${fragment}` }
        : { label: 'パスワードを設定する', url: `${bank.portalUrl}reminder#${fragment}` },
    notes: [
      `このリンクの有効期限は${FIRST_PASSWORD_LINK_VALID_DAYS}日間で、一度だけお使いいただけます。期限が過ぎた場合は、ログイン画面の「パスワードをお忘れの方はこちら」から設定してください。`,
      'このメールにお心当たりがない場合は、お手数ですが下記の窓口までご連絡ください。',
    ],
  };
}
