import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { finished } from 'node:stream/promises';
import {
  COMPANY_EXPORT_PATH,
  companyExportFileName,
  companyExportQuerySchema,
  PUBLICATION_LABELS,
  searchCompaniesCall,
  sortOfQuery,
} from '#server/contracts/companies.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { pagedResult } from '#server/contracts/paging.ts';
import { serveCall } from '../kit/serve-call.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import { openCompanyCsv } from './company-csv.ts';
import { companyExportQuery, searchCompanies } from './list-queries.ts';

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
      let sending = false;
      try {
        await request.inBank(async (tx) => {
          const query = companyExportQuery(
            tx,
            viewer,
            listRequest,
            services.companyFigures,
            PUBLICATION_LABELS,
          );
          const csv = await openCompanyCsv(tx, query, (rows) =>
            request.log.info({ rows }, 'company list exported'),
          );
          sending = true;
          reply
            .headers({
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': `attachment; filename="${companyExportFileName(japanDateString())}"`,
              // The bank's customers: kept in no cache, the browser's included.
              'cache-control': 'private, no-store',
              'x-content-type-options': 'nosniff',
            })
            .send(csv);
          // The transaction (and the cursor in it) stays open until the last batch is sent.
          await finished(csv);
        });
      } catch (error) {
        if (!sending) throw error;
        // The file was cut short (the reader went away, or a batch failed): the answer has been ended
        // already, so there is nothing more to say to the reader.
        request.log.warn({ err: error }, 'company list export ended early');
      }
      return reply;
    },
  );
}
