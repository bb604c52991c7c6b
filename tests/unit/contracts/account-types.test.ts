import { describe, expect, it } from 'vitest';
import {
  BANK_USER_TYPES,
  COMPANY_TYPE_CODES,
  COMPANY_USER_TYPES,
  hasAllPermissions,
  hasAnyPermission,
  hasChatActions,
  isAdmin,
  isBankUser,
  isCompanyUser,
  PERMISSION_CODES,
  USER_TYPES,
  userGroupOf,
} from '#server/contracts/account-types.ts';
import { permissionRows, userTypeRows } from '#server/db/master-data/account-type-rows.ts';

describe('account types (spec section 4)', () => {
  it('lists the eight types, bank side then company side', () => {
    expect(USER_TYPES).toEqual([
      'system_admin',
      'bank_admin',
      'branch_admin',
      'branch_user',
      'company_owner',
      'company_user',
      'partner_company_owner',
      'company_employee',
    ]);
    expect(COMPANY_TYPE_CODES).toEqual(['normal', 'partner', 'baportal']);
  });

  it('tells bank staff from company users', () => {
    for (const type of BANK_USER_TYPES) {
      expect(isBankUser(type)).toBe(true);
      expect(isCompanyUser(type)).toBe(false);
      expect(userGroupOf(type)).toBe('bank');
    }
    for (const type of COMPANY_USER_TYPES) {
      expect(isBankUser(type)).toBe(false);
      expect(userGroupOf(type)).toBe('company');
    }
    expect(isBankUser(undefined)).toBe(false);
    expect(isBankUser('guest')).toBe(false);
  });

  it('counts system_admin and bank_admin as admins, branch staff not', () => {
    expect(USER_TYPES.filter((type) => isAdmin(type))).toEqual(['system_admin', 'bank_admin']);
  });

  it('feeds the database master lists from the same codes', () => {
    expect(userTypeRows.map((row) => row.code)).toEqual([...USER_TYPES]);
    expect(permissionRows.map((row) => row.code)).toEqual([...PERMISSION_CODES]);
  });
});

describe('permission checks (spec section 6)', () => {
  const user = { isSuperUser: false, permittedActions: ['company_news_read', 'company_chat_read'] };

  it('all-of passes only with every permission', () => {
    expect(hasAllPermissions(user, ['company_news_read', 'company_chat_read'])).toBe(true);
    expect(hasAllPermissions(user, ['company_news_read', 'company_matching_read'])).toBe(false);
  });

  it('any-of passes with one of them', () => {
    expect(hasAnyPermission(user, ['company_matching_read', 'company_chat_read'])).toBe(true);
    expect(hasAnyPermission(user, ['company_matching_read'])).toBe(false);
  });

  it('fails an empty requirement, even for a super user', () => {
    expect(hasAllPermissions(user, [])).toBe(false);
    expect(hasAnyPermission({ isSuperUser: true, permittedActions: [] }, [])).toBe(false);
  });

  it('passes a super user through every non-empty check', () => {
    const superUser = { isSuperUser: true, permittedActions: [] };
    expect(hasAllPermissions(superUser, ['company_setting_account_write', 'login_read'])).toBe(true);
    expect(hasChatActions({ isSuperUser: true, permittedChatActions: undefined }, ['create_room'])).toBe(
      true,
    );
  });

  it('denies when the permitted actions are not a list', () => {
    expect(
      hasAllPermissions({ isSuperUser: false, permittedActions: 'company_news_read' }, ['company_news_read']),
    ).toBe(false);
    expect(hasChatActions({ isSuperUser: false, permittedChatActions: null }, ['create_room'])).toBe(false);
    expect(
      hasChatActions({ isSuperUser: false, permittedChatActions: ['create_room'] }, ['create_room']),
    ).toBe(true);
  });

  it('any-of denies when the permitted actions are not a list, and passes a super user', () => {
    expect(hasAnyPermission({ isSuperUser: false, permittedActions: undefined }, ['company_news_read'])).toBe(
      false,
    );
    expect(hasAnyPermission({ isSuperUser: true, permittedActions: null }, ['company_news_read'])).toBe(true);
  });

  it('chat-action checks need every action, and fail an empty requirement', () => {
    const chatter = { isSuperUser: false, permittedChatActions: ['create_room', 'post_remark'] };
    expect(hasChatActions(chatter, ['create_room', 'post_remark'])).toBe(true);
    expect(hasChatActions(chatter, ['create_room', 'delete_room'])).toBe(false);
    expect(hasChatActions(chatter, [])).toBe(false);
    expect(hasChatActions({ isSuperUser: true, permittedChatActions: [] }, [])).toBe(false);
  });
});
