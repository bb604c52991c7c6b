// zod/mini: the admin desk's pages bundle these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { listRequestSchema, listResultSchema } from './paging.ts';
import { identificationFileSchema } from './registration-identification.ts';
import { REGISTRATION_VARIANT_CODES, type RegistrationVariantCode } from './registration-variants.ts';
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

export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** The desk's search (admin spec section 7): status, variant, branch, the day applied, a keyword. */
export const registrationConditionsSchema = z.object({
  status: z.optional(z.enum(REGISTRATION_STATUSES)),
  variant: z.optional(z.enum(REGISTRATION_VARIANT_CODES)),
  bb_id: z.optional(z.coerce.number().check(z.int(), z.minimum(1))),
  applied_from: z.optional(day),
  applied_to: z.optional(day),
  /** In the company name, the applicant's name or e-mail address, or the application's number. */
  keyword: z.optional(z.string().check(z.maxLength(100))),
});
export type RegistrationConditions = z.infer<typeof registrationConditionsSchema>;

export const registrationListItemSchema = z.object({
  cr_unique_code: z.string(),
  cr_variant: z.enum(REGISTRATION_VARIANT_CODES),
  variant_title: z.string(),
  cr_status: z.enum(REGISTRATION_STATUSES),
  cr_company_name: z.string(),
  cr_applicant_name: z.string(),
  bb_id: z.nullable(z.int()),
  bb_name: z.nullable(z.string()),
  cr_created_at: z.string(),
  cr_decided_at: z.nullable(z.string()),
});
export type RegistrationListItem = z.infer<typeof registrationListItemSchema>;

export const registrationDetailSchema = z.extend(registrationListItemSchema, {
  cr_applicant_email: z.string(),
  /** The form's values as sent (registration-form.ts's fields). */
  values: z.record(z.string(), z.unknown()),
  cr_agreed_at: z.string(),
  cr_reject_reason: z.nullable(z.string()),
  company_unique_code: z.nullable(z.string()),
  /** The identification document sent with it (its bytes: identificationFileUrl); null when none. */
  identification_file: z.optional(z.nullable(identificationFileSchema)),
});

export const searchRegistrationsCall = /* @__PURE__ */ defineCall({
  domain: 'registration',
  method: 'POST',
  path: '/api/v1/companyregister/search',
  body: listRequestSchema(registrationConditionsSchema),
  result: listResultSchema(registrationListItemSchema),
  access: 'bank',
  reads: true,
  summary: '企業登録申請の一覧',
  description:
    '申請を新しい順に返します（状態・申込種別・取引店・申込日・キーワードで絞り込み、1ページ5〜500件）。支店の行員には担当支店の申請だけを返します。',
});

export const registrationDetailCall = /* @__PURE__ */ defineCall({
  domain: 'registration',
  method: 'GET',
  path: '/api/v1/companyregister/detail/:cr_unique_code',
  params: z.object({ cr_unique_code: z.string().check(z.maxLength(32)) }),
  result: registrationDetailSchema,
  access: 'admin',
  summary: '企業登録申請の詳細',
});

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

/**
 * A BA-portal company (approved from a portal variant, company type baportal) made a full business
 * assist member: company type normal with business assist enabled. Where it stands first
 * (GET upgrade_status), then the upgrade (POST, once: the second is told it is done).
 */
export const UPGRADE_STATUSES = {
  /** Not approved yet, or approved from a variant that makes a full member already. */
  not_applicable: 'アップグレードの対象ではありません',
  upgradable: 'アップグレードできます',
  upgraded: 'アップグレード済みです',
} as const;
export type UpgradeStatus = keyof typeof UPGRADE_STATUSES;

export const UPGRADE_MESSAGES = {
  upgraded: 'ビジネスアシスト会員にアップグレードしました',
  notApplicable: 'この申請の企業はアップグレードの対象ではありません。',
  alreadyUpgraded: 'この企業はすでにアップグレード済みです。',
} as const;

export const upgradeStatusCall = /* @__PURE__ */ defineCall({
  domain: 'registration',
  method: 'GET',
  path: '/api/v1/companyregister/upgrade_status',
  query: decisionTargetSchema,
  result: z.object({
    status: z.enum(Object.keys(UPGRADE_STATUSES) as [UpgradeStatus, ...UpgradeStatus[]]),
    company_unique_code: z.nullable(z.string()),
  }),
  access: 'admin',
  summary: 'ポータル会員のアップグレード可否',
  description:
    '申請から作られた企業が、ビジネスアシストポータル会員（企業種別 baportal）からビジネスアシスト会員にアップグレードできるかを返します（not_applicable: 対象外、upgradable: 可能、upgraded: 済み）。',
});

export const upgradePortalCompanyCall = /* @__PURE__ */ defineCall({
  domain: 'registration',
  method: 'POST',
  path: '/api/v1/hgba/portal/companyregister/upgrade',
  body: decisionTargetSchema,
  result: z.object({ message: z.string(), type: z.literal('normal') }),
  access: 'admin',
  summary: 'ポータル会員のアップグレード',
  description:
    '承認済みのポータル申込から作られたビジネスアシストポータル会員の企業を、ビジネスアシスト会員（企業種別 normal、ビジネスアシスト有効）に変更し、オーナーにメールで知らせます。対象外・アップグレード済みは 422 です。',
});
