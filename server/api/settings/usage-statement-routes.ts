import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chargeMonthStart, monthsBefore } from '#server/contracts/company-charges.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import {
  USAGE_STATEMENT_MESSAGES,
  USAGE_STATEMENT_PDF_PATH,
  USAGE_STATEMENT_RECENT_MONTHS,
  type UsageStatement,
  usageStatementCall,
  usageStatementFileName,
  usageStatementPdfQuerySchema,
} from '#server/contracts/usage-statement.ts';
import { notFound } from '#server/errors.ts';
import { requireCompanyMember } from '#server/plugins/request-context.ts';
import { contentDisposition } from '../kit/uploaded-files.ts';
import { serveCall } from '../kit/serve-call.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import { createStatementDrawer } from './usage-statement-drawer.ts';
import type { MonthRange } from '../kit/company-charge-months.ts';
import { statementAddresseeOf, usageMonthsOf, usageYearsOf } from './usage-statement-queries.ts';

/** The months a year asks for (January to December), or the recent months up to this one and after. */
function periodOf(year: number | null, thisMonth: string): MonthRange & { from: string; to: string | null } {
  if (year === null) {
    const from = monthsBefore(thisMonth, USAGE_STATEMENT_RECENT_MONTHS - 1);
    return { from, to: null, fromStart: chargeMonthStart(from), untilStart: null };
  }
  return {
    from: `${year}-01`,
    to: `${year}-12`,
    fromStart: `${year}-01-01`,
    untilStart: `${year + 1}-01-01`,
  };
}

/**
 * /mypage/setting/invoice (issue 16 item 5): the company's months of charges, and each month's
 * statement as a PDF. Both share the page's rule (invoice_settings: the bank's available_invoice,
 * owners and users of companies that are not partners), which the gateway checks before a handler
 * runs; the company is always the logged-in user's.
 */
export async function usageStatementRoutes(app: FastifyInstance, _services: DomainServices): Promise<void> {
  serveCall(app, usageStatementCall, async ({ tx, viewer, query }): Promise<UsageStatement> => {
    const { companyId } = viewer;
    const thisMonth = japanDateString().slice(0, 7);
    const year = query.year === undefined ? null : Number(query.year);
    const period = periodOf(year, thisMonth);
    const months = await usageMonthsOf(tx, companyId, period);
    const years = new Set([Number(thisMonth.slice(0, 4)), ...(await usageYearsOf(tx, companyId))]);
    return {
      year,
      from_month: period.from,
      to_month: period.to,
      years: [...years].sort((a, b) => b - a),
      months: months.map(({ charges, ...month }) => ({
        ...month,
        charges: charges.map(({ charge_status_name: _name, ...charge }) => charge),
      })),
      total: months.reduce((total, month) => total + month.total, 0),
    };
  });

  // Drawn on worker threads (usage-statement-drawer.ts), which end with the gateway.
  const drawer = createStatementDrawer();
  app.addHook('onClose', () => drawer.close());
  app.withTypeProvider<ZodTypeProvider>().get(
    USAGE_STATEMENT_PDF_PATH,
    {
      // The answer is the file, not the JSON envelope (a refusal before it still is one).
      config: { access: 'company', rule: 'invoice_settings', answers: 'file' },
      schema: {
        tags: ['settings'],
        summary: 'ご利用明細書（PDF）',
        description: `ログイン中の企業の、month（YYYY-MM）の月のご利用明細書を PDF（添付ファイル: ご利用明細書_YYYY年MM月.pdf）で返します。銀行名・お問い合わせ先、企業名・住所、対象月、明細（種別・内容・状態・金額）、合計（取消の明細は含みません）、発行日を記載します。明細のない月は 404「${USAGE_STATEMENT_MESSAGES.noChargesInMonth}」。利用できる人は一覧と同じです（ほかは 403「権限がありません」）。`,
        querystring: usageStatementPdfQuerySchema,
      },
    },
    async (request, reply) => {
      // An account whose company row is missing has no charges to see (404, as the call refuses it).
      const { companyId } = requireCompanyMember(await request.viewerFor('company'));
      const { month } = request.query;
      // Read in the bank's transaction, drawn after it: the PDF holds no connection while it is drawn.
      const { statementMonth, addressee } = await request.inBank(async (tx) => {
        const [found] = await usageMonthsOf(tx, companyId, {
          fromStart: chargeMonthStart(month),
          untilStart: chargeMonthStart(monthsBefore(month, -1)),
        });
        return { statementMonth: found, addressee: await statementAddresseeOf(tx, companyId) };
      });
      if (!addressee) throw notFound();
      if (!statementMonth) throw notFound(USAGE_STATEMENT_MESSAGES.noChargesInMonth);

      const started = performance.now();
      const { config } = request.tenant;
      const pdf = await drawer.draw({
        bank: {
          name: config.bank_name,
          serviceName: config.service_name,
          contactName: config.contact.name,
          contactTel: config.contact.tel,
        },
        addressee,
        month: statementMonth,
        issuedOn: japanDateString(),
      });
      request.log.info(
        { month, bytes: pdf.length, ms: Math.round(performance.now() - started) },
        'usage statement drawn',
      );
      return reply
        .headers({
          'content-type': 'application/pdf',
          'content-length': String(pdf.length),
          'content-disposition': contentDisposition('attachment', usageStatementFileName(month)),
          // The company's charges: kept in no cache, the browser's included.
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        })
        .send(pdf);
    },
  );
}
