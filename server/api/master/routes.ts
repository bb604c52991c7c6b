import fastifyEtag from '@fastify/etag';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success, successEnvelope } from '#server/contracts/envelope.ts';
import { selectCodeList } from '#server/db/select-code-list.ts';
import type { DbTransaction } from '#server/db/database.ts';
import * as master from '#server/db/schema/master-lists.ts';
import { type CodeListTable, companyRegisterReasons } from '#server/db/schema/master-lists.ts';
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
import { lookUpPostCodeCall } from '#server/contracts/postcode.ts';
import { serveCall } from '../kit/serve-call.ts';
import { addressesOfPostCode } from './post-code-lookup.ts';

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

/** What a list is read for: the request's bank and, on a list's own path, its query. */
interface ListContext {
  tenant: FastifyRequest['tenant'];
  query: unknown;
}
type ListReader = (tx: DbTransaction, context: ListContext) => Promise<unknown[]>;

/** One master list: its summary, its items' schema and how it is read inside the request's bank. */
interface MasterListDefinition {
  summary: string;
  item: z.core.$ZodType;
  read: ListReader;
}

const codeList = (summary: string, table: CodeListTable): MasterListDefinition => ({
  summary,
  item: codeItemSchema,
  read: (tx) => selectCodeList(tx, table),
});

/** A list read by a query of its own that needs nothing of the request but its bank's transaction. */
const queryList = (
  summary: string,
  item: z.core.$ZodType,
  read: (tx: DbTransaction) => Promise<unknown[]>,
): MasterListDefinition => ({ summary, item, read: (tx) => read(tx) });

/**
 * Every master list by name: its own path GET /api/v1/master/{name} and its part of the bundle
 * GET /api/v1/master?lists=… both read it from here, so the two never differ. Branch lists come from
 * the current bank only through row-level security; the others are national.
 */
const MASTER_LIST_DEFINITIONS = {
  ...Object.fromEntries(CODE_LISTS.map((list) => [list.path, codeList(list.summary, list.table)])),
  ba_ca_types: queryList(
    '業種（日本標準産業分類の大分類・中分類）',
    businessCategorySchema,
    listBusinessCategories,
  ),
  // Not in the spec's catalogue; the registration and company forms need it (47 prefectures).
  prefectures: queryList('都道府県（JIS X 0401 順）', prefectureSchema, listPrefectures),
  user_types: queryList('アカウント種別', userTypeSchema, listUserTypes),
  charge_statuses: queryList('請求の状態（表示色・完了フラグ付き）', chargeStatusSchema, listChargeStatuses),
  chat_room_types: queryList('チャットルームの種類', chatRoomTypeSchema, listChatRoomTypes),
  // Every category; its own path filters by ?category=, the bundle's reader by the item's category.
  analyse_action: {
    summary: '利用分析のアクション（category=matching などで絞り込み）',
    item: analyseActionSchema,
    read: (tx, { query }) => listAnalyseActions(tx, analyseActionQuerySchema.parse(query ?? {})),
  },
  bank_branches: queryList('この銀行の支店', bankBranchSchema, listBankBranches),
  ba_bank_branches: {
    summary: 'この銀行の支店（銀行コード・銀行名付き）',
    item: baBankBranchSchema,
    read: async (tx, { tenant }) => {
      const branches = await listBankBranches(tx);
      return branches.map((branch) => ({
        ba_code: tenant.code,
        ba_name: tenant.config.bank_name,
        ...branch,
      }));
    },
  },
  // A white-label deployment never tells one bank's visitors which other banks it serves: the list
  // is the host's own bank and the partner bank its tenant file names (babank), if any.
  ba_banks: {
    summary: '提携銀行（この金融機関と、その提携先）',
    item: baBankSchema,
    read: async (_tx, { tenant }) => {
      const { config } = tenant;
      const own = {
        ba_code: config.code,
        ba_name: config.bank_name,
        ba_service_name: config.service_name,
        is_current_bank: true,
      };
      const partner = config.babank;
      if (!partner || partner.code === config.code) return [own];
      return [
        own,
        { ba_code: partner.code, ba_name: partner.name, ba_service_name: null, is_current_bank: false },
      ];
    },
  },
  // Its own path is /api/v1/companyregister/reasons (companyregister/routes.ts, the same code list).
  registration_reasons: codeList('企業登録申請の却下理由', companyRegisterReasons),
} satisfies Record<string, MasterListDefinition>;

type MasterListName = keyof typeof MASTER_LIST_DEFINITIONS;
const MASTER_LIST_NAMES = Object.keys(MASTER_LIST_DEFINITIONS) as [MasterListName, ...MasterListName[]];
const definitionOf = (name: MasterListName): MasterListDefinition => MASTER_LIST_DEFINITIONS[name];

/** Lists with their own path under /api/v1/master (registration_reasons has its own elsewhere). */
const OWN_PATH_LISTS = MASTER_LIST_NAMES.filter((name) => name !== 'registration_reasons');

/** ?lists=a,b,c: names of the lists, each once, at most every list. */
const bundleQuerySchema = z
  .object({
    lists: z
      .string()
      .max(2_000)
      .transform((value) => value.split(','))
      .pipe(z.array(z.enum(MASTER_LIST_NAMES)).min(1).max(MASTER_LIST_NAMES.length)),
  })
  .strict();

const bundleResultSchema = z.object(
  Object.fromEntries(MASTER_LIST_NAMES.map((name) => [name, z.array(definitionOf(name).item).optional()])),
);

/**
 * GET /api/v1/master/{list}: the master lists the client loads at start-up (admin spec section 3
 * and 7), each answering `result: [...]` (small lists, not paged), read as the application role
 * inside the request's bank. GET /api/v1/master?lists=a,b,c answers several in one call
 * (`result: { a: [...], b: [...] }`, one transaction): a page's start-up loads its 20-odd lists so.
 */
export const masterRoutes: FastifyPluginAsyncZod = async (app) => {
  // Repeated loads cost no transfer: every answer carries an ETag of its bytes (FNV-1a), the browser
  // keeps it and asks again with If-None-Match each time (no-cache: never stale, a branch the bank
  // adds shows on the next load), and an unchanged list answers 304 without a body.
  await app.register(fastifyEtag, { hashFn: fastifyEtag.fnv1a });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'private, no-cache');
    done();
  });
  for (const name of OWN_PATH_LISTS) {
    const list = definitionOf(name);
    app.get(
      `/${name}`,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: list.summary,
          querystring: name === 'analyse_action' ? analyseActionQuerySchema : noQuerySchema,
          response: { 200: successEnvelope(z.array(list.item)) },
        },
      },
      async (request) =>
        success(
          await request.inBank((tx) => list.read(tx, { tenant: request.tenant, query: request.query })),
        ),
    );
  }

  // The data changes with the package only: the ETag above makes a repeated lookup free.
  serveCall(app, lookUpPostCodeCall, async ({ query }) => addressesOfPostCode(query.post_code));

  app.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'マスタの一括取得（lists=名前,名前…）',
        description:
          '各マスタの個別のパス（/api/v1/master/{名前}、registration_reasons は /api/v1/companyregister/reasons）と同じ内容を、一度に返します。analyse_action はすべてのカテゴリを返します。',
        querystring: bundleQuerySchema,
        response: { 200: successEnvelope(bundleResultSchema) },
      },
    },
    async (request) => {
      const names = [...new Set(request.query.lists)];
      const lists = await request.inBank(async (tx) => {
        const read: Record<string, unknown[]> = {};
        for (const name of names)
          read[name] = await definitionOf(name).read(tx, { tenant: request.tenant, query: {} });
        return read;
      });
      return success(lists);
    },
  );
};
