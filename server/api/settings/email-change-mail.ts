import {
  EMAIL_CHANGE_CONFIRM_PAGE_PATH,
  EMAIL_CHANGE_LINK_VALID_HOURS,
  EMAIL_CHANGE_TOKEN_FRAGMENT_KEY,
} from '#server/contracts/email-change.ts';
import type { MailBank, MailContent } from '#server/mail/bank-mail.ts';

/** Whose address changes: their name and login id, the address they have and the one asked for. */
export interface EmailChangeAccount {
  name: string;
  loginId: string;
  currentEmail: string;
  newEmail: string;
}

/** To the new address: the link that confirms the change, valid 24 hours and once. */
export function emailChangeConfirmationMail(
  bank: MailBank,
  account: EmailChangeAccount,
  token: string,
): MailContent {
  return {
    kind: 'settings.email_change_confirmation',
    to: account.newEmail,
    subject: 'メールアドレス変更の確認',
    greeting: `${account.name} 様`,
    paragraphs: [
      `${bank.bankName} ${bank.serviceName}で、このメールアドレスへの変更のお申し込みを受け付けました。`,
      '下のボタンを押すと、メールアドレスの変更が完了します。ボタンを押すまで、メールアドレスは変更されません。',
    ],
    details: [{ label: 'ログインID', value: account.loginId }],
    action: {
      label: 'メールアドレスの変更を完了する',
      url: `${bank.portalUrl}${EMAIL_CHANGE_CONFIRM_PAGE_PATH.slice(1)}#${EMAIL_CHANGE_TOKEN_FRAGMENT_KEY}=${token}`,
    },
    notes: [
      `このリンクの有効期限は${EMAIL_CHANGE_LINK_VALID_HOURS}時間で、一度だけお使いいただけます。`,
      'お心当たりのない場合は、このメールを破棄してください。メールアドレスは変更されません。',
    ],
  };
}

/** The new address with its mailbox name hidden but for its first character: `n***@example.jp`. */
export function maskedAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}

/**
 * To the address the account has now: someone asked to change it. No link (the old mailbox cannot
 * confirm anything) and the new address only masked; whoever did not ask knows whom to call.
 */
export function emailChangeNoticeMail(bank: MailBank, account: EmailChangeAccount): MailContent {
  return {
    kind: 'settings.email_change_notice',
    to: account.currentEmail,
    subject: 'メールアドレス変更のお申し込みについて',
    greeting: `${account.name} 様`,
    paragraphs: [
      `${bank.bankName} ${bank.serviceName}で、お客さまのアカウントのメールアドレスを変更するお申し込みを受け付けました。`,
      '新しいメールアドレスに届いた確認のメールのリンクが開かれると、変更が完了します。それまでは、このメールアドレスのままです。',
    ],
    details: [
      { label: 'ログインID', value: account.loginId },
      { label: '新しいメールアドレス', value: maskedAddress(account.newEmail) },
    ],
    notes: [
      'お心当たりのない場合は、ログインしてプロフィール設定をご確認のうえ、パスワードを変更し、下記の窓口までご連絡ください。',
    ],
  };
}
