import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '#server/db/database.ts';

/**
 * Fills the news table for the news-search benchmark: `perBank` news items in each bank, as a
 * bank's years of publishing would leave them — most public and for every company, some private,
 * some for partners or non-partners only, a few scheduled or ended, across the news categories,
 * published over the last three years. And the benchmark's reader has opened a third of them, so
 * the unread condition has reads to look past. Inserted by the database itself (generate_series),
 * inside each bank's own transaction as the application role, so row-level security applies.
 */
export async function fillNewsRows(
  db: Database,
  codes: readonly string[],
  perBank: number,
  reader: { bankCode: string; loginId: string },
): Promise<void> {
  for (const code of codes) {
    await db.withBank(code, (tx) =>
      tx.execute(sql`
        insert into articles (article_kind, article_title, article_body, category_code, article_visibility,
          article_publish_start, article_publish_end, article_target)
        select 'news',
          'ベンチマーク用のお知らせ ' || n,
          '<p>' || repeat('地域の事業者の皆さまへのお知らせです。', 8) || '</p>',
          (array['notice','important','new_feature','maintenance','bank','seminar','subsidy','campaign'])[1 + n % 8],
          case when n % 10 = 0 then 0 else 1 end,
          -- every 50th scheduled (starts ahead), every 20th ended 30 days after its start
          case when n % 50 = 0 then current_date + 1 + n % 30 else current_date - (n % 1095) end,
          case when n % 20 = 0 and n % 50 <> 0 then current_date - (n % 1095) + 30 else null end,
          case n % 7 when 0 then 'partner' when 1 then 'non_partner' else 'all' end
        from generate_series(1, ${perBank}) as n
      `),
    );
  }
  await db.withBank(reader.bankCode, (tx) =>
    tx.execute(sql`
      insert into article_reads (user_id, article_id)
      select u.user_id, a.article_id
      from users u
      join articles a on a.article_kind = 'news' and a.article_id % 3 = 0
      where u.user_login_id = ${reader.loginId}
      on conflict do nothing
    `),
  );
}

/**
 * The state autovacuum leaves a table in soon after a bulk insert: planner statistics, and the
 * visibility map set, so index-only scans need no heap visit (a bank's news are written once and
 * read for years, so their pages are all-visible in the steady state).
 */
export async function analyzeNewsTables(databaseUrl: string | undefined): Promise<void> {
  if (!databaseUrl) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('vacuum analyze articles, article_reads, users, companies');
  } finally {
    await client.end();
  }
}
