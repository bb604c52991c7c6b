import { describe, expect, it } from 'vitest';
import { USER_TYPES, type UserTypeCode } from '#server/contracts/account-types.ts';
import { ROUTE_RULES } from '#server/contracts/route-access.ts';
import {
  maySwitchInto,
  SWITCH_TARGET_TYPES,
  SWITCHING_USER_TYPES,
  switchTargetTypesOf,
} from '#server/contracts/user-switch.ts';

/**
 * The decision, written out in full: each row is an actor, each column a target, in USER_TYPES
 * order (system_admin, bank_admin, branch_admin, branch_user, company_owner, company_user,
 * partner_company_owner, company_employee). 1: may act as that user; 0: may not.
 */
const EXPECTED: Record<UserTypeCode, string> = {
  system_admin: '0 1 1 1 1 1 1 1',
  bank_admin: '0 0 1 1 1 1 1 1',
  branch_admin: '0 0 0 0 0 0 0 0',
  branch_user: '0 0 0 0 0 0 0 0',
  company_owner: '0 0 0 0 0 0 0 0',
  company_user: '0 0 0 0 0 0 0 0',
  partner_company_owner: '0 0 0 0 0 0 0 0',
  company_employee: '0 0 0 0 0 0 0 0',
};

describe('who may act as whom (impersonation)', () => {
  for (const actor of USER_TYPES) {
    it(`${actor}: ${EXPECTED[actor]}`, () => {
      const row = USER_TYPES.map((target) => (maySwitchInto(actor, target) ? '1' : '0')).join(' ');
      expect(row).toBe(EXPECTED[actor]);
      expect(switchTargetTypesOf(actor)).toEqual(USER_TYPES.filter((target) => maySwitchInto(actor, target)));
    });
  }

  it('never lets anyone act as an account of equal or greater power', () => {
    // Bank staff by power, highest first; company users hold none of the staff's powers.
    const staffRank: Partial<Record<UserTypeCode, number>> = {
      system_admin: 4,
      bank_admin: 3,
      branch_admin: 2,
      branch_user: 1,
    };
    for (const actor of USER_TYPES) {
      for (const target of switchTargetTypesOf(actor)) {
        expect(actor, `${actor} → ${target}`).not.toBe(target);
        expect(staffRank[target] ?? 0, `${actor} → ${target}`).toBeLessThan(staffRank[actor] ?? 0);
      }
    }
  });

  it('refuses what is not an account type, on either side', () => {
    expect(maySwitchInto('system_admin', 'root')).toBe(false);
    expect(maySwitchInto('root', 'company_user')).toBe(false);
    expect(maySwitchInto(undefined, 'company_user')).toBe(false);
    expect(maySwitchInto('system_admin', null)).toBe(false);
    expect(switchTargetTypesOf('root')).toEqual([]);
    expect(switchTargetTypesOf('__proto__')).toEqual([]);
  });

  it('opens the switch page and its API to exactly the types that may act as someone', () => {
    const switchers = USER_TYPES.filter((type) => SWITCH_TARGET_TYPES[type].length > 0);
    expect(SWITCHING_USER_TYPES).toEqual(['system_admin', 'bank_admin']);
    expect(ROUTE_RULES.user_switch.require.userTypes).toEqual(switchers);
  });
});
