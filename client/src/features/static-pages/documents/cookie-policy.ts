import type { DocumentSection, StaticDocumentSource } from '../static-document.ts';

/**
 * Cookieポリシー (/page/cookie_policy). What it says about analysis tools follows the bank's config:
 * a bank whose pages load no Google Analytics or Tag Manager does not claim to use them.
 */
export const cookiePolicy: StaticDocumentSource = ({ bankName, serviceName, usesAnalytics }) => {
  const analyticsSection: DocumentSection = {
    heading: 'アクセス解析ツールの利用',
    clauses: [
      '本サイトでは、利用状況を把握してサービスを改善するため、Google LLCが提供するアクセス解析ツール「Google アナリティクス」およびタグ管理ツール「Google タグマネージャー」を利用しています。これらのツールは、Cookieを利用して閲覧されたページや利用環境などの情報を収集します。収集される情報に、お客さまご本人を直接特定できる情報は含まれません。',
      '収集された情報は、Google LLCのプライバシーポリシーに基づいて管理されます。Google アナリティクスによる情報の収集を望まれない場合は、Google LLCが提供する「Google アナリティクス オプトアウト アドオン」をご利用ください。',
    ],
  };
  const cookieKinds = [
    '必須のCookie：ログイン状態の保持、なりすましや不正なアクセスの防止など、本サイトを安全にご利用いただくために必要なものです。',
    '機能のCookie・ローカルストレージ：メニューの開閉状態や「次回から表示しない」の選択など、お客さまの設定を記憶し、次回以降のご利用を便利にするためのものです。',
    ...(usesAnalytics
      ? ['分析のCookie：本サイトの利用状況を分析し、サービスの改善に役立てるためのものです。']
      : []),
  ];
  return {
    preamble: [
      `${bankName}（以下「当行」といいます。）は、「${serviceName}」（以下「本サイト」といいます。）において、お客さまに便利にご利用いただくため、また利用状況を把握してサービスを改善するため、Cookieおよびこれに類する技術（以下「Cookie等」といいます。）を利用しています。このCookieポリシー（以下「本ポリシー」といいます。）では、当行によるCookie等の利用についてご説明します。`,
    ],
    numbering: 'sections',
    enactedOn: '2025-04-01',
    revisedOn: '2025-10-01',
    sections: [
      {
        heading: 'Cookieとは',
        clauses: [
          'Cookieとは、ウェブサイトを閲覧した際に、ウェブサイトからお客さまのブラウザに送信され、お客さまの端末に保存される小さなテキストファイルです。Cookieには、氏名、住所、電話番号など、お客さまご本人を直接特定できる情報は含まれません。',
        ],
      },
      {
        heading: '本サイトで利用するCookie等',
        clauses: [{ text: '本サイトでは、次の目的でCookie等を利用しています。', items: cookieKinds }],
      },
      ...(usesAnalytics ? [analyticsSection] : []),
      {
        heading: '第三者への提供',
        clauses: [
          'Cookie等により取得した情報は、法令に基づく場合を除き、当行が第三者に提供することはありません。',
        ],
      },
      {
        heading: 'Cookieの無効化',
        clauses: [
          'お客さまは、ブラウザの設定により、Cookieの受け入れを拒否し、または保存されたCookieを削除することができます。設定の方法は、ご利用のブラウザのヘルプをご覧ください。',
          '必須のCookieを無効にした場合、本サイトにログインできないなど、本サイトの一部または全部をご利用いただけなくなります。',
        ],
      },
      {
        heading: '個人情報の取扱い',
        clauses: [
          'Cookie等により取得した情報を、お客さまの個人情報と結びつけて利用する場合は、当行の「プライバシーポリシー」に従って取り扱います。',
        ],
      },
      {
        heading: '本ポリシーの変更',
        clauses: [
          '当行は、法令の改正やサービスの変更に応じて、本ポリシーを変更することがあります。変更後の本ポリシーは、本サイトに掲載した時から効力を生じます。',
        ],
      },
      {
        heading: 'お問い合わせ',
        clauses: ['本ポリシーに関するお問い合わせは、次の窓口までご連絡ください。'],
        showsContact: true,
      },
    ],
  };
};
