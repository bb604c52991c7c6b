import { needCategoryName } from '#server/contracts/need-categories.ts';
import { type MailBank, type MailContent } from '#server/mail/bank-mail.ts';

/** Where the company answers an offer: its needs page, which lists the offers waiting. */
export const NEED_OFFER_PAGE_PATH = 'mypage/mybusiness/needs';

/**
 * The mail that tells a company's owner that the bank proposed a need (AI-assisted needs, decision
 * 0093): what it is about, that nothing is published until the company registers it, and the page.
 */
export function needOfferMail(
  bank: MailBank,
  offer: { companyName: string; needTitle: string; needCategory: string },
  to: { email: string; name: string },
): MailContent {
  return {
    kind: 'matching.need_offer',
    to: to.email,
    greeting: `${to.name} 様`,
    subject: `【ニーズのご提案】${bank.bankName}から貴社のニーズのご提案が届きました`,
    paragraphs: [
      `${bank.bankName}が、${bank.serviceName}のビジネスマッチングに掲載する貴社のニーズの文案を作成し、ご提案しました。`,
      'ポータルで内容をご確認のうえ、そのまま、または編集して登録するか、見送るかをお選びください。登録されるまで、このニーズがほかの企業に公開されることはありません。',
    ],
    details: [
      { label: '企業名', value: offer.companyName },
      {
        label: 'ニーズ',
        value: `${offer.needTitle}（${needCategoryName(offer.needCategory) ?? offer.needCategory}）`,
      },
    ],
    action: { label: 'ご提案を確認する', url: `${bank.portalUrl}${NEED_OFFER_PAGE_PATH}` },
    notes: ['このメールにお心当たりがない場合は、お手数ですが下記の窓口までご連絡ください。'],
  };
}
