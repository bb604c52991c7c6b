// zod/mini: the admin desk's pages bundle these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { listRequestSchema, listResultSchema } from './paging.ts';

/**
 * The companies' registered payment cards (/admin/company/creditcard, the admin menu's
 * クレジットカード, banks with enable_credit_card_registration): the bank's companies that have a
 * card on file, searched and paged. Only what the table keeps of a card is shown, and of its number
 * never more than the last four digits (decision 0068); the gateway's token never leaves the server.
 * Branch admins and branch users see the companies of their branches only.
 */

export const COMPANY_CARD_LIST_PATH = '/admin/company/creditcard';
export const COMPANY_CARD_LIST_TITLE = 'クレジットカード';

/** What the page says when the list did not load (as the company list says its own). */
export const COMPANY_CARD_MESSAGES = {
  loadFailed: 'クレジットカードの取得に失敗しました。',
} as const;

export const COMPANY_CARD_KEYWORD_MAX_LENGTH = 100;

/** The list's columns in the page's order. */
export const COMPANY_CARD_COLUMN_LABELS = {
  company_id: '企業ID',
  company_name: '企業名',
  bb_name: 'お取引店',
  card_brand: 'カードブランド',
  card_number: 'カード番号',
  card_expiry: '有効期限',
  card_holder_name: '名義',
  card_registered_at: '登録日時',
} as const;

/** How an expired card is marked beside its expiry. */
export const CARD_EXPIRED_LABEL = '期限切れ';

/** The search: a keyword (the company's name or kana), a branch, the expired cards only, a company. */
export const companyCardConditionsSchema = z.object({
  keyword: z.optional(z.string().check(z.maxLength(COMPANY_CARD_KEYWORD_MAX_LENGTH))),
  /** お取引店: a branch of the bank_branches master (bb_id). */
  bb_id: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647))),
  /** Only the cards whose expiry month has ended in Japan. */
  expired_only: z.optional(z.boolean()),
  /** One company by its code (the company's page links here with `?company=`). */
  company: z.optional(z.string().check(z.minLength(1), z.maxLength(32))),
});
export type CompanyCardConditions = z.infer<typeof companyCardConditionsSchema>;

export const companyCardItemSchema = z.object({
  company_id: z.int(),
  /** What the company's page is opened by (/admin/company/detail/{code}). */
  company_unique_code: z.string(),
  company_name: z.string(),
  bb_id: z.nullable(z.int()),
  bb_name: z.nullable(z.string()),
  card_brand: z.string(),
  /** The last four digits: all of the number the portal keeps. */
  card_last4: z.string().check(z.regex(/^[0-9]{4}$/)),
  card_expiry_month: z.int().check(z.minimum(1), z.maximum(12)),
  card_expiry_year: z.int(),
  /** The expiry month has ended in Japan (a card is good to the last day of its month). */
  card_is_expired: z.boolean(),
  card_holder_name: z.string(),
  card_registered_at: z.string(),
});
export type CompanyCardItem = z.infer<typeof companyCardItemSchema>;

export const searchCompanyCardsCall = /* @__PURE__ */ defineCall({
  domain: 'companies',
  method: 'POST',
  path: '/api/v1/company/creditcard/search',
  body: listRequestSchema(companyCardConditionsSchema),
  result: listResultSchema(companyCardItemSchema),
  access: 'bank',
  reads: true,
  rule: 'company_credit_cards',
  summary: '企業のクレジットカード一覧',
  description:
    'クレジットカードを登録している金融機関の企業を、キーワード（企業名・企業名カナ）・お取引店・有効期限切れのみ・企業コードで絞り込み、登録日時の新しい順に1ページ5〜500件で返します。カード番号は下4桁だけを返します。支店の行員（支店管理者・支店ユーザー）には担当支店の企業だけを返します。クレジットカード登録を使わない金融機関では 403 です。',
});

/** The number as the page shows it: `**** **** **** 1234` (the last four digits only). */
export function maskedCardNumber(last4: string): string {
  return `**** **** **** ${last4}`;
}

/** The expiry as the card prints it, MM/YYYY. */
export function cardExpiryText(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${year}`;
}

/**
 * The month a card is last good in, as one number (year × 12 + month − 1), to compare with the
 * month of a Japan day (YYYY-MM-DD): a card has expired once its month is before today's.
 */
export function cardMonthIndex(year: number, month: number): number {
  return year * 12 + (month - 1);
}

export function japanMonthIndexOf(day: string): number {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return cardMonthIndex(year, month);
}
