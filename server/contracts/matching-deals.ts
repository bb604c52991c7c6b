// zod/mini: the matching pages validate their forms with these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { type CallPermissions, defineCall } from './call.ts';
import { NEED_CATEGORY_CODES } from './need-categories.ts';
import { listQuery, pagedAnswer } from './paging.ts';
import { validationRules } from './validation.ts';

/**
 * Deal requests (cmh, company matching history: issue 17 item 4, decision 0092). A company that
 * found a need asks its company for a deal (a request type of the cmh_request_types master and a
 * message); the receiver replies, accepts (the deal is under negotiation; a business chat room
 * opens once the chat issue lands) or declines; the sender may withdraw while it is open. Both
 * companies read the deal, whichever banks they are of, and so do both banks' staff.
 *
 * The unanswered-matching badge: for each deal, the other side's messages since the company last
 * wrote (cmh_unreplied_count); the badge is their sum over the company's deals (POST
 * /api/v1/cmi/search with only_unread lists the deals that have some).
 */

/**
 * Sending a deal request, answering or concluding one and asking the bank's agent are
 * company_matching_write's (ビジネスマッチングの利用: owner, user and partner owner by default): else 403.
 */
export const MATCHING_WRITE_PERMISSIONS: CallPermissions = { codes: ['company_matching_write'] };

export const DEAL_MESSAGE_MAX_LENGTH = 2000;

/** The cmh_statuses master's codes this portal moves a deal through. */
export const DEAL_STATUSES = [
  'requested',
  'replied',
  'negotiating',
  'contracted',
  'not_contracted',
  'declined',
  'withdrawn',
] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];
/** A deal still waiting for the receiver's answer, or being negotiated: one per company and need. */
export const OPEN_DEAL_STATUSES = [
  'requested',
  'replied',
  'negotiating',
] as const satisfies readonly DealStatus[];
/** The receiver may still accept or decline. */
export const DECIDABLE_DEAL_STATUSES = ['requested', 'replied'] as const satisfies readonly DealStatus[];
/** Either side may close a negotiation as concluded or not. */
export const CONCLUDABLE_DEAL_STATUSES = ['negotiating'] as const satisfies readonly DealStatus[];

export const DEAL_SIDES = ['sender', 'receiver'] as const;
export type DealSide = (typeof DEAL_SIDES)[number];
export const DEAL_MESSAGE_KINDS = ['request', 'reply', 'accept', 'decline', 'withdraw'] as const;
export const DEAL_MESSAGE_KIND_LABELS: Record<(typeof DEAL_MESSAGE_KINDS)[number], string> = {
  request: '商談依頼',
  reply: '返信',
  accept: '商談開始',
  decline: '辞退',
  withdraw: '取り下げ',
};

/** Not in the spec's tables: the portal's words for what only the deal pages say. */
export const DEAL_MESSAGES = {
  sent: '商談依頼を送信しました',
  replied: '返信しました',
  accepted: '商談を開始しました',
  declined: '商談依頼を辞退しました',
  withdrawn: '商談依頼を取り下げました',
  concluded: '商談の結果を登録しました',
  invalidChoice: '選択肢の中から選んでください',
  ownNeed: '自社のニーズには商談依頼できません',
  alreadyRequested: 'このニーズにはすでに商談依頼中です。商談履歴からご確認ください。',
  notOpen: 'この商談は現在の状態では操作できません。画面を更新して状態をご確認ください。',
  agreementRequired:
    '商談の前に、ビジネスマッチングの利用規約への同意が必要です。企業の代表者の方が同意のページで規約をご確認のうえ、同意してください。',
} as const;

const rules = validationRules();
const codeSchema = z.string().check(z.regex(/^[0-9a-zA-Z]{1,32}$/));

export const dealParamsSchema = z.object({ cmh_unique_code: codeSchema });

export const dealRequestBodySchema = z.object({
  ca_unique_code: codeSchema,
  /** A cmh_request_types code (the server checks the master). */
  cmh_request_type: rules.text({ required: true, maxLength: 40 }),
  cmh_message: rules.text({ required: true, maxLength: DEAL_MESSAGE_MAX_LENGTH, multiline: true }),
});
export type DealRequestBody = z.output<typeof dealRequestBodySchema>;

export const dealMessageBodySchema = z.object({
  message: rules.text({ required: true, maxLength: DEAL_MESSAGE_MAX_LENGTH, multiline: true }),
});
/** Accepting or declining may carry a word; none is needed. */
export const dealDecisionBodySchema = z.object({
  message: rules.text({ maxLength: DEAL_MESSAGE_MAX_LENGTH, multiline: true }),
});
export const dealConclusionBodySchema = z.object({
  cmh_status: z.enum(['contracted', 'not_contracted'], DEAL_MESSAGES.invalidChoice),
});

/** A deal as either company lists it: from its side, the counterpart by its public name and bank. */
export const dealSchema = z.object({
  cmh_unique_code: z.string(),
  cmh_request_type: z.string(),
  cmh_status: z.enum(DEAL_STATUSES),
  my_side: z.enum(DEAL_SIDES),
  counterpart_company_unique_code: z.string(),
  counterpart_company_name: z.string(),
  counterpart_bank_code: z.string(),
  counterpart_bank_name: z.string(),
  ca_unique_code: z.string(),
  need_title: z.string(),
  need_category: z.enum(NEED_CATEGORY_CODES),
  /** The counterpart's messages since the reader's company last wrote (the badge's part). */
  cmh_unreplied_count: z.number(),
  cmh_created_at: z.string(),
  cmh_updated_at: z.string(),
});
export type Deal = z.infer<typeof dealSchema>;

export const dealMessageSchema = z.object({
  /** Written by the reader's company, or by the counterpart. */
  message_is_mine: z.boolean(),
  message_kind: z.enum(DEAL_MESSAGE_KINDS),
  message_body: z.string(),
  message_created_at: z.string(),
});

export const dealDetailSchema = z.extend(dealSchema, {
  messages: z.array(dealMessageSchema),
  can_reply: z.boolean(),
  can_accept: z.boolean(),
  can_decline: z.boolean(),
  can_withdraw: z.boolean(),
  can_conclude: z.boolean(),
});
export type DealDetail = z.infer<typeof dealDetailSchema>;

const dealListQuery = listQuery({
  status: z.optional(z.union([z.literal(''), z.enum(DEAL_STATUSES)])),
});

export const sendDealRequestCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'POST',
  path: '/api/v1/cmh',
  body: dealRequestBodySchema,
  result: dealSchema,
  access: 'company',
  member: true,
  permissions: MATCHING_WRITE_PERMISSIONS,
  rule: 'matching_read',
  summary: '商談依頼の送信',
  description:
    '公開中のニーズの企業に商談依頼を送ります（商談依頼の権限 company_matching_write が必要）。自社のニーズ、同じニーズへの2件目の依頼中の依頼は 422 です。相手企業に通知メールが届きます。',
});

export const listSentDealsCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/cmh/sent',
  query: dealListQuery,
  result: pagedAnswer(dealSchema),
  access: 'company',
  member: true,
  rule: 'matching_read',
  summary: '送った商談依頼の一覧',
});

export const listReceivedDealsCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/cmh/received',
  query: dealListQuery,
  result: pagedAnswer(dealSchema),
  access: 'company',
  member: true,
  rule: 'matching_received',
  summary: '受けた商談依頼の一覧',
});

export const searchDealInboxCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'POST',
  path: '/api/v1/cmi/search',
  body: z.object({
    only_unread: z._default(z.boolean(), false),
    page: z._default(z.int().check(z.minimum(1), z.maximum(100000)), 1),
    rows: z._default(z.int().check(z.minimum(1), z.maximum(500)), 25),
  }),
  result: pagedAnswer(dealSchema),
  access: 'company',
  member: true,
  reads: true,
  rule: 'matching_read',
  summary: '商談の受信箱',
  description:
    '自社が送った・受けた商談を更新の新しい順に返します。only_unread=true は未返信（cmh_unreplied_count が1以上）のものだけです。未返信数の合計がマッチングのバッジです。',
});

export const getDealCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/cmh/:cmh_unique_code',
  params: dealParamsSchema,
  result: dealDetailSchema,
  access: 'company',
  member: true,
  rule: 'matching_read',
  summary: '商談の詳細',
  description: '商談の当事者の企業だけが読めます。ほかの企業には 404 です。',
});

const dealCommand = <
  const P extends `/api/v1/cmh/:cmh_unique_code/${string}`,
  const B extends z.core.$ZodType,
>(
  path: P,
  body: B,
  summary: string,
) =>
  defineCall({
    domain: 'matching',
    method: 'POST',
    path,
    params: dealParamsSchema,
    body,
    result: dealDetailSchema,
    access: 'company',
    member: true,
    permissions: MATCHING_WRITE_PERMISSIONS,
    rule: 'matching_read',
    summary,
  });

export const replyDealCall = /* @__PURE__ */ dealCommand(
  '/api/v1/cmh/:cmh_unique_code/reply',
  dealMessageBodySchema,
  '商談への返信',
);
export const acceptDealCall = /* @__PURE__ */ dealCommand(
  '/api/v1/cmh/:cmh_unique_code/accept',
  dealDecisionBodySchema,
  '商談依頼の承諾',
);
export const declineDealCall = /* @__PURE__ */ dealCommand(
  '/api/v1/cmh/:cmh_unique_code/decline',
  dealDecisionBodySchema,
  '商談依頼の辞退',
);
export const withdrawDealCall = /* @__PURE__ */ dealCommand(
  '/api/v1/cmh/:cmh_unique_code/withdraw',
  dealDecisionBodySchema,
  '商談依頼の取り下げ',
);
export const concludeDealCall = /* @__PURE__ */ dealCommand(
  '/api/v1/cmh/:cmh_unique_code/conclude',
  dealConclusionBodySchema,
  '商談結果の登録',
);
