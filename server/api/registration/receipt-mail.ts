import type { RegistrationVariant } from '#server/contracts/registration-variants.ts';
import type { MailBank, MailContent } from '#server/mail/bank-mail.ts';

/** The applicant's receipt: the number, what was applied for, and that the bank's answer comes by mail. */
export function registrationReceiptMail(
  bank: MailBank,
  application: {
    to: string;
    applicantName: string;
    companyName: string;
    code: string;
    variant: RegistrationVariant;
  },
): MailContent {
  return {
    kind: 'registration.received',
    to: application.to,
    subject: 'お申し込みを受け付けました',
    greeting: `${application.applicantName} 様`,
    paragraphs: [
      `${bank.bankName} ${bank.serviceName}へのお申し込みありがとうございます。以下の内容でお申し込みを受け付けました。`,
      `${bank.bankName}で内容を確認のうえ、審査の結果をこのメールアドレスにお知らせします。`,
    ],
    details: [
      { label: '申込番号', value: application.code },
      { label: '申込種別', value: application.variant.title },
      { label: '企業名', value: application.companyName },
    ],
    notes: ['お心当たりのない場合は、お手数ですが下記までご連絡ください。'],
  };
}
