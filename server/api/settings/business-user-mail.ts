import { FIRST_PASSWORD_LINK_VALID_DAYS, RESET_TOKEN_FRAGMENT_KEY } from '#server/contracts/reminder.ts';
import type { MailBank, MailContent } from '#server/mail/bank-mail.ts';

/** The new business user's mail: who made the account, the login id and the first-password link. */
export function businessUserCreatedMail(
  bank: MailBank,
  account: { email: string; name: string; companyName: string; createdByName: string; loginId: string },
  token: string,
): MailContent {
  return {
    kind: 'settings.business_user_created',
    to: account.email,
    subject: 'アカウント作成のお知らせ',
    greeting: `${account.name} 様`,
    paragraphs: [
      `${account.companyName}の${account.createdByName}様が、${bank.bankName} ${bank.serviceName}にあなたのアカウント（ビジネスユーザー）を作成しました。`,
      '下記のログインIDと、下のボタンから設定するパスワードでログインしてください。',
    ],
    details: [
      { label: '企業名', value: account.companyName },
      { label: 'ログインID', value: account.loginId },
    ],
    action: {
      label: 'パスワードを設定する',
      url: `${bank.portalUrl}reminder#${RESET_TOKEN_FRAGMENT_KEY}=${token}`,
    },
    notes: [
      `このリンクの有効期限は${FIRST_PASSWORD_LINK_VALID_DAYS}日間で、一度だけお使いいただけます。期限が過ぎた場合は、ログイン画面の「パスワードをお忘れの方はこちら」から設定してください。`,
      'このメールにお心当たりがない場合は、お手数ですが下記の窓口までご連絡ください。',
    ],
  };
}
