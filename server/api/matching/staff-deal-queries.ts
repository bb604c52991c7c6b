import { type AnyColumn, and, asc, desc, eq, gte, ilike, like, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { DealStatus } from '#server/contracts/matching-deals.ts';
import type {
  StaffDealConditions,
  StaffDealDetail,
  StaffDealListItem,
  StaffDealMessage,
} from '#server/contracts/matching-staff.ts';
import type { NeedCategoryCode } from '#server/contracts/need-categories.ts';
import { containsPattern } from '#server/db/contains-pattern.ts';
import { pageOffset } from '#server/contracts/paging.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { bankBranches, companies, matchingDealMessages, matchingDeals, users } from '#server/db/schema.ts';
import type { StaffViewer } from '#server/plugins/request-context.ts';
import { withinViewersBranches } from '../kit/branch-visibility.ts';
import { searchTotalRows, totalRowsColumn } from '../kit/search-total-rows.ts';

/**
 * The deal requests a company of the bank is a party to, as the bank's staff read them
 * (/admin/company/matching, decision 0092): sent by one of its companies (bank_code is the bank's)
 * or received by one (receiver_bank_code is), whichever bank the other company is of. Row-level
 * security (deal_parties) already keeps every other bank's deals out; each party of the bank is
 * joined to its company row (readable only for the bank's own companies) for its branch, and a
 * branch staff member sees a deal only through a party of their branches.
 */

const d = matchingDeals;
const senderCompany = alias(companies, 'sender_company');
const receiverCompany = alias(companies, 'receiver_company');
const senderBranch = alias(bankBranches, 'sender_branch');
const receiverBranch = alias(bankBranches, 'receiver_branch');

/** Who is reading: the bank (the transaction's) and the staff member. */
export interface StaffReader {
  bankCode: string;
  viewer: StaffViewer;
  bankNameOf: (bankCode: string) => string;
}

/** A party of the deal: its bank and company on the deal's row, and the aliases of its company and branch rows. */
const SENDER = {
  bankCode: d.bank_code,
  companyId: d.sender_company_id,
  companyCode: d.sender_company_unique_code,
  company: senderCompany,
  branch: senderBranch,
};
const RECEIVER = {
  bankCode: d.receiver_bank_code,
  companyId: d.receiver_company_id,
  companyCode: d.receiver_company_unique_code,
  company: receiverCompany,
  branch: receiverBranch,
};
type DealSide = typeof SENDER | typeof RECEIVER;

/**
 * The party as the reader may see it: the bank's company on that side, of the reader's branches
 * (branch staff), of the branch and the company searched for.
 */
function partyOf(side: DealSide, reader: StaffReader, wanted: { bb_id?: number; company?: string }): SQL {
  return and(
    eq(side.bankCode, reader.bankCode),
    withinViewersBranches(reader.viewer, side.company.bb_id),
    wanted.bb_id === undefined ? undefined : eq(side.company.bb_id, wanted.bb_id),
    wanted.company === undefined ? undefined : eq(side.companyCode, wanted.company),
  )!;
}

/** The two parties as the reader may see them. */
function partiesOf(reader: StaffReader, wanted: { bb_id?: number; company?: string } = {}) {
  return { sender: partyOf(SENDER, reader, wanted), receiver: partyOf(RECEIVER, reader, wanted) };
}

/** The party's company row when it is of the bank, and that company's branch. */
const sideJoinsOf = (side: DealSide, bankCode: string) =>
  [
    [
      side.company,
      and(
        eq(side.bankCode, bankCode),
        eq(side.company.bank_code, side.bankCode),
        eq(side.company.company_id, side.companyId),
      ),
    ],
    [
      side.branch,
      and(eq(side.branch.bank_code, side.company.bank_code), eq(side.branch.bb_id, side.company.bb_id)),
    ],
  ] as const;

const joinsOf = (bankCode: string) => [...sideJoinsOf(SENDER, bankCode), ...sideJoinsOf(RECEIVER, bankCode)];

const japanDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Asia/Tokyo')`;
const dayAfter = (day: string) => sql`${japanDayStart(day)} + interval '1 day'`;

function keywordMatch(keyword: string): SQL | undefined {
  const contains = keyword.toLowerCase() === keyword.toUpperCase() ? like : ilike;
  const pattern = containsPattern(keyword);
  return or(
    contains(d.need_title, pattern),
    contains(d.sender_company_name, pattern),
    contains(d.receiver_company_name, pattern),
  );
}

function dealsMatching(reader: StaffReader, conditions: StaffDealConditions): SQL | undefined {
  const parties = partiesOf(reader, conditions);
  const side =
    conditions.side === 'sent'
      ? parties.sender
      : conditions.side === 'received'
        ? parties.receiver
        : or(parties.sender, parties.receiver);
  const keyword = conditions.keyword?.trim();
  return and(
    side,
    keyword ? keywordMatch(keyword) : undefined,
    conditions.status ? eq(d.cmh_status, conditions.status) : undefined,
    conditions.request_type ? eq(d.cmh_request_type, conditions.request_type) : undefined,
    conditions.created_from ? gte(d.cmh_created_at, japanDayStart(conditions.created_from)) : undefined,
    conditions.created_to ? lt(d.cmh_created_at, dayAfter(conditions.created_to)) : undefined,
  );
}

const messageCount = sql<number>`(select count(*)::int from ${matchingDealMessages} where ${matchingDealMessages.bank_code} = ${d.bank_code} and ${matchingDealMessages.cmh_id} = ${d.cmh_id})`;

/** Last changed first; the bank and id keep pages from overlapping. */
const lastChangedFirst = [desc(d.cmh_updated_at), asc(d.bank_code), desc(d.cmh_id)];

const listFields = {
  bank_code: d.bank_code,
  cmh_id: d.cmh_id,
  cmh_unique_code: d.cmh_unique_code,
  cmh_request_type: d.cmh_request_type,
  cmh_status: d.cmh_status,
  need_unique_code: d.need_unique_code,
  need_title: d.need_title,
  need_category: d.need_category,
  sender_company_unique_code: d.sender_company_unique_code,
  sender_company_name: d.sender_company_name,
  sender_bb_name: senderBranch.bb_name,
  receiver_bank_code: d.receiver_bank_code,
  receiver_company_unique_code: d.receiver_company_unique_code,
  receiver_company_name: d.receiver_company_name,
  receiver_bb_name: receiverBranch.bb_name,
  message_count: messageCount.mapWith(Number),
  cmh_created_at: d.cmh_created_at,
  cmh_updated_at: d.cmh_updated_at,
};

type ListRow = {
  bank_code: string;
  cmh_unique_code: string;
  cmh_request_type: string;
  cmh_status: string;
  need_unique_code: string;
  need_title: string;
  need_category: string;
  sender_company_unique_code: string;
  sender_company_name: string;
  sender_bb_name: string | null;
  receiver_bank_code: string;
  receiver_company_unique_code: string;
  receiver_company_name: string;
  receiver_bb_name: string | null;
  message_count: number;
  cmh_created_at: Date;
  cmh_updated_at: Date;
};

function listItemOf(row: ListRow, reader: StaffReader): StaffDealListItem {
  const senderIsOwn = row.bank_code === reader.bankCode;
  const receiverIsOwn = row.receiver_bank_code === reader.bankCode;
  return {
    cmh_unique_code: row.cmh_unique_code,
    cmh_request_type: row.cmh_request_type,
    cmh_status: row.cmh_status as DealStatus,
    ca_unique_code: row.need_unique_code,
    need_title: row.need_title,
    need_category: row.need_category as NeedCategoryCode,
    sender_company_unique_code: row.sender_company_unique_code,
    sender_company_name: row.sender_company_name,
    sender_bank_code: row.bank_code,
    sender_bank_name: reader.bankNameOf(row.bank_code),
    sender_is_own_bank: senderIsOwn,
    sender_bb_name: senderIsOwn ? row.sender_bb_name : null,
    receiver_company_unique_code: row.receiver_company_unique_code,
    receiver_company_name: row.receiver_company_name,
    receiver_bank_code: row.receiver_bank_code,
    receiver_bank_name: reader.bankNameOf(row.receiver_bank_code),
    receiver_is_own_bank: receiverIsOwn,
    receiver_bb_name: receiverIsOwn ? row.receiver_bb_name : null,
    message_count: row.message_count,
    cmh_created_at: row.cmh_created_at.toISOString(),
    cmh_updated_at: row.cmh_updated_at.toISOString(),
  };
}

/**
 * The bank's parties' companies and branches, left-joined to a dynamic SELECT … FROM matching_deals
 * (drizzle's dynamic query building adds the joins to the builder itself).
 */
function withParties<Q extends PgSelect>(query: Q, bankCode: string): Q {
  for (const [table, on] of joinsOf(bankCode)) query.leftJoin(table, on);
  return query;
}

/** A page of the deals the staff member may see, last changed first, and how many the search found. */
export async function searchStaffDeals(
  tx: DbTransaction,
  reader: StaffReader,
  conditions: StaffDealConditions,
  paging: { page: number; rows: number },
): Promise<{ list: StaffDealListItem[]; totalRows: number }> {
  const where = dealsMatching(reader, conditions);
  const rows = await withParties(
    tx
      .select({ ...listFields, total_rows: totalRowsColumn() })
      .from(d)
      .$dynamic(),
    reader.bankCode,
  )
    .where(where)
    .orderBy(...lastChangedFirst)
    .limit(paging.rows)
    .offset(pageOffset(paging.page, paging.rows));
  const totalRows = await searchTotalRows(rows, paging, async () => {
    const [counted] = await withParties(
      tx
        .select({ total: sql<number>`count(*)::int` })
        .from(d)
        .$dynamic(),
      reader.bankCode,
    ).where(where);
    return counted?.total ?? 0;
  });
  return { list: rows.map((row) => listItemOf(row, reader)), totalRows };
}

/** A deal of the export as the file's row reads it before its codes are named (staff-routes.ts). */
export type StaffDealExportRow = {
  need_title: string;
  sender_company_name: string;
  sender_bank_code: string;
  receiver_company_name: string;
  receiver_bank_code: string;
  cmh_request_type: string;
  cmh_status: string;
  message_count: number;
  cmh_created_at: string;
  cmh_updated_at: string;
};

/** The export's query: every deal of the search in the list's order, named as StaffDealExportRow. */
export function staffDealExportQuery(
  tx: DbTransaction,
  reader: StaffReader,
  conditions: StaffDealConditions,
): SQL {
  const japanDay = (value: AnyColumn) =>
    sql<string>`to_char(${value} at time zone 'Asia/Tokyo', 'YYYY/MM/DD')`;
  const fields = {
    need_title: sql`${d.need_title}`,
    sender_company_name: sql`${d.sender_company_name}`,
    sender_bank_code: sql`${d.bank_code}`,
    receiver_company_name: sql`${d.receiver_company_name}`,
    receiver_bank_code: sql`${d.receiver_bank_code}`,
    cmh_request_type: sql`${d.cmh_request_type}`,
    cmh_status: sql`${d.cmh_status}`,
    message_count: messageCount,
    cmh_created_at: japanDay(d.cmh_created_at),
    cmh_updated_at: japanDay(d.cmh_updated_at),
  } satisfies Record<keyof StaffDealExportRow, SQL>;
  const aliased = Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, sql`${value}`.as(name)]),
  ) as { [K in keyof typeof fields]: SQL.Aliased };
  return withParties(tx.select(aliased).from(d).$dynamic(), reader.bankCode)
    .where(dealsMatching(reader, conditions))
    .orderBy(...lastChangedFirst)
    .getSQL();
}

/**
 * The deal of that code if a party of the reader's bank (of their branches) is in it, with its
 * messages in order: who wrote one is named for a side of the reader's bank only.
 */
export async function findStaffDeal(
  tx: DbTransaction,
  reader: StaffReader,
  code: string,
): Promise<StaffDealDetail | undefined> {
  const [row] = await withParties(tx.select(listFields).from(d).$dynamic(), reader.bankCode).where(
    and(eq(d.cmh_unique_code, code), dealsMatching(reader, {})),
  );
  if (!row) return undefined;
  const m = matchingDealMessages;
  // The writer's bank is the side's: the sender's bank_code, the receiver's receiver_bank_code.
  const writerBank = sql`case when ${m.message_side} = 'sender' then ${m.bank_code} else ${m.receiver_bank_code} end`;
  const messages = await tx
    .select({
      message_side: m.message_side,
      message_kind: m.message_kind,
      message_body: m.message_body,
      message_created_at: m.message_created_at,
      user_last_name: users.user_last_name,
      user_first_name: users.user_first_name,
    })
    .from(m)
    .leftJoin(
      users,
      and(
        sql`${writerBank} = ${reader.bankCode}`,
        eq(users.bank_code, reader.bankCode),
        eq(users.user_id, m.message_user_id),
      ),
    )
    .where(and(eq(m.bank_code, row.bank_code), eq(m.cmh_id, row.cmh_id)))
    .orderBy(asc(m.message_id));
  return {
    ...listItemOf(row, reader),
    messages: messages.map((message): StaffDealMessage => ({
      message_side: message.message_side as StaffDealMessage['message_side'],
      message_kind: message.message_kind as StaffDealMessage['message_kind'],
      message_body: message.message_body,
      message_user_name:
        message.user_last_name === null ? null : `${message.user_last_name} ${message.user_first_name}`,
      message_created_at: message.message_created_at.toISOString(),
    })),
  };
}

/**
 * The analysis' deals (staff-analysis-queries.ts): each deal the reader may see with, per party,
 * whether it is a company of the bank the reader may see and its branch, as SQL a query reads from.
 */
export function staffDealPartiesQuery(tx: DbTransaction, reader: StaffReader): SQL {
  const parties = partiesOf(reader);
  const m = matchingDealMessages;
  const fields = {
    need_category: sql`${d.need_category}`.as('need_category'),
    cmh_status: sql`${d.cmh_status}`.as('cmh_status'),
    cmh_created_at: sql`${d.cmh_created_at}`.as('cmh_created_at'),
    cmh_updated_at: sql`${d.cmh_updated_at}`.as('cmh_updated_at'),
    // When the receiver accepted: its accept message (a deal is accepted once).
    accepted_at:
      sql`(select min(${m.message_created_at}) from ${m} where ${m.bank_code} = ${d.bank_code} and ${m.cmh_id} = ${d.cmh_id} and ${m.message_kind} = 'accept')`.as(
        'accepted_at',
      ),
    sender_seen: sql`coalesce(${parties.sender}, false)`.as('sender_seen'),
    sender_bb_id: sql`${senderCompany.bb_id}`.as('sender_bb_id'),
    receiver_seen: sql`coalesce(${parties.receiver}, false)`.as('receiver_seen'),
    receiver_bb_id: sql`${receiverCompany.bb_id}`.as('receiver_bb_id'),
  };
  return withParties(tx.select(fields).from(d).$dynamic(), reader.bankCode)
    .where(or(parties.sender, parties.receiver))
    .getSQL();
}
