/**
 * Account types, company types and permission strings (platform spec sections 4 and 6, admin spec
 * section 6). The database's master lists (server/db/master-data/account-type-rows.ts) and the browser's
 * menus and route rules are built from these lists, so a new type or permission is added here once.
 */

/** Bank-side account types. They have no company; branch_admin and branch_user are limited to their branches. */
export const BANK_USER_TYPES = ['system_admin', 'bank_admin', 'branch_admin', 'branch_user'] as const;
/** Company-side account types. They always belong to a company. */
export const COMPANY_USER_TYPES = [
  'company_owner',
  'company_user',
  'partner_company_owner',
  'company_employee',
] as const;
/** The eight account types, bank side first (the master list's sort order). */
export const USER_TYPES = [...BANK_USER_TYPES, ...COMPANY_USER_TYPES] as const;

export type BankUserType = (typeof BANK_USER_TYPES)[number];
export type CompanyUserType = (typeof COMPANY_USER_TYPES)[number];
export type UserTypeCode = (typeof USER_TYPES)[number];

/** The bank staff who administer the whole bank: the spec's "admin helper". */
export const ADMIN_USER_TYPES = ['system_admin', 'bank_admin'] as const satisfies readonly BankUserType[];

/** Company-side owners: the types whose unread-news badge is drawn bold (spec section 6). */
export const OWNER_USER_TYPES = [
  'company_owner',
  'partner_company_owner',
] as const satisfies readonly CompanyUserType[];

/** Company types, also the values of a user's type group (spec: normal, partner, BA portal). */
export const COMPANY_TYPE_CODES = ['normal', 'partner', 'baportal'] as const;
export type CompanyTypeCode = (typeof COMPANY_TYPE_CODES)[number];

/** User groups: which side of the portal an account type works on. */
export const USER_GROUPS = ['company', 'bank'] as const;
export type UserGroup = (typeof USER_GROUPS)[number];

/**
 * Two-factor authentication states of an account (spec section 4).
 * `test` is the bank's trial period: codes are asked for but a failure does not lock the account.
 */
export const TWO_FACTOR_STATES = { disable: 0, test: 1, enable: 2, lock: 3 } as const;
export type TwoFactorState = (typeof TWO_FACTOR_STATES)[keyof typeof TWO_FACTOR_STATES];

// Type guards take any string: user types arrive from the API and from menu data as plain strings.
function includes<T extends string>(list: readonly T[], value: string | null | undefined): value is T {
  return value !== null && value !== undefined && (list as readonly string[]).includes(value);
}

export function isUserType(value: string | null | undefined): value is UserTypeCode {
  return includes(USER_TYPES, value);
}

/** True for the four bank-side types (system_admin, bank_admin, branch_admin, branch_user). */
export function isBankUser(userType: string | null | undefined): userType is BankUserType {
  return includes(BANK_USER_TYPES, userType);
}

/** True for the four company-side types. */
export function isCompanyUser(userType: string | null | undefined): userType is CompanyUserType {
  return includes(COMPANY_USER_TYPES, userType);
}

/** The spec's admin helper: true for system_admin and bank_admin only (branch staff are not admins). */
export function isAdmin(userType: string | null | undefined): boolean {
  return includes(ADMIN_USER_TYPES, userType);
}

export function userGroupOf(userType: UserTypeCode): UserGroup {
  return isBankUser(userType) ? 'bank' : 'company';
}

export function isCompanyType(value: string | null | undefined): value is CompanyTypeCode {
  return includes(COMPANY_TYPE_CODES, value);
}

/** The permission strings of platform spec section 6, company side first, then the admin login. */
export const PERMISSION_CODES = [
  'company_news_read',
  'company_chat_read',
  'company_bachat_read',
  'company_survey_read',
  'company_survey_write',
  'company_coupon_read',
  'company_setting_coupon_write',
  'company_setting_account_write',
  'company_setting_businessuser_write',
  'company_setting_company_write',
  'company_setting_payment_write',
  'company_setting_partner_information_write',
  'company_setting_website_write',
  'company_matching_read',
  'company_matching_write',
  'company_setting_matching_write',
  'company_subsidy_read',
  'company_seminar_read',
  'company_column_read',
  'company_succession_write',
  'company_support_document_read',
  'company_babank_read',
  'company_campfire_list_read',
  'login_read',
] as const;
export type PermissionCode = (typeof PERMISSION_CODES)[number];

export function isPermissionCode(value: string): value is PermissionCode {
  return includes(PERMISSION_CODES, value);
}

/** Who asks: the parts of the logged-in user a permission check reads. */
export interface PermissionSubject {
  /** user_is_super_user: passes every permission check. */
  isSuperUser: boolean;
  /** The user's permitted actions. Anything but an array denies (spec: "not an array, access is denied"). */
  permittedActions: unknown;
}

function permittedList(subject: PermissionSubject): readonly unknown[] | undefined {
  return Array.isArray(subject.permittedActions) ? subject.permittedActions : undefined;
}

/**
 * All-of check (spec section 6). A super user passes; otherwise every required permission must be
 * in the permitted actions. An empty requirement FAILS: a rule that names no permission is a
 * mistake, and a route or button guarded by it stays shut. (Menu entries differ: there an empty or
 * missing list means "no requirement", see filterMenu in menu.ts.)
 */
export function hasAllPermissions(subject: PermissionSubject, required: readonly string[]): boolean {
  if (required.length === 0) return false;
  if (subject.isSuperUser) return true;
  const permitted = permittedList(subject);
  return permitted !== undefined && required.every((permission) => permitted.includes(permission));
}

/** Any-of check: a super user passes; otherwise at least one of `required`. An empty requirement fails. */
export function hasAnyPermission(subject: PermissionSubject, required: readonly string[]): boolean {
  if (required.length === 0) return false;
  if (subject.isSuperUser) return true;
  const permitted = permittedList(subject);
  return permitted !== undefined && required.some((permission) => permitted.includes(permission));
}

/**
 * Chat-action check: every required action must be among the user's permitted chat actions.
 * A super user passes; an empty requirement or a list that is not an array fails.
 */
export function hasChatActions(
  subject: { isSuperUser: boolean; permittedChatActions: unknown },
  required: readonly string[],
): boolean {
  return hasAllPermissions(
    { isSuperUser: subject.isSuperUser, permittedActions: subject.permittedChatActions },
    required,
  );
}
