import type { FastifyRequest } from 'fastify';
import { isBankUser, isCompanyType, isUserType, userGroupOf } from '#server/contracts/account-types.ts';
import * as z from 'zod/mini';
import { success } from '#server/contracts/envelope.ts';
import { type LoggedInUser, loggedInUserSchema } from '#server/contracts/logged-in-user.ts';
import type { Database } from '#server/db/database.ts';
import { isStaffAddressAllowed, staffOffHoursMessage } from '#server/tenancy/staff-access.ts';
import type { SessionUser } from '#server/auth/sessions.ts';
import { bankScopedKey } from '#server/tenancy/bank-key.ts';
import { companyHasCard } from '../accounts/company-card-queries.ts';
import {
  findLoginIdManagements,
  findUserProfile,
  listPermittedActions,
  listUserBranches,
} from './queries.ts';

/** The user as stored: everything of LoggedInUser but the facts of the request (address, hour). */
const storedUserSchema = z.omit(loggedInUserSchema, { offhour_message: true, is_permitted_ipaddress: true });
type StoredUser = z.infer<typeof storedUserSchema>;

/** How long a process reuses a user it read: a change (permissions, a disabled account) shows within this. */
export const USER_CACHE_TTL_MS = 10_000;
const USER_CACHE_MAX_ENTRIES = 10_000;

/**
 * The full logged-in user of platform spec section 3 and admin spec section 3 (GET /api/v1/user/me,
 * the menu, page rules of API routes). What the database holds is read in one bank transaction and
 * kept in this process for USER_CACHE_TTL_MS under the bank's key, so an authenticated call in the
 * steady state costs the session read and no query. The staff restrictions are worked out for each
 * request (its address, this moment), so the admin layout can show the 422 page for a device or an
 * hour the bank does not allow.
 */
export function createLoggedInUserLoader(db: Database, now: () => number = () => Date.now()) {
  /**
   * A company user's LoggedInUser is the same for every request (the staff restrictions are bank
   * staff's only), so it is kept whole, with its answer already serialised.
   */
  interface Entry {
    user: StoredUser | undefined;
    companyUser: { user: LoggedInUser; answer: string } | undefined;
    expiresAt: number;
  }
  const cache = new Map<string, Entry>();

  async function entryOf(bankCode: string, userId: number): Promise<Entry> {
    const key = bankScopedKey(bankCode, 'user', String(userId));
    const hit = cache.get(key);
    if (hit && hit.expiresAt > now()) return hit;
    const read = await readStoredUser(db, bankCode, userId);
    // Checked against the contract once, when read (undeclared fields dropped): the calls that answer
    // it serialise it as it is (see GET /api/v1/user/me).
    const user = read === undefined ? undefined : z.parse(storedUserSchema, read);
    const companyUser = user && !isBankUser(user.user_type) ? withRequestFacts(user, null, true) : undefined;
    const entry: Entry = {
      user,
      companyUser: companyUser && { user: companyUser, answer: JSON.stringify(success(companyUser)) },
      expiresAt: now() + USER_CACHE_TTL_MS,
    };
    // Oldest first out: a Map iterates in insertion order.
    if (cache.size >= USER_CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value ?? key);
    cache.delete(key);
    cache.set(key, entry);
    return entry;
  }

  function loggedInUserOf(entry: Entry, request: FastifyRequest): LoggedInUser | undefined {
    if (entry.companyUser) return entry.companyUser.user;
    if (!entry.user) return undefined;
    const access = request.tenant.config.bank_staff_access;
    return withRequestFacts(
      entry.user,
      staffOffHoursMessage(access, new Date(now())) ?? null,
      isStaffAddressAllowed(access, request.ip),
    );
  }

  return {
    /**
     * Drops the cached users of a company (its card changed): each reads anew on its next request.
     * Other processes keep theirs for at most USER_CACHE_TTL_MS.
     */
    forgetCompany(bankCode: string, companyId: number): void {
      for (const [key, entry] of cache) {
        if (key.startsWith(bankScopedKey(bankCode, 'user', '')) && entry.user?.company_id === companyId) {
          cache.delete(key);
        }
      }
    },
    async load(request: FastifyRequest, sessionUser: SessionUser): Promise<LoggedInUser | undefined> {
      return loggedInUserOf(await entryOf(request.tenant.code, sessionUser.userId), request);
    },
    /** The success answer of GET /api/v1/user/me, serialised; undefined when there is no such user. */
    async answer(request: FastifyRequest, sessionUser: SessionUser): Promise<string | undefined> {
      const entry = await entryOf(request.tenant.code, sessionUser.userId);
      if (entry.companyUser) return entry.companyUser.answer;
      const user = loggedInUserOf(entry, request);
      return user && JSON.stringify(success(user));
    },
  };
}

export type LoggedInUserLoader = ReturnType<typeof createLoggedInUserLoader>;

function withRequestFacts(
  user: StoredUser,
  offhourMessage: string | null,
  isPermittedIpaddress: boolean,
): LoggedInUser {
  return { ...user, offhour_message: offhourMessage, is_permitted_ipaddress: isPermittedIpaddress };
}

async function readStoredUser(
  db: Database,
  bankCode: string,
  userId: number,
): Promise<StoredUser | undefined> {
  return db.withBank(bankCode, async (tx) => {
    const profile = await findUserProfile(tx, userId);
    if (!profile) return undefined;
    const { user, company, companyBranch } = profile;
    const userType = user.user_type;
    if (!isUserType(userType)) return undefined;
    // Disabled since the login: the session no longer stands for a user.
    if (user.user_is_disabled || company?.company_is_disabled === true) return undefined;
    // One after another: a transaction is one connection, which takes one query at a time.
    const branches = await listUserBranches(tx, user.user_id);
    const permittedActions = await listPermittedActions(tx, userType);
    const managements = await findLoginIdManagements(tx, user.user_id);
    const hasCard = company ? await companyHasCard(tx, company.company_id) : false;
    const bankSide = isBankUser(userType);
    const ownBranch = bankSide ? branches[0] : companyBranch;
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
      company_is_payment_method_filled: hasCard,

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
      is_managed_user: managements.isManagedUser,
    };
  });
}
