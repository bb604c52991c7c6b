/**
 * The registration variants' codes and what their pages call them: the router's page list and the
 * page table read these (in every visit's first scripts), so they stay apart from the variants'
 * steps and fields (registration-variants.ts), which only the registration pages load.
 */
export const REGISTRATION_VARIANT_TITLES = {
  ba: 'ビジネスアシスト利用申込',
  bizsol: '法人インターネットバンキングご利用者さまの利用申込',
  hgba: 'ビジネスアシストポータル利用申込',
  ibmft: 'インターネットバンキング連携の利用申込',
  ktba: 'ビジネスアシスト利用申込（法人・個人事業主）',
  payment: '請求書発行・決済サービス利用申込',
  portal: 'ポータル会員登録',
  social: '地域企業ネットワーク参加申込',
} as const;

export type RegistrationVariantCode = keyof typeof REGISTRATION_VARIANT_TITLES;

export const REGISTRATION_VARIANT_CODES = Object.keys(
  REGISTRATION_VARIANT_TITLES,
) as RegistrationVariantCode[];

/** The two banks' upgrade registrations, each drawn in a register-upgrade layout of its own. */
export const UPGRADE_VARIANT_CODES = [
  'bizsol',
  'ibmft',
] as const satisfies readonly RegistrationVariantCode[];
