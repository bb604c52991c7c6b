import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  COMPANY_EXPORT_PATH,
  COMPANY_LIST_COLUMN_LABELS,
  COMPANY_LIST_COLUMNS,
  companyExportFileName,
  companyExportQuerySchema,
  PUBLICATION_LABELS,
  searchCompaniesCall,
  sortOfQuery,
} from '#server/contracts/companies.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { pagedResult } from '#server/contracts/paging.ts';
import { sendCursorCsv } from '../kit/cursor-csv.ts';
import { serveCall } from '../kit/serve-call.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import { type CompanyExportRow, companyExportQuery, searchCompanies } from './list-queries.ts';

/** The file's columns: each list column under its heading. */
const CSV_COLUMNS = COMPANY_LIST_COLUMNS.map((key) => ({ key, header: COMPANY_LIST_COLUMN_LABELS[key] }));

/**
 * The company list (/admin/company) for the bank's staff: a page of a search (POST, the staff lists'
 * search), and the whole search as a CSV file (GET, a link the browser downloads). Branch admins and
 * branch users get the companies of their branches only, in both.
 */
export async function companyListRoutes(app: FastifyInstance, services: DomainServices): Promise<void> {
  serveCall(app, searchCompaniesCall, async ({ tx, body, viewer }) => {
    const { page, rows } = body;
    const { list, totalRows } = await searchCompanies(
      tx,
      viewer,
      { conditions: body.conditions ?? {}, sort: body.sort },
      { page, rows },
      services.companyFigures,
    );
    return pagedResult(list, totalRows, { page, rows });
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    COMPANY_EXPORT_PATH,
    {
      // The answer is the file, not the JSON envelope (a refusal before it still is one).
      config: { access: 'bank', answers: 'file' },
      schema: {
        tags: ['companies'],
        summary: '企業一覧のCSV',
        description:
          '企業一覧の検索（一覧と同じ条件と並び順: sort に列、order に 0 昇順・1 降順）に当たる企業すべてを、CSV（UTF-8 BOM付き、CRLF、見出し行付き）で返します（ダウンロード: companies-YYYYMMDD.csv）。支店の行員には担当支店の企業だけを返します。',
        querystring: companyExportQuerySchema,
      },
    },
    async (request, reply) => {
      const viewer = await request.viewerFor('bank');
      const { sort, order, ...conditions } = request.query;
      const listRequest = { conditions, sort: sortOfQuery({ sort, order }) };
      return sendCursorCsv(request, reply, companyExportFileName(japanDateString()), (tx) => ({
        query: companyExportQuery(tx, viewer, listRequest, services.companyFigures, PUBLICATION_LABELS),
        columns: CSV_COLUMNS,
        textOf: (row: CompanyExportRow) => row,
        onEnd: (rows) => request.log.info({ rows }, 'company list exported'),
      }));
    },
  );
}
