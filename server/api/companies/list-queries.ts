import { codeNameOf } from '#server/db/select-code-list.ts';
import {
  and,
  count,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { COMPANY_TYPE_CODES, OWNER_USER_TYPES } from '#server/contracts/account-types.ts';
import {
  CHARGE_STATUS_URGENCY,
  type ChargeStatusCode,
  type CompanyConditions,
  type CompanyListColumn,
  type CompanyListItem,
  type CompanySort,
  DEFAULT_COMPANY_SORT,
} from '#server/contracts/companies.ts';
import { CANCELLED_CHARGE_STATUS, type CompanyStatus } from '#server/contracts/company-detail.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { containsPattern } from '#server/db/contains-pattern.ts';
import { pageOffset } from '#server/contracts/paging.ts';
import type { DbTransaction } from '#server/db/database.ts';
import {
  bankBranches,
  chargeStatuses,
  companies,
  companyCharges,
  companyTypes,
  companyUnsubscriptions,
  users,
} from '#server/db/schema.ts';
import { withinViewersBranches } from '../kit/branch-visibility.ts';
import { searchTotalRows, totalRowsColumn } from '../kit/search-total-rows.ts';
import type { StaffViewer } from '#server/plugins/request-context.ts';
import type { CompanyFigures } from '../kit/company-figures.ts';

/**
 * The company list's SQL (issue 15). A page is one query whatever its rows: the page, with the
 * search's size counted in the same pass (`count(*) over ()`); only a page past the end, which has
 * no row to carry it, counts again. The bank is the row-level security policy's (no bank_code
 * filter here).
 *
 * How a page stays cheap (the `company-list` benchmark: 50,000 companies over 14 banks):
 * - The columns other tables hold (owner, branch, user counts, this month's charges, the reserved
 *   leaving, the figures other domains register) are correlated subqueries of the select list.
 *   PostgreSQL evaluates a costly select-list expression after ORDER BY … LIMIT when the order does
 *   not need it, so they run for the page's 25 rows only, each an index lookup (users (bank_code,
 *   company_id), company_charges (bank_code, company_id, charge_month), the primary keys). The
 *   default order (登録日, newest first) and 企業ID read an index of companies ((bank_code,
 *   company_created_at), the primary key) in order.
 * - Sorting by one of those other-table columns needs its value for every company of the search:
 *   the query then joins it, aggregated once per bank where it is one (the bank's users grouped by
 *   company; this month's charges grouped by company, read off company_charges (bank_code,
 *   charge_month, company_id)), instead of running a subquery per company. The charge-status search
 *   joins the month's charges the same way; the status search asks company_unsubscriptions with
 *   EXISTS (a semi-join). The 最終利用日 period reads companies (bank_code, company_last_used_at).
 */

/** The first day of the month in Japan at `now` (company_charges.charge_month's form). */
export function chargeMonthOf(now: Date): string {
  return `${japanDateString(now).slice(0, 7)}-01`;
}

/** A day in Japan (YYYY-MM-DD) as the instant it begins. */
const japanDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Asia/Tokyo')`;
const dayEnd = (day: string) => sql`${japanDayStart(day)} + interval '1 day'`;

/** Text of our own constants as SQL literals (no value of the request goes through here). */
const literalList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
const URGENCY_ARRAY = sql.raw(
  `array[${CHARGE_STATUS_URGENCY.map((code) => `'${code}'`).join(', ')}]::text[]`,
);
const OWNER_TYPES = literalList(OWNER_USER_TYPES);

// ---------------------------------------------------------------------------------------------
// The other tables' columns, each as a correlated subquery and as a join of the bank's aggregate.

const companyUser = alias(users, 'company_user');
const charge = alias(companyCharges, 'month_charge');
/** The aliases in a subquery's FROM (a raw subquery names an alias by its name alone). */
const fromCompanyUser = sql`${users} as ${sql.identifier('company_user')}`;
const fromMonthCharge = sql`${companyCharges} as ${sql.identifier('month_charge')}`;

/** 利用者数 and ビジネスユーザー数: users who may log in (a company's users are all company-side). */
const userCountOf = (where?: SQL) =>
  sql<number>`(select count(*)::int from ${fromCompanyUser} where ${and(
    eq(companyUser.company_id, companies.company_id),
    not(companyUser.user_is_disabled),
    where,
  )})`.mapWith(Number);
const businessUserFilter = sql`${companyUser.user_type} = 'company_user'`;

/** The owner's name: an owner who may log in before one who may not, the first made first. */
const ownerNameSubquery = sql<
  string | null
>`(select ${companyUser.user_last_name} || ' ' || ${companyUser.user_first_name} from ${fromCompanyUser}
  where ${companyUser.company_id} = ${companies.company_id} and ${companyUser.user_type} in (${OWNER_TYPES})
  order by ${companyUser.user_is_disabled}, ${companyUser.user_id} limit 1)`;

/** This month's amount: its entries but the cancelled ones; null when the month has no entry. */
const monthAmountAggregate = sql`case when count(*) = 0 then null else coalesce(sum(${charge.charge_amount}) filter (where ${charge.charge_status} <> '${sql.raw(CANCELLED_CHARGE_STATUS)}'), 0)::int end`;
/** This month's status: the most urgent of its entries (CHARGE_STATUS_URGENCY). */
const monthStatusAggregate = sql`(${URGENCY_ARRAY})[min(array_position(${URGENCY_ARRAY}, ${charge.charge_status}::text))]`;

/** The branch's name (bank_branches' primary key). */
const branchNameSubquery = sql<
  string | null
>`(select ${bankBranches.bb_name} from ${bankBranches} where ${bankBranches.bb_id} = ${companies.bb_id})`;

/** When its leaving was reserved (company_unsubscriptions' primary key). */
const unsubscribeRequestedSubquery = sql<Date | null>`(select ${companyUnsubscriptions.requested_at} from ${companyUnsubscriptions} where ${companyUnsubscriptions.company_id} = ${companies.company_id})`;

const monthChargeSubquery = (aggregate: SQL, month: string) =>
  sql`(select ${aggregate} from ${fromMonthCharge} where ${charge.company_id} = ${companies.company_id} and ${charge.charge_month} = ${month})`;

/** An open reservation to leave: a row the unsubscription job has not carried out yet. */
const reservedToLeave = sql`exists (select 1 from ${companyUnsubscriptions} where ${and(
  eq(companyUnsubscriptions.company_id, companies.company_id),
  isNull(companyUnsubscriptions.carried_out_at),
)})`;

/**
 * Where a company stands, as its page says it (company-detail.ts): left, else leaving reserved, else
 * suspended, else active.
 */
function companyStatusIs(status: CompanyStatus): SQL {
  const left = eq(companies.company_is_unsubscribed, true);
  const suspended = eq(companies.company_is_disabled, true);
  switch (status) {
    case 'unsubscribed':
      return left;
    case 'unsubscribe_reserved':
      return and(not(left), reservedToLeave)!;
    case 'suspended':
      return and(not(left), not(reservedToLeave), suspended)!;
    case 'active':
      return and(not(left), not(reservedToLeave), not(suspended))!;
  }
}

/** The keyword in the company's names, corporate number, ID or code, or its owner's names. */
function keywordMatch(keyword: string): SQL | undefined {
  // ILIKE lower-cases every name it reads; a keyword without a letter that has a case (Japanese,
  // digits) finds the same with LIKE, which compares bytes: a third of a keyword search's time.
  const caseless = keyword.toLowerCase() === keyword.toUpperCase();
  const contains = caseless ? like : ilike;
  const containsText = sql.raw(caseless ? 'like' : 'ilike');
  const pattern = containsPattern(keyword);
  // A name is kept as family and given name apart: `佐藤 健一` and `佐藤健一` find it alike.
  const namePattern = containsPattern(keyword.replace(/[\s\u3000]+/gu, ''));
  const owners = sql`(select ${users.company_id} from ${users} where ${users.user_type} in (${OWNER_TYPES})
    and (${users.user_last_name} || ${users.user_first_name} ${containsText} ${namePattern}
      or ${users.user_last_name_kana} || ${users.user_first_name_kana} ${containsText} ${namePattern}))`;
  return or(
    contains(companies.company_name, pattern),
    contains(companies.company_name_kana, pattern),
    contains(companies.company_corporate_number, pattern),
    eq(companies.company_unique_code, keyword),
    /^[0-9]{1,9}$/.test(keyword) ? eq(companies.company_id, Number(keyword)) : undefined,
    inArray(companies.company_id, owners),
  );
}

function matching(viewer: StaffViewer, conditions: CompanyConditions, monthStatus: SQL): SQL | undefined {
  const keyword = conditions.keyword?.trim();
  return and(
    withinViewersBranches(viewer, companies.bb_id),
    keyword ? keywordMatch(keyword) : undefined,
    conditions.company_type ? eq(companies.company_type, conditions.company_type) : undefined,
    conditions.bb_id ? eq(companies.bb_id, conditions.bb_id) : undefined,
    conditions.charge_status ? sql`${monthStatus} = ${conditions.charge_status}` : undefined,
    conditions.company_status ? companyStatusIs(conditions.company_status) : undefined,
    conditions.registered_from
      ? gte(companies.company_created_at, japanDayStart(conditions.registered_from))
      : undefined,
    conditions.registered_to ? lt(companies.company_created_at, dayEnd(conditions.registered_to)) : undefined,
    conditions.last_used_from
      ? gte(companies.company_last_used_at, japanDayStart(conditions.last_used_from))
      : undefined,
    conditions.last_used_to ? lt(companies.company_last_used_at, dayEnd(conditions.last_used_to)) : undefined,
  );
}

// ---------------------------------------------------------------------------------------------
// One plan per request: which aggregates are joined, each column's expression, the where and order.

const USER_COLUMNS: readonly CompanyListColumn[] = ['user_count', 'business_user_count'];
/** The columns read off an index of companies: NOT NULL. */
const NEVER_EMPTY: readonly CompanyListColumn[] = ['company_id', 'company_created_at'];
const CHARGE_COLUMNS: readonly CompanyListColumn[] = ['charge_amount', 'charge_status'];

export interface CompanyListRequest {
  conditions: CompanyConditions;
  sort?: CompanySort | undefined;
}

/**
 * The query's parts for a request: the bank's aggregates it joins (only those its order or search
 * needs), the expression of every column, the where and the order (the column, then the company id
 * the same way, so pages never overlap).
 */
function planOf(
  tx: DbTransaction,
  viewer: StaffViewer,
  { conditions, sort = DEFAULT_COMPANY_SORT }: CompanyListRequest,
  figures: CompanyFigures,
  month: string,
) {
  const joinsUsers = USER_COLUMNS.includes(sort.column);
  const joinsOwners = sort.column === 'owner_name';
  const joinsBranches = sort.column === 'bb_name';
  const joinsUnsubscriptions = sort.column === 'unsubscribe_requested_at';
  const joinsCharges = CHARGE_COLUMNS.includes(sort.column) || conditions.charge_status !== undefined;

  const userFigures = tx
    .select({
      company_id: users.company_id,
      user_count: sql<number>`count(*) filter (where not ${users.user_is_disabled})::int`.as('user_count'),
      business_user_count:
        sql<number>`count(*) filter (where not ${users.user_is_disabled} and ${users.user_type} = 'company_user')::int`.as(
          'business_user_count',
        ),
    })
    .from(users)
    .where(isNotNull(users.company_id))
    .groupBy(users.company_id)
    .as('user_figures');
  const owners = tx
    .selectDistinctOn([users.company_id], {
      company_id: users.company_id,
      owner_name: sql<string>`${users.user_last_name} || ' ' || ${users.user_first_name}`.as('owner_name'),
      owner_kana: sql<string>`${users.user_last_name_kana} || ${users.user_first_name_kana}`.as('owner_kana'),
    })
    .from(users)
    .where(sql`${users.user_type} in (${OWNER_TYPES})`)
    .orderBy(users.company_id, users.user_is_disabled, users.user_id)
    .as('owners');
  const monthCharges = tx
    .select({
      company_id: charge.company_id,
      charge_amount: sql<number | null>`${monthAmountAggregate}`.as('charge_amount'),
      charge_status: sql<string | null>`${monthStatusAggregate}`.as('charge_status'),
    })
    .from(charge)
    .where(eq(charge.charge_month, month))
    .groupBy(charge.company_id)
    .as('month_charges');

  const figure = (key: keyof CompanyFigures) => sql<number>`(${figures[key](companies.company_id)})::int`;
  const expressions = {
    company_id: sql`${companies.company_id}`,
    company_name: sql`${companies.company_name}`,
    company_type: sql`${companies.company_type}`,
    owner_name: joinsOwners ? sql`${owners.owner_name}` : ownerNameSubquery,
    bb_name: joinsBranches ? sql`${bankBranches.bb_name}` : branchNameSubquery,
    need_count: figure('need_count'),
    coupon_count: figure('coupon_count'),
    user_count: joinsUsers ? sql`coalesce(${userFigures.user_count}, 0)` : userCountOf(),
    business_user_count: joinsUsers
      ? sql`coalesce(${userFigures.business_user_count}, 0)`
      : userCountOf(businessUserFilter),
    homepage_published: figure('homepage_published'),
    recruitment_published: figure('recruitment_published'),
    charge_amount: joinsCharges
      ? sql`${monthCharges.charge_amount}`
      : monthChargeSubquery(monthAmountAggregate, month),
    charge_status: joinsCharges
      ? sql`${monthCharges.charge_status}`
      : monthChargeSubquery(monthStatusAggregate, month),
    company_created_at: sql`${companies.company_created_at}`,
    company_last_used_at: sql`${companies.company_last_used_at}`,
    unsubscribe_requested_at: joinsUnsubscriptions
      ? sql`${companyUnsubscriptions.requested_at}`
      : unsubscribeRequestedSubquery,
  } satisfies Record<CompanyListColumn, SQL>;

  // What a column sorts by where that is not what it shows: names in the order of their kana (五十音順),
  // a type, a branch and a status in their master's order (a status: the most urgent first). (Sorted
  // by a column, the aggregate it needs is joined: the owners for owner_name, and so on.)
  const sortKeys: Record<CompanyListColumn, SQL | SQL[]> = {
    ...expressions,
    company_name: [sql`${companies.company_name_kana}`, sql`${companies.company_name}`],
    company_type: sql`array_position(array[${literalList(COMPANY_TYPE_CODES)}]::text[], ${companies.company_type}::text)`,
    owner_name: sql`${owners.owner_kana}`,
    bb_name: sql`${bankBranches.bb_sort_order}`,
    charge_status: sql`array_position(${URGENCY_ARRAY}, (${expressions.charge_status})::text)`,
  };
  const direction = sql.raw(sort.order === 1 ? 'desc' : 'asc');
  // Empty values (no owner, no branch, no charge this month, never used) last, whichever way. A
  // column that is never empty is written without NULLS LAST: `desc nulls last` is not the order a
  // backward scan of its index gives, and PostgreSQL would sort the bank's companies instead.
  const nulls = NEVER_EMPTY.includes(sort.column) ? sql`` : sql` nulls last`;
  const orderBy = [
    ...[sortKeys[sort.column]].flat().map((key) => sql`${key} ${direction}${nulls}`),
    sql`${companies.company_id} ${direction}`,
  ];

  /**
   * FROM companies with the joins this request's order or search needs (none for most: the other
   * tables' columns of the page are its select list's subqueries).
   * A dynamic select's joins are added to the builder itself (drizzle's dynamic query building).
   */
  function joined<Q extends PgSelect>(query: Q): Q {
    if (joinsBranches)
      query.leftJoin(
        bankBranches,
        and(eq(bankBranches.bank_code, companies.bank_code), eq(bankBranches.bb_id, companies.bb_id)),
      );
    if (joinsUnsubscriptions)
      query.leftJoin(
        companyUnsubscriptions,
        and(
          eq(companyUnsubscriptions.bank_code, companies.bank_code),
          eq(companyUnsubscriptions.company_id, companies.company_id),
        ),
      );
    if (joinsUsers) query.leftJoin(userFigures, eq(userFigures.company_id, companies.company_id));
    if (joinsOwners) query.leftJoin(owners, eq(owners.company_id, companies.company_id));
    if (joinsCharges) query.leftJoin(monthCharges, eq(monthCharges.company_id, companies.company_id));
    return query;
  }

  const where = matching(viewer, conditions, expressions.charge_status);
  return { expressions, orderBy, where, joined };
}

// ---------------------------------------------------------------------------------------------
// The page (JSON) and the export (CSV)

const asDate = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

/** A page of the companies the staff member may see, in the order asked, and how many there are. */
export async function searchCompanies(
  tx: DbTransaction,
  viewer: StaffViewer,
  request: CompanyListRequest,
  paging: { page: number; rows: number },
  figures: CompanyFigures,
  now: Date = new Date(),
): Promise<{ list: CompanyListItem[]; totalRows: number }> {
  const plan = planOf(tx, viewer, request, figures, chargeMonthOf(now));
  const { expressions: column } = plan;
  const rows = await plan
    .joined(
      tx
        .select({
          company_id: companies.company_id,
          company_unique_code: companies.company_unique_code,
          company_name: companies.company_name,
          company_type: companies.company_type,
          owner_name: sql<string | null>`${column.owner_name}`,
          bb_id: companies.bb_id,
          bb_name: sql<string | null>`${column.bb_name}`,
          need_count: sql<number>`${column.need_count}`.mapWith(Number),
          coupon_count: sql<number>`${column.coupon_count}`.mapWith(Number),
          user_count: sql<number>`${column.user_count}`.mapWith(Number),
          business_user_count: sql<number>`${column.business_user_count}`.mapWith(Number),
          homepage_published: sql<number>`${column.homepage_published}`.mapWith(Number),
          recruitment_published: sql<number>`${column.recruitment_published}`.mapWith(Number),
          charge_amount: sql<number | null>`${column.charge_amount}`,
          charge_status: sql<string | null>`${column.charge_status}`,
          company_created_at: companies.company_created_at,
          company_last_used_at: companies.company_last_used_at,
          // The search's size, counted in the same pass as the page (a second pass would filter the
          // bank's companies again: a keyword's LIKEs twice).
          total_rows: totalRowsColumn(),
          // Read as the column reads it (the driver hands timestamps over as text).
          unsubscribe_requested_at: sql<Date | null>`${column.unsubscribe_requested_at}`.mapWith(
            companyUnsubscriptions.requested_at,
          ),
        })
        .from(companies)
        .$dynamic(),
    )
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(paging.rows)
    .offset(pageOffset(paging.page, paging.rows));
  const totalRows = await searchTotalRows(rows, paging, async () => {
    const [counted] = await plan
      .joined(tx.select({ rows: count() }).from(companies).$dynamic())
      .where(plan.where);
    return counted?.rows ?? 0;
  });
  return {
    list: rows.map((row) => ({
      company_id: row.company_id,
      company_unique_code: row.company_unique_code,
      company_name: row.company_name,
      company_type: row.company_type as CompanyListItem['company_type'],
      owner_name: row.owner_name,
      bb_id: row.bb_id,
      bb_name: row.bb_name,
      need_count: row.need_count,
      coupon_count: row.coupon_count,
      user_count: row.user_count,
      business_user_count: row.business_user_count,
      homepage_published: row.homepage_published !== 0,
      recruitment_published: row.recruitment_published !== 0,
      charge_amount: row.charge_amount === null ? null : Number(row.charge_amount),
      charge_status: row.charge_status as ChargeStatusCode | null,
      company_created_at: asDate(row.company_created_at) ?? '',
      company_last_used_at: asDate(row.company_last_used_at),
      unsubscribe_requested_at: asDate(row.unsubscribe_requested_at),
    })),
    totalRows,
  };
}

/** A company of the export as the CSV file shows it: numbers, and text for the rest. */
export type CompanyExportRow = {
  company_id: number;
  company_name: string;
  company_type: string;
  owner_name: string | null;
  bb_name: string | null;
  need_count: number;
  coupon_count: number;
  user_count: number;
  business_user_count: number;
  homepage_published: string;
  recruitment_published: string;
  charge_amount: number | null;
  charge_status: string | null;
  company_created_at: string;
  company_last_used_at: string | null;
  unsubscribe_requested_at: string | null;
};

/**
 * The export's query: every company of the search in the list's order, each column as the text the
 * file shows (names from the master lists, days in Japan as YYYY/MM/DD), named as CompanyExportRow.
 * Read through a cursor (kit/cursor-csv.ts), so it is SQL the cursor is declared with.
 */
export function companyExportQuery(
  tx: DbTransaction,
  viewer: StaffViewer,
  request: CompanyListRequest,
  figures: CompanyFigures,
  labels: { published: string; unpublished: string },
  now: Date = new Date(),
): SQL {
  const plan = planOf(tx, viewer, request, figures, chargeMonthOf(now));
  const { expressions: column } = plan;
  const japanDay = (value: SQL) => sql`to_char(${value} at time zone 'Asia/Tokyo', 'YYYY/MM/DD')`;
  const published = (value: SQL) =>
    sql`case when ${value} <> 0 then ${labels.published} else ${labels.unpublished} end`;
  const fields = {
    company_id: sql<number>`${column.company_id}`,
    company_name: sql<string>`${column.company_name}`,
    company_type: sql<string>`coalesce(${codeNameOf(companyTypes, companies.company_type)}, ${companies.company_type})`,
    owner_name: sql<string | null>`${column.owner_name}`,
    bb_name: sql<string | null>`${column.bb_name}`,
    need_count: sql<number>`${column.need_count}`,
    coupon_count: sql<number>`${column.coupon_count}`,
    user_count: sql<number>`${column.user_count}`,
    business_user_count: sql<number>`${column.business_user_count}`,
    homepage_published: sql<string>`${published(column.homepage_published)}`,
    recruitment_published: sql<string>`${published(column.recruitment_published)}`,
    charge_amount: sql<number | null>`${column.charge_amount}`,
    charge_status: codeNameOf(chargeStatuses, column.charge_status),
    company_created_at: sql<string>`${japanDay(column.company_created_at)}`,
    company_last_used_at: sql<string | null>`${japanDay(column.company_last_used_at)}`,
    unsubscribe_requested_at: sql<string | null>`${japanDay(column.unsubscribe_requested_at)}`,
  } satisfies Record<keyof CompanyExportRow, SQL>;
  const aliased = Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, sql`${value}`.as(name)]),
  ) as { [K in keyof typeof fields]: SQL.Aliased };
  return plan
    .joined(tx.select(aliased).from(companies).$dynamic())
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .getSQL();
}
