import {
  COMPANY_TYPE_CODES,
  PERMISSION_CODES,
  USER_TYPES,
  userGroupOf,
  type CompanyTypeCode,
  type PermissionCode,
  type UserTypeCode,
} from '#server/contracts/account-types.ts';
import type { companyTypes, permissions, userTypes } from '../schema/master-lists.ts';

// The type and permission lists are contracts (the browser's menus and route rules read them too);
// this file adds what only the database needs: Japanese names, sort orders and starting permissions.

const USER_TYPE_NAMES: Record<UserTypeCode, string> = {
  system_admin: 'システム管理者',
  bank_admin: '銀行管理者',
  branch_admin: '支店管理者',
  branch_user: '支店ユーザー',
  company_owner: '企業オーナー',
  company_user: '企業ユーザー',
  partner_company_owner: 'パートナー企業オーナー',
  company_employee: '従業員',
};

export const userTypeRows = USER_TYPES.map((code, index) => ({
  code,
  name: USER_TYPE_NAMES[code],
  user_group: userGroupOf(code),
  sort_order: index + 1,
})) satisfies (typeof userTypes.$inferInsert)[];

const COMPANY_TYPE_NAMES: Record<CompanyTypeCode, string> = {
  normal: '一般企業',
  partner: 'パートナー企業',
  baportal: 'BAポータル企業',
};

export const companyTypeRows = COMPANY_TYPE_CODES.map((code, index) => ({
  code,
  name: COMPANY_TYPE_NAMES[code],
  sort_order: index + 1,
})) satisfies (typeof companyTypes.$inferInsert)[];

/** Permission strings of platform spec section 6, with what each allows. */
const PERMISSION_NAMES: Record<PermissionCode, string> = {
  company_news_read: 'ニュースの閲覧',
  company_chat_read: 'ビジネスチャットの利用',
  company_bachat_read: '銀行とのチャットの利用',
  company_survey_read: '安否確認の閲覧',
  company_survey_write: '安否確認への回答',
  company_coupon_read: '福利厚生クーポンの閲覧',
  company_setting_coupon_write: '自社クーポンの登録・編集',
  company_setting_account_write: 'アカウント設定の編集',
  company_setting_businessuser_write: 'ビジネスユーザーの管理',
  company_setting_company_write: '企業情報の編集',
  company_setting_payment_write: 'お支払い設定の編集',
  company_setting_partner_information_write: 'パートナー情報の編集',
  company_setting_website_write: 'ホームページの編集',
  company_matching_read: 'ビジネスマッチングの閲覧',
  company_matching_write: 'ビジネスマッチングの利用（ニーズの登録・商談依頼）',
  company_setting_matching_write: 'マッチング設定（ニーズ通知）',
  company_subsidy_read: '補助金・助成金情報の閲覧',
  company_seminar_read: 'セミナーの閲覧',
  company_column_read: 'コラムの閲覧',
  company_succession_write: '事業承継の相談',
  company_support_document_read: 'サポート資料の閲覧',
  company_babank_read: '提携銀行の閲覧',
  company_campfire_list_read: 'クラウドファンディングの閲覧',
  login_read: '管理画面へのログイン',
};

export const permissionRows = PERMISSION_CODES.map((code, index) => ({
  code,
  name: PERMISSION_NAMES[code],
  user_group: code.startsWith('company_') ? ('company' as const) : ('bank' as const),
  sort_order: index + 1,
})) satisfies (typeof permissions.$inferInsert)[];

const COMPANY_PERMISSIONS = PERMISSION_CODES.filter((code) => code.startsWith('company_'));

/** Settings only the one answerable for the company's contract may change. */
const OWNER_ONLY_PERMISSIONS: readonly PermissionCode[] = [
  'company_setting_account_write',
  'company_setting_businessuser_write',
  'company_setting_payment_write',
  'company_setting_partner_information_write',
];

/** What an employee account is for: reading the company's news, chat, benefits and the safety survey. */
const EMPLOYEE_PERMISSIONS: readonly PermissionCode[] = [
  'company_news_read',
  'company_chat_read',
  'company_survey_read',
  'company_survey_write',
  'company_coupon_read',
  'company_seminar_read',
  'company_column_read',
  'company_support_document_read',
];

/**
 * The permissions each account type starts with in a new bank. A bank may change its own rows of
 * user_type_permissions afterwards (admin setting "permission").
 */
export const DEFAULT_USER_TYPE_PERMISSIONS: Record<UserTypeCode, readonly PermissionCode[]> = {
  system_admin: ['login_read'],
  bank_admin: ['login_read'],
  branch_admin: ['login_read'],
  branch_user: ['login_read'],
  company_owner: COMPANY_PERMISSIONS,
  partner_company_owner: COMPANY_PERMISSIONS,
  company_user: COMPANY_PERMISSIONS.filter((code) => !OWNER_ONLY_PERMISSIONS.includes(code)),
  company_employee: EMPLOYEE_PERMISSIONS,
};
