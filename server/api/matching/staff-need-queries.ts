import {
  type AnyColumn,
  and,
  desc,
  eq,
  gt,
  ilike,
  isNotNull,
  like,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { needPublishStatusOf, type NeedPublishStatus, type NeedReach } from '#server/contracts/matching.ts';
import type { DealStatus } from '#server/contracts/matching-deals.ts';
import type {
  StaffNeedConditions,
  StaffNeedDetail,
  StaffNeedListItem,
} from '#server/contracts/matching-staff.ts';
import type { NeedCategoryCode } from '#server/contracts/need-categories.ts';
import { containsPattern } from '#server/db/contains-pattern.ts';
import { pageOffset } from '#server/contracts/paging.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { bankBranches, companies, matchingDeals, needs } from '#server/db/schema.ts';
import type { StaffViewer } from '#server/plugins/request-context.ts';
import { withinViewersBranches } from '../kit/branch-visibility.ts';
import { searchTotalRows, totalRowsColumn } from '../kit/search-total-rows.ts';
import type { StaffReader } from './staff-deal-queries.ts';

/**
 * The needs of the bank's companies as its staff read them (/admin/company/needs): every need the
 * companies wrote, private ones and those outside their period included, but not the drafts the
 * bank offered that the company has not taken (the AI-assisted needs' own list). The bank is the
 * row-level security policy's; branch staff are limited to their branches' companies here.
 */

const n = needs;
const c = companies;
const b = bankBranches;

/** The company's needs, not the bank's drafts it has not taken. */
const takenNeed = sql`(${n.need_offer_status} is null or ${n.need_offer_status} = 'accepted')`;

/** Deal requests the need received (matching_deals (receiver_bank_code, receiver_company_id, …)). */
const dealCount = sql<number>`(select count(*)::int from ${matchingDeals} where ${matchingDeals.receiver_bank_code} = ${n.bank_code} and ${matchingDeals.receiver_company_id} = ${n.company_id} and ${matchingDeals.need_id} = ${n.need_id})`;

/** Where the need's days stand on `today` (YYYY-MM-DD in Japan), as needPublishStatusOf says. */
function publishStatusIs(status: NeedPublishStatus, today: string): SQL {
  const day = sql`${today}::date`;
  const visible = eq(n.need_visibility, 1);
  switch (status) {
    case 'PRIVATE':
      return ne(n.need_visibility, 1);
    case 'BEFORE_PUBLISHING':
      return and(visible, gt(n.need_period_start, day))!;
    case 'AFTER_PUBLISHING':
      return and(
        visible,
        lte(n.need_period_start, day),
        isNotNull(n.need_period_end),
        lt(n.need_period_end, day),
      )!;
    case 'PUBLISHING':
      return and(
        visible,
        lte(n.need_period_start, day),
        sql`(${n.need_period_end} is null or ${n.need_period_end} >= ${day})`,
      )!;
  }
}

/** The publish status as SQL text (the CSV file's). */
const publishStatusText = (today: string) => sql<NeedPublishStatus>`case
  when ${n.need_visibility} <> 1 then 'PRIVATE'
  when ${n.need_period_start} > ${today}::date then 'BEFORE_PUBLISHING'
  when ${n.need_period_end} is not null and ${n.need_period_end} < ${today}::date then 'AFTER_PUBLISHING'
  else 'PUBLISHING' end`;

/** A keyword in the need's title or body, or in its company's name (a part of any). */
function keywordMatch(keyword: string): SQL | undefined {
  // A keyword without a letter that has a case (Japanese, digits) finds the same with LIKE.
  const contains = keyword.toLowerCase() === keyword.toUpperCase() ? like : ilike;
  const pattern = containsPattern(keyword);
  return or(
    contains(n.need_title, pattern),
    contains(n.need_body, pattern),
    contains(c.company_name, pattern),
  );
}

function needsMatching(viewer: StaffViewer, conditions: StaffNeedConditions, today: string): SQL | undefined {
  const keyword = conditions.keyword?.trim();
  return and(
    takenNeed,
    withinViewersBranches(viewer, c.bb_id),
    keyword ? keywordMatch(keyword) : undefined,
    conditions.category ? eq(n.need_category, conditions.category) : undefined,
    conditions.status ? publishStatusIs(conditions.status, today) : undefined,
    conditions.reach ? eq(n.need_reach, conditions.reach) : undefined,
    conditions.bb_id ? eq(c.bb_id, conditions.bb_id) : undefined,
    conditions.company ? eq(c.company_unique_code, conditions.company) : undefined,
  );
}

const companyOfNeed = and(eq(c.bank_code, n.bank_code), eq(c.company_id, n.company_id));
const branchOfCompany = and(eq(b.bank_code, c.bank_code), eq(b.bb_id, c.bb_id));
/** Newest first; the id keeps pages from overlapping. */
const newestFirst = [desc(n.need_created_at), desc(n.need_id)];

const listFields = {
  need_id: n.need_id,
  need_unique_code: n.need_unique_code,
  company_unique_code: c.company_unique_code,
  company_name: c.company_name,
  bb_id: c.bb_id,
  bb_name: b.bb_name,
  need_title: n.need_title,
  need_category: n.need_category,
  need_reach: n.need_reach,
  need_visibility: n.need_visibility,
  need_period_start: n.need_period_start,
  need_period_end: n.need_period_end,
  need_deal_count: dealCount.mapWith(Number),
  need_created_at: n.need_created_at,
  need_updated_at: n.need_updated_at,
};

type ListRow = {
  need_unique_code: string;
  company_unique_code: string;
  company_name: string;
  bb_id: number | null;
  bb_name: string | null;
  need_title: string;
  need_category: string;
  need_reach: string;
  need_visibility: number;
  need_period_start: string;
  need_period_end: string | null;
  need_deal_count: number;
  need_created_at: Date;
  need_updated_at: Date;
};

function listItemOf(row: ListRow, today: string): StaffNeedListItem {
  return {
    ca_unique_code: row.need_unique_code,
    company_unique_code: row.company_unique_code,
    company_name: row.company_name,
    bb_id: row.bb_id,
    bb_name: row.bb_name,
    need_title: row.need_title,
    need_category: row.need_category as NeedCategoryCode,
    need_reach: row.need_reach as NeedReach,
    need_visibility: row.need_visibility,
    need_publish_status: needPublishStatusOf(row, today),
    need_period_start: row.need_period_start,
    need_period_end: row.need_period_end,
    need_deal_count: row.need_deal_count,
    need_created_at: row.need_created_at.toISOString(),
    need_updated_at: row.need_updated_at.toISOString(),
  };
}

/** A page of the needs the staff member may see, newest first, and how many the search found. */
export async function searchStaffNeeds(
  tx: DbTransaction,
  viewer: StaffViewer,
  conditions: StaffNeedConditions,
  paging: { page: number; rows: number },
  today: string,
): Promise<{ list: StaffNeedListItem[]; totalRows: number }> {
  const where = needsMatching(viewer, conditions, today);
  const rows = await tx
    .select({ ...listFields, total_rows: totalRowsColumn() })
    .from(n)
    .innerJoin(c, companyOfNeed)
    .leftJoin(b, branchOfCompany)
    .where(where)
    .orderBy(...newestFirst)
    .limit(paging.rows)
    .offset(pageOffset(paging.page, paging.rows));
  const totalRows = await searchTotalRows(rows, paging, async () => {
    const [counted] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(n)
      .innerJoin(c, companyOfNeed)
      .where(where);
    return counted?.total ?? 0;
  });
  return { list: rows.map((row) => listItemOf(row, today)), totalRows };
}

/** A need of the export as the file's row reads it before its codes are named (staff-routes.ts). */
export type StaffNeedExportRow = {
  company_name: string;
  bb_name: string | null;
  need_title: string;
  need_category: string;
  need_reach: string;
  need_visibility: number;
  need_publish_status: NeedPublishStatus;
  need_period_start: string;
  need_period_end: string | null;
  need_deal_count: number;
  need_created_at: string;
  need_updated_at: string;
};

/**
 * The export's query: every need of the search in the list's order, days in Japan as YYYY/MM/DD,
 * each column named as StaffNeedExportRow. Read through a cursor (kit/cursor-csv.ts), so it is SQL.
 */
export function staffNeedExportQuery(
  tx: DbTransaction,
  viewer: StaffViewer,
  conditions: StaffNeedConditions,
  today: string,
): SQL {
  const japanDay = (value: AnyColumn) =>
    sql<string>`to_char(${value} at time zone 'Asia/Tokyo', 'YYYY/MM/DD')`;
  const calendarDay = (value: AnyColumn) => sql<string>`to_char(${value}, 'YYYY/MM/DD')`;
  const fields = {
    company_name: sql`${c.company_name}`,
    bb_name: sql`${b.bb_name}`,
    need_title: sql`${n.need_title}`,
    need_category: sql`${n.need_category}`,
    need_reach: sql`${n.need_reach}`,
    need_visibility: sql`${n.need_visibility}::int`,
    need_publish_status: publishStatusText(today),
    need_period_start: calendarDay(n.need_period_start),
    need_period_end: calendarDay(n.need_period_end),
    need_deal_count: dealCount,
    need_created_at: japanDay(n.need_created_at),
    need_updated_at: japanDay(n.need_updated_at),
  } satisfies Record<keyof StaffNeedExportRow, SQL>;
  const aliased = Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, sql`${value}`.as(name)]),
  ) as { [K in keyof typeof fields]: SQL.Aliased };
  return tx
    .select(aliased)
    .from(n)
    .innerJoin(c, companyOfNeed)
    .leftJoin(b, branchOfCompany)
    .where(needsMatching(viewer, conditions, today))
    .orderBy(...newestFirst)
    .getSQL();
}

/** The need of that code if the staff member may see it, with the deal requests it received. */
export async function findStaffNeed(
  tx: DbTransaction,
  { viewer, bankCode, bankNameOf }: StaffReader,
  code: string,
  today: string,
): Promise<StaffNeedDetail | undefined> {
  const [row] = await tx
    .select({
      ...listFields,
      need_industry_codes: n.need_industry_codes,
      need_area_codes: n.need_area_codes,
      need_body: n.need_body,
      need_image_file_codes: n.need_image_file_codes,
      company_id: n.company_id,
    })
    .from(n)
    .innerJoin(c, companyOfNeed)
    .leftJoin(b, branchOfCompany)
    .where(and(eq(n.need_unique_code, code), needsMatching(viewer, {}, today)));
  if (!row) return undefined;
  const d = matchingDeals;
  const deals = await tx
    .select()
    .from(d)
    .where(
      and(
        eq(d.receiver_bank_code, bankCode),
        eq(d.receiver_company_id, row.company_id),
        eq(d.need_id, row.need_id),
      ),
    )
    .orderBy(desc(d.cmh_created_at), desc(d.cmh_id));
  return {
    ...listItemOf(row, today),
    need_industry_codes: row.need_industry_codes,
    need_area_codes: row.need_area_codes,
    need_body: row.need_body,
    need_image_count: row.need_image_file_codes.length,
    deals: deals.map((deal) => ({
      cmh_unique_code: deal.cmh_unique_code,
      cmh_request_type: deal.cmh_request_type,
      cmh_status: deal.cmh_status as DealStatus,
      sender_company_name: deal.sender_company_name,
      sender_bank_code: deal.bank_code,
      sender_bank_name: bankNameOf(deal.bank_code),
      sender_is_own_bank: deal.bank_code === bankCode,
      cmh_created_at: deal.cmh_created_at.toISOString(),
      cmh_updated_at: deal.cmh_updated_at.toISOString(),
    })),
  };
}
