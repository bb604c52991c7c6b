/**
 * The table a generated domain gets, and the two queries its list page runs, in SQL: what the
 * rls-overhead benchmark measures. The domain generator (not written yet) must produce this same
 * shape, so that the benchmark speaks for every generated domain: bank-scoped as
 * server/db/README.md asks (bank_code first in the key and in every index, row-level security
 * enabled and forced, the policy of server/db/schema/bank-scope.ts word for word).
 */

/** The name the benchmark gives its table; a generated domain's table has the domain's name. */
export const BENCH_DOMAIN_TABLE = 'bench_items';

/**
 * The statements that create a domain table `table`: the table, its list index, row-level
 * security. Apart so a bulk load can come between the table and its index (building the index
 * once is quicker than keeping it up to date row by row). The list index is
 * (bank_code, created_at desc, id desc): the list's own order, so a page is read off the index
 * with no sort. Its desc columns are written without NULLS LAST on purpose: drizzle's `.desc()`
 * writes NULLS LAST, an order PostgreSQL 15 does not use for `order by created_at desc` (it sorts
 * the bank's rows instead), so the generated schema needs `.desc().nullsFirst()` and its query
 * drizzle's plain `desc()` (the news tables do it the other way round: NULLS LAST indexes and
 * `desc nulls last` written in the query, server/api/news/company-queries.ts).
 */
export function domainTableStatements(table: string): {
  table: string[];
  indexes: string[];
  rowLevelSecurity: string[];
} {
  const sameBank = `bank_code = nullif(current_setting('app.bank_code', true), '')::bpchar`;
  return {
    table: [
      `create table "${table}" (
        bank_code char(4) not null default current_setting('app.bank_code')::bpchar,
        id bigint generated always as identity,
        title text not null,
        status text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        primary key (bank_code, id)
      )`,
    ],
    indexes: [`create index "${table}_list_index" on "${table}" (bank_code, created_at desc, id desc)`],
    rowLevelSecurity: [
      `alter table "${table}" enable row level security`,
      `alter table "${table}" force row level security`,
      `create policy bank_isolation on "${table}" as permissive for all to public using (${sameBank}) with check (${sameBank})`,
    ],
  };
}

export const DOMAIN_PAGE_ROWS = 25;

export interface DomainQueryOptions {
  /** `where bank_code = $1`, as the app writes it; without it the policy alone picks the bank. */
  bankFilter: boolean;
  /** The list page's status filter (`and status = $n`). */
  byStatus: boolean;
}

/** A page of the list: newest first, 25 rows, the offset its last parameter. */
export function domainListQuery(table: string, options: DomainQueryOptions): string {
  const { where, next } = conditions(options);
  return (
    `select id, title, status, created_at from "${table}"${where} ` +
    `order by created_at desc, id desc limit ${DOMAIN_PAGE_ROWS} offset $${next}`
  );
}

/** The list's total (paging_data.total_rows). */
export function domainCountQuery(table: string, options: DomainQueryOptions): string {
  return `select count(*)::int as total from "${table}"${conditions(options).where}`;
}

/** The parameters of either query, in order: the bank (if filtered), the status (if filtered), then the offset. */
export function domainQueryParameters(
  options: DomainQueryOptions,
  values: { bankCode: string; status: string; offset?: number },
): (string | number)[] {
  return [
    ...(options.bankFilter ? [values.bankCode] : []),
    ...(options.byStatus ? [values.status] : []),
    ...(values.offset === undefined ? [] : [values.offset]),
  ];
}

function conditions(options: DomainQueryOptions): { where: string; next: number } {
  const parts: string[] = [];
  if (options.bankFilter) parts.push(`bank_code = $${parts.length + 1}`);
  if (options.byStatus) parts.push(`status = $${parts.length + 1}`);
  return { where: parts.length > 0 ? ` where ${parts.join(' and ')}` : '', next: parts.length + 1 };
}
