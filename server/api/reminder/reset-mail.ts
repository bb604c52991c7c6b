import { RESET_LINK_VALID_MINUTES, RESET_TOKEN_FRAGMENT_KEY } from '#server/contracts/reminder.ts';
import type { MailBank, MailContent } from '#server/mail/bank-mail.ts';
import type { ResettableAccount } from '../accounts/password-reset-queries.ts';

/** The reminder's mail: the login id and the link, valid 30 minutes and once. */
export function resetLinkMail(bank: MailBank, account: ResettableAccount, token: string): MailContent {
  return {
    kind: 'reminder.reset_link',
    to: account.email,
    subject: 'パスワード再設定のご案内',
    greeting: `${account.lastName} ${account.firstName} 様`,
    paragraphs: [
      `${bank.bankName} ${bank.serviceName}のパスワード再設定のお申し込みを受け付けました。`,
      '下のボタンから、新しいパスワードを設定してください。',
    ],
    details: [{ label: 'ログインID', value: account.loginId }],
    action: {
      label: 'パスワードを再設定する',
      url: `${bank.portalUrl}reminder#${RESET_TOKEN_FRAGMENT_KEY}=${token}`,
    },
    notes: [
      `このリンクの有効期限は${RESET_LINK_VALID_MINUTES}分で、一度だけお使いいただけます。`,
      'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
    ],
  };
}
