// zod/mini: the admin footer's feature-request dialog validates with this schema (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { listQuery, pagedAnswer } from './paging.ts';
import { validationRules } from './validation.ts';

/**
 * Feature requests (admin spec section 2: the admin footer's 機能要望 dialog; section 7: POST
 * /api/v1/dashboard/contact with body {body}). Any member of the bank's staff may send one; it is
 * stored for the bank with who sent it, and the bank's system and bank admins read them.
 */

export const FEATURE_REQUEST_BODY_MAX_LENGTH = 2000;
export const FEATURE_REQUEST_MESSAGES = {
  sent: '送信しました',
  failed: '送信できませんでした',
} as const;

export const featureRequestFieldsSchema = z.object({
  body: validationRules().text({
    required: true,
    maxLength: FEATURE_REQUEST_BODY_MAX_LENGTH,
    multiline: true,
  }),
});
export type FeatureRequestFields = z.infer<typeof featureRequestFieldsSchema>;

export const sendFeatureRequest = /* @__PURE__ */ defineCall({
  domain: 'dashboard',
  method: 'POST',
  path: '/api/v1/dashboard/contact',
  body: featureRequestFieldsSchema,
  result: z.object({ feature_request_id: z.int() }),
  access: 'bank',
  summary: '機能要望の送信',
  description: '管理画面フッターの「機能要望」から、要望内容をこの金融機関宛てに保存します。',
});

export const featureRequestSchema = z.object({
  feature_request_id: z.int(),
  body: z.string(),
  sent_at: z.string(),
  /** Who sent it (family and given name), and their account type's name. */
  sender_name: z.string(),
  sender_user_type_name: z.string(),
});
export type FeatureRequest = z.infer<typeof featureRequestSchema>;

export const listFeatureRequests = /* @__PURE__ */ defineCall({
  domain: 'dashboard',
  method: 'GET',
  path: '/api/v1/dashboard/contact',
  query: listQuery({}),
  result: pagedAnswer(featureRequestSchema),
  access: 'admin',
  summary: '機能要望の一覧',
  description: 'この金融機関のスタッフが送った機能要望を、新しい順に返します（システム管理者・銀行管理者）。',
});
