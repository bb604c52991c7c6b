// zod/mini: the need notice setting page bundles these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { inCategoryOrder, isNeedCategoryCode, NEED_CATEGORY_CODES } from './need-categories.ts';

/**
 * A company's need notices (issue 16 item 7, /mypage/setting/matching/search, ニーズ通知設定): which
 * new needs of other companies it wants to hear about, and how. The matching issue (17) sends them:
 * it asks `companiesToNotify` (server/api/matching/need-notice-setting-queries.ts) for each new need.
 *
 * - categories (NEED_CATEGORIES), business classifications (JSIC 中分類, the industry_middle_classes
 *   master) and areas (the prefectures master): each list empty for "any";
 * - channels: by mail (a daily digest) and/or as a notice in the portal;
 * - on or off. A company that never saved one hears of nothing.
 *
 * One setting per company, read and saved by its users who may edit its matching
 * (company_setting_matching_write: owner, user and partner owner by default; employees are refused
 * 403 as the page is); always the logged-in user's own company, never one named by the client.
 */

// ---------------------------------------------------------------------------------------------
// Choices, limits and messages

/** How a company hears of new needs (the row's notice_by_mail and notice_in_portal), in the page's order. */
export const NEED_NOTICE_CHANNELS = [
  { code: 'mail', name: 'メール（1日1回、新着ニーズをまとめてお送りします）' },
  { code: 'portal', name: 'ポータル内のお知らせ' },
] as const satisfies readonly { code: string; name: string }[];

export type NeedNoticeChannel = (typeof NEED_NOTICE_CHANNELS)[number]['code'];
export const NEED_NOTICE_CHANNEL_CODES = NEED_NOTICE_CHANNELS.map((channel) => channel.code) as [
  NeedNoticeChannel,
  ...NeedNoticeChannel[],
];

const isChannel = (value: string): value is NeedNoticeChannel =>
  (NEED_NOTICE_CHANNEL_CODES as readonly string[]).includes(value);

/** A JSIC 中分類 code (01–99) and a prefecture code (01–47) are two digits; the server checks the masters. */
export const MASTER_CODE_PATTERN = /^[0-9]{2}$/;

/**
 * The most codes a list may send, duplicates included (there are 99 中分類 and 47 prefectures):
 * beyond this the list is not a choice made on the page.
 */
export const NEED_NOTICE_LIST_MAX_ITEMS = 200;

/** Not in the spec's tables: the portal's words for what only this page refuses. */
export const NEED_NOTICE_SETTING_MESSAGES = {
  /** The portal's words for a value outside the offered choices (as the company profile says it). */
  invalidChoice: '選択肢の中から選んでください',
  channelRequired: '通知方法を1つ以上選んでください',
} as const;

// ---------------------------------------------------------------------------------------------
// The setting

/**
 * A list of codes: strings the check accepts, at most NEED_NOTICE_LIST_MAX_ITEMS of them; a code
 * sent twice is kept once, in the order `order` gives (the page's order for categories and
 * channels, code order for the masters' codes, which is how the masters list them).
 */
function codeListSchema<Code extends string>(
  isCode: (value: string) => value is Code,
  order: (codes: Set<Code>) => Code[],
) {
  return z.pipe(
    z.array(z.string()).check(
      z.refine((codes) => codes.length <= NEED_NOTICE_LIST_MAX_ITEMS && codes.every(isCode), {
        message: NEED_NOTICE_SETTING_MESSAGES.invalidChoice,
      }),
    ),
    z.transform((codes) => order(new Set(codes.filter(isCode)))),
  );
}

const isMasterCode = (value: string): value is string => MASTER_CODE_PATTERN.test(value);
const sorted = (codes: Set<string>) => [...codes].sort();

/**
 * The save's body. Whether the industry and area codes are in their masters is the server's
 * check (422 with invalidChoice under the list); the rest is checked here, on both edges. An
 * enabled setting needs a channel to be heard through.
 */
export const needNoticeSettingBodySchema = z
  .object({
    notice_is_enabled: z.boolean(),
    notice_categories: codeListSchema(isNeedCategoryCode, inCategoryOrder),
    notice_industry_codes: codeListSchema(isMasterCode, sorted),
    notice_area_codes: codeListSchema(isMasterCode, sorted),
    notice_channels: codeListSchema(isChannel, (codes) =>
      NEED_NOTICE_CHANNEL_CODES.filter((code) => codes.has(code)),
    ),
  })
  .check(
    z.refine((setting) => !setting.notice_is_enabled || setting.notice_channels.length > 0, {
      message: NEED_NOTICE_SETTING_MESSAGES.channelRequired,
      path: ['notice_channels'],
    }),
  );
export type NeedNoticeSettingBody = z.output<typeof needNoticeSettingBodySchema>;

export const needNoticeSettingSchema = z.object({
  notice_is_enabled: z.boolean(),
  notice_categories: z.array(z.enum(NEED_CATEGORY_CODES)),
  notice_industry_codes: z.array(z.string()),
  notice_area_codes: z.array(z.string()),
  notice_channels: z.array(z.enum(NEED_NOTICE_CHANNEL_CODES)),
  /** When it was last saved; null while the company has never saved one. */
  notice_updated_at: z.nullable(z.string()),
});
export type NeedNoticeSetting = z.infer<typeof needNoticeSettingSchema>;

/** What a company that never saved a setting has: nothing is sent, both channels are offered ticked. */
export const NO_NEED_NOTICE_SETTING: NeedNoticeSetting = {
  notice_is_enabled: false,
  notice_categories: [],
  notice_industry_codes: [],
  notice_area_codes: [],
  notice_channels: [...NEED_NOTICE_CHANNEL_CODES],
  notice_updated_at: null,
};

export const getNeedNoticeSettingCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'GET',
  path: '/api/v1/setting/matching/notice',
  result: needNoticeSettingSchema,
  access: 'company',
  member: true,
  rule: 'need_notification_settings',
  summary: '自社のニーズ通知設定の取得',
  description:
    'ログイン中の利用者の企業のニーズ通知設定（通知のオン・オフ、ニーズの種類、業種（日本標準産業分類の中分類コード）、エリア（都道府県コード）、通知方法）を返します。一覧が空なら「すべて」です。まだ保存していなければオフの設定を返します。ニーズの登録・編集権限（company_setting_matching_write）が必要です。',
});

export const saveNeedNoticeSettingCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'POST',
  path: '/api/v1/setting/matching/notice/save',
  body: needNoticeSettingBodySchema,
  result: needNoticeSettingSchema,
  access: 'company',
  member: true,
  rule: 'need_notification_settings',
  summary: '自社のニーズ通知設定の保存',
  description:
    'ログイン中の利用者の企業のニーズ通知設定を保存します（企業ごとに1件）。ニーズの種類は sell, buy, rent, lease, build、通知方法は mail（1日1回のまとめ）, portal（ポータル内のお知らせ）。業種・エリアの形式（2桁の数字）が違えば 400、マスターにないコードは 422（一覧の下にメッセージ）で断ります。同じコードは1つにまとめます。通知をオンにするときは通知方法が1つ以上必要です。ニーズの登録・編集権限（company_setting_matching_write）が必要です。',
});
