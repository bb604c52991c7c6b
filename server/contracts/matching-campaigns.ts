// zod/mini: the campaign pages validate their form with these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { japanDateString } from './japan-day.ts';
import { publishedNeedSchema } from './matching.ts';
import { listQuery, pagedAnswer } from './paging.ts';
import { parseDateValue, validationRules } from './validation.ts';

/**
 * Matching campaigns (issue 17 item 5): the bank runs a campaign — a title and a text for a period
 * — that features needs its staff chose, of its own companies or, nationwide, of the network. The
 * companies read the running ones at /mypage/matching/campaign (company_matching_read); system and
 * bank admins write them at /admin/matching/campaign.
 */

export const CAMPAIGN_TITLE_MAX_LENGTH = 100;
export const CAMPAIGN_BODY_MAX_LENGTH = 2000;
/** Needs one campaign features: a page of them. */
export const CAMPAIGN_NEEDS_MAX = 30;

export const CAMPAIGN_MESSAGES = {
  saved: '保存しました',
  deleted: 'キャンペーンを削除しました',
  endBeforeStart: '終了日は開始日以降の日付を入力してください',
  tooManyNeeds: `掲載するニーズは${CAMPAIGN_NEEDS_MAX}件までです`,
  needNotPublished: '公開中でないニーズ、または当行から見えないニーズが含まれています',
} as const;

const codeSchema = z.string().check(z.regex(/^[0-9a-zA-Z]{1,32}$/));
export const campaignParamsSchema = z.object({ campaign_unique_code: codeSchema });

function asCalendarDay(value: string): string {
  const date = parseDateValue(value);
  return date === undefined ? value : japanDateString(date);
}
const clockBeforeAnyDate = () => new Date(-8.64e15);

export function campaignFieldsSchema() {
  const anyDay = validationRules({ now: clockBeforeAnyDate });
  const rules = validationRules();
  return z
    .object({
      campaign_title: rules.text({ required: true, maxLength: CAMPAIGN_TITLE_MAX_LENGTH }),
      campaign_body: rules.text({ required: true, maxLength: CAMPAIGN_BODY_MAX_LENGTH, multiline: true }),
      campaign_start: z.pipe(anyDay.notPastDate({ required: true }), z.transform(asCalendarDay)),
      campaign_end: z.pipe(anyDay.notPastDate({ required: true }), z.transform(asCalendarDay)),
      campaign_need_codes: z.pipe(
        z.array(codeSchema).check(z.maxLength(CAMPAIGN_NEEDS_MAX, CAMPAIGN_MESSAGES.tooManyNeeds)),
        z.transform((codes) => [...new Set(codes)]),
      ),
    })
    .check(
      z.refine((value) => value.campaign_end >= value.campaign_start, {
        message: CAMPAIGN_MESSAGES.endBeforeStart,
        path: ['campaign_end'],
      }),
    );
}
export type CampaignFields = z.output<ReturnType<typeof campaignFieldsSchema>>;

/** A campaign as the staff edit it: the chosen needs by code (one no longer published is still listed). */
export const campaignSchema = z.object({
  campaign_unique_code: z.string(),
  campaign_title: z.string(),
  campaign_body: z.string(),
  campaign_start: z.string(),
  campaign_end: z.string(),
  campaign_need_codes: z.array(z.string()),
  campaign_updated_at: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** A running campaign as the companies read it: its needs still published and visible to them. */
export const runningCampaignSchema = z.object({
  campaign_unique_code: z.string(),
  campaign_title: z.string(),
  campaign_body: z.string(),
  campaign_start: z.string(),
  campaign_end: z.string(),
  needs: z.array(publishedNeedSchema),
});
export type RunningCampaign = z.infer<typeof runningCampaignSchema>;

const STAFF_BASE = '/api/v1/admin/matching/campaigns';

export const listCampaignsCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: STAFF_BASE,
  query: listQuery({}),
  result: pagedAnswer(campaignSchema),
  access: 'admin',
  summary: 'マッチングキャンペーンの一覧',
  description: '当行のキャンペーンを開始日の新しい順に返します（システム管理者・銀行管理者）。',
});

export const getCampaignCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: `${STAFF_BASE}/:campaign_unique_code`,
  params: campaignParamsSchema,
  result: campaignSchema,
  access: 'admin',
  summary: 'マッチングキャンペーンの取得',
});

export const createCampaignCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'POST',
  path: STAFF_BASE,
  body: campaignFieldsSchema(),
  result: campaignSchema,
  access: 'admin',
  summary: 'マッチングキャンペーンの登録',
  description: `掲載するニーズは、保存の時点で公開中で当行から見えるもの（当行の企業のもの、全国ネットワークの全国公開のもの）に限ります（${CAMPAIGN_NEEDS_MAX}件まで）。`,
});

export const updateCampaignCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'PUT',
  path: `${STAFF_BASE}/:campaign_unique_code`,
  params: campaignParamsSchema,
  body: campaignFieldsSchema(),
  result: campaignSchema,
  access: 'admin',
  summary: 'マッチングキャンペーンの保存',
});

export const deleteCampaignCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'DELETE',
  path: `${STAFF_BASE}/:campaign_unique_code`,
  params: campaignParamsSchema,
  result: z.object({ campaign_unique_code: z.string() }),
  access: 'admin',
  summary: 'マッチングキャンペーンの削除',
});

export const listRunningCampaignsCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/matching/campaigns',
  result: z.array(runningCampaignSchema),
  access: 'company',
  member: true,
  rule: 'matching_read',
  summary: '開催中のマッチングキャンペーン',
  description:
    '今日が期間内のキャンペーンを、掲載中のニーズ（公開中で読めるもの、自社のものも含む）とともに返します。',
});

/** A featured need as the campaign's editor names it: a published need the bank can see. */
export const campaignNeedSchema = z.object({
  ca_unique_code: z.string(),
  need_title: z.string(),
  company_name: z.string(),
  bank_name: z.string(),
});
export type CampaignNeed = z.infer<typeof campaignNeedSchema>;

export const lookUpCampaignNeedsCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'POST',
  path: `${STAFF_BASE}/needs`,
  body: z.object({
    codes: z.array(codeSchema).check(z.maxLength(CAMPAIGN_NEEDS_MAX, CAMPAIGN_MESSAGES.tooManyNeeds)),
  }),
  result: z.array(campaignNeedSchema),
  access: 'admin',
  reads: true,
  summary: 'キャンペーンに載せるニーズの確認',
  description:
    'コードで指定したニーズのうち、公開中で当行から見えるもの（当行の企業のもの、全国ネットワークの全国公開のもの）を返します。見えないものは返しません。',
});
