// zod/mini: the registration pages bundle these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { CARD_BRANDS, paymentCardFieldsSchema } from './payment-card.ts';
import { RANDOM_TOKEN_PATTERN } from './random-token-format.ts';
import {
  IDENTIFICATION_MAX_BYTES,
  IDENTIFICATION_UPLOAD,
  identificationFileSchema,
} from './registration-identification.ts';
import { REGISTRATION_STEP_KEYS, REGISTRATION_VARIANT_CODES } from './registration-variants.ts';
import { REGISTRATION_STATUSES } from './registration-desk.ts';
import { VALIDATION_MESSAGES, validationRules } from './validation.ts';

/**
 * An application to a bank's portal, from the agreement to the bank's desk: /register/agreement
 * starts a draft (its answers and their time), each step saves its fields into the draft (kept
 * 24 hours after the last save, under an unguessable id the page keeps), and sending it checks the
 * whole and files it for the bank's decision.
 */

export const REGISTRATION_DRAFT_HOURS = 24;

export const REGISTRATION_CALL_MESSAGES = {
  draftGone: `入力内容の保存期間（${REGISTRATION_DRAFT_HOURS}時間）が過ぎたか、お申し込みのURLが正しくありません。お手数ですが、最初からお申し込みください。`,
  saved: '入力内容を一時保存しました',
  received: 'お申し込みを受け付けました',
} as const;

const agreed = z.literal(true, { error: VALIDATION_MESSAGES.required });

/** /register/agreement: the terms (agree1, when ticked), the anti-social-forces check, agree2. */
export const registrationAgreementSchema = z.object({
  variant: z.enum(REGISTRATION_VARIANT_CODES),
  agree1: agreed,
  /** When the browser saw agree1 ticked (ISO 8601); the server keeps its own time beside it. */
  agree1_at: z.iso.datetime({ offset: true }),
  anti_social_check: agreed,
  agree2: agreed,
  /** The honeypot: a field people never see; a bot that fills it in gets a draft that is never kept. */
  homepage_url: z.optional(z.string().check(z.maxLength(500))),
});
export type RegistrationAgreement = z.infer<typeof registrationAgreementSchema>;

export const draftIdSchema = z
  .string()
  .check(z.regex(RANDOM_TOKEN_PATTERN, REGISTRATION_CALL_MESSAGES.draftGone));

const draftRefSchema = z.object({ draft_id: draftIdSchema });

/** A step's fields as entered: checked on the server against the variant's rules for that step. */
export const draftStepSchema = z.object({
  draft_id: draftIdSchema,
  step: z.enum(REGISTRATION_STEP_KEYS),
  values: z.record(z.string().check(z.maxLength(64)), z.unknown()),
});

const draftAnswerSchema = z.object({
  variant: z.enum(REGISTRATION_VARIANT_CODES),
  values: z.record(z.string(), z.unknown()),
  expires_at: z.string(),
});

export const createRegistrationDraftCall = /* @__PURE__ */ defineCall({
  domain: 'registration',
  method: 'POST',
  path: '/api/v1/register/drafts',
  body: registrationAgreementSchema,
  result: z.object({ draft_id: z.string(), expires_at: z.string() }),
  access: 'public',
  summary: '利用申込の開始（規約への同意）',
  description:
    '金融機関が受け付けている申込種別について、規約・反社会的勢力でないことの確認への同意を記録し、入力内容の一時保存先（24時間有効）を作ります。受け付けていない種別は 404 です。',
});

export const readRegistrationDraftCall = /* @__PURE__ */ defineCall({
  domain: 'registration',
  method: 'POST',
  path: '/api/v1/register/drafts/read',
  body: draftRefSchema,
  result: draftAnswerSchema,
  access: 'public',
  reads: true,
  summary: '一時保存した申込内容の読み込み',
});

export const saveRegistrationDraftCall = /* @__PURE__ */ defineCall({
  domain: 'registration',
  method: 'PUT',
  path: '/api/v1/register/drafts',
  body: draftStepSchema,
  result: z.object({ expires_at: z.string() }),
  access: 'public',
  summary: '申込内容の一時保存（1ステップ分）',
});

export const submitRegistrationCall = /* @__PURE__ */ defineCall({
  domain: 'registration',
  method: 'POST',
  path: '/api/v1/register',
  body: draftRefSchema,
  result: z.object({ cr_unique_code: z.string() }),
  access: 'public',
  summary: '利用申込の送信',
});

/**
 * The identification document upload's one text field, sent before the file: the draft's id, and
 * the draft is gone when it is missing as when it is malformed.
 */
const identificationUploadFieldsSchema = z.object({
  draft_id: z
    .string({ error: REGISTRATION_CALL_MESSAGES.draftGone })
    .check(z.regex(RANDOM_TOKEN_PATTERN, REGISTRATION_CALL_MESSAGES.draftGone)),
});

export const uploadIdentificationCall = /* @__PURE__ */ defineCall({
  domain: 'registration',
  method: 'POST',
  path: '/api/v1/register/drafts/identification',
  body: identificationUploadFieldsSchema,
  upload: IDENTIFICATION_UPLOAD,
  result: identificationFileSchema,
  access: 'public',
  summary: '本人確認書類のアップロード',
  description: `申込の一時保存先に本人確認書類（${IDENTIFICATION_MAX_BYTES / 1048576}MBまで: JPEG、PNG、PDF）を multipart/form-data の \`draft_id\` と \`file\` で受け取ります（\`draft_id\` を先に送ってください）。形式はファイルの中身で判定します。申込種別が本人確認書類を求めない、または一時保存先がない（期限切れを含む）ときは 404 です。同じ申込に再度アップロードすると、前のファイルは削除されます。`,
});

/**
 * The card of an application that pays by card (the payment variant's services step): the card
 * form's fields with the draft's id. The number goes to the payment gateway once; the draft keeps
 * the gateway's token, the brand, the last four digits, the expiry and the holder, and approval
 * makes it the new company's card.
 */
export const registrationCardSchema = z.extend(paymentCardFieldsSchema(), { draft_id: draftIdSchema });

export const registerApplicationCardCall = /* @__PURE__ */ defineCall({
  domain: 'registration',
  method: 'POST',
  path: '/api/v1/register/drafts/card',
  body: registrationCardSchema,
  result: z.object({ card_masked_number: z.string(), brand: z.enum(CARD_BRANDS) }),
  access: 'public',
  summary: '申込のお支払いカードの登録',
  description:
    'カードで支払う申込種別の下書きについて、カードを決済代行会社でトークン化し、トークン・ブランド・下4桁・有効期限・名義だけを下書きに保存します（登録済みなら置き換え）。承認されると、作成された企業のカードになります。カード番号とセキュリティコードは保存もログ出力もしません。',
});

/** What the applicant is told of where the application stands (not the desk's words). */
export const APPLICATION_PROGRESS = {
  pending: '審査中です。結果はメールでお知らせします。',
  approved: '承認されました。ログイン方法をメールでお送りしています。',
  rejected: '審査の結果、今回はお受けできませんでした。詳しくはメールをご確認ください。',
} as const satisfies Record<(typeof REGISTRATION_STATUSES)[number], string>;

export const APPLICATION_NOT_FOUND_MESSAGE =
  '申込番号とメールアドレスに一致するお申し込みが見つかりません。入力内容をご確認ください。';

/** The progress page's question: the number the receipt mail gave and the applicant's address. */
export const applicationProgressSchema = z.object({
  cr_unique_code: z
    .string({ error: VALIDATION_MESSAGES.required })
    .check(z.minLength(1, VALIDATION_MESSAGES.required), z.maxLength(32, APPLICATION_NOT_FOUND_MESSAGE)),
  email: validationRules().email({ required: true }),
});
export type ApplicationProgressQuestion = z.infer<typeof applicationProgressSchema>;

export const applicationProgressCall = /* @__PURE__ */ defineCall({
  domain: 'registration',
  method: 'POST',
  path: '/api/v1/register/progress',
  body: applicationProgressSchema,
  result: z.object({
    cr_unique_code: z.string(),
    variant_title: z.string(),
    status: z.enum(REGISTRATION_STATUSES),
    applied_at: z.string(),
    decided_at: z.nullable(z.string()),
  }),
  access: 'public',
  reads: true,
  summary: '申込状況の確認',
  description:
    '申込番号と申込者のメールアドレスが一致するお申し込みについて、審査の状況（審査中・承認・お受けできませんでした）を返します。一致しなければ 404 です（どちらが違うかは伝えません）。受付・登録と同じ件数制限があります。',
});
