import { FIRST_PASSWORD_LINK_VALID_DAYS, RESET_TOKEN_FRAGMENT_KEY } from '#server/contracts/reminder.ts';
import type { MailBank, MailContent } from '#server/mail/bank-mail.ts';
import type { DecidedApplication } from './desk-queries.ts';

/** The owner's welcome: the login id, and the link that sets the first password (7 days, once). */
export function approvalMail(
  bank: MailBank,
  application: DecidedApplication,
  owner: { loginId: string; token: string },
): MailContent {
  return {
    kind: 'registration.approved',
    to: application.applicantEmail,
    subject: 'ご利用開始のご案内',
    greeting: `${application.applicantName} 様`,
    paragraphs: [
      `${bank.bankName} ${bank.serviceName}へのお申し込みを承認しました。`,
      '下記のログインIDと、下のボタンから設定するパスワードでログインしてください。',
    ],
    details: [
      { label: '申込番号', value: application.code },
      { label: '企業名', value: application.companyName },
      { label: 'ログインID', value: owner.loginId },
    ],
    // A portal member enables the account on the portal's own page; anyone else sets the password
    // on the reminder's.
    action:
      application.variant.companyType === 'baportal'
        ? {
            label: 'アカウントを有効にする',
            url: `${bank.portalUrl}register/portal/enable#${RESET_TOKEN_FRAGMENT_KEY}=${owner.token}`,
          }
        : {
            label: 'パスワードを設定する',
            url: `${bank.portalUrl}reminder#${RESET_TOKEN_FRAGMENT_KEY}=${owner.token}`,
          },
    notes: [
      `このリンクの有効期限は${FIRST_PASSWORD_LINK_VALID_DAYS}日間で、一度だけお使いいただけます。期限が過ぎた場合は、ログイン画面の「パスワードをお忘れの方はこちら」から設定してください。`,
    ],
  };
}

/** The applicant is told the application was not accepted, and why (the reason's name). */
export function rejectionMail(bank: MailBank, application: DecidedApplication, reason: string): MailContent {
  return {
    kind: 'registration.rejected',
    to: application.applicantEmail,
    subject: 'お申し込みの審査結果のお知らせ',
    greeting: `${application.applicantName} 様`,
    paragraphs: [
      `${bank.bankName} ${bank.serviceName}へのお申し込みについて、審査の結果、今回はお受けすることができませんでした。`,
      'ご不明な点は、下記の窓口までお問い合わせください。',
    ],
    details: [
      { label: '申込番号', value: application.code },
      { label: '企業名', value: application.companyName },
      { label: '理由', value: reason },
    ],
  };
}
