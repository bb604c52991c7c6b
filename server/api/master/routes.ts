import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success, successEnvelope } from '#server/contracts/envelope.ts';
import { selectCodeList } from '#server/db/select-code-list.ts';
import * as master from '#server/db/schema/master-lists.ts';
import type { CodeListTable } from '#server/db/schema/master-lists.ts';
import {
  listAnalyseActions,
  listBankBranches,
  listBusinessCategories,
  listChargeStatuses,
  listChatRoomTypes,
  listPrefectures,
  listUserTypes,
} from './queries.ts';
import {
  analyseActionSchema,
  baBankBranchSchema,
  baBankSchema,
  bankBranchSchema,
  businessCategorySchema,
  chargeStatusSchema,
  chatRoomTypeSchema,
  codeItemSchema,
  prefectureSchema,
  userTypeSchema,
} from '#server/contracts/master-list-items.ts';
import { analyseActionQuerySchema, noQuerySchema } from './schemas.ts';

const tags = ['master'];

/** The plain code lists of admin spec section 7, by path: they share one shape and one query. */
const CODE_LISTS: readonly { path: string; summary: string; table: CodeListTable }[] = [
  { path: 'subsidy_classes', summary: '補助金・助成金の種類', table: master.subsidyClasses },
  { path: 'unsubscribe_reasons', summary: '退会理由', table: master.unsubscribeReasons },
  { path: 'seminar_statuses', summary: 'セミナーの状態', table: master.seminarStatuses },
  { path: 'interesting_features', summary: '興味のある機能', table: master.interestingFeatures },
  { path: 'news_categories', summary: 'ニュースのカテゴリ', table: master.newsCategories },
  { path: 'cr_statuses', summary: '企業登録申請の状態', table: master.companyRegisterStatuses },
  { path: 'activity_types', summary: '活動履歴の種類', table: master.activityTypes },
  { path: 'company_types', summary: '企業種別', table: master.companyTypes },
  { path: 'document_categories', summary: '資料のカテゴリ', table: master.documentCategories },
  { path: 'company_statuses', summary: '企業の状態', table: master.companyStatuses },
  { path: 'cso_categories', summary: 'クーポンのカテゴリ', table: master.couponCategories },
  { path: 'cso_statuses', summary: 'クーポンの審査状態', table: master.couponStatuses },
  { path: 'cso_publish_statuses', summary: 'クーポンの公開状態', table: master.couponPublishStatuses },
  {
    path: 'company_innovation_histories_statuses',
    summary: 'オープンイノベーション応募の状態',
    table: master.innovationHistoryStatuses,
  },
  { path: 'cmh_statuses', summary: '商談の状態', table: master.dealStatuses },
  { path: 'cmh_request_types', summary: '商談依頼の種類', table: master.dealRequestTypes },
  {
    path: 'partner_information_statuses',
    summary: 'パートナー情報の状態',
    table: master.partnerInformationStatuses,
  },
  { path: 'event_codes', summary: 'イベントコード', table: master.eventCodes },
];

/**
 * GET /api/v1/master/{list}: the master lists the client loads at start-up (admin spec section 3
 * and 7). Each answers `result: [...]` (small lists, not paged) and reads as the application role
 * inside the request's bank: national lists are the same for every bank, branch lists come from
 * the current bank only through row-level security.
 */
export const masterRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const list of CODE_LISTS) {
    app.get(
      `/${list.path}`,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: list.summary,
          querystring: noQuerySchema,
          response: { 200: successEnvelope(z.array(codeItemSchema)) },
        },
      },
      async (request) => success(await request.inBank((tx) => selectCodeList(tx, list.table))),
    );
  }

  app.get(
    '/ba_ca_types',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '業種（日本標準産業分類の大分類・中分類）',
        querystring: noQuerySchema,
        response: { 200: successEnvelope(z.array(businessCategorySchema)) },
      },
    },
    async (request) => success(await request.inBank(listBusinessCategories)),
  );

  // Not in the spec's catalogue; the registration and company forms need it (47 prefectures).
  app.get(
    '/prefectures',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '都道府県（JIS X 0401 順）',
        querystring: noQuerySchema,
        response: { 200: successEnvelope(z.array(prefectureSchema)) },
      },
    },
    async (request) => success(await request.inBank(listPrefectures)),
  );

  app.get(
    '/user_types',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'アカウント種別',
        querystring: noQuerySchema,
        response: { 200: successEnvelope(z.array(userTypeSchema)) },
      },
    },
    async (request) => success(await request.inBank(listUserTypes)),
  );

  app.get(
    '/charge_statuses',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '請求の状態（表示色・完了フラグ付き）',
        querystring: noQuerySchema,
        response: { 200: successEnvelope(z.array(chargeStatusSchema)) },
      },
    },
    async (request) => success(await request.inBank(listChargeStatuses)),
  );

  app.get(
    '/chat_room_types',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'チャットルームの種類',
        querystring: noQuerySchema,
        response: { 200: successEnvelope(z.array(chatRoomTypeSchema)) },
      },
    },
    async (request) => success(await request.inBank(listChatRoomTypes)),
  );

  app.get(
    '/analyse_action',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '利用分析のアクション（category=matching などで絞り込み）',
        querystring: analyseActionQuerySchema,
        response: { 200: successEnvelope(z.array(analyseActionSchema)) },
      },
    },
    async (request) => success(await request.inBank((tx) => listAnalyseActions(tx, request.query))),
  );

  app.get(
    '/bank_branches',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'この銀行の支店',
        querystring: noQuerySchema,
        response: { 200: successEnvelope(z.array(bankBranchSchema)) },
      },
    },
    async (request) => success(await request.inBank(listBankBranches)),
  );

  app.get(
    '/ba_bank_branches',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'この銀行の支店（銀行コード・銀行名付き）',
        querystring: noQuerySchema,
        response: { 200: successEnvelope(z.array(baBankBranchSchema)) },
      },
    },
    async (request) => {
      const { tenant } = request;
      const branches = await app.db.withBank(tenant.code, listBankBranches);
      return success(
        branches.map((branch) => ({ ba_code: tenant.code, ba_name: tenant.config.bank_name, ...branch })),
      );
    },
  );

  // A white-label deployment never tells one bank's visitors which other banks it serves: the list
  // is the host's own bank and the partner bank its tenant file names (babank), if any.
  app.get(
    '/ba_banks',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '提携銀行（この金融機関と、その提携先）',
        querystring: noQuerySchema,
        response: { 200: successEnvelope(z.array(baBankSchema)) },
      },
    },
    async (request) => {
      const { config } = request.tenant;
      const own = {
        ba_code: config.code,
        ba_name: config.bank_name,
        ba_service_name: config.service_name,
        is_current_bank: true,
      };
      const partner = config.babank;
      if (!partner || partner.code === config.code) return success([own]);
      return success([
        own,
        { ba_code: partner.code, ba_name: partner.name, ba_service_name: null, is_current_bank: false },
      ]);
    },
  );
};
