// zod/mini: the account setting pages bundle these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { COMPANY_USER_TYPES } from './account-types.ts';
import { type CallPermissions, defineCall } from './call.ts';
import { userProfileFieldsSchema } from './user-profile.ts';
import { validationRules } from './validation.ts';

/**
 * A company's accounts (issue 16 item 1, /mypage/setting/account): the company's users with their
 * type, login id, e-mail and last login; one user's page (/mypage/setting/account/employee/{id}) to
 * edit their name and contact or disable them, whose sessions then end; and the business users
 * (company_user accounts, /mypage/setting/account/businessuser) the company creates itself.
 * Invitations of employees are the registration domain's calls (employee-invitation.ts).
 *
 * Who: the account calls share the page rule account_settings (company_setting_account_write).
 * The business-user calls need company_setting_businessuser_write and either the bank's
 * enable_business_user, or a partner company under the bank's partner limit
 * (partner_company_user_limit): a partner company never has more enabled business users than that,
 * however many are created at once.
 */

/** Not in the spec's tables but the limit's failure: the portal's words for what only these pages refuse. */
export const COMPANY_ACCOUNT_MESSAGES = {
  saved: 'アカウントを保存しました',
  savedEmailPending:
    'アカウントを保存しました。新しいメールアドレスに確認のメールをお送りしました。メールのリンクが開かれると、メールアドレスが変更されます。',
  disabled: 'アカウントを無効にしました',
  enabled: 'アカウントを有効にしました',
  selfDisable: 'ご自身のアカウントは無効にできません',
  lastOwner: '企業の管理者（オーナー）が1人もいなくなるため、無効にできません',
  businessUserCreated:
    'ビジネスユーザーを登録しました。ログインIDとパスワード設定のご案内をメールでお送りしました',
  businessUserNotPermitted: 'ビジネスユーザーを管理する権限がありません',
  /** The spec's text (admin spec, "Partner limit fetch failure"). */
  limitFetchFailed: 'パートナービジネスユーザー作成上限数取得エラー',
  emailTaken: 'このメールアドレスの利用者は、すでに登録されています。',
  /** A bank whose identity provider keeps the passwords registers its users there. */
  externalProvider:
    'この金融機関では、ユーザーのアカウントは金融機関の認証サービスで登録します。お取引店にお問い合わせください。',
} as const;

/** The refusal of a business user over the partner limit. */
export function businessUserLimitMessage(limit: number): string {
  return `ビジネスユーザーは${limit}人まで登録できます。上限に達しているため、登録・有効化できません`;
}

/** How the pages name each account type (the user_types master's names, which company users do not load). */
export const COMPANY_ACCOUNT_TYPE_NAMES = {
  company_owner: '企業オーナー',
  company_user: '企業ユーザー',
  partner_company_owner: 'パートナー企業オーナー',
  company_employee: '従業員',
} as const satisfies Record<(typeof COMPANY_USER_TYPES)[number], string>;

/** A user's public code, in a path. */
export const companyAccountParamsSchema = z.object({
  user_unique_code: z.string().check(z.minLength(1), z.maxLength(32)),
});

export const companyAccountSchema = z.object({
  user_unique_code: z.string(),
  user_type: z.enum(COMPANY_USER_TYPES),
  user_login_id: z.string(),
  user_last_name: z.string(),
  user_first_name: z.string(),
  user_email: z.string(),
  /** The last login of the user's own; null: never. */
  user_last_login_at: z.nullable(z.string()),
  user_is_disabled: z.boolean(),
  /** The logged-in user themself. */
  is_self: z.boolean(),
});
export type CompanyAccount = z.infer<typeof companyAccountSchema>;

/** One user as their page edits them. */
export const companyAccountDetailSchema = z.object({
  ...companyAccountSchema.shape,
  user_last_name_kana: z.string(),
  user_first_name_kana: z.string(),
  /** The address the user is asked to change to, until the link mailed to it is followed (email-change.ts). */
  user_pending_email: z.nullable(z.string()),
  user_alternate_email: z.nullable(z.string()),
  user_tel: z.nullable(z.string()),
  /** Whether the disable command would be refused: themself, or the company's last enabled owner. */
  disable_refusal: z.nullable(z.enum(['self', 'last_owner'])),
});
export type CompanyAccountDetail = z.infer<typeof companyAccountDetailSchema>;

/** The user as a save left them, and whether the save mailed a link to confirm a new address. */
export const companyAccountSavedSchema = z.object({
  ...companyAccountDetailSchema.shape,
  email_confirmation_sent: z.boolean(),
});

export const listCompanyAccountsCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'GET',
  path: '/api/v1/setting/account',
  result: z.array(companyAccountSchema),
  access: 'company',
  member: true,
  rule: 'account_settings',
  summary: '企業のアカウント一覧',
  description:
    'ログイン中の企業の利用者（オーナー・ユーザー・従業員）を、種別・ログインID・メールアドレス・最終ログイン・無効かどうかとともに返します。アカウント設定の編集権限（company_setting_account_write）が必要です。',
});

export const companyAccountCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'GET',
  path: '/api/v1/setting/account/user/:user_unique_code',
  params: companyAccountParamsSchema,
  result: companyAccountDetailSchema,
  access: 'company',
  member: true,
  rule: 'account_settings',
  summary: '企業のアカウントの取得',
  description: 'ログイン中の企業の利用者1人を返します。ほかの企業の利用者は 404 です。',
});

export const saveCompanyAccountCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'POST',
  path: '/api/v1/setting/account/user/:user_unique_code/save',
  params: companyAccountParamsSchema,
  body: userProfileFieldsSchema(),
  result: companyAccountSavedSchema,
  access: 'company',
  member: true,
  refusedWhileSwitched: true,
  rule: 'account_settings',
  summary: '企業のアカウントの保存',
  description:
    'ログイン中の企業の利用者1人の氏名・カナ・メールアドレス・予備のメールアドレス・電話番号を保存します。メールアドレスを変えた場合は、新しいアドレスに確認のリンクを、これまでのアドレスにお知らせを送り、リンクが開かれるまでメールアドレスは変わりません。ほかの企業の利用者は 404、ユーザー切り替え中は 403 です。',
});

export const setCompanyAccountDisabledCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'POST',
  path: '/api/v1/setting/account/user/:user_unique_code/disable',
  params: companyAccountParamsSchema,
  body: z.object({ disabled: z.boolean() }),
  result: companyAccountDetailSchema,
  access: 'company',
  member: true,
  rule: 'account_settings',
  summary: '企業のアカウントの無効化・有効化',
  description:
    'ログイン中の企業の利用者1人を無効（disabled: true）または有効にします。無効にした利用者のセッションはすべて終わり、次の操作からログインが必要です（ログインもできません）。自分自身と、最後の有効なオーナーは無効にできません（422）。パートナー企業のビジネスユーザーの有効化は上限数までです。',
});

// ---------------------------------------------------------------------------------------------
// Business users

export const partnerCompanyUserLimitSchema = z.object({
  /** How many enabled business users the company may have; 0 for a company that is not a partner. */
  limit: z.int(),
  /** Its enabled business users now. */
  used: z.int(),
});
export type PartnerCompanyUserLimit = z.infer<typeof partnerCompanyUserLimitSchema>;

export const partnerCompanyUserLimitCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'GET',
  path: '/api/v1/setting/partner_company_user_limit',
  result: partnerCompanyUserLimitSchema,
  access: 'company',
  member: true,
  summary: 'パートナービジネスユーザー作成上限数',
  description:
    'ログイン中の企業がパートナー企業なら、金融機関が定めるビジネスユーザーの作成上限数（limit）と、有効なビジネスユーザーの数（used）を返します。パートナー企業でなければ limit は 0 です。',
});

export const businessUsersSchema = z.object({
  users: z.array(companyAccountSchema),
  /** The partner limit, or null where none applies (enable_business_user for a company that is not a partner). */
  limit: z.nullable(z.int()),
  used: z.int(),
});
export type BusinessUsers = z.infer<typeof businessUsersSchema>;

/** Managing business users is company_setting_businessuser_write's (else 403 with the message). */
const BUSINESS_USER_PERMISSIONS: CallPermissions = {
  codes: ['company_setting_businessuser_write'],
  message: COMPANY_ACCOUNT_MESSAGES.businessUserNotPermitted,
};

export const listBusinessUsersCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'GET',
  path: '/api/v1/setting/account/businessuser',
  result: businessUsersSchema,
  access: 'company',
  member: true,
  permissions: BUSINESS_USER_PERMISSIONS,
  summary: 'ビジネスユーザーの一覧',
  description:
    'ログイン中の企業のビジネスユーザー（company_user）と、上限数・有効な人数を返します。ビジネスユーザーの管理権限（company_setting_businessuser_write）と、金融機関の enable_business_user、またはパートナー企業の上限数（1以上）が必要です（なければ 403）。',
});

const rules = validationRules();

export const businessUserFormSchema = z.object({
  user_last_name: rules.text({ required: true, maxLength: 30 }),
  user_first_name: rules.text({ required: true, maxLength: 30 }),
  user_last_name_kana: rules.katakana({ required: true, maxLength: 60 }),
  user_first_name_kana: rules.katakana({ required: true, maxLength: 60 }),
  user_email: rules.email({ required: true }),
  user_tel: rules.phone(),
});
export type BusinessUserForm = z.infer<typeof businessUserFormSchema>;

export const createBusinessUserCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'POST',
  path: '/api/v1/setting/account/businessuser/create',
  body: businessUserFormSchema,
  result: z.object({ user_unique_code: z.string(), user_login_id: z.string() }),
  access: 'company',
  member: true,
  permissions: BUSINESS_USER_PERMISSIONS,
  refusedWhileSwitched: true,
  summary: 'ビジネスユーザーの登録',
  description:
    'ログイン中の企業にビジネスユーザー（company_user）を登録し、ログインIDとパスワード設定のリンク（7日間有効）をメールで送ります（1つのトランザクション）。パートナー企業は上限数まで（同時に登録しても超えません。超える登録は 422）。登録済みの利用者のメールアドレスは 422 です。',
});
