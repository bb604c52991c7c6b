import { desc, type SQL, sql } from 'drizzle-orm';
import { pageOffset } from '#server/contracts/paging.ts';
import { unionAll } from 'drizzle-orm/pg-core';
import { keywordWords, type NeedSearchQuery, type PublishedNeed } from '#server/contracts/matching.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { networkNeeds } from '#server/db/schema.ts';
import { needContentOf } from './need-queries.ts';

/**
 * The published needs other companies read (decision 0092), always from network_needs: the bank's
 * own companies' needs and, in a transaction that joined the matching network, the nationwide needs
 * of the network's other banks (row-level security decides which rows exist). Published: public
 * (the projection holds no other), and `today` within its period.
 *
 * A keyword is looked up by its two-character pieces in the GIN index of nn_terms (with the
 * category, classification and area facets and the reader's visible banks, one index lookup in
 * network_need_keys, as the table's owner: row-level security would keep this role's query off the
 * index), then rechecked as a substring of the normalised title or body. Relevance: a word in the
 * title counts 3, in the body 1. A search without a keyword or a classification reads a B-tree
 * instead (newestPublishedNeeds).
 */

export type NetworkNeedRow = typeof networkNeeds.$inferSelect;

/** The company reading: its bank (the transaction's) and itself. */
export interface NeedReader {
  bankCode: string;
  companyId: number;
}

/** A company searching: also the banks of the network its transaction joined (none outside it). */
export interface NeedSearcher extends NeedReader {
  network: readonly string[];
}

const nn = networkNeeds;

const publishedOn = (today: string) =>
  sql`${nn.need_period_start} <= ${today}::date and (${nn.need_period_end} is null or ${nn.need_period_end} >= ${today}::date)`;

/** The published need as others read it; `bankName` names its bank. */
export function publishedNeedOf(row: NetworkNeedRow, reader: NeedReader, bankName: string): PublishedNeed {
  return {
    ...needContentOf(row),
    need_is_nationwide: row.need_is_nationwide,
    need_updated_at: row.need_updated_at.toISOString(),
    company_unique_code: row.company_unique_code,
    company_name: row.company_name,
    company_prefecture_code: row.company_prefecture_code,
    bank_code: row.bank_code,
    bank_name: bankName,
    is_own_bank: row.bank_code === reader.bankCode,
  };
}

/**
 * The conditions of a search with a keyword or a facet, as SQL: the keyword's pieces and the facets
 * in one containment on nn_terms, the area by overlap.
 */
function searchConditions(query: NeedSearchQuery, reader: NeedReader, today: string): SQL[] {
  const words = keywordWords(query.keyword);
  const facets = [
    ...(query.category ? [`c:${query.category}`] : []),
    ...(query.industry_code ? [`i:${query.industry_code}`] : []),
  ];
  const pieces = words.map((word) => sql`matching_bigrams(${word})`);
  const conditions: SQL[] = [
    publishedOn(today),
    sql`not (${nn.bank_code} = ${reader.bankCode} and ${nn.company_id} = ${reader.companyId})`,
  ];
  const ownBankOnly = query.scope === 'own';
  // The index lookup runs in network_need_keys (migrations 0036, 0037): row-level security keeps
  // the application role's own query off the GIN index. The rows come back by their keys, under it.
  const terms = sql.join([sql`${sql.param(facets)}::text[]`, ...pieces], sql` || `);
  const anyTerms = query.area_code ? sql`${sql.param([`a:${query.area_code}`, 'a:00'])}::text[]` : sql`null`;
  conditions.push(
    sql`(${nn.bank_code}, ${nn.need_id}) in (select k.bank_code, k.need_id from network_need_keys(${terms}, ${anyTerms}, ${ownBankOnly}) k)`,
  );
  if (ownBankOnly) conditions.push(sql`${nn.bank_code} = ${reader.bankCode}`);
  for (const word of words)
    conditions.push(
      sql`(strpos(${nn.nn_title_text}, matching_text(${word})) > 0 or strpos(${nn.nn_body_text}, matching_text(${word})) > 0)`,
    );
  return conditions;
}

function relevanceOf(words: readonly string[]): SQL {
  if (words.length === 0) return sql`0`;
  return sql.join(
    words.map(
      (word) =>
        sql`(case when strpos(${nn.nn_title_text}, matching_text(${word})) > 0 then 3 else 0 end + case when strpos(${nn.nn_body_text}, matching_text(${word})) > 0 then 1 else 0 end)`,
    ),
    sql` + `,
  );
}

/**
 * The parts of the needs a searcher sees, one per bank (its own bank's, less the company's own; each
 * other bank of the network's nationwide ones): what the policies let through, written out so that
 * each part is a range of network_needs_visible_index.
 */
function visibleParts(searcher: NeedSearcher, ownBankOnly: boolean, today: string): SQL[] {
  const others =
    ownBankOnly || !searcher.network.includes(searcher.bankCode)
      ? []
      : searcher.network.filter((bank) => bank !== searcher.bankCode);
  return [
    sql`${nn.bank_code} = ${searcher.bankCode} and ${nn.company_id} <> ${searcher.companyId}`,
    ...others.map((bank) => sql`${nn.bank_code} = ${bank} and ${nn.need_is_nationwide}`),
  ].map((part) => sql`${part} and ${publishedOn(today)}`);
}

/** The category and area of a search, on the columns network_needs_visible_index holds. */
function broadFacetConditions(query: NeedSearchQuery): SQL[] {
  return [
    ...(query.category ? [sql`${nn.need_category} = ${query.category}`] : []),
    ...(query.area_code
      ? [
          sql`(cardinality(${nn.need_area_codes}) = 0 or ${nn.need_area_codes} && ${sql.param([query.area_code])}::char(2)[])`,
        ]
      : []),
  ];
}

/**
 * The newest needs of a search with no keyword and no classification (the search page's first view
 * among them): each visible part read newest first down network_needs_visible_index as far as the
 * page goes, the category and area checked on the way, and counted from the index alone. Asked as
 * one statement, the planner read every visible row from the heap and sorted them (the benchmark's
 * "newest, no conditions", 790 ms over a million needs; "category + area" through the GIN index,
 * 300 ms).
 */
async function newestPublishedNeeds(
  tx: DbTransaction,
  query: NeedSearchQuery,
  searcher: NeedSearcher,
  today: string,
): Promise<{ rows: NetworkNeedRow[]; totalRows: number }> {
  const facets = broadFacetConditions(query);
  const parts = visibleParts(searcher, query.scope === 'own', today).map((part) =>
    sql.join([part, ...facets], sql` and `),
  );
  // A function: drizzle rewrites the columns of a union's order in place.
  const newest = () => [desc(nn.need_updated_at), nn.need_unique_code];
  const offset = pageOffset(query.page, query.rows);
  const reach = query.page * query.rows;
  const [own, ...others] = parts.map((part) =>
    tx
      .select()
      .from(nn)
      .where(part)
      .orderBy(...newest()),
  );
  const [other, ...more] = others.map((head) => head.limit(reach));
  const rows = other
    ? await unionAll(own!.limit(reach), other, ...more)
        .orderBy(...newest())
        .limit(query.rows)
        .offset(offset)
    : await own!.limit(query.rows).offset(offset);
  const counts = parts.map((part) => sql`(select count(*) from ${nn} where ${part})`);
  const { rows: counted } = await tx.execute<{ total: number }>(
    sql`select (${sql.join(counts, sql` + `)})::int as total`,
  );
  return { rows, totalRows: counted[0]?.total ?? 0 };
}

/** A page of the search's needs and how many there are. */
export async function searchPublishedNeeds(
  tx: DbTransaction,
  query: NeedSearchQuery,
  searcher: NeedSearcher,
  today: string,
): Promise<{ rows: NetworkNeedRow[]; totalRows: number }> {
  const words = keywordWords(query.keyword);
  // Without a keyword or a classification, the conditions are broad (category, area: a few needs
  // in a hundred or more), and a page's needs are among each bank's newest few hundred: the
  // B-tree's way. A keyword or a classification (a JSIC middle class: one need in fifty or fewer)
  // finds few needs among many: the GIN index's.
  if (words.length === 0 && !query.industry_code) return newestPublishedNeeds(tx, query, searcher, today);
  const where = sql.join(searchConditions(query, searcher, today), sql` and `);
  const order = query.order ?? (words.length > 0 ? 'relevance' : 'newest');
  const orderBy =
    order === 'relevance'
      ? sql`${relevanceOf(words)} desc, ${nn.need_updated_at} desc, ${nn.need_unique_code}`
      : sql`${nn.need_updated_at} desc, ${nn.need_unique_code}`;
  // The page and the count in one statement: the index lookup (network_need_keys) runs once.
  const page = await tx
    .select({ need: nn, total: sql<number>`(count(*) over ())::int` })
    .from(nn)
    .where(where)
    .orderBy(orderBy)
    .limit(query.rows)
    .offset(pageOffset(query.page, query.rows));
  const [first] = page;
  if (first) return { rows: page.map((row) => row.need), totalRows: first.total };
  // A page past the end says nothing of the count: it is asked on its own.
  const [counted] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(nn)
    .where(where);
  return { rows: [], totalRows: counted?.total ?? 0 };
}

/** The published need of that code the reader's transaction can see, or undefined. */
export async function findPublishedNeed(
  tx: DbTransaction,
  code: string,
  today: string,
): Promise<NetworkNeedRow | undefined> {
  const [row] = await tx
    .select()
    .from(nn)
    .where(sql`${nn.need_unique_code} = ${code} and ${publishedOn(today)}`);
  return row;
}

/** The published needs of these codes the reader can see, in the order of the codes. */
export async function findPublishedNeeds(
  tx: DbTransaction,
  codes: readonly string[],
  today: string,
): Promise<NetworkNeedRow[]> {
  if (codes.length === 0) return [];
  const rows = await tx
    .select()
    .from(nn)
    .where(sql`${nn.need_unique_code} = any(${sql.param([...codes])}::varchar[]) and ${publishedOn(today)}`);
  const byCode = new Map(rows.map((row) => [row.need_unique_code, row]));
  return codes.flatMap((code) => byCode.get(code) ?? []);
}
