import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { APP_ROLE, openDatabase } from '#server/db/database.ts';
import {
  BENCH_DOMAIN_TABLE,
  DOMAIN_PAGE_ROWS,
  type DomainQueryOptions,
  domainCountQuery,
  domainListQuery,
  domainQueryParameters,
  domainTableStatements,
} from './domain-table.ts';

/**
 * DESIGN.md section 7 (issue 12): a generated domain's list and count queries over 1,000,000 rows
 * across 14 banks, run as the application role under row-level security, take at most 1.10 x the
 * same queries run by the owner with security off. Measured on PostgreSQL only, in a database of
 * the benchmark's own (`bench_rls_<pid>`, made with the app's migrations so the role and its
 * default privileges are the app's, dropped afterwards).
 *
 * Each side runs the queries as the app would: one transaction per bank and page, opened like
 * withBank (one `select set_config(...)`, the role switched only on the security side), the list
 * page and its count inside it. Only the queries are timed. The sides take turns page by page
 * (which goes first rotates), not in turns of seconds as the HTTP benchmarks do: on a 2-core
 * machine shared with other work a query of a few ms is swayed by whatever runs beside it, and
 * turns this short let all three meet the same moment. Each page's time is divided by the owner's
 * time for the same page; a round's ratio is the median of those, and the ratio printed is the
 * median of the rounds' ratios.
 * The verdict is for the policy alone, without an explicit `where bank_code = $1`: that is how the
 * app's queries are written (the news queries, and every domain the generator makes), the policy
 * being the one place the bank is chosen. The same queries keeping the explicit filter are printed
 * beside it, to show why they should not: the two differ in plan: with both, PostgreSQL derives
 * `current_setting('app.bank_code', true)::bpchar = '0182'` and checks it once in a Result node
 * above the scan, which every row then passes through (about a tenth more on a count of a bank's
 * 71,000 rows); alone, the policy is the index condition itself and adds nothing measurable.
 */
export const RLS_OVERHEAD_BUDGET = 1.1;

export interface RlsOverheadOptions {
  /** A PostgreSQL server the connecting user may create databases on (a superuser: the "off" side bypasses the forced policy). */
  serverUrl: string;
  banks: readonly string[];
  rows: number;
  rounds: number;
  /** Pages each side reads per bank and round (each a transaction: the list page and its count, with and without the status filter). */
  pagesPerRound: number;
}

const SIDES = [
  { key: 'off', label: 'off (owner)', asApp: false, bankFilter: true },
  { key: 'on', label: 'on (portal_app)', asApp: true, bankFilter: true },
  { key: 'policyOnly', label: 'on, policy alone', asApp: true, bankFilter: false },
] as const;
type SideKey = (typeof SIDES)[number]['key'];

const QUERIES = [
  { key: 'list', label: 'list page', kind: 'list', byStatus: false },
  { key: 'listByStatus', label: 'list page by status', kind: 'list', byStatus: true },
  { key: 'count', label: 'count', kind: 'count', byStatus: false },
  { key: 'countByStatus', label: 'count by status', kind: 'count', byStatus: true },
] as const;
type QueryKey = (typeof QUERIES)[number]['key'];
/** Times in ms by side, query and round. */
type Samples = Record<SideKey, Record<QueryKey, number[][]>>;

/** Pages 1, 2, 11 and 101 of 25 rows, in turn. */
const OFFSETS = [0, 25, 250, 2_500];
/** The statuses the rows get (open half of them, draft an eighth) and the filter takes in turn. */
const STATUSES = ['open', 'open', 'open', 'open', 'closed', 'closed', 'draft', 'archived'];
const FILTERED_STATUSES = ['open', 'closed', 'draft'];

export interface QuerySummary {
  label: string;
  /** p50 and p95 in ms per side, over every sample of every round. */
  perSide: Record<SideKey, { p50Ms: number; p95Ms: number; samples: number }>;
  /** Median over rounds of the round's median of (time on) / (time off) for the same page. */
  ratio: number;
  /** The same for the policy alone (no explicit bank_code filter). */
  policyOnlyRatio: number;
}

export interface RlsOverheadResult {
  rows: number;
  banks: number;
  loadSeconds: number;
  tableMegabytes: number;
  queries: QuerySummary[];
  sideLabels: Record<SideKey, string>;
  worstRatio: number;
  budget: number;
  passed: boolean;
}

const percentile = (sorted: readonly number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
const median = (values: readonly number[]) =>
  percentile(
    values.toSorted((a, b) => a - b),
    0.5,
  );

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The rows: banks interleaved as concurrent writers leave them, created over three years. */
async function fillTable(client: pg.Client, banks: readonly string[], rows: number): Promise<void> {
  await client.query(
    `insert into "${BENCH_DOMAIN_TABLE}" (bank_code, title, status, created_at, updated_at)
     select ($1::char(4)[])[1 + n % $3], '案件 ' || n, ($2::text[])[1 + (n / $3) % $4], at, at
     from generate_series(1, $5::int) as n,
       lateral (select now() - ((n::bigint * 7919) % 94608000) * interval '1 second' as at) as created`,
    [banks, STATUSES, banks.length, STATUSES.length, rows],
  );
}

type Side = (typeof SIDES)[number];
interface Page {
  bankCode: string;
  offset: number;
  status: string;
}

/** One side reads one page as the app would: a transaction, the list page and its count, with and without the status filter. */
async function readPage(
  client: pg.Client,
  side: Side,
  page: Page,
  record: (query: QueryKey, ms: number) => void,
): Promise<void> {
  await client.query('begin');
  try {
    // What withBank sends (server/db/database.ts); the owner's side sets the bank alone.
    if (side.asApp)
      await client.query(`select set_config('role', $1, true), set_config('app.bank_code', $2, true)`, [
        APP_ROLE,
        page.bankCode,
      ]);
    else await client.query(`select set_config('app.bank_code', $1, true)`, [page.bankCode]);
    for (const query of QUERIES) {
      const options: DomainQueryOptions = { bankFilter: side.bankFilter, byStatus: query.byStatus };
      const isList = query.kind === 'list';
      const text = isList
        ? domainListQuery(BENCH_DOMAIN_TABLE, options)
        : domainCountQuery(BENCH_DOMAIN_TABLE, options);
      const values = domainQueryParameters(options, isList ? page : { ...page, offset: undefined });
      const started = performance.now();
      const result = await client.query(text, values);
      const elapsed = performance.now() - started;
      if (result.rowCount !== (isList ? DOMAIN_PAGE_ROWS : 1))
        throw new Error(`${side.key} ${query.key} of ${page.bankCode} answered ${result.rowCount} rows`);
      record(query.key, elapsed);
    }
  } finally {
    await client.query('commit');
  }
}

export async function benchmarkRlsOverhead(options: RlsOverheadOptions): Promise<RlsOverheadResult> {
  const name = `bench_rls_${process.pid}`;
  const databaseUrl = new URL(options.serverUrl);
  databaseUrl.pathname = `/${name}`;
  await withClient(options.serverUrl, (client) => client.query(`create database ${name}`));
  try {
    // The app's migrations: the role portal_app and the default privileges a domain table gets.
    const quiet = { info() {}, warn() {}, error() {} };
    const db = await openDatabase({
      databaseUrl: databaseUrl.toString(),
      dataDir: os.tmpdir(),
      logger: quiet,
    });
    await db.close();

    return await withClient(databaseUrl.toString(), async (client) => {
      const { rows: who } = await client.query<{ bypasses: boolean }>(
        `select rolsuper or rolbypassrls as bypasses from pg_roles where rolname = current_user`,
      );
      if (!who[0]?.bypasses)
        throw new Error(
          'rls-overhead needs a superuser (or BYPASSRLS) connection: its "off" side reads past the forced policy',
        );
      const statements = domainTableStatements(BENCH_DOMAIN_TABLE);
      const loading = performance.now();
      for (const statement of statements.table) await client.query(statement);
      await fillTable(client, options.banks, options.rows);
      for (const statement of [...statements.indexes, ...statements.rowLevelSecurity])
        await client.query(statement);
      // As autovacuum leaves the table soon after: statistics, and the visibility map for index-only counts.
      await client.query(`vacuum analyze "${BENCH_DOMAIN_TABLE}"`);
      const loadSeconds = (performance.now() - loading) / 1000;
      const { rows: size } = await client.query<{ bytes: string }>(
        `select pg_total_relation_size($1)::text as bytes`,
        [BENCH_DOMAIN_TABLE],
      );

      const samples = Object.fromEntries(
        SIDES.map((side) => [
          side.key,
          Object.fromEntries(QUERIES.map((query) => [query.key, [] as number[][]])),
        ]),
      ) as Samples;
      const pageAt = (step: number, bankCode: string): Page => ({
        bankCode,
        offset: OFFSETS[step % OFFSETS.length]!,
        status: FILTERED_STATUSES[step % FILTERED_STATUSES.length]!,
      });
      // Warm-up: every side reads each bank once, not counted (the table's pages in shared buffers).
      for (const [index, bankCode] of options.banks.entries())
        for (const side of SIDES) await readPage(client, side, pageAt(index, bankCode), () => {});
      let step = 0;
      for (let round = 0; round < options.rounds; round++) {
        for (const side of SIDES) for (const query of QUERIES) samples[side.key][query.key].push([]);
        for (let pageNumber = 0; pageNumber < options.pagesPerRound; pageNumber++) {
          for (const bankCode of options.banks) {
            const page = pageAt(step, bankCode);
            // The same page for each side in turn; which side goes first rotates.
            for (let position = 0; position < SIDES.length; position++) {
              const side = SIDES[(step + position) % SIDES.length]!;
              await readPage(client, side, page, (query, ms) => samples[side.key][query][round]!.push(ms));
            }
            step += 1;
          }
        }
      }

      // Every side read the same pages in the same order: each page's time is compared with the
      // owner's time for that page (a round mixes pages of 0.5 and 20 ms, whose medians would wobble).
      const roundRatio = (query: QueryKey, side: SideKey) =>
        median(
          samples[side][query].map((times, round) =>
            median(times.map((ms, page) => ms / samples.off[query][round]![page]!)),
          ),
        );
      const queries = QUERIES.map((query): QuerySummary => {
        const perSide = Object.fromEntries(
          SIDES.map((side) => {
            const all = samples[side.key][query.key].flat().toSorted((a, b) => a - b);
            return [
              side.key,
              { p50Ms: percentile(all, 0.5), p95Ms: percentile(all, 0.95), samples: all.length },
            ];
          }),
        ) as QuerySummary['perSide'];
        return {
          label: query.label,
          perSide,
          ratio: roundRatio(query.key, 'on'),
          policyOnlyRatio: roundRatio(query.key, 'policyOnly'),
        };
      });
      const worstRatio = Math.max(...queries.map((query) => query.policyOnlyRatio));
      return {
        rows: options.rows,
        banks: options.banks.length,
        loadSeconds,
        tableMegabytes: Number(size[0]?.bytes ?? 0) / 1_048_576,
        queries,
        sideLabels: Object.fromEntries(SIDES.map((side) => [side.key, side.label])) as Record<
          SideKey,
          string
        >,
        worstRatio,
        budget: RLS_OVERHEAD_BUDGET,
        passed: worstRatio <= RLS_OVERHEAD_BUDGET,
      };
    });
  } finally {
    // FORCE (PostgreSQL 13+) ends a connection a failure left open.
    await withClient(options.serverUrl, (client) =>
      client.query(`drop database if exists ${name} with (force)`),
    );
  }
}
