import { type AnyColumn, sql, type SQL } from 'drizzle-orm';

/**
 * The company list's columns that other domains own (issue 15): needs, coupons and the company's
 * website. Each domain registers, in its ServerDomain, one correlated SQL expression per figure it
 * owns, evaluated in the list's single query (no query per row); a figure no domain has registered
 * yet is 0 (or false) for every company.
 */
export interface CompanyFigures {
  /** ニーズ数: the company's needs, private ones included. */
  need_count: CompanyFigure;
  /** クーポン数: its coupons offered and not expired. */
  coupon_count: CompanyFigure;
  /** ホームページ公開: its website is published (1) or not (0). */
  homepage_published: CompanyFigure;
  /** 求人: its website's recruitment section is published (1) or not (0). */
  recruitment_published: CompanyFigure;
}
export type CompanyFigureKey = keyof CompanyFigures;

/**
 * A figure of one company, given the list's company id column: an integer SQL expression (a count,
 * or 1/0 for yes/no). The list evaluates it for its page's rows only, but for every company of the
 * search when it is sorted by the figure: keep it an index lookup on the owning table's
 * (bank_code, company_id, …) index (the `company-list` benchmark measures the list with the
 * registered figures).
 */
export type CompanyFigure = (companyId: AnyColumn) => SQL<number>;

const none: CompanyFigure = () => sql<number>`0`;

/** Every figure, from the domains' registrations; a figure registered twice is a mistake. */
export function collectCompanyFigures(registrations: readonly Partial<CompanyFigures>[]): CompanyFigures {
  const figures: CompanyFigures = {
    need_count: none,
    coupon_count: none,
    homepage_published: none,
    recruitment_published: none,
  };
  const taken = new Set<CompanyFigureKey>();
  for (const registration of registrations) {
    for (const [key, figure] of Object.entries(registration) as [CompanyFigureKey, CompanyFigure][]) {
      if (taken.has(key)) throw new Error(`the company figure ${key} is registered by two domains`);
      taken.add(key);
      figures[key] = figure;
    }
  }
  return figures;
}
