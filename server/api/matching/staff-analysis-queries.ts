import { and, asc, gte, inArray, lt, sql } from 'drizzle-orm';
import { isAdmin } from '#server/contracts/account-types.ts';
import {
  type AnalysisFigures,
  type AnalysisSeries,
  type MatchingAnalysis,
  monthsBetween,
} from '#server/contracts/matching-staff.ts';
import { NEED_CATEGORY_CODES, type NeedCategoryCode } from '#server/contracts/need-categories.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { bankBranches, companies, needs } from '#server/db/schema.ts';
import { withinViewersBranches } from '../kit/branch-visibility.ts';
import { type StaffReader, staffDealPartiesQuery } from './staff-deal-queries.ts';

/**
 * The matching analysis (/admin/xba/analyse): over a period of months, in Japan's calendar,
 *
 * - need_created: needs the bank's companies wrote (not the bank's drafts they have not taken),
 *   by the month they were written;
 * - deal_requested: deal requests a company of the bank sent or received, by the month of the request;
 * - deal_accepted: of those, the ones accepted (under negotiation, then contracted or not), by the
 *   month of the acceptance (the receiver's accept message);
 * - deal_contracted: of those, the ones concluded as contracted, by the month of the conclusion
 *   (the deal's last change: nothing is written on a deal after it).
 *
 * Each per month, per need category and per branch of the bank's company; a branch staff member
 * counts their branches' companies only. A deal counts once in the months, the categories and the
 * totals, and once for each branch of a party of the bank (two of the bank's companies of two
 * branches: once for each). A few grouped counts, summed up here.
 */

const ZERO: AnalysisFigures = { need_created: 0, deal_requested: 0, deal_accepted: 0, deal_contracted: 0 };

/** The instant a month (YYYY-MM) begins in Japan. */
const monthStart = (month: string) => sql`(${`${month}-01`}::date::timestamp at time zone 'Asia/Tokyo')`;
const monthAfter = (month: string) =>
  sql`((${`${month}-01`}::date + interval '1 month')::timestamp at time zone 'Asia/Tokyo')`;
const japanMonth = (value: unknown) => sql<string>`to_char(${value} at time zone 'Asia/Tokyo', 'YYYY-MM')`;

/** Sums of figures by key, every key starting from zero. */
class Tally<K> {
  readonly figures = new Map<K, AnalysisFigures>();
  add(key: K, series: AnalysisSeries, count: number) {
    const figures = this.figures.get(key) ?? { ...ZERO };
    figures[series] += count;
    this.figures.set(key, figures);
  }
  of(key: K): AnalysisFigures {
    return this.figures.get(key) ?? { ...ZERO };
  }
}

type CountRow = {
  series: AnalysisSeries;
  month: string;
  need_category: string;
  sender_seen: boolean | null;
  sender_bb_id: number | null;
  receiver_seen: boolean | null;
  receiver_bb_id: number | null;
  count: number;
};

/** The analysis of `from` to `to` (YYYY-MM, both included) as the reader may see it. */
export async function matchingAnalysisOf(
  tx: DbTransaction,
  reader: StaffReader,
  period: { from: string; to: string },
): Promise<MatchingAnalysis> {
  const start = monthStart(period.from);
  const end = monthAfter(period.to);
  const c = companies;
  const n = needs;

  const needRows = await tx
    .select({
      month: japanMonth(n.need_created_at),
      need_category: n.need_category,
      bb_id: c.bb_id,
      count: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(n)
    .innerJoin(c, and(sql`${c.bank_code} = ${n.bank_code}`, sql`${c.company_id} = ${n.company_id}`))
    .where(
      and(
        sql`(${n.need_offer_status} is null or ${n.need_offer_status} = 'accepted')`,
        withinViewersBranches(reader.viewer, c.bb_id),
        gte(n.need_created_at, start),
        lt(n.need_created_at, end),
      ),
    )
    .groupBy(sql`1`, n.need_category, c.bb_id);

  // The reader's deals, each with its parties of the bank, counted three ways in one pass.
  const deals = sql`(${staffDealPartiesQuery(tx, reader)}) as deal_parties`;
  const counted = (series: AnalysisSeries, at: string, where = sql`true`) => sql`
    select ${series}::text as series, ${japanMonth(sql.identifier(at))} as month, need_category,
      sender_seen, sender_bb_id, receiver_seen, receiver_bb_id, count(*)::int as count
    from ${deals}
    where ${sql.identifier(at)} >= ${start} and ${sql.identifier(at)} < ${end} and ${where}
    group by 2, 3, 4, 5, 6, 7`;
  const { rows: dealRows } = await tx.execute<CountRow>(sql`
    ${counted('deal_requested', 'cmh_created_at')}
    union all ${counted('deal_accepted', 'accepted_at')}
    union all ${counted('deal_contracted', 'cmh_updated_at', sql`cmh_status = 'contracted'`)}`);

  const byMonth = new Tally<string>();
  const byCategory = new Tally<string>();
  const byBranch = new Tally<number | null>();
  const totals = new Tally<'all'>();
  for (const row of needRows) {
    for (const [tally, key] of [
      [byMonth, row.month],
      [byCategory, row.need_category],
      [totals, 'all'],
    ] as const)
      (tally as Tally<string>).add(key, 'need_created', row.count);
    byBranch.add(row.bb_id, 'need_created', row.count);
  }
  for (const row of dealRows) {
    const count = Number(row.count);
    byMonth.add(row.month, row.series, count);
    byCategory.add(row.need_category, row.series, count);
    totals.add('all', row.series, count);
    // Each branch of a party of the bank the reader sees, once (two parties of one branch: once).
    const branches = new Set<number | null>();
    if (row.sender_seen) branches.add(row.sender_bb_id);
    if (row.receiver_seen) branches.add(row.receiver_bb_id);
    for (const branch of branches) byBranch.add(branch, row.series, count);
  }

  const branchRows = await tx
    .select({ bb_id: bankBranches.bb_id, bb_name: bankBranches.bb_name })
    .from(bankBranches)
    .where(
      isAdmin(reader.viewer.userType)
        ? undefined
        : inArray(bankBranches.bb_code, [...reader.viewer.branchCodes, '']),
    )
    .orderBy(asc(bankBranches.bb_sort_order), asc(bankBranches.bb_code));

  const withoutBranch = byBranch.figures.get(null);
  return {
    from: period.from,
    to: period.to,
    months: monthsBetween(period.from, period.to).map((month) => ({ month, ...byMonth.of(month) })),
    categories: NEED_CATEGORY_CODES.map((code: NeedCategoryCode) => ({
      need_category: code,
      ...byCategory.of(code),
    })),
    branches: [
      ...branchRows.map((branch) => ({ ...branch, ...byBranch.of(branch.bb_id) })),
      // The bank's companies with no branch on record (only an admin sees them).
      ...(withoutBranch ? [{ bb_id: null, bb_name: null, ...withoutBranch }] : []),
    ],
    totals: totals.of('all'),
  };
}
