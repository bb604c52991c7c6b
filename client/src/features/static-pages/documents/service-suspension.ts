import type { StaticDocumentSource } from '../static-document.ts';

/** サービス一時停止のお知らせ (/page/suspending): what visitors see while the portal is under maintenance. */
export const serviceSuspension: StaticDocumentSource = ({ bankName, serviceName, websiteUrl }) => ({
  preamble: [
    `いつも「${serviceName}」をご利用いただき、誠にありがとうございます。`,
    '現在、システムメンテナンスのため、サービスを一時停止しております。お客さまにはご不便をおかけいたしますが、ご理解とご協力を賜りますようお願い申し上げます。',
  ],
  numbering: 'none',
  sections: [
    {
      heading: '停止中のサービス',
      clauses: [
        `メンテナンスの間は、ログイン、ビジネスマッチング、チャットなど、${serviceName}のすべてのサービスをご利用いただけません。`,
        'メンテナンスの開始時にご入力中だった内容は、保存されていない場合があります。再開後にあらためてご入力ください。',
      ],
    },
    {
      heading: '再開の予定',
      clauses: [
        `作業が終わり次第、サービスを再開いたします。再開の予定は、${bankName}のホームページ（${websiteUrl}）でお知らせします。`,
        '再開後は、このページを再読み込みするか、トップページからログインしてください。',
      ],
    },
    {
      heading: `${bankName}とのお取引について`,
      clauses: [
        `このメンテナンスは、${serviceName}のみを対象としています。預金、振込、融資など、${bankName}とのお取引には影響ありません。`,
      ],
    },
    {
      heading: 'お問い合わせ',
      clauses: ['お急ぎのご用件は、次の窓口までお問い合わせください。'],
      showsContact: true,
    },
  ],
});
