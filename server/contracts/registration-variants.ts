import type { CompanyTypeCode } from './account-types.ts';
import type { PageLayout } from './pages/page-list.ts';

/**
 * How a company applies to a bank's portal (platform spec section 2, /register/{variant}): the
 * variants differ in the steps they ask, the fields of each step and the company they create. They
 * are data, read by the pages (which steps to show), the server (which fields to require, what to
 * create) and the admin desk (how a decision is told). A bank's tenant file says which it offers.
 */

export const REGISTRATION_VARIANT_CODES = [
  'ba',
  'bizsol',
  'hgba',
  'ibmft',
  'ktba',
  'payment',
  'portal',
  'social',
] as const;
export type RegistrationVariantCode = (typeof REGISTRATION_VARIANT_CODES)[number];

/** The steps of the form, in the order a variant asks them (the agreement comes before all). */
export const REGISTRATION_STEP_KEYS = ['applicant', 'company', 'bank', 'documents', 'services'] as const;
export type RegistrationStepKey = (typeof REGISTRATION_STEP_KEYS)[number];

export const REGISTRATION_STEP_TITLES: Record<RegistrationStepKey, string> = {
  applicant: 'お申込者の情報',
  company: '企業の情報',
  bank: 'お取引店・口座',
  documents: '本人確認書類',
  services: 'ご利用になるサービス',
};

/** Every field of the registration form (spec section 3's registration form), by step. */
export const REGISTRATION_STEP_FIELDS = {
  applicant: [
    'user_last_name',
    'user_first_name',
    'user_last_name_kana',
    'user_first_name_kana',
    'user_email',
    'user_email_confirmation',
    'user_tel',
  ],
  company: [
    'company_corporate_number',
    'company_name',
    'company_name_kana',
    'company_tel',
    'company_representative_name',
    'company_representative_birthday',
    'company_establish_date',
    'company_account_closing_month',
    'company_employee_count',
    'company_website',
    'company_post_code',
    'company_prefecture_code',
    'company_address1',
    'company_address2',
    'company_address3',
    'company_branches',
    'company_industry_major_code',
    'company_industry_middle_code',
  ],
  bank: ['has_no_bank_branch', 'bb_id', 'bank_account_type', 'bank_account_number'],
  documents: ['identification_file_unique_code', 'has_other_manager', 'other_manager_text'],
  services: [
    'interesting_features',
    'bundle_payment_plan_id',
    'agree_bundle_payment',
    'card_token',
    'card_masked_number',
  ],
} as const satisfies Record<RegistrationStepKey, readonly string[]>;
export type RegistrationFieldKey = (typeof REGISTRATION_STEP_FIELDS)[RegistrationStepKey][number];

/** The fields a step may leave empty in every variant (a variant may make more optional). */
const ALWAYS_OPTIONAL: readonly RegistrationFieldKey[] = [
  // Switches: off unless ticked.
  'has_no_bank_branch',
  'has_other_manager',
  'company_address3',
  'company_branches',
  'company_website',
  'company_tel',
  'interesting_features',
  // Required only with their switch (has_no_bank_branch off, has_other_manager on, a plan above 0).
  'bb_id',
  'other_manager_text',
  'agree_bundle_payment',
];

export interface RegistrationVariant {
  code: RegistrationVariantCode;
  /** What the variant page calls the application. */
  title: string;
  /** The company an approval creates. */
  companyType: CompanyTypeCode;
  /** The company's flags after approval: a BA (business assist) member, a BA portal member. */
  enableBa: boolean;
  enableBaportal: boolean;
  /** The register layout the pages use. */
  layout: PageLayout;
  /** The steps asked, in order (the agreement before them, the confirmation after). */
  steps: readonly RegistrationStepKey[];
  /** Fields the variant asks but lets the applicant leave empty (beyond ALWAYS_OPTIONAL). */
  optional: readonly RegistrationFieldKey[];
  /** Fields of its steps the variant does not ask at all. */
  omitted: readonly RegistrationFieldKey[];
  /** Whether an applicant hears of a rejection (admin spec: one variant's is not notified). */
  rejectionNotified: boolean;
}

const PAYMENT_FIELDS: readonly RegistrationFieldKey[] = [
  'bundle_payment_plan_id',
  'agree_bundle_payment',
  'card_token',
  'card_masked_number',
];

const full = {
  enableBa: true,
  enableBaportal: false,
  companyType: 'normal',
  layout: 'register',
  steps: REGISTRATION_STEP_KEYS,
  optional: [],
  omitted: PAYMENT_FIELDS,
  rejectionNotified: true,
} as const satisfies Omit<RegistrationVariant, 'code' | 'title'>;

export const REGISTRATION_VARIANTS: Record<RegistrationVariantCode, RegistrationVariant> = {
  ba: { ...full, code: 'ba', title: 'ビジネスアシスト利用申込' },
  bizsol: {
    ...full,
    code: 'bizsol',
    title: '法人インターネットバンキングご利用者さまの利用申込',
    layout: 'register-upgrade-bizsol',
    // The bank knows the account from the internet banking contract.
    omitted: [...PAYMENT_FIELDS, 'bank_account_type', 'bank_account_number'],
  },
  hgba: {
    ...full,
    code: 'hgba',
    title: 'ビジネスアシストポータル利用申込',
    companyType: 'baportal',
    enableBa: false,
    enableBaportal: true,
    steps: ['applicant', 'company', 'bank'],
    optional: ['company_corporate_number', 'company_representative_birthday', 'company_establish_date'],
    // The portal variant whose rejection is not told (POST /api/v1/hgba/portal/companyregister/rejected).
    rejectionNotified: false,
  },
  ibmft: {
    ...full,
    code: 'ibmft',
    title: 'インターネットバンキング連携の利用申込',
    layout: 'register-upgrade-ibmft',
    omitted: [...PAYMENT_FIELDS, 'bank_account_type', 'bank_account_number'],
  },
  ktba: {
    ...full,
    code: 'ktba',
    title: 'ビジネスアシスト利用申込（法人・個人事業主）',
    optional: ['company_corporate_number'],
  },
  payment: {
    ...full,
    code: 'payment',
    title: '請求書発行・決済サービス利用申込',
    omitted: [],
  },
  portal: {
    ...full,
    code: 'portal',
    title: 'ポータル会員登録',
    companyType: 'baportal',
    enableBa: false,
    enableBaportal: true,
    steps: ['applicant', 'company'],
    optional: [
      'company_corporate_number',
      'company_representative_name',
      'company_representative_birthday',
      'company_establish_date',
      'company_account_closing_month',
      'company_employee_count',
    ],
  },
  social: {
    ...full,
    code: 'social',
    title: '地域企業ネットワーク参加申込',
    steps: ['applicant', 'company', 'services'],
    optional: ['company_corporate_number', 'company_representative_birthday'],
  },
};

/** The fields a variant asks at a step, each marked required or not. */
export function stepFields(
  variant: RegistrationVariant,
  step: RegistrationStepKey,
): { key: RegistrationFieldKey; required: boolean }[] {
  if (!variant.steps.includes(step)) return [];
  return REGISTRATION_STEP_FIELDS[step]
    .filter((key) => !variant.omitted.includes(key))
    .map((key) => ({
      key,
      required: !ALWAYS_OPTIONAL.includes(key) && !variant.optional.includes(key),
    }));
}
