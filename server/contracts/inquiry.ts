// zod/mini: the inquiry page bundles this schema (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { isEmptyValue, VALIDATION_MESSAGES, validationRules } from './validation.ts';

/**
 * The public inquiry form (/inquiry → POST /api/v1/inquiry): one schema, used by the client's form
 * (useSchemaForm, client/src/lib/forms) and by the server route, so both edges answer with the
 * same Japanese messages (platform spec section 5).
 */

/** A value that is none of a select's options (the same words as zod-error-map.ts's invalid_value). */
const INVALID_CHOICE_MESSAGE = '選択肢の中から選んでください';

/** お問い合わせ種別: what the sender asks about. The code is stored, the label shown (in this order). */
export const INQUIRY_CATEGORY_CODES = [
  'portal_service',
  'registration',
  'login',
  'business_matching',
  'consultation',
  'other',
] as const;
export type InquiryCategoryCode = (typeof INQUIRY_CATEGORY_CODES)[number];
export const INQUIRY_CATEGORY_LABELS: Record<InquiryCategoryCode, string> = {
  portal_service: 'サービス内容・ご利用方法について',
  registration: 'ご利用のお申し込み・ご登録について',
  login: 'ログイン・パスワードについて',
  business_matching: 'ビジネスマッチングについて',
  consultation: '経営・資金繰りのご相談',
  other: 'その他',
};

/** How far the bank's staff have got with an inquiry (admin spec section 4). */
export const INQUIRY_STATUSES = ['CREATED', 'PROGRESS', 'CLOSED'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const INQUIRY_BODY_MAX_LENGTH = 2000;
export const INQUIRY_COMPANY_NAME_MAX_LENGTH = 100;
export const INQUIRY_NAME_MAX_LENGTH = 60;
export const INQUIRY_NAME_KANA_MAX_LENGTH = 120;

const rules = validationRules();

export const inquiryRequestSchema = z.object({
  inquiry_category: z.enum(INQUIRY_CATEGORY_CODES, {
    // The select's empty first option is "not chosen yet"; any other unknown code is a forged request.
    error: (issue) => (isEmptyValue(issue.input) ? VALIDATION_MESSAGES.required : INVALID_CHOICE_MESSAGE),
  }),
  inquiry_company_name: rules.text({ required: true, maxLength: INQUIRY_COMPANY_NAME_MAX_LENGTH }),
  inquiry_name: rules.text({ required: true, maxLength: INQUIRY_NAME_MAX_LENGTH }),
  inquiry_name_kana: rules.katakana({ required: true, maxLength: INQUIRY_NAME_KANA_MAX_LENGTH }),
  inquiry_email: rules.email({ required: true }),
  inquiry_tel: rules.phone(),
  inquiry_body: rules.text({ required: true, maxLength: INQUIRY_BODY_MAX_LENGTH, multiline: true }),
  // Consent is a box that must be ticked: unticked reads as "not filled in", like any required field.
  agree_privacy_policy: z.literal(true, { error: VALIDATION_MESSAGES.required }),
});
export type InquiryRequest = z.infer<typeof inquiryRequestSchema>;

/** What POST /api/v1/inquiry answers as `result`: the code the inquiry is filed under. */
export const inquiryReceiptSchema = z.object({ inquiry_unique_code: z.string() });
export type InquiryReceipt = z.infer<typeof inquiryReceiptSchema>;

/** The API path of the inquiry form (relative to the API base). */
export const INQUIRY_API_PATH = '/api/v1/inquiry';

/** POST /api/v1/inquiry: the public form's inquiry, stored for the host's bank as 未対応. */
export const sendInquiryCall = /* @__PURE__ */ defineCall({
  domain: 'inquiry',
  method: 'POST',
  path: INQUIRY_API_PATH,
  body: inquiryRequestSchema,
  result: inquiryReceiptSchema,
  access: 'public',
  summary: 'お問い合わせの送信',
});
