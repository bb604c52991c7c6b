/** What a visitor fills in on /inquiry: an inquiry every rule accepts (the inquiry and security suites). */
export const VALID_INQUIRY = {
  inquiry_category: 'registration',
  inquiry_company_name: '株式会社みなと食品',
  inquiry_name: '小林 洋子',
  inquiry_name_kana: 'コバヤシ ヨウコ',
  inquiry_email: 'y.kobayashi@minato-foods.example.jp',
  inquiry_tel: '03-5000-1002',
  inquiry_body: 'ポータルの利用申込みに必要な書類を教えてください。',
  agree_privacy_policy: true,
};
