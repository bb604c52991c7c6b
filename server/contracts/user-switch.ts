import { COMPANY_USER_TYPES, isUserType, USER_TYPES, type UserTypeCode } from './account-types.ts';

/**
 * Impersonation (ユーザー切り替え, 代理ログイン): which account types each account type may act as.
 * One table, read by the gateway (the switchable list and POST /api/v1/user/switch), by the
 * development identity provider (POST /oidc/bank{code}/token/switch) and by the page rule of the
 * switch page.
 *
 * The spec names the feature but not its limits, so the rule is: a switch never gives the actor
 * more power than they hold, nor the power of a peer. Acting as an equal admin would let one admin
 * act in another's name (the audit trail would show it, the other admin's own log would not), so
 * system_admin may act as every type below it (bank_admin, branch staff, company users) and
 * bank_admin as branch staff and company users. Branch staff and company users may switch into
 * nobody: the spec's admin helper (system_admin and bank_admin) is who switches.
 */
export const SWITCH_TARGET_TYPES = {
  system_admin: ['bank_admin', 'branch_admin', 'branch_user', ...COMPANY_USER_TYPES],
  bank_admin: ['branch_admin', 'branch_user', ...COMPANY_USER_TYPES],
  branch_admin: [],
  branch_user: [],
  company_owner: [],
  company_user: [],
  partner_company_owner: [],
  company_employee: [],
} as const satisfies Record<UserTypeCode, readonly UserTypeCode[]>;

/** The account types that may act as someone: who may open the switch page and call its API. */
export const SWITCHING_USER_TYPES: readonly UserTypeCode[] = USER_TYPES.filter(
  (type) => SWITCH_TARGET_TYPES[type].length > 0,
);

/** The account types `actorType` may act as (none for an unknown type). */
export function switchTargetTypesOf(actorType: string | null | undefined): readonly UserTypeCode[] {
  return isUserType(actorType) ? SWITCH_TARGET_TYPES[actorType] : [];
}

/** Whether a user of `actorType` may act as a user of `targetType`. Types arrive as plain strings. */
export function maySwitchInto(
  actorType: string | null | undefined,
  targetType: string | null | undefined,
): boolean {
  return isUserType(targetType) && switchTargetTypesOf(actorType).includes(targetType);
}
