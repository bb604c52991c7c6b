// zod/mini: the agreement pages read these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { listQuery, pagedAnswer } from './paging.ts';

/**
 * The business-matching agreement (issue 17 item 5): before its first deal — sending a request or
 * accepting one — a company agrees to the bank's matching terms on /ncba/bm/agreement/{code}, a
 * page of its own link (mailed by the bank from /admin/ncba/bm, or opened from the portal when
 * the company wants to start). The owners agree for the company (company_owner,
 * partner_company_owner); staff follow who has agreed on /admin/ncba/bm.
 */

/** The terms the page shows, article by article (the bank's name is put in where it is named). */
export function matchingTerms(bankName: string): string[] {
  return [
    `第1条（目的）本規約は、${bankName}（以下「当行」）が提供するビジネスマッチングサービス（以下「本サービス」）の利用条件を定めるものです。`,
    '第2条（ニーズの掲載）利用企業は、自らの責任において、正確かつ最新のニーズを掲載するものとします。第三者の権利を侵害する内容、法令に反する内容は掲載できません。',
    '第3条（全国への公開）全国への公開を選んだニーズは、ビジネスマッチングに参加する他の金融機関のお取引先企業にも、企業の公開名・所在都道府県・当行名とともに表示されます。',
    '第4条（商談）商談依頼、返信、商談の成否は利用企業間の判断と責任によるものとし、当行は商談の成立や取引の履行を保証しません。',
    '第5条（当行による支援）当行は、利用企業の依頼に基づき、取引先の紹介その他の支援を行うことがあります。',
    '第6条（情報の取扱い）当行は、本サービスで知り得た情報を、当行の個人情報保護方針に従って取り扱います。',
    '第7条（利用の停止）当行は、利用企業が本規約に違反した場合、事前の通知なく本サービスの利用を停止できるものとします。',
  ];
}

export const AGREEMENT_MESSAGES = {
  agreed: 'ビジネスマッチングの利用規約に同意しました',
  requested: '同意依頼のメールを送信しました',
  notTheCompany:
    'この同意ページは、ほかの企業のものです。同意する企業の代表者のアカウントでログインしてください。',
  ownersOnly: '利用規約への同意は、企業の代表者（オーナー）のアカウントで行ってください。',
} as const;

const codeSchema = z.string().check(z.regex(/^[0-9a-zA-Z]{1,64}$/));
export const agreementParamsSchema = z.object({ unique_code: codeSchema });

export const agreementPageSchema = z.object({
  company_name: z.string(),
  bank_name: z.string(),
  terms: z.array(z.string()),
  agreed_at: z.nullable(z.string()),
});
export type AgreementPage = z.infer<typeof agreementPageSchema>;

/** The page's path for an agreement's code. */
export function agreementPagePath(uniqueCode: string): string {
  return `/ncba/bm/agreement/${encodeURIComponent(uniqueCode)}`;
}

export const getAgreementPageCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/ncba/bm/agreement/:unique_code',
  params: agreementParamsSchema,
  result: agreementPageSchema,
  access: 'public',
  summary: 'ビジネスマッチング利用規約（同意ページ）',
  description:
    '同意ページのリンクのコードで、企業名・規約・同意済みかどうかを返します。ログインは不要です。ほかの金融機関のコードは 404 です。',
});

export const agreeCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'POST',
  path: '/api/v1/ncba/bm/agreement/:unique_code/agree',
  params: agreementParamsSchema,
  result: agreementPageSchema,
  access: 'company',
  member: true,
  summary: 'ビジネスマッチング利用規約への同意',
  description:
    'その企業の代表者（company_owner、partner_company_owner）が同意します。ほかの企業の利用者は 403、代表者でない利用者も 403 です。同意済みなら何もしません。',
});

/** The company's own agreement, as the matching pages ask before a deal. */
export const ownAgreementSchema = z.object({
  agreed: z.boolean(),
  /** The page's code, once the bank or the company opened one; null before. */
  unique_code: z.nullable(z.string()),
});

export const getOwnAgreementCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/matching/agreement',
  result: ownAgreementSchema,
  access: 'company',
  member: true,
  rule: 'matching_read',
  summary: '自社の利用規約への同意状況',
});

export const openOwnAgreementCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'POST',
  path: '/api/v1/matching/agreement',
  result: ownAgreementSchema,
  access: 'company',
  member: true,
  rule: 'matching_read',
  summary: '自社の同意ページを開く',
  description: '自社の同意ページのコードを返します（まだなければ作ります）。',
});

export const AGREEMENT_STATES = ['agreed', 'waiting', 'none'] as const;
export const AGREEMENT_STATE_LABELS: Record<(typeof AGREEMENT_STATES)[number], string> = {
  agreed: '同意済み',
  waiting: '同意待ち',
  none: '未依頼',
};

export const agreementListItemSchema = z.object({
  company_unique_code: z.string(),
  company_name: z.string(),
  bb_name: z.nullable(z.string()),
  state: z.enum(AGREEMENT_STATES),
  requested_at: z.nullable(z.string()),
  agreed_at: z.nullable(z.string()),
});

export const listAgreementsCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/admin/ncba/bm',
  query: listQuery({
    keyword: z.optional(z.string().check(z.maxLength(100))),
    state: z.optional(z.union([z.literal(''), z.enum(AGREEMENT_STATES)])),
  }),
  result: pagedAnswer(agreementListItemSchema),
  access: 'bank',
  summary: 'ビジネスマッチング契約の一覧',
  description:
    '当行の企業の同意状況を返します（支店の行員は担当支店の企業のみ）。keyword は企業名の部分一致です。',
});

export const requestAgreementCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'POST',
  path: '/api/v1/admin/ncba/bm/:company_unique_code/request',
  params: z.object({ company_unique_code: codeSchema }),
  result: agreementListItemSchema,
  access: 'bank',
  summary: '利用規約への同意の依頼',
  description:
    '企業の同意ページを用意し（なければ作ります）、代表者にリンクをメールで送ります。同意済みの企業は 422 です。',
});
