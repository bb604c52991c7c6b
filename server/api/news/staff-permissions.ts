import type { FastifyRequest } from 'fastify';
import type { BankUserType } from '#server/contracts/account-types.ts';
import { mayCreateArticles, PROVIDED_ARTICLE_LOCKED_MESSAGE } from '#server/contracts/news.ts';
import { forbidden, MESSAGES } from '#server/errors.ts';

/** What a staff member does with the items of /admin/news and /admin/xba/{column,seminar,pi}. */
export type StaffArticleAction =
  /** The list, an item's detail, the preview and a seminar's applicants. */
  | 'read'
  | 'create'
  /** Edit or delete an item (one right: whoever may change an item may also remove it). */
  | 'change';

export interface StaffMember {
  userId: number;
  userType: BankUserType;
}

/** What decides who may change an item: where it came from and who wrote it. */
export interface ArticleOwnership {
  article_is_own_bank: boolean;
  author_user_id: number | null;
}

export type StaffArticleDecision = { allowed: true } | { allowed: false; message: string };

const ALLOWED: StaffArticleDecision = { allowed: true };
const FORBIDDEN: StaffArticleDecision = { allowed: false, message: MESSAGES.forbidden };
const PROVIDED_LOCKED: StaffArticleDecision = { allowed: false, message: PROVIDED_ARTICLE_LOCKED_MESSAGE };

/**
 * Who may do what with the news domain's items (news, columns, seminars, partner information):
 *
 * - Every staff member reads everything of their bank: the list, each item's detail (private ones
 *   included), the preview and a seminar's applicants.
 * - system_admin and bank_admin create items, and edit and delete every item of their bank.
 * - branch_admin creates items, and edits and deletes only the items they wrote themselves.
 * - branch_user reads only: creating, editing and deleting are refused (権限がありません).
 * - An item the portal's operator provided to the bank (bank filter "other",
 *   article_is_own_bank false) is changed by system_admin only; anyone else is refused with
 *   運営から提供された記事は変更できません.
 *
 * The API refuses with 403 and the decision's message; the staff list's `can_edit` is this same
 * decision for 'change', so a page offers exactly what the API accepts.
 */
export function decideStaffArticleAction(
  staff: StaffMember,
  action: Exclude<StaffArticleAction, 'change'>,
): StaffArticleDecision;
export function decideStaffArticleAction(
  staff: StaffMember,
  action: 'change',
  article: ArticleOwnership,
): StaffArticleDecision;
export function decideStaffArticleAction(
  staff: StaffMember,
  action: StaffArticleAction,
  article?: ArticleOwnership,
): StaffArticleDecision {
  if (action === 'read') return ALLOWED;
  if (!mayCreateArticles(staff.userType)) return FORBIDDEN;
  // The overloads make a 'change' name its item; only 'create' comes here without one.
  if (article === undefined) return ALLOWED;
  if (!article.article_is_own_bank) return staff.userType === 'system_admin' ? ALLOWED : PROVIDED_LOCKED;
  if (staff.userType === 'branch_admin') return article.author_user_id === staff.userId ? ALLOWED : FORBIDDEN;
  return ALLOWED;
}

/** The `can_edit` of a list row or a detail: whether this staff member may change (edit, delete) it. */
export function staffCanChange(staff: StaffMember, article: ArticleOwnership): boolean {
  return decideStaffArticleAction(staff, 'change', article).allowed;
}

/**
 * A write call's `onRequest` (serveCall's option): staff who may create nothing change nothing
 * either (branch_user), so they are refused with 403 before the body is read, and learn that
 * rather than the form's field errors or an upload's refusals. No handler checks it again.
 */
export async function refuseReadOnlyStaff(request: FastifyRequest): Promise<void> {
  const decision = decideStaffArticleAction(await request.viewerFor('bank'), 'create');
  if (!decision.allowed) throw forbidden(decision.message);
}
