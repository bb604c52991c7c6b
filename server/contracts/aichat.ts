// zod/mini: the staff's and the companies' pages validate and read these (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { MATCHING_MESSAGES, needFieldsSchema, NEED_REACHES, ownNeedSchema } from './matching.ts';
import { codeItemSchema } from './master-list-items.ts';
import { MESSAGES } from './messages.ts';
import { NEED_CATEGORY_CODES } from './need-categories.ts';
import { validationRules } from './validation.ts';

/**
 * AI-assisted needs (issue 17 item 8, admin spec's calls, decision 0093): bank staff have a need
 * written for one of their companies from the company's profile in a chosen style, then offer the
 * draft to the company, which accepts it (as it is or edited: it becomes its own need) or declines.
 *
 * - A draft is a row of `needs` with need_offer_status 'drafted', private and not yet the
 *   company's own need (its lists, figures and the search leave it out); the offer makes it
 *   'offered' and mails the company's owners; the company's answer makes it 'accepted' or
 *   'declined'.
 * - The writer is a model server (any OpenAI-compatible chat-completions API the bank names) or,
 *   by default, a writer that composes the text from the company's data and the style's template.
 *   A writer that fails, answers nothing usable or takes longer than its timeout gives 422
 *   エラーが発生しました and nothing is stored.
 */

// ---------------------------------------------------------------------------------------------
// Writing styles

/** The styles staff choose from, in the order the page offers them. */
export const NEED_WRITING_STYLES = [
  {
    code: 'concise',
    name: '簡潔',
    description: '要点だけを短くまとめます。忙しい経営者にも一目で伝わる文章です。',
  },
  {
    code: 'polite',
    name: '丁寧',
    description: 'です・ます調の丁寧な文章で、取引先に失礼のない印象を与えます。',
  },
  {
    code: 'enthusiastic',
    name: '熱意',
    description: '自社の強みと想いを前面に出し、相手の関心を引く文章です。',
  },
  {
    code: 'expert',
    name: '専門的',
    description: '業種・製品・条件を具体的に示し、専門知識のある相手に向けた文章です。',
  },
] as const satisfies readonly { code: string; name: string; description: string }[];

export type NeedWritingStyle = (typeof NEED_WRITING_STYLES)[number];
export type NeedWritingStyleCode = NeedWritingStyle['code'];

export const NEED_WRITING_STYLE_CODES = NEED_WRITING_STYLES.map((style) => style.code) as [
  NeedWritingStyleCode,
  ...NeedWritingStyleCode[],
];

export const needWritingStyleSchema = z.extend(codeItemSchema, { description: z.string() });

// ---------------------------------------------------------------------------------------------
// Limits and messages

/** What staff may add to the company's profile for the writer (what the company asked for, say). */
export const NEED_HINT_MAX_LENGTH = 500;

/** Not in the spec's tables but its "response result.message": the portal's words. */
export const AICHAT_MESSAGES = {
  /** The admin spec's word for a draft that could not be written (nothing is stored). */
  writerFailed: MESSAGES.requestFailed,
  drafted: 'ニーズの文章を作成しました',
  offered: 'ニーズを企業に提案しました',
  notDrafted: 'このニーズはすでに提案済みか、提案できない状態です',
  accepted: 'ご提案のニーズを登録しました',
  declined: 'ご提案のニーズを見送りました',
  invalidChoice: MATCHING_MESSAGES.invalidChoice,
} as const;

// ---------------------------------------------------------------------------------------------
// Staff: /api/v1/aichat/ba/...

const CODE_PATTERN = /^[0-9a-zA-Z]{1,32}$/;
const codeSchema = z.string().check(z.regex(CODE_PATTERN));

const rules = validationRules();

/** POST /api/v1/aichat/ba/company/needs: whose need, in which style, about what. */
export const needWritingRequestSchema = z.object({
  company_unique_code: codeSchema,
  writing_style: z.enum(NEED_WRITING_STYLE_CODES, AICHAT_MESSAGES.invalidChoice),
  need_category: z.enum(NEED_CATEGORY_CODES, AICHAT_MESSAGES.invalidChoice),
  hint: rules.text({ maxLength: NEED_HINT_MAX_LENGTH, multiline: true }),
});
export type NeedWritingRequestBody = z.output<typeof needWritingRequestSchema>;

/** The draft as it was stored (private, for the company only once offered). */
export const needDraftSchema = z.object({
  needs_unique_code: z.string(),
  need_title: z.string(),
  need_body: z.string(),
  writing_style: z.enum(NEED_WRITING_STYLE_CODES),
});
export type NeedDraftAnswer = z.infer<typeof needDraftSchema>;

const STAFF_WHO =
  '行員（access bank）。支店の管理者・担当者は自分の支店の企業に限り、ほかの企業・ほかの金融機関の企業は 404 です。';

export const listNeedWritingStylesCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/aichat/ba/company/needs/writing_styles',
  result: z.array(needWritingStyleSchema),
  access: 'bank',
  summary: 'AIニーズ作成の文体一覧',
  description: 'ニーズの文章を作成するときに選べる文体を、画面に並べる順に返します。',
});

export const writeNeedCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'POST',
  path: '/api/v1/aichat/ba/company/needs',
  body: needWritingRequestSchema,
  result: needDraftSchema,
  access: 'bank',
  summary: 'AIによるニーズの作成',
  description: `企業のプロフィール（事業内容・製品・強み・業種・地域）と選んだ文体から、ニーズのタイトルと本文を作成し、企業に提案する前の下書き（非公開）として保存します。作成に失敗したとき・時間がかかりすぎたとき・使えない文章だったときは 422 「${MESSAGES.requestFailed}」で、何も保存しません。${STAFF_WHO}`,
});

export const offerNeedCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'POST',
  path: '/api/v1/aichat/ba/needs_offer',
  body: z.object({ needs_unique_code: codeSchema }),
  result: z.object({ message: z.string() }),
  access: 'bank',
  summary: 'ニーズの提案',
  description: `作成した下書きのニーズを企業に提案し、企業の代表者（企業オーナー・パートナー企業オーナー）にメールで知らせます。提案済みのものは 422 です。${STAFF_WHO}`,
});

// ---------------------------------------------------------------------------------------------
// The company: /api/v1/mybusiness/need_offers (company_matching_write, the needs page's rule)

/** An offer waiting for the company's answer: the fields its form starts from. */
export const needOfferSchema = z.object({
  ca_unique_code: z.string(),
  need_title: z.string(),
  need_category: z.enum(NEED_CATEGORY_CODES),
  need_industry_codes: z.array(z.string()),
  need_area_codes: z.array(z.string()),
  need_body: z.string(),
  need_period_start: z.string(),
  need_period_end: z.nullable(z.string()),
  need_visibility: z.number(),
  need_reach: z.enum(NEED_REACHES),
  need_offered_at: z.string(),
});
export type NeedOffer = z.infer<typeof needOfferSchema>;

export const needOfferParamsSchema = z.object({ ca_unique_code: codeSchema });

const OWN_RULE = 'my_needs' as const;

export const listNeedOffersCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/mybusiness/need_offers',
  result: z.array(needOfferSchema),
  access: 'company',
  member: true,
  rule: OWN_RULE,
  summary: '金融機関から提案されたニーズの一覧',
  description:
    '金融機関が自社のために作成し、提案したニーズのうち、まだ回答していないものを新しい順に返します。',
});

export const acceptNeedOfferCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'POST',
  path: '/api/v1/mybusiness/need_offers/:ca_unique_code/accept',
  params: needOfferParamsSchema,
  body: needFieldsSchema(),
  result: ownNeedSchema,
  access: 'company',
  member: true,
  rule: OWN_RULE,
  summary: '提案されたニーズの登録',
  description:
    '提案されたニーズを、送った内容（編集したものでも）で自社のニーズとして登録します。公開・公開範囲は送った値のとおりです。検査はニーズの登録と同じです（マスタにない業種・地域、全国公開できない金融機関、1社の上限は 422）。',
});

export const declineNeedOfferCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'POST',
  path: '/api/v1/mybusiness/need_offers/:ca_unique_code/decline',
  params: needOfferParamsSchema,
  result: z.object({ ca_unique_code: z.string() }),
  access: 'company',
  member: true,
  rule: OWN_RULE,
  summary: '提案されたニーズの見送り',
});
