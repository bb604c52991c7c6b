import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { japanDateString } from '#server/contracts/japan-day.ts';
import {
  NEED_PUBLISH_STATUS_LABELS,
  NEED_REACH_LABELS,
  NEED_VISIBILITY_LABELS,
} from '#server/contracts/matching.ts';
import {
  analysisPeriodOf,
  getMatchingAnalysisCall,
  getStaffDealCall,
  getStaffNeedCall,
  searchStaffDealsCall,
  searchStaffNeedsCall,
  STAFF_DEAL_COLUMN_LABELS,
  STAFF_DEAL_COLUMNS,
  STAFF_DEAL_EXPORT_PATH,
  STAFF_NEED_COLUMN_LABELS,
  STAFF_NEED_COLUMNS,
  STAFF_NEED_EXPORT_PATH,
  staffDealConditionsSchema,
  staffMatchingExportFileName,
  staffNeedConditionsSchema,
} from '#server/contracts/matching-staff.ts';
import { needCategoryName } from '#server/contracts/need-categories.ts';
import { pagedResult } from '#server/contracts/paging.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { dealRequestTypes, dealStatuses } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import type { StaffViewer } from '#server/plugins/request-context.ts';
import { sendCursorCsv } from '../kit/cursor-csv.ts';
import { serveCall } from '../kit/serve-call.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import { bankNameOf } from './network-membership.ts';
import { matchingAnalysisOf } from './staff-analysis-queries.ts';
import {
  findStaffDeal,
  searchStaffDeals,
  type StaffDealExportRow,
  staffDealExportQuery,
  type StaffReader,
} from './staff-deal-queries.ts';
import {
  findStaffNeed,
  searchStaffNeeds,
  type StaffNeedExportRow,
  staffNeedExportQuery,
} from './staff-need-queries.ts';

/** The need a path's ca_unique_code names (needs of the first bank, for the cross-bank walk). */
const NEED_OBJECT = { param: 'ca_unique_code', table: 'needs', column: 'need_unique_code' };
/** The deal a path's cmh_unique_code names: the walk's other bank is no party to bank A's deals. */
const DEAL_OBJECT = { param: 'cmh_unique_code', table: 'matching_deals', column: 'cmh_unique_code' };

/** A master list's names by code (cmh_statuses, cmh_request_types: a few rows). */
async function namesOf(tx: DbTransaction, table: typeof dealStatuses | typeof dealRequestTypes) {
  const rows = await tx.select({ code: table.code, name: table.name }).from(table);
  return new Map(rows.map((row) => [row.code, row.name]));
}

/**
 * The bank's staff's side of business matching (issue 17 item 7): the needs and the deals of the
 * bank's companies (a page of a search, the whole search as a CSV file, one item) and the matching
 * analysis. Every staff type; branch staff are narrowed to their branches by the queries, in the
 * lists, the files, the items (404) and the analysis alike.
 */
export async function matchingStaffRoutes(app: FastifyInstance, _services: DomainServices): Promise<void> {
  const readerOf = (viewer: StaffViewer, request: FastifyRequest): StaffReader => ({
    bankCode: request.tenant.code,
    viewer,
    bankNameOf: (code) => bankNameOf(app.tenants, code),
  });
  const today = () => japanDateString();

  // ---- the needs

  serveCall(app, searchStaffNeedsCall, async ({ tx, body, viewer }) => {
    const { page, rows } = body;
    const { list, totalRows } = await searchStaffNeeds(
      tx,
      viewer,
      body.conditions ?? {},
      { page, rows },
      today(),
    );
    return pagedResult(list, totalRows, { page, rows });
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    STAFF_NEED_EXPORT_PATH,
    {
      // The answer is the file, not the JSON envelope (a refusal before it still is one).
      config: { access: 'bank', answers: 'file' },
      schema: {
        tags: ['matching'],
        summary: 'ニーズ一覧のCSV（行員）',
        description:
          'ニーズ一覧の検索（一覧と同じ条件）に当たるニーズすべてを、登録の新しい順に CSV（UTF-8 BOM付き、CRLF、見出し行付き）で返します（ダウンロード: needs-YYYYMMDD.csv）。支店の行員には担当支店の企業のニーズだけを返します。',
        querystring: staffNeedConditionsSchema,
      },
    },
    async (request, reply) => {
      const viewer = await request.viewerFor('bank');
      const day = today();
      const columns = STAFF_NEED_COLUMNS.map((key) => ({ key, header: STAFF_NEED_COLUMN_LABELS[key] }));
      return sendCursorCsv(request, reply, staffMatchingExportFileName('needs', day), (tx) => ({
        query: staffNeedExportQuery(tx, viewer, request.query, day),
        columns,
        textOf: (row: StaffNeedExportRow) => ({
          company_name: row.company_name,
          bb_name: row.bb_name,
          need_title: row.need_title,
          need_category: needCategoryName(row.need_category) ?? row.need_category,
          need_reach: NEED_REACH_LABELS[row.need_reach as keyof typeof NEED_REACH_LABELS] ?? row.need_reach,
          need_visibility:
            NEED_VISIBILITY_LABELS[row.need_visibility as keyof typeof NEED_VISIBILITY_LABELS] ?? '',
          need_publish_status: NEED_PUBLISH_STATUS_LABELS[row.need_publish_status],
          need_period: `${row.need_period_start}〜${row.need_period_end ?? ''}`,
          need_deal_count: Number(row.need_deal_count),
          need_created_at: row.need_created_at,
          need_updated_at: row.need_updated_at,
        }),
        onEnd: (rows) => request.log.info({ rows }, 'need list exported'),
      }));
    },
  );

  serveCall(
    app,
    getStaffNeedCall,
    async ({ tx, params, viewer, request }) => {
      const reader = readerOf(viewer, request);
      const need = await findStaffNeed(tx, reader, params.ca_unique_code, today());
      if (!need) throw notFound();
      return need;
    },
    { object: NEED_OBJECT },
  );

  // ---- the deals

  serveCall(app, searchStaffDealsCall, async ({ tx, body, viewer, request }) => {
    const { page, rows } = body;
    const { list, totalRows } = await searchStaffDeals(tx, readerOf(viewer, request), body.conditions ?? {}, {
      page,
      rows,
    });
    return pagedResult(list, totalRows, { page, rows });
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    STAFF_DEAL_EXPORT_PATH,
    {
      config: { access: 'bank', answers: 'file' },
      schema: {
        tags: ['matching'],
        summary: '商談一覧のCSV（行員）',
        description:
          '商談一覧の検索（一覧と同じ条件）に当たる商談すべてを、更新の新しい順に CSV（UTF-8 BOM付き、CRLF、見出し行付き）で返します（ダウンロード: deals-YYYYMMDD.csv）。支店の行員には、当行側の企業が担当支店の企業である商談だけを返します。',
        querystring: staffDealConditionsSchema,
      },
    },
    async (request, reply) => {
      const viewer = await request.viewerFor('bank');
      const reader = readerOf(viewer, request);
      const columns = STAFF_DEAL_COLUMNS.map((key) => ({ key, header: STAFF_DEAL_COLUMN_LABELS[key] }));
      return sendCursorCsv(request, reply, staffMatchingExportFileName('deals', today()), async (tx) => {
        const statuses = await namesOf(tx, dealStatuses);
        const requestTypes = await namesOf(tx, dealRequestTypes);
        return {
          query: staffDealExportQuery(tx, reader, request.query),
          columns,
          textOf: (row: StaffDealExportRow) => ({
            need_title: row.need_title,
            sender_company_name: row.sender_company_name,
            sender_bank_name: reader.bankNameOf(row.sender_bank_code),
            receiver_company_name: row.receiver_company_name,
            receiver_bank_name: reader.bankNameOf(row.receiver_bank_code),
            cmh_request_type: requestTypes.get(row.cmh_request_type) ?? row.cmh_request_type,
            cmh_status: statuses.get(row.cmh_status) ?? row.cmh_status,
            message_count: Number(row.message_count),
            cmh_created_at: row.cmh_created_at,
            cmh_updated_at: row.cmh_updated_at,
          }),
          onEnd: (rows: number) => request.log.info({ rows }, 'deal list exported'),
        };
      });
    },
  );

  serveCall(
    app,
    getStaffDealCall,
    async ({ tx, params, viewer, request }) => {
      const deal = await findStaffDeal(tx, readerOf(viewer, request), params.cmh_unique_code);
      if (!deal) throw notFound();
      return deal;
    },
    { object: DEAL_OBJECT },
  );

  // ---- the analysis

  serveCall(app, getMatchingAnalysisCall, async ({ tx, query, viewer, request }) =>
    matchingAnalysisOf(tx, readerOf(viewer, request), analysisPeriodOf(query, today().slice(0, 7))),
  );
}
