// zod/mini: the chat remark template pages bundle these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { validationRules } from './validation.ts';

/**
 * A company's fixed replies for the business chat (issue 16 item 3,
 * /mypage/setting/chat_remark_template): a title, the text, and the order the chat's message box
 * offers them in. Every user of the company who may use the chat (company_chat_read: owners, users,
 * partner owners and, by default, employees) shares and manages the same templates; bank staff are
 * refused (company access). A template is named by its 32-hex template_unique_code; another
 * company's or another bank's code answers 404.
 */

// ---------------------------------------------------------------------------------------------
// Limits and messages

/** The table's varchar(50). */
export const CHAT_REMARK_TEMPLATE_TITLE_MAX_LENGTH = 50;
export const CHAT_REMARK_TEMPLATE_BODY_MAX_LENGTH = 1000;
/** A company keeps at most this many: the message box offers a short list, not an archive. */
export const CHAT_REMARK_TEMPLATE_MAX_COUNT = 100;

/** What `{id}` of the edit page says for a template not yet saved (/mypage/setting/chat_remark_template/edit/new). */
export const NEW_CHAT_REMARK_TEMPLATE_ID = 'new';

/** A template's code: 32 lower-case hex digits (a random UUID's). */
export const CHAT_REMARK_TEMPLATE_CODE_PATTERN = /^[0-9a-f]{32}$/;

/** Not in the spec (its field rules of company forms are not shown): the pages' own words. */
export const CHAT_REMARK_TEMPLATE_MESSAGES = {
  limitReached: `定型文は${CHAT_REMARK_TEMPLATE_MAX_COUNT}件まで登録できます。不要な定型文を削除してから登録してください。`,
  orderOutdated:
    '定型文が追加または削除されたため、並び順を保存できませんでした。画面を読み込み直してから並べ替えてください。',
  duplicateInOrder: '同じ定型文が並び順に2回以上含まれています',
  deleted: '削除しました',
  deleteFailed: '削除に失敗しました',
  orderSaved: '並び順を保存しました',
  orderFailed: '並び順の保存に失敗しました',
} as const;

// ---------------------------------------------------------------------------------------------
// Schemas

export const chatRemarkTemplateCodeSchema = z
  .string()
  .check(z.regex(CHAT_REMARK_TEMPLATE_CODE_PATTERN, '定型文の指定が正しくありません'));

export const chatRemarkTemplateParamsSchema = z.object({
  template_unique_code: chatRemarkTemplateCodeSchema,
});

/** The form's fields and what a save takes: both required (必須入力項目です), each with its length. */
export function chatRemarkTemplateFieldsSchema() {
  const rules = validationRules();
  return z.object({
    template_title: rules.text({ required: true, maxLength: CHAT_REMARK_TEMPLATE_TITLE_MAX_LENGTH }),
    template_body: rules.text({
      required: true,
      maxLength: CHAT_REMARK_TEMPLATE_BODY_MAX_LENGTH,
      multiline: true,
    }),
  });
}
export type ChatRemarkTemplateFields = z.output<ReturnType<typeof chatRemarkTemplateFieldsSchema>>;

export const chatRemarkTemplateSchema = z.object({
  template_unique_code: z.string(),
  template_title: z.string(),
  template_body: z.string(),
  /** 1 for the first the message box offers, then 2, 3…: the list's order. */
  template_sort_order: z.number(),
  /** ISO 8601: the last change of the title or the text (a move in the order is none). */
  template_updated_at: z.string(),
});
export type ChatRemarkTemplate = z.infer<typeof chatRemarkTemplateSchema>;

/** The company's templates in their order: all of them (at most CHAT_REMARK_TEMPLATE_MAX_COUNT). */
export const chatRemarkTemplateListSchema = z.object({
  list: z.array(chatRemarkTemplateSchema),
  /** How many the company may keep, for the page to say so. */
  max_count: z.number(),
});
export type ChatRemarkTemplateList = z.infer<typeof chatRemarkTemplateListSchema>;

/** The new order: every template of the company, each once, first first. */
export const chatRemarkTemplateOrderSchema = z.object({
  template_unique_codes: z.array(chatRemarkTemplateCodeSchema).check(
    z.maxLength(CHAT_REMARK_TEMPLATE_MAX_COUNT),
    z.refine((codes) => new Set(codes).size === codes.length, {
      error: CHAT_REMARK_TEMPLATE_MESSAGES.duplicateInOrder,
    }),
  ),
});

// ---------------------------------------------------------------------------------------------
// Calls

const PATH = '/api/v1/setting/chat_remark_template';
const WHO = '会社のチャットを使えるユーザー（company_chat_read）のみ（行員は 403）。';

export const listChatRemarkTemplatesCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'GET',
  path: PATH,
  result: chatRemarkTemplateListSchema,
  access: 'company',
  member: true,
  rule: 'chat_template_settings',
  summary: 'チャット定型文の一覧',
  description: `ログイン中のユーザーの会社のチャット定型文を並び順どおりにすべて返します（1社${CHAT_REMARK_TEMPLATE_MAX_COUNT}件まで）。${WHO}`,
});

export const getChatRemarkTemplateCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'GET',
  path: `${PATH}/:template_unique_code`,
  params: chatRemarkTemplateParamsSchema,
  result: chatRemarkTemplateSchema,
  access: 'company',
  member: true,
  rule: 'chat_template_settings',
  summary: 'チャット定型文の取得',
  description: `会社のチャット定型文を1件返します。ほかの会社・ほかの銀行の定型文は 404 です。${WHO}`,
});

export const createChatRemarkTemplateCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'POST',
  path: `${PATH}/create`,
  body: chatRemarkTemplateFieldsSchema(),
  result: chatRemarkTemplateSchema,
  access: 'company',
  member: true,
  rule: 'chat_template_settings',
  summary: 'チャット定型文の登録',
  description: `会社のチャット定型文を並び順の最後に登録します。すでに${CHAT_REMARK_TEMPLATE_MAX_COUNT}件あるときは 422 で、登録されません（同時に登録しても超えません）。${WHO}`,
});

export const saveChatRemarkTemplateCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'POST',
  path: `${PATH}/:template_unique_code/save`,
  params: chatRemarkTemplateParamsSchema,
  body: chatRemarkTemplateFieldsSchema(),
  result: chatRemarkTemplateSchema,
  access: 'company',
  member: true,
  rule: 'chat_template_settings',
  summary: 'チャット定型文の保存',
  description: `会社のチャット定型文のタイトルと本文を保存します（並び順は変わりません）。ほかの会社・ほかの銀行の定型文は 404 です。${WHO}`,
});

export const deleteChatRemarkTemplateCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'POST',
  path: `${PATH}/:template_unique_code/delete`,
  params: chatRemarkTemplateParamsSchema,
  result: z.object({ template_unique_code: z.string() }),
  access: 'company',
  member: true,
  rule: 'chat_template_settings',
  summary: 'チャット定型文の削除',
  description: `会社のチャット定型文を削除し、残りを詰めて並べ直します。ほかの会社・ほかの銀行の定型文は 404 です。${WHO}`,
});

export const reorderChatRemarkTemplatesCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'POST',
  path: `${PATH}/reorder`,
  body: chatRemarkTemplateOrderSchema,
  result: chatRemarkTemplateListSchema,
  access: 'company',
  member: true,
  rule: 'chat_template_settings',
  summary: 'チャット定型文の並べ替え',
  description: `会社のチャット定型文をすべて新しい順に並べて送ります。会社の定型文でないものがあれば 404、一覧を読んだ後に追加・削除されていれば 422 で、並び順は変わりません。${WHO}`,
});
