import { describe, expect, it } from 'vitest';
import {
  decideStaffArticleAction,
  staffCanChange,
  type StaffMember,
} from '#server/api/news/staff-permissions.ts';

const systemAdmin: StaffMember = { userId: 1, userType: 'system_admin' };
const bankAdmin: StaffMember = { userId: 2, userType: 'bank_admin' };
const branchAdmin: StaffMember = { userId: 3, userType: 'branch_admin' };
const branchUser: StaffMember = { userId: 4, userType: 'branch_user' };

const ownItemBy = (authorUserId: number | null) => ({
  article_is_own_bank: true,
  author_user_id: authorUserId,
});
const providedItem = { article_is_own_bank: false, author_user_id: null };

describe('who may do what with the news items', () => {
  it('lets every staff member read (list, detail, preview, applicants)', () => {
    for (const staff of [systemAdmin, bankAdmin, branchAdmin, branchUser])
      expect(decideStaffArticleAction(staff, 'read')).toEqual({ allowed: true });
  });

  it('lets system_admin, bank_admin and branch_admin create, and refuses branch_user', () => {
    for (const staff of [systemAdmin, bankAdmin, branchAdmin])
      expect(decideStaffArticleAction(staff, 'create')).toEqual({ allowed: true });
    expect(decideStaffArticleAction(branchUser, 'create')).toEqual({
      allowed: false,
      message: '権限がありません',
    });
  });

  it('lets system_admin and bank_admin change every item of their bank, whoever wrote it', () => {
    for (const staff of [systemAdmin, bankAdmin]) {
      expect(staffCanChange(staff, ownItemBy(staff.userId))).toBe(true);
      expect(staffCanChange(staff, ownItemBy(99))).toBe(true);
      expect(staffCanChange(staff, ownItemBy(null))).toBe(true);
    }
  });

  it('lets branch_admin change the items they wrote, and not those of others', () => {
    expect(staffCanChange(branchAdmin, ownItemBy(branchAdmin.userId))).toBe(true);
    expect(decideStaffArticleAction(branchAdmin, 'change', ownItemBy(bankAdmin.userId))).toEqual({
      allowed: false,
      message: '権限がありません',
    });
    expect(staffCanChange(branchAdmin, ownItemBy(null))).toBe(false);
  });

  it('never lets branch_user change an item, not even one they are named the author of', () => {
    expect(decideStaffArticleAction(branchUser, 'change', ownItemBy(branchUser.userId))).toEqual({
      allowed: false,
      message: '権限がありません',
    });
  });

  it('keeps an item the operator provided to system_admin alone, with the provided-item message', () => {
    expect(staffCanChange(systemAdmin, providedItem)).toBe(true);
    for (const staff of [bankAdmin, branchAdmin])
      expect(decideStaffArticleAction(staff, 'change', providedItem)).toEqual({
        allowed: false,
        message: '運営から提供された記事は変更できません',
      });
  });
});
