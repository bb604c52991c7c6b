/**
 * A complete application of the ba variant, step by step, as a careful applicant fills it in (a
 * small food company in Ginza): the registration tests' starting point.
 */
export const APPLICATION_STEPS = {
  applicant: {
    user_last_name: '小林',
    user_first_name: '洋子',
    user_last_name_kana: 'コバヤシ',
    user_first_name_kana: 'ヨウコ',
    user_email: 'y.kobayashi@minato-foods.example.jp',
    user_email_confirmation: 'y.kobayashi@minato-foods.example.jp',
    user_tel: '03-1234-5678',
  },
  company: {
    company_corporate_number: '7000012050002',
    company_name: '株式会社みなと食品',
    company_name_kana: 'カブシキガイシャミナトショクヒン',
    company_tel: '03-1234-5679',
    company_representative_name: '小林 洋子',
    company_representative_birthday: '1975-04-01',
    company_establish_date: '2001-10-01',
    company_account_closing_month: '3',
    company_employee_count: '24',
    company_website: 'https://minato-foods.example.jp/',
    company_post_code: '104-0061',
    company_prefecture_code: '13',
    company_address1: '中央区',
    company_address2: '銀座1-2-3',
    company_industry_major_code: 'E',
    company_industry_middle_code: '09',
  },
  bank: {
    has_no_bank_branch: false,
    bb_id: '3',
    bank_account_type: 'ordinary',
    bank_account_number: '1234567',
  },
  documents: { identification_file_unique_code: 'file-0001', has_other_manager: false },
  services: { interesting_features: ['matching', 'subsidy'] },
} as const;

/** The whole application in one object. */
export const COMPLETE_APPLICATION = Object.assign({}, ...Object.values(APPLICATION_STEPS)) as Record<
  string,
  unknown
>;
