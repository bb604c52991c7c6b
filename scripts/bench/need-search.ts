import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { joinMatchingNetwork, matchingNetworkOf } from '#server/api/matching/network-membership.ts';
import { type NeedReader, searchPublishedNeeds } from '#server/api/matching/need-search-queries.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { type NeedSearchQuery, needSearchQuerySchema } from '#server/contracts/matching.ts';
import { APP_ROLE, type Database, type DbTransaction, openDatabase } from '#server/db/database.ts';
import { seedDemoData } from '#server/demo-data.ts';
import type { Tenant, TenantRegistry } from '#server/tenancy/tenant.ts';
import { createTenantRegistry } from '#server/tenancy/tenant-registry.ts';
import {
  COMMON_NEED_WORDS,
  COMMON_SENTENCE,
  NEED_CATEGORY_ORDER,
  NEED_SENTENCES,
  NEED_TITLES,
  NEED_WORDS,
} from './need-search-words.ts';

/**
 * Issue 17's budget: the need search (/mypage/matching/search, `GET /api/v1/ca/search`) over
 * 1,000,000 needs across the 14 banks of tenants/ (a third nationwide) answers a keyword with a
 * category and an area, 25 rows, with a p95 under 50 ms on this machine. Measured on PostgreSQL, in
 * a database of the benchmark's own (`bench_needs_<pid>`, made with the app's migrations, the demo
 * banks seeded, dropped afterwards), through the route's own path: in a withBank transaction (the
 * application role, the bank), joinMatchingNetwork from the tenant files, then
 * searchPublishedNeeds (the page and its count); the whole transaction is timed, as company-list
 * times its pages. The HTTP layer around it is the user/me benchmark's.
 *
 * The data: each bank's nine demo companies and a few hundred more, about 71,000 needs per bank
 * spread over them (under the 100 a company may keep), written from the words of
 * need-search-words.ts: titles of one or two words, bodies of 100–300 characters, a category,
 * one or two JSIC middle classes, none to three prefectures (none: a need of any area), a third
 * nationwide, a twentieth private, nine in ten within their period today.
 *
 * Loading: a few needs per bank go in as the app writes them, through the trigger
 * needs_refresh_network (refresh_network_needs, migration 0037), and are timed: that path costs
 * about a millisecond per need, too long for a million. The rest go in with the triggers off for this
 * session (session_replication_role replica, which also skips the foreign-key checks, as in
 * company-list), and network_needs is filled by the same SELECT as refresh_network_needs with
 * matching_bigrams written out as one set-based query; the trigger's rows are
 * compared with that SELECT's and must be identical. The GIN index on nn_terms is built after the
 * fill (its definition read from the catalogue), then everything is VACUUM ANALYZEd, as autovacuum
 * leaves tables after a bulk load.
 *
 * Readers: the demo owner's company of each bank of the matching network (tenants/*: 0126, 0158,
 * 0182), which sees its bank's needs and the network's nationwide ones (network_needs' policies),
 * never its own. Cases take turns bank by bank; keywords are drawn from the two-character words
 * whose share of the needs is 0.5–2 % (measured after the load).
 */
export const NEED_SEARCH_P95_BUDGET_MS = 50;
const PAGE_ROWS = 25;
/** Needs per bank that go through the app's trigger (timed, and the reference for the bulk fill). */
const TRIGGER_SAMPLE_PER_BANK = 20;
/** The keyword pool: two-character words of this share of the needs. */
const KEYWORD_SHARE = { min: 0.005, max: 0.02 };

export interface NeedSearchBenchOptions {
  /** A PostgreSQL server the connecting user may create databases on (a superuser: the load turns triggers off). */
  serverUrl: string;
  rootDir: string;
  banks: readonly string[];
  needs: number;
  /** Companies added to each bank's nine demo companies. */
  companiesPerBank: number;
  /** Timed searches per case and network bank. */
  rounds: number;
  /** Called with the loaded database before it is dropped, to look into plans by hand. */
  inspect?: (loaded: { databaseUrl: string; tenants: TenantRegistry; keywords: string[] }) => Promise<void>;
}

export interface NeedSearchCase {
  label: string;
  budget: boolean;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** The median of the searches' total_rows. */
  medianTotalRows: number;
}

export interface NeedSearchBenchResult {
  needs: number;
  projected: number;
  companies: number;
  banks: number;
  networkBanks: string[];
  tableMegabytes: number;
  ginMegabytes: number;
  load: {
    seconds: number;
    demoSeconds: number;
    companiesAndNeedsSeconds: number;
    projectionSeconds: number;
    ginSeconds: number;
    analyzeSeconds: number;
    triggerNeeds: number;
    triggerMsPerNeed: number;
  };
  body: { min: number; avg: number; max: number };
  keywords: { pool: number; candidates: number; minShare: number; medianShare: number; maxShare: number };
  commonWords: { word: string; share: number }[];
  cases: NeedSearchCase[];
  explain: { label: string; plan: string }[];
  budgetP95Ms: number;
  budgetMs: number;
  passed: boolean;
}

const percentile = (sorted: readonly number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs the tasks, at most `width` at a time, each on a connection of its own. */
async function inParallel(
  url: string,
  width: number,
  tasks: readonly ((client: pg.Client) => Promise<void>)[],
): Promise<void> {
  let next = 0;
  const worker = (client: pg.Client) => async () => {
    while (next < tasks.length) await tasks[next++]!(client);
  };
  await Promise.all(
    Array.from({ length: Math.min(width, tasks.length) }, () =>
      withClient(url, (client) => worker(client)()),
    ),
  );
}

/** A seeded generator (mulberry32): the same keywords and facets run after run. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
}

/** Demo companies of a bank sit in one prefecture (server/db/demo-banks.ts); their needs lean to it. */
const prefectureOf = (bankCode: string) => String((Number(bankCode) % 47) + 1).padStart(2, '0');

/** The bank's added companies, most in the bank's prefecture. */
async function fillCompanies(client: pg.Client, bankCode: string, count: number): Promise<void> {
  await client.query(
    `insert into companies (bank_code, company_unique_code, company_corporate_number, company_name, company_name_kana,
      company_type, company_prefecture_code, bb_id, company_created_at, company_last_used_at)
    select $1, 'bench-nc-' || n, lpad((2000000000000 + n)::text, 13, '0'),
      (array['株式会社','有限会社','合同会社'])[1 + n % 3] || (array['みなと','さくら','あおば','ひかり','つばめ','かえで'])[1 + n % 6]
        || (array['商事','工業','食品','建設','運輸','精工','物産'])[1 + n % 7] || n,
      (array['ミナト','サクラ','アオバ','ヒカリ','ツバメ','カエデ'])[1 + n % 6] || (array['ショウジ','コウギョウ','ショクヒン'])[1 + n % 3] || n,
      'normal',
      case when n % 10 < 7 then $3 else lpad((1 + n % 47)::text, 2, '0') end,
      (select array_agg(bb_id order by bb_id) from bank_branches where bank_code = $1)[1 + n % (select count(*) from bank_branches where bank_code = $1)::int],
      now() - ((n::bigint * 7919) % 157680000) * interval '1 second', now() - ((n::bigint * 104729) % 7776000) * interval '1 second'
    from generate_series(1, $2::int) as n`,
    [bankCode, count, prefectureOf(bankCode)],
  );
}

/**
 * Needs `from`..`to` of a bank, written by the database from the words (deterministic: a hash of
 * the bank and the need's number picks every part).
 */
async function fillNeeds(
  client: pg.Client,
  bankCode: string,
  bankIndex: number,
  from: number,
  to: number,
): Promise<void> {
  const MAX = 2147483647;
  const key = (k: string) => `(hashint8((($11::bigint * 16777216) + n) * 1024 + ${k}) & ${MAX})`;
  const h = (k: number) => key(String(k));
  await client.query(
    `with setting as (
      select (select array_agg(code::text order by code) from industry_middle_classes) as industries,
        (now() at time zone 'Asia/Tokyo')::date as today,
        (select array_agg(company_id order by company_id) from companies where bank_code = $1) as companies,
        (select user_id from users where bank_code = $1 and user_login_id = 'owner-' || $1) as owner
    )
    insert into needs (bank_code, need_unique_code, company_id, need_title, need_category, need_industry_codes,
      need_area_codes, need_body, need_period_start, need_period_end, need_visibility, need_reach,
      need_created_by, need_updated_by, need_created_at, need_updated_at)
    select $1, 'bn' || $1 || 'x' || n, s.companies[1 + ${h(1)} % cardinality(s.companies)],
      replace(replace(($7::text[])[v.ci][1 + ${h(2)} % 4], '{a}', ($4::text[])[1 + ${h(3)} % cardinality($4::text[])]),
        '{b}', ($4::text[])[1 + ${h(4)} % cardinality($4::text[])]),
      ($8::text[])[v.ci],
      array(select distinct s.industries[1 + ${key('200 + j')} % cardinality(s.industries)]
        from generate_series(1, 1 + ${h(5)} % 2) as j)::char(2)[],
      array(select distinct case when j = 1 and ${h(6)} % 2 = 0 then $10
          else lpad((1 + ${key('300 + j')} % 47)::text, 2, '0') end
        from generate_series(1, case when ${h(7)} % 20 < 5 then 0 when ${h(7)} % 20 < 13 then 1
          when ${h(7)} % 20 < 17 then 2 else 3 end) as j)::char(2)[],
      (select string_agg(replace(($5::text[])[1 + ${key('400 + k')} % cardinality($5::text[])], '{w}',
          ($4::text[])[1 + ${key('500 + k')} % cardinality($4::text[])]), '' order by k)
        from generate_series(1, 6 + ${h(8)} % 5) as k)
        || case when ${h(9)} % 10 < 4 then replace($6, '{c}', ($9::text[])[1 + ${h(10)} % cardinality($9::text[])])
          else '' end,
      v.starts, v.ends,
      case when ${h(11)} % 20 = 0 then 0 else 1 end,
      case when ${h(12)} % 3 = 0 then 'nationwide' else 'bank' end,
      s.owner, s.owner, v.created, least(now(), v.created + (${h(13)} % 60) * interval '1 day')
    from setting as s, generate_series($2::int, $3::int) as n,
      lateral (select 1 + ${h(14)} % 5 as ci, ${h(15)} % 100 as state) as r,
      lateral (select r.ci,
        case when r.state < 3 then s.today + 1 + ${h(16)} % 30
          when r.state < 10 then s.today - 200 - ${h(16)} % 100
          else s.today - ${h(16)} % 365 end as starts,
        case when r.state < 3 then case when ${h(17)} % 2 = 0 then null else s.today + 120 end
          when r.state < 10 then s.today - 1 - ${h(17)} % 60
          when ${h(17)} % 3 = 0 then null
          else s.today + 1 + ${h(17)} % 300 end as ends) as p,
      lateral (select p.ci, p.starts, p.ends,
        least(now(), (p.starts - ${h(18)} % 10)::timestamp at time zone 'Asia/Tokyo'
          + (${h(19)} % 86400) * interval '1 second') as created) as v`,
    [
      bankCode,
      from,
      to,
      NEED_WORDS,
      NEED_SENTENCES,
      COMMON_SENTENCE,
      NEED_TITLES,
      NEED_CATEGORY_ORDER,
      COMMON_NEED_WORDS,
      prefectureOf(bankCode),
      bankIndex + 1,
    ],
  );
}

/**
 * refresh_network_needs' SELECT (migration 0037) for a bank's needs, matching_bigrams written out:
 * the same pieces (consecutive characters of the normalised title and body, none with white space,
 * distinct, in the same order), the text normalised once per need rather than once per piece.
 */
const PROJECTION_SELECT = `
  select n.bank_code, n.need_id, n.need_unique_code, n.company_id, c.company_unique_code,
    c.company_name, c.company_prefecture_code, n.need_title, n.need_category,
    n.need_industry_codes, n.need_area_codes, n.need_body, n.need_image_file_codes,
    n.need_period_start, n.need_period_end, n.need_reach = 'nationwide', n.need_created_at,
    n.need_updated_at, matching_text(n.need_title), matching_text(n.need_body),
    b.pieces
      || array['c:' || n.need_category]
      || array(select 'i:' || code from unnest(n.need_industry_codes) as code)
      || case when cardinality(n.need_area_codes) = 0 then array['a:00']
         else array(select 'a:' || code from unnest(n.need_area_codes) as code) end
      || array['b:' || n.bank_code]
      || case when n.need_reach = 'nationwide' then array['w:' || n.bank_code] else '{}' end
  from needs n
  join companies c on c.bank_code = n.bank_code and c.company_id = n.company_id
  cross join lateral (
    select coalesce(array_agg(distinct piece), '{}') as pieces
    from (select string_to_array(matching_text(n.need_title || ' ' || n.need_body), null) as ch offset 0) as t,
      unnest(t.ch[1:cardinality(t.ch) - 1], t.ch[2:cardinality(t.ch)]) as pair(a, b),
      lateral (select pair.a || pair.b as piece) as p
    where piece !~ '\\s'
  ) as b
  where n.bank_code = $1
    and n.need_visibility = 1
    and (n.need_offer_status is null or n.need_offer_status = 'accepted')
    and not c.company_is_disabled and not c.company_is_unsubscribed`;

/** Records the SQL of every select the transaction runs (drizzle's toSQL()), then runs it as usual. */
function recordingSelects(tx: DbTransaction, record: (query: { sql: string; params: unknown[] }) => void) {
  const wrap = (target: object): object =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value: unknown = Reflect.get(object, property, receiver);
        if (property === 'then' && typeof value === 'function') {
          record((object as { toSQL(): { sql: string; params: unknown[] } }).toSQL());
          return value.bind(object);
        }
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const result: unknown = value.apply(receiver, args);
          return result === object || result === receiver
            ? receiver
            : typeof result === 'object' && result
              ? wrap(result)
              : result;
        };
      },
    });
  return new Proxy(tx, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (property !== 'select' || typeof value !== 'function') return value;
      return (...args: unknown[]) => wrap(value.apply(object, args) as object);
    },
  });
}

interface Reader extends NeedReader {
  tenant: Tenant;
}

type CaseKey = 'budget' | 'common' | 'keywordCategory' | 'categoryArea' | 'industryArea' | 'newest' | 'own';
const CASES: { key: CaseKey; label: string }[] = [
  { key: 'budget', label: 'keyword + category + area' },
  { key: 'common', label: 'keyword only (common word)' },
  { key: 'keywordCategory', label: 'keyword + category' },
  { key: 'categoryArea', label: 'category + area' },
  { key: 'industryArea', label: 'classification + area' },
  { key: 'newest', label: 'newest, no conditions' },
  { key: 'own', label: 'kw + cat + area, scope own' },
];

export async function benchmarkNeedSearch(options: NeedSearchBenchOptions): Promise<NeedSearchBenchResult> {
  const name = `bench_needs_${process.pid}`;
  const databaseUrl = new URL(options.serverUrl);
  databaseUrl.pathname = `/${name}`;
  const url = databaseUrl.toString();
  await withClient(options.serverUrl, (client) => client.query(`create database ${name}`));
  // FORCE (PostgreSQL 13+) ends a connection a failure left open.
  const dropDatabase = () =>
    withClient(options.serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  // The run takes half an hour: an interrupted one drops its database too.
  const onSignal = (signal: NodeJS.Signals) => {
    // The connections the drop ends report it as errors nobody waits for: the process is leaving.
    process.on('uncaughtException', () => {});
    void dropDatabase().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let db: Database | undefined;
  let tenants: TenantRegistry | undefined;
  try {
    const quiet = { info() {}, warn() {}, error() {} };
    tenants = await createTenantRegistry({
      tenantsDir: path.join(options.rootDir, 'tenants'),
      themesDir: path.join(options.rootDir, 'themes'),
      devHosts: false,
      watch: false,
      logger: quiet,
    });
    const registry = tenants;
    const banks = options.banks.map((code) => {
      const tenant = registry.get(code);
      if (!tenant) throw new Error(`no tenant file for bank ${code}`);
      return tenant;
    });
    db = await openDatabase({ databaseUrl: url, dataDir: os.tmpdir(), logger: quiet });
    const database = db;

    const demoStart = performance.now();
    await seedDemoData(
      db,
      banks.map((tenant) => ({ code: tenant.code, bank_name: tenant.config.bank_name })),
    );
    const demoSeconds = (performance.now() - demoStart) / 1000;

    // The load, as the superuser.
    const loadStart = performance.now();
    const perBank = (index: number) =>
      Math.floor(options.needs / banks.length) + (index < options.needs % banks.length ? 1 : 0);
    const triggerMs = await withClient(url, async (client) => {
      await client.query('set session_replication_role = replica');
      for (const tenant of banks) await fillCompanies(client, tenant.code, options.companiesPerBank);
      await client.query('set session_replication_role = origin');
      // The app's path: the trigger projects each need in its bank's transaction.
      const started = performance.now();
      for (const [index, tenant] of banks.entries()) {
        await client.query('begin');
        await client.query(`select set_config('app.bank_code', $1, true)`, [tenant.code]);
        await fillNeeds(client, tenant.code, index, 1, TRIGGER_SAMPLE_PER_BANK);
        await client.query('commit');
      }
      return performance.now() - started;
    });
    const ginDefinition = await withClient(url, async (client) => {
      const { rows } = await client.query<{ definition: string }>(
        `select pg_get_indexdef('network_needs_terms_gin'::regclass) as definition`,
      );
      await client.query('drop index network_needs_terms_gin');
      return rows[0]!.definition;
    });
    const width = Math.max(1, Math.min(os.availableParallelism(), 4));
    await inParallel(
      url,
      width,
      banks.map((tenant, index) => async (client) => {
        await client.query('set session_replication_role = replica');
        await fillNeeds(client, tenant.code, index, TRIGGER_SAMPLE_PER_BANK + 1, perBank(index));
      }),
    );
    // Statistics before the fill: without them the planner takes the bank's companies for one row
    // and reads every need once per company.
    await withClient(url, (client) => client.query('analyze companies, needs'));
    const needsLoaded = performance.now();
    await inParallel(
      url,
      width,
      banks.map((tenant) => async (client) => {
        await client.query(
          `insert into network_needs select * from (${PROJECTION_SELECT}) as projected
           where not exists (select 1 from network_needs x where x.bank_code = projected.bank_code and x.need_id = projected.need_id)`,
          [tenant.code],
        );
      }),
    );
    const projected = performance.now();
    await withClient(url, async (client) => {
      await client.query(`set maintenance_work_mem = '1GB'`);
      await client.query(ginDefinition);
    });
    const ginBuilt = performance.now();
    await withClient(url, (client) =>
      client.query('vacuum analyze companies, needs, network_needs, users, bank_branches'),
    );
    const analyzed = performance.now();

    // The trigger's rows and the bulk SELECT's must be the same rows.
    await withClient(url, async (client) => {
      for (const tenant of banks) {
        const { rows } = await client.query<{ differing: string; trigger: string }>(
          `with sample as (select need_id from needs where bank_code = $1 and need_unique_code = any($2::varchar[])),
            projected as (select * from (${PROJECTION_SELECT}) as p where need_id in (select need_id from sample)),
            stored as (select * from network_needs where bank_code = $1 and need_id in (select need_id from sample))
          select (select count(*) from ((select * from projected except select * from stored)
              union all (select * from stored except select * from projected)) as d) as differing,
            (select count(*) from stored) as trigger`,
          [
            tenant.code,
            Array.from({ length: TRIGGER_SAMPLE_PER_BANK }, (_, n) => `bn${tenant.code}x${n + 1}`),
          ],
        );
        if (Number(rows[0]!.differing) !== 0 || Number(rows[0]!.trigger) === 0)
          throw new Error(
            `bank ${tenant.code}: the bulk projection differs from the trigger's in ${rows[0]!.differing} rows`,
          );
      }
    });

    const figures = await withClient(url, async (client) => {
      const { rows } = await client.query<{
        needs: string;
        projected: string;
        companies: string;
        table_bytes: string;
        gin_bytes: string;
        body_min: number;
        body_avg: string;
        body_max: number;
      }>(`select (select count(*) from needs) as needs, (select count(*) from network_needs) as projected,
          (select count(*) from companies) as companies,
          pg_total_relation_size('network_needs') as table_bytes,
          pg_relation_size('network_needs_terms_gin') as gin_bytes,
          min(length(need_body)) filter (where need_unique_code like 'bn%') as body_min,
          avg(length(need_body)) filter (where need_unique_code like 'bn%') as body_avg,
          max(length(need_body)) filter (where need_unique_code like 'bn%') as body_max
        from needs`);
      const words = [...new Set(NEED_WORDS.map((word) => word.normalize('NFKC').toLowerCase()))].filter(
        (word) => [...word].length === 2,
      );
      const shares = new Map<string, number>();
      const total = Number(rows[0]!.projected);
      for (const word of [...words, ...COMMON_NEED_WORDS]) {
        const { rows: counted } = await client.query<{ hits: string }>(
          `select count(*) as hits from network_needs where nn_terms @> array[$1]::text[]`,
          [word],
        );
        shares.set(word, Number(counted[0]!.hits) / total);
      }
      const { rows: classes } = await client.query<{ code: string }>(
        'select code from industry_middle_classes order by code',
      );
      return { row: rows[0]!, words, shares, industries: classes.map((row) => row.code.trim()) };
    });
    const pool = figures.words.filter((word) => {
      const share = figures.shares.get(word)!;
      return share >= KEYWORD_SHARE.min && share <= KEYWORD_SHARE.max;
    });
    if (pool.length === 0) throw new Error('no two-character word has a share of 0.5–2 % of the needs');
    const poolShares = pool.map((word) => figures.shares.get(word)!).toSorted((a, b) => a - b);

    // The readers: each network bank's demo owner's company.
    const networkBanks = matchingNetworkOf(registry).filter((code) => options.banks.includes(code));
    if (networkBanks.length === 0)
      throw new Error('no bank of the benchmark takes part in the matching network');
    const readers: Reader[] = [];
    for (const code of networkBanks) {
      const { rows } = await database.withBank(code, (tx) =>
        tx.execute<{ company_id: number }>(
          sql`select company_id from users where user_login_id = ${`owner-${code}`}`,
        ),
      );
      readers.push({ bankCode: code, companyId: rows[0]!.company_id, tenant: registry.get(code)! });
    }

    const pick = randomFrom(17);
    const queryOf = (key: CaseKey, reader: Reader): NeedSearchQuery => {
      const category = pick(NEED_CATEGORY_ORDER);
      const area = pick([
        prefectureOf(reader.bankCode),
        pick(Array.from({ length: 47 }, (_, i) => String(i + 1).padStart(2, '0'))),
      ]);
      const base = { rows: PAGE_ROWS, page: 1, scope: 'nationwide' };
      const conditions = {
        budget: { keyword: pick(pool), category, area_code: area },
        common: { keyword: pick(COMMON_NEED_WORDS) },
        keywordCategory: { keyword: pick(pool), category },
        categoryArea: { category, area_code: area },
        industryArea: { industry_code: pick(figures.industries), area_code: area },
        newest: {},
        own: { keyword: pick(pool), category, area_code: area, scope: 'own' },
      }[key];
      return needSearchQuerySchema.parse({ ...base, ...conditions });
    };
    const search = async (
      reader: Reader,
      query: NeedSearchQuery,
      wrapTransaction: (tx: DbTransaction) => DbTransaction = (tx) => tx,
    ) => {
      const today = japanDateString();
      const started = performance.now();
      const { totalRows } = await database.withBank(reader.bankCode, async (bankTx) => {
        const used = wrapTransaction(bankTx);
        const network = await joinMatchingNetwork(used, reader.tenant, registry);
        return searchPublishedNeeds(used, query, { ...reader, network }, today);
      });
      return { ms: performance.now() - started, totalRows };
    };

    // Warm-up: every case once per reader (pages in shared buffers, plans cached).
    for (const reader of readers)
      for (const testCase of CASES) await search(reader, queryOf(testCase.key, reader));
    const samples = CASES.map(() => [] as number[]);
    const totals = CASES.map(() => [] as number[]);
    // Cases take turns bank by bank, so all meet the same machine moments.
    for (let round = 0; round < options.rounds; round++)
      for (const reader of readers)
        for (const [index, testCase] of CASES.entries()) {
          const { ms, totalRows } = await search(reader, queryOf(testCase.key, reader));
          samples[index]!.push(ms);
          totals[index]!.push(totalRows);
        }
    const cases = CASES.map((testCase, index): NeedSearchCase => {
      const sorted = samples[index]!.toSorted((a, b) => a - b);
      return {
        label: testCase.label,
        budget: testCase.key === 'budget',
        samples: sorted.length,
        p50Ms: percentile(sorted, 0.5),
        p95Ms: percentile(sorted, 0.95),
        maxMs: sorted.at(-1) ?? Number.NaN,
        medianTotalRows: percentile(
          totals[index]!.toSorted((a, b) => a - b),
          0.5,
        ),
      };
    });

    // The budget case's two statements as the route sends them, explained in a transaction opened as withBank opens it.
    const reader = readers.find((candidate) => candidate.bankCode === '0182') ?? readers[0]!;
    const budgetQuery = queryOf('budget', reader);
    const statements: { sql: string; params: unknown[] }[] = [];
    await search(reader, budgetQuery, (tx) => recordingSelects(tx, (query) => statements.push(query)));
    const explain = await withClient(url, async (client) => {
      const plans: { label: string; plan: string }[] = [];
      for (const statement of statements) {
        await client.query('begin');
        try {
          await client.query(`select set_config('role', $1, true), set_config('app.bank_code', $2, true)`, [
            APP_ROLE,
            reader.bankCode,
          ]);
          await client.query(`select set_config('app.matching_network', $1, true)`, [
            matchingNetworkOf(registry).join(','),
          ]);
          const { rows } = await client.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, buffers) ${statement.sql}`,
            statement.params,
          );
          plans.push({
            label: `${statement.sql.includes('count(*)') ? 'count' : 'page'} of ${JSON.stringify({ ...budgetQuery, bank: reader.bankCode })}`,
            plan: rows.map((row) => row['QUERY PLAN']).join('\n'),
          });
        } finally {
          await client.query('rollback');
        }
      }
      return plans;
    });

    await options.inspect?.({ databaseUrl: url, tenants: registry, keywords: pool });

    const budgetP95Ms = cases.find((testCase) => testCase.budget)!.p95Ms;
    return {
      needs: Number(figures.row.needs),
      projected: Number(figures.row.projected),
      companies: Number(figures.row.companies),
      banks: banks.length,
      networkBanks,
      tableMegabytes: Number(figures.row.table_bytes) / 1_048_576,
      ginMegabytes: Number(figures.row.gin_bytes) / 1_048_576,
      load: {
        seconds: (analyzed - loadStart) / 1000,
        demoSeconds,
        companiesAndNeedsSeconds: (needsLoaded - loadStart) / 1000,
        projectionSeconds: (projected - needsLoaded) / 1000,
        ginSeconds: (ginBuilt - projected) / 1000,
        analyzeSeconds: (analyzed - ginBuilt) / 1000,
        triggerNeeds: TRIGGER_SAMPLE_PER_BANK * banks.length,
        triggerMsPerNeed: triggerMs / (TRIGGER_SAMPLE_PER_BANK * banks.length),
      },
      body: {
        min: figures.row.body_min,
        avg: Number(figures.row.body_avg),
        max: figures.row.body_max,
      },
      keywords: {
        pool: pool.length,
        candidates: figures.words.length,
        minShare: poolShares[0]!,
        medianShare: percentile(poolShares, 0.5),
        maxShare: poolShares.at(-1)!,
      },
      commonWords: COMMON_NEED_WORDS.map((word) => ({ word, share: figures.shares.get(word)! })),
      cases,
      explain,
      budgetP95Ms,
      budgetMs: NEED_SEARCH_P95_BUDGET_MS,
      passed: budgetP95Ms < NEED_SEARCH_P95_BUDGET_MS,
    };
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await db?.close();
    await tenants?.close();
    await dropDatabase();
  }
}
