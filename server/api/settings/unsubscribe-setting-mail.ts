import { leaveMonthLabel } from '#server/contracts/company-unsubscription.ts';
import type { MailBank, MailContent } from '#server/mail/bank-mail.ts';

/** The owner who asked, as the mail greets them. */
export interface UnsubscribeMailRecipient {
  email: string;
  /** 姓 名 */
  name: string;
}

/** 2026-04-30 → 2026年4月30日 */
function japaneseDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${year}年${Number(month)}月${Number(date)}日`;
}

/** Where the company's reservation is shown and cancelled. */
const settingUrl = (bank: MailBank) => `${bank.portalUrl}mypage/setting/unsubscribe`;

const NOT_EXPECTED = 'このメールにお心当たりがない場合は、お手数ですが下記の窓口までご連絡ください。';

/**
 * The owner's confirmation of the company's request to leave: the leaving day, the reason, what
 * happens the day after, and that it can be cancelled on the portal until that day.
 */
export function unsubscribeReservedMail(
  bank: MailBank,
  recipient: UnsubscribeMailRecipient,
  reservation: { companyName: string; leavesOn: string; reasonName: string },
): MailContent {
  const day = japaneseDay(reservation.leavesOn);
  return {
    kind: 'settings.unsubscribe_reserved',
    to: recipient.email,
    subject: '退会予約を受け付けました',
    greeting: `${recipient.name} 様`,
    paragraphs: [
      `${bank.bankName} ${bank.serviceName}の、貴社「${reservation.companyName}」の退会予約を受け付けました。`,
      `${day}をもってご利用を終了します。翌日に貴社と利用者のみなさまのアカウントが無効になり、ログインできなくなります。`,
      'これまでご利用いただき、ありがとうございました。',
    ],
    details: [
      { label: '企業名', value: reservation.companyName },
      { label: '退会月', value: leaveMonthLabel(reservation.leavesOn.slice(0, 7)) },
      { label: '退会日', value: day },
      { label: '退会理由', value: reservation.reasonName },
    ],
    action: { label: '退会予約を確認する', url: settingUrl(bank) },
    notes: [`退会日（${day}）までは、退会設定のページから予約を取り消すことができます。`, NOT_EXPECTED],
  };
}

/** The owner's confirmation that the company's request to leave was withdrawn. */
export function unsubscribeCancelledMail(
  bank: MailBank,
  recipient: UnsubscribeMailRecipient,
  reservation: { companyName: string; leavesOn: string },
): MailContent {
  return {
    kind: 'settings.unsubscribe_cancelled',
    to: recipient.email,
    subject: '退会予約を取り消しました',
    greeting: `${recipient.name} 様`,
    paragraphs: [
      `${bank.bankName} ${bank.serviceName}の、貴社「${reservation.companyName}」の退会予約（退会日 ${japaneseDay(reservation.leavesOn)}）を取り消しました。`,
      '引き続きご利用いただけます。',
    ],
    details: [{ label: '企業名', value: reservation.companyName }],
    action: { label: `${bank.serviceName}を開く`, url: bank.portalUrl },
    notes: [NOT_EXPECTED],
  };
}
