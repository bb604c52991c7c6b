import type { CompanyTypeCode } from './account-types.ts';
import type { PageLayout } from './pages/page-list.ts';
import { REGISTRATION_VARIANT_TITLES, type RegistrationVariantCode } from './registration-variant-titles.ts';

/**
 * How a company applies to a bank's portal (platform spec section 2, /register/{variant}): the
 * variants differ in the steps they ask, the fields of each step and the company they create. They
 * are data, read by the pages (which steps to show), the server (which fields to require, what to
 * create) and the admin desk (how a decision is told). A bank's tenant file says which it offers.
 */

export { REGISTRATION_VARIANT_CODES, type RegistrationVariantCode } from './registration-variant-titles.ts';

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
  ba: { ...full, code: 'ba', title: REGISTRATION_VARIANT_TITLES.ba },
  bizsol: {
    ...full,
    code: 'bizsol',
    title: REGISTRATION_VARIANT_TITLES.bizsol,
    layout: 'register-upgrade-bizsol',
    // The bank knows the account from the internet banking contract.
    omitted: [...PAYMENT_FIELDS, 'bank_account_type', 'bank_account_number'],
  },
  hgba: {
    ...full,
    code: 'hgba',
    title: REGISTRATION_VARIANT_TITLES.hgba,
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
    title: REGISTRATION_VARIANT_TITLES.ibmft,
    layout: 'register-upgrade-ibmft',
    omitted: [...PAYMENT_FIELDS, 'bank_account_type', 'bank_account_number'],
  },
  ktba: {
    ...full,
    code: 'ktba',
    title: REGISTRATION_VARIANT_TITLES.ktba,
    optional: ['company_corporate_number'],
  },
  payment: {
    ...full,
    code: 'payment',
    title: REGISTRATION_VARIANT_TITLES.payment,
    omitted: [],
  },
  portal: {
    ...full,
    code: 'portal',
    title: REGISTRATION_VARIANT_TITLES.portal,
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
    title: REGISTRATION_VARIANT_TITLES.social,
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
