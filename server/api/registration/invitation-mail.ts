import { JAPAN_OFFSET_MS } from '#server/contracts/japan-day.ts';
import { INVITATION_PAGE_PATH, INVITATION_VALID_DAYS } from '#server/contracts/employee-invitation.ts';
import { LOGIN_PATH } from '#server/contracts/identity.ts';
import type { MailBank, MailContent } from '#server/mail/bank-mail.ts';

/** An instant as a reader in Japan reads it: 2026年12月3日 15:20. */
export function japaneseDateTime(instant: Date): string {
  const wall = new Date(instant.getTime() + JAPAN_OFFSET_MS);
  const minutes = String(wall.getUTCMinutes()).padStart(2, '0');
  return `${wall.getUTCFullYear()}年${wall.getUTCMonth() + 1}月${wall.getUTCDate()}日 ${wall.getUTCHours()}:${minutes}`;
}

/** The portal's address without its closing slash, for a path of the portal. */
const portalOrigin = (bank: MailBank) => bank.portalUrl.replace(/\/$/, '');

/**
 * The invitee's mail: who invites, to which company, and the link (valid 7 days, once). The invitee
 * is not of the company yet, so the mail carries none of the inviter's own words (decision 100):
 * the greeting is ご担当者 様 whatever name the owner noted, the subject is fixed, and the company
 * and inviter appear by their names of record only (single-line, length-limited, control codes
 * refused: contracts/validation.ts).
 */
export function invitationMail(
  bank: MailBank,
  invitation: {
    to: string;
    companyName: string;
    invitedByName: string;
    expiresAt: Date;
    token: string;
  },
): MailContent {
  return {
    kind: 'registration.employee_invitation',
    to: invitation.to,
    subject: '従業員登録のご招待',
    greeting: 'ご担当者 様',
    paragraphs: [
      `${invitation.companyName}の${invitation.invitedByName}様から、${bank.bankName} ${bank.serviceName}への従業員としての登録のご招待が届いています。`,
      '下のボタンから、お名前とパスワードを登録してください。登録が完了すると、ログインIDをメールでお知らせします。',
    ],
    details: [
      { label: '企業名', value: invitation.companyName },
      { label: '招待した方', value: invitation.invitedByName },
      { label: '有効期限', value: `${japaneseDateTime(invitation.expiresAt)}まで` },
    ],
    action: {
      label: '従業員として登録する',
      url: `${portalOrigin(bank)}${INVITATION_PAGE_PATH}/${invitation.token}`,
    },
    notes: [
      `このリンクの有効期限は${INVITATION_VALID_DAYS}日間で、一度だけお使いいただけます。`,
      'お心当たりのない場合は、このメールを破棄してください。登録は行われません。',
    ],
  };
}

/** The new employee's mail: the login id, and where to log in. */
export function employeeRegisteredMail(
  bank: MailBank,
  employee: { to: string; name: string; companyName: string; loginId: string },
): MailContent {
  return {
    kind: 'registration.employee_registered',
    to: employee.to,
    subject: 'ご登録完了のお知らせ',
    greeting: `${employee.name} 様`,
    paragraphs: [
      `${employee.companyName}の従業員として、${bank.bankName} ${bank.serviceName}へのご登録が完了しました。`,
      '下記のログインIDと、ご登録のパスワードでログインしてください。',
    ],
    details: [
      { label: '企業名', value: employee.companyName },
      { label: 'ログインID', value: employee.loginId },
    ],
    action: { label: 'ログイン画面へ', url: `${portalOrigin(bank)}${LOGIN_PATH}` },
    notes: [
      'パスワードをお忘れの場合は、ログイン画面の「パスワードをお忘れの方はこちら」から再設定してください。',
    ],
  };
}
