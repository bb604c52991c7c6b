// zod/mini: the admin activity and changelog pages will bundle these codes (see theme-tokens.ts).
import * as z from 'zod/mini';

/**
 * The audit trail's vocabulary (issue 12): every state-changing command writes one row to
 * audit_events (server/db/audit.ts) naming what it did with one of these codes. The rows are
 * read later by /admin/activity and /admin/changelog.
 *
 * The admin spec (section 4) numbers five actions: CREATE 1, DRAFT 2, CLOSE 3, DELETE 4,
 * PENDING 5. A command that is one of those is recorded with that code; the others use the text
 * codes after them. Rows keep the text code, never the number: the numbers exist only where the
 * spec's screens or exports ask for them (AUDIT_ACTION_SPEC_NUMBERS). Codes are stable: a code is
 * added, never renamed or removed, because rows written with it stay for years (the database's
 * check constraint is built from this list, so a new code comes with a migration).
 */

/** The five actions the admin spec numbers, in its order. */
export const SPEC_AUDIT_ACTIONS = ['CREATE', 'DRAFT', 'CLOSE', 'DELETE', 'PENDING'] as const;
export type SpecAuditAction = (typeof SPEC_AUDIT_ACTIONS)[number];

/** The spec's number of each of its actions (admin spec section 4: "Action codes"). */
export const AUDIT_ACTION_SPEC_NUMBERS = {
  CREATE: 1,
  DRAFT: 2,
  CLOSE: 3,
  DELETE: 4,
  PENDING: 5,
} as const satisfies Record<SpecAuditAction, number>;

/**
 * Every action code, the spec's five first. What each one records:
 * - CREATE: a record made and in effect at once (news published, inquiry sent, account added).
 * - DRAFT: a record saved without taking effect (a news draft, a newsletter not yet delivered).
 * - CLOSE: a record ended but kept (an inquiry resolved, a publication withdrawn).
 * - DELETE: a record removed.
 * - PENDING: a record put up for someone else's decision (a registration awaiting approval, a
 *   newsletter reserved for later delivery).
 * - UPDATE: a record changed without changing its state (an edit, a setting, a permission).
 * - SEND: something delivered to people (a newsletter sent, a notification, a chat message).
 * - APPROVE / REJECT: a pending record decided (company registrations, partner publications).
 * - LOGIN / LOGOUT: a session of the bank's portal started or ended.
 */
export const AUDIT_ACTIONS = [
  ...SPEC_AUDIT_ACTIONS,
  'UPDATE',
  'SEND',
  'APPROVE',
  'REJECT',
  'LOGIN',
  'LOGOUT',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** How the admin pages name each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  CREATE: '作成',
  DRAFT: '下書き保存',
  CLOSE: '終了',
  DELETE: '削除',
  PENDING: '承認待ち',
  UPDATE: '更新',
  SEND: '送信',
  APPROVE: '承認',
  REJECT: '却下',
  LOGIN: 'ログイン',
  LOGOUT: 'ログアウト',
};

/** The spec's number of an action, or undefined for the codes the spec does not number. */
export function auditActionSpecNumber(action: AuditAction): number | undefined {
  const numbers: Partial<Record<AuditAction, number>> = AUDIT_ACTION_SPEC_NUMBERS;
  return numbers[action];
}

/**
 * What a row is about: the domain's name as its folder under server/api/ spells it (`news`,
 * `inquiry`), lower case with underscores, so the changelog can group by it.
 */
export const auditTargetTypeSchema = z.string().check(z.regex(/^[a-z][a-z0-9_]{0,63}$/));
