// zod/mini: the admin desk's pages bundle these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import type { RegistrationVariantCode } from './registration-variants.ts';
import { VALIDATION_MESSAGES } from './validation.ts';

/**
 * The bank's desk for applications (admin spec section 7: /admin/companyregister): system and
 * bank admins approve an application, which creates the company, its owner and the owner's login
 * id in one transaction and mails the owner how to log in, or reject it with a reason (mailed to
 * the applicant, except in the variant whose rejection is not told). A decision is made once: of two
 * staff deciding at once, one wins and the other is told.
 */

/** The admin spec's toasts. */
export const REGISTRATION_DESK_MESSAGES = {
  approved: '申請を承認しました',
  approveFailed: '申請の承認に失敗しました',
  rejected: '申請を却下しました',
  rejectFailed: '申請の却下に失敗しました',
  /** Not in the spec: the application was decided already (by someone else a moment ago). */
  alreadyDecided: 'この申請はすでに審査済みです。一覧を更新して状態をご確認ください。',
} as const;

const crUniqueCode = z.string().check(z.minLength(1), z.maxLength(32));

export const decisionTargetSchema = z.object({ cr_unique_code: crUniqueCode });

export const rejectionSchema = z.object({
  cr_unique_code: crUniqueCode,
  /** A code of the registration reasons master (GET /api/v1/companyregister/reasons). */
  reason_code: z
    .string({ error: VALIDATION_MESSAGES.required })
    .check(z.minLength(1, VALIDATION_MESSAGES.required), z.maxLength(40)),
});

export const approveRegistrationCall = /* @__PURE__ */ defineCall({
  domain: 'registration',
  method: 'POST',
  path: '/api/v1/companyregister/approved',
  body: decisionTargetSchema,
  result: z.object({ company_unique_code: z.string(), user_login_id: z.string() }),
  access: 'admin',
  summary: '企業登録申請の承認',
  description:
    '承認待ちの申請から、申込種別に応じた企業・オーナー利用者・ログインIDを1つのトランザクションで作成し、オーナーにログイン方法（初回パスワード設定のリンク、7日間有効）をメールで送ります。審査済みの申請は 422 です。',
});

export const rejectRegistrationCall = /* @__PURE__ */ defineCall({
  domain: 'registration',
  method: 'POST',
  path: '/api/v1/companyregister/rejected',
  body: rejectionSchema,
  result: z.object({ notified: z.boolean() }),
  access: 'admin',
  summary: '企業登録申請の却下',
  description:
    '承認待ちの申請を却下し、理由を記録して申込者にメールで知らせます（却下を知らせない申込種別では送りません）。審査済みの申請は 422 です。',
});

export const rejectPortalRegistrationCall = /* @__PURE__ */ defineCall({
  domain: 'registration',
  method: 'POST',
  path: '/api/v1/hgba/portal/companyregister/rejected',
  body: rejectionSchema,
  result: z.object({ notified: z.boolean() }),
  access: 'admin',
  summary: '企業登録申請の却下（ポータル申込）',
  description: 'ポータル申込（hgba）の承認待ちの申請を却下し、理由を記録します。申込者には知らせません。',
});

/** The variants the portal rejection serves. */
export const PORTAL_REJECTION_VARIANTS: readonly RegistrationVariantCode[] = ['hgba'];
