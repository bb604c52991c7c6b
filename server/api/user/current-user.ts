import type { FastifyRequest } from 'fastify';
import { isBankUser, isCompanyType, isUserType, userGroupOf } from '../../contracts/accounts.ts';
import type { LoggedInUser } from '../../contracts/user.ts';
import type { Database } from '../../db/database.ts';
import { isStaffAddressAllowed, staffOffHoursMessage } from '../../tenancy/staff-access.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import {
  findLoginIdManagements,
  findUserProfile,
  listPermittedActions,
  listUserBranches,
} from './queries.ts';

/**
 * The full logged-in user of platform spec section 3 and admin spec section 3 (GET /api/v1/user/me).
 * The staff restrictions are worked out for this very request (its address, this moment), so the
 * admin layout can show the 422 page for a device or an hour the bank does not allow.
 */
export async function loadLoggedInUser(
  db: Database,
  request: FastifyRequest,
  sessionUser: SessionUser,
): Promise<LoggedInUser | undefined> {
  const { tenant } = request;
  return db.withBank(tenant.code, async (tx) => {
    const profile = await findUserProfile(tx, sessionUser.userId);
    if (!profile) return undefined;
    const { user, company, companyBranch } = profile;
    const userType = user.user_type;
    if (!isUserType(userType)) return undefined;
    // Disabled since the login: the session no longer stands for a user.
    if (user.user_is_disabled || company?.company_is_disabled === true) return undefined;
    const [branches, permittedActions, managements] = await Promise.all([
      listUserBranches(tx, user.user_id),
      listPermittedActions(tx, userType),
      findLoginIdManagements(tx, user.user_id),
    ]);
    const bankSide = isBankUser(userType);
    const ownBranch = bankSide ? branches[0] : companyBranch;
    const access = tenant.config.bank_staff_access;
    return {
      bb_code: ownBranch?.bb_code ?? null,
      bb_id: ownBranch?.bb_id ?? null,
      bb_name: ownBranch?.bb_name ?? null,

      company_corporate_number: company?.company_corporate_number ?? null,
      company_enable_ba: company?.company_enable_ba ?? false,
      company_enable_baportal: company?.company_enable_baportal ?? false,
      company_id: company?.company_id ?? null,
      company_is_disabled: company?.company_is_disabled ?? false,
      company_is_unsubscribed: company?.company_is_unsubscribed ?? false,
      company_logo_file: company?.company_logo_file_unique_code
        ? { file_unique_code: company.company_logo_file_unique_code }
        : null,
      company_name: company?.company_name ?? null,
      company_type: company && isCompanyType(company.company_type) ? company.company_type : null,
      company_unique_code: company?.company_unique_code ?? null,

      user_id: user.user_id,
      user_unique_code: user.user_unique_code,
      user_login_id: user.user_login_id,
      user_name: `${user.user_last_name} ${user.user_first_name}`,
      user_last_name: user.user_last_name,
      user_first_name: user.user_first_name,
      user_last_name_kana: user.user_last_name_kana,
      user_first_name_kana: user.user_first_name_kana,
      user_email: user.user_email,
      user_alternate_email: user.user_alternate_email,
      user_tel: user.user_tel,
      user_role: user.user_role,
      user_type: userType,
      user_type_group: userGroupOf(userType),
      user_type_name: profile.userTypeName,
      user_is_super_user: user.user_is_super_user,
      user_is_disabled: user.user_is_disabled,
      user_profile_picture: user.user_profile_picture_file_unique_code
        ? { file_unique_code: user.user_profile_picture_file_unique_code }
        : null,
      user_bb_name: bankSide ? (branches[0]?.bb_name ?? null) : null,
      user_branches: branches,
      user_branche_codes: branches.map((branch) => branch.bb_code),
      user_provider: user.user_provider,
      user_restricts_companies_under_my_branch: user.user_restricts_companies_under_my_branch,
      user_created_at: user.user_created_at.toISOString(),
      user_updated_at: user.user_updated_at.toISOString(),

      login_id_managements: managements.managed,
      permitted_actions: permittedActions,
      // Chat permissions and the per-user chat switch arrive with the chat domain; until then a
      // user has no chat actions and chat is not disabled for anyone.
      permitted_chat_actions: [],
      disable_chat: false,
      offhour_message: bankSide ? (staffOffHoursMessage(access, new Date()) ?? null) : null,
      is_permitted_ipaddress: bankSide ? isStaffAddressAllowed(access, request.ip) : true,
      is_managed_user: managements.isManagedUser,
    };
  });
}
