// zod/mini: the layouts parse GET /api/v1/user/me in the browser (see theme-tokens.ts).
import * as z from 'zod/mini';
import { COMPANY_TYPE_CODES, USER_GROUPS, USER_TYPES } from './account-types.ts';

/**
 * The logged-in user (platform spec section 3 and admin spec section 3): the answer of
 * GET /api/v1/user/me. Company fields are null for bank staff; bank-branch fields are null for a
 * company user without a branch. Times are ISO 8601 text.
 */

/** A file the portal serves by its unique code (company logo, profile picture). */
export const fileReferenceSchema = z.object({ file_unique_code: z.string() });

/** A bank branch (platform spec section 3, "Bank branches"). */
export const bankBranchSchema = z.object({
  bb_id: z.int(),
  bb_code: z.string(),
  bb_unique_code: z.string(),
  bb_name: z.string(),
});
export type BankBranch = z.infer<typeof bankBranchSchema>;

/**
 * A login id the user holds with an identity provider. The spec names the list only; provider and
 * login id are what a user's account page needs to show. The identity issue may add fields.
 */
export const loginIdManagementSchema = z.object({ login_id: z.string(), provider: z.nullable(z.string()) });

export const loggedInUserSchema = z.object({
  // The user's bank branch (a company's branch of account; a bank user's own branch).
  bb_code: z.nullable(z.string()),
  bb_id: z.nullable(z.int()),
  bb_name: z.nullable(z.string()),

  company_corporate_number: z.nullable(z.string()),
  company_enable_ba: z.boolean(),
  company_enable_baportal: z.boolean(),
  company_id: z.nullable(z.int()),
  company_is_disabled: z.boolean(),
  company_is_unsubscribed: z.boolean(),
  company_logo_file: z.nullable(fileReferenceSchema),
  company_name: z.nullable(z.string()),
  company_type: z.nullable(z.enum(COMPANY_TYPE_CODES)),
  company_unique_code: z.nullable(z.string()),
  /**
   * The company has a payment card registered (server/contracts/payment-card.ts): with it, the
   * bank's card requirement (features.check_payment_method_filled) is met for this user. False for
   * bank staff.
   */
  company_is_payment_method_filled: z.boolean(),

  user_id: z.int(),
  user_unique_code: z.string(),
  user_login_id: z.string(),
  user_name: z.string(),
  user_last_name: z.string(),
  user_first_name: z.string(),
  user_last_name_kana: z.nullable(z.string()),
  user_first_name_kana: z.nullable(z.string()),
  user_email: z.nullable(z.string()),
  user_alternate_email: z.nullable(z.string()),
  user_tel: z.nullable(z.string()),
  user_role: z.nullable(z.string()),
  user_type: z.enum(USER_TYPES),
  /** The side of the portal the type works on (company or bank). */
  user_type_group: z.enum(USER_GROUPS),
  /** The type's Japanese name from the master list (企業オーナー, 支店ユーザー, ...). */
  user_type_name: z.string(),
  user_is_super_user: z.boolean(),
  user_is_disabled: z.boolean(),
  user_profile_picture: z.nullable(fileReferenceSchema),
  /** The bank user's branch name (admin spec section 3); null for company users. */
  user_bb_name: z.nullable(z.string()),
  /** Branches a branch_admin or branch_user is limited to (empty for everyone else). */
  user_branches: z.array(bankBranchSchema),
  /** The codes of user_branches (the spec's spelling, "branche"). */
  user_branche_codes: z.array(z.string()),
  /** The identity provider the user logged in with. */
  user_provider: z.nullable(z.string()),
  user_restricts_companies_under_my_branch: z.boolean(),
  user_created_at: z.string(),
  user_updated_at: z.string(),

  login_id_managements: z.array(loginIdManagementSchema),
  /** Present only where the identity provider's token is handed to the browser. */
  id_token: z.optional(z.string()),
  id_token_payload: z.optional(z.record(z.string(), z.unknown())),

  /** Permission strings (account-types.ts PERMISSION_CODES); a server may add ones this client does not know. */
  permitted_actions: z.array(z.string()),
  permitted_chat_actions: z.array(z.string()),
  disable_chat: z.boolean(),
  /** Set outside the bank's office hours for bank staff: the admin area shows it instead of the page. */
  offhour_message: z.nullable(z.string()),
  /** Bank staff only: whether the request came from an allowed address. */
  is_permitted_ipaddress: z.boolean(),
  is_managed_user: z.boolean(),
});
export type LoggedInUser = z.infer<typeof loggedInUserSchema>;

/** The shorter view of a user (platform spec section 3): who wrote a chat remark, who handled a case. */
export const userSummarySchema = z.object({
  user_bb_name: z.nullable(z.string()),
  user_unique_code: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;
