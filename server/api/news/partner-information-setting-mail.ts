import type { MailBank, MailContent } from '#server/mail/bank-mail.ts';

/** The page where the partner company follows its items (server/contracts/pages/settings.ts). */
const SETTING_PAGE = 'mypage/setting/information';

export type ReviewDecision =
  | { kind: 'approved'; publishStart: string; publishEnd: string | null }
  | { kind: 'disapproved'; reason: string };

/** YYYY-MM-DD as a Japanese date: 2026年4月1日. */
function japaneseDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${year}年${month}月${date}日`;
}

function periodText(start: string, end: string | null): string {
  return `${japaneseDay(start)} 〜 ${end === null ? '（終了日なし）' : japaneseDay(end)}`;
}

/**
 * The partner company's writer hears how the bank decided their partner information: approved
 * (published from its first day), or disapproved with the bank's reason, which the settings page
 * shows too. The mail leads to that page.
 */
export function partnerInformationReviewMail(
  bank: MailBank,
  item: { title: string },
  writer: { email: string; name: string },
  decision: ReviewDecision,
): MailContent {
  const common = {
    to: writer.email,
    greeting: `${writer.name} 様`,
    action: { label: 'パートナー情報の管理を開く', url: `${bank.portalUrl}${SETTING_PAGE}` },
    notes: ['このメールにお心当たりがない場合は、お手数ですが下記の窓口までご連絡ください。'],
  };
  if (decision.kind === 'approved')
    return {
      ...common,
      kind: 'news.partner_information_approved',
      subject: 'パートナー情報が承認されました',
      paragraphs: [
        `${bank.bankName} ${bank.serviceName}にご登録いただいたパートナー情報を承認しました。`,
        '公開期間の間、ポータルのパートナー情報に掲載されます。',
      ],
      details: [
        { label: 'タイトル', value: item.title },
        { label: '公開期間', value: periodText(decision.publishStart, decision.publishEnd) },
      ],
    };
  return {
    ...common,
    kind: 'news.partner_information_disapproved',
    subject: 'パートナー情報が否認されました',
    paragraphs: [
      `${bank.bankName} ${bank.serviceName}にご登録いただいたパートナー情報は、下記の理由により掲載を見送らせていただきました。`,
      '内容を修正して保存すると、ふたたび審査いたします。',
    ],
    details: [
      { label: 'タイトル', value: item.title },
      { label: '否認の理由', value: decision.reason },
    ],
  };
}
