// zod/mini: the usage statement page bundles these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { CHARGE_HISTORY_MONTHS, CHARGE_KINDS, CHARGE_MONTH_PATTERN } from './company-charges.ts';

/**
 * /mypage/setting/invoice (issue 16 item 5): the company's monthly charges, as the bank's staff
 * record them on /admin/company/charge (company_charges), month by month with each month's entries,
 * their status (the charge_statuses master) and totals, and for each month a usage statement
 * (ご利用明細書) as a PDF the gateway draws. For the banks with available_invoice, company owners and
 * company users of companies that are not partners (the route rule invoice_settings, which the page
 * and both calls share; anyone else 403 権限がありません). A company sees its own charges only: no
 * call takes a company's id.
 *
 * Totals leave out cancelled entries (取消), as the bank's desk counts them. The amounts are the
 * whole yen the bank recorded; the entries carry no tax breakdown, so neither page nor statement
 * computes one.
 */

/** Without a year the page shows this month in Japan and the months before it, this many in all. */
export const USAGE_STATEMENT_RECENT_MONTHS = CHARGE_HISTORY_MONTHS;

/** A year as the page's selector sends it: 2000 to 2099, the months the bank can charge. */
const USAGE_YEAR_PATTERN = /^20[0-9]{2}$/;

/** Not in the spec (its usage statement shows no texts): the page's and the statement's own words. */
export const USAGE_STATEMENT_MESSAGES = {
  monthFormat: '年月は「2026-04」の形式で指定してください',
  yearFormat: '年は「2026」の形式で指定してください',
  /** The PDF of a month without any entry: there is nothing to state (404). */
  noChargesInMonth: 'この月のご利用明細はありません。',
  noChargesInPeriod: 'この期間のご利用明細はありません。',
  loadFailed: 'ご利用明細の取得に失敗しました。',
} as const;

// ---------------------------------------------------------------------------------------------
// The months

export const usageStatementQuerySchema = z.object({
  /** A calendar year (YYYY); absent: the recent months. */
  year: z.optional(
    z.string().check(z.regex(USAGE_YEAR_PATTERN, { error: USAGE_STATEMENT_MESSAGES.yearFormat })),
  ),
});
export type UsageStatementQuery = z.infer<typeof usageStatementQuerySchema>;

export const usageChargeSchema = z.object({
  charge_id: z.int(),
  charge_kind: z.enum(CHARGE_KINDS),
  /** Whole yen; negative only for an adjustment. */
  charge_amount: z.int(),
  /** A code of the charge_statuses master. */
  charge_status: z.string(),
  /** What the bank wrote about the entry (shown to the company and on its statement). */
  charge_note: z.nullable(z.string()),
});
export type UsageCharge = z.infer<typeof usageChargeSchema>;

export const usageMonthSchema = z.object({
  /** YYYY-MM */
  month: z.string(),
  charges: z.array(usageChargeSchema),
  /** The month's entries added up, cancelled ones left out. */
  total: z.int(),
  /** The most urgent status of the month's entries (one unpaid entry makes the month unpaid). */
  status: z.string(),
});
export type UsageMonth = z.infer<typeof usageMonthSchema>;

export const usageStatementSchema = z.object({
  /** The year shown, or null for the recent months. */
  year: z.nullable(z.int()),
  /** The first month of the period (YYYY-MM). */
  from_month: z.string(),
  /** The last month of a year; null for the recent months, which include any month entered ahead. */
  to_month: z.nullable(z.string()),
  /** The years the company has entries in, and this year, newest first: the selector's choices. */
  years: z.array(z.int()),
  /** The months of the period that have entries, newest first. */
  months: z.array(usageMonthSchema),
  /** The period's months added up. */
  total: z.int(),
});
export type UsageStatement = z.infer<typeof usageStatementSchema>;

export const usageStatementCall = /* @__PURE__ */ defineCall({
  domain: 'settings',
  method: 'GET',
  path: '/api/v1/setting/invoice',
  query: usageStatementQuerySchema,
  result: usageStatementSchema,
  access: 'company',
  member: true,
  rule: 'invoice_settings',
  summary: '自社のご利用明細（月ごとの利用料）',
  description: `ログイン中の企業の利用料を月ごとに返します（year を指定するとその年の1〜12月、指定しなければ当月までの${USAGE_STATEMENT_RECENT_MONTHS}か月と、それ以降に登録された月）。明細・状態・月の合計（取消の明細は含みません）と期間の合計付き。available_invoice の銀行の、パートナー以外の企業の企業オーナー・企業ユーザーのみ（ほかは 403「権限がありません」）。`,
});

// ---------------------------------------------------------------------------------------------
// The statement (PDF): a link the browser downloads, so it answers outside the call definitions.

/** GET with `?month=YYYY-MM`: the month's ご利用明細書 as application/pdf (attachment). */
export const USAGE_STATEMENT_PDF_PATH = '/api/v1/setting/invoice/statement';

export const usageStatementPdfQuerySchema = z.object({
  month: z.string().check(z.regex(CHARGE_MONTH_PATTERN, { error: USAGE_STATEMENT_MESSAGES.monthFormat })),
});

/** Where the month's statement is downloaded (`2026-04`). */
export function usageStatementPdfUrl(month: string): string {
  return `${USAGE_STATEMENT_PDF_PATH}?month=${encodeURIComponent(month)}`;
}

/** The statement's file name: ご利用明細書_2026年04月.pdf. */
export function usageStatementFileName(month: string): string {
  const [year, monthOfYear] = month.split('-');
  return `ご利用明細書_${year}年${monthOfYear}月.pdf`;
}
