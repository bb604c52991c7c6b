import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { pageOffset } from '#server/contracts/paging.ts';
import {
  type Deal,
  type DealDetail,
  type DealSide,
  type DealStatus,
  OPEN_DEAL_STATUSES,
} from '#server/contracts/matching-deals.ts';
import type { NeedCategoryCode } from '#server/contracts/need-categories.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { companies, matchingDealMessages, matchingDeals } from '#server/db/schema.ts';
import { newUniqueCode } from './need-queries.ts';
import type { NeedReader, NetworkNeedRow } from './need-search-queries.ts';

/**
 * Deal requests (matching_deals, decision 0092), from one company's side: the reader's company is a
 * party as the sender (bank_code, sender_company_id) or as the receiver (receiver_bank_code,
 * receiver_company_id). Row-level security lets the two banks see the deal; these conditions keep
 * every other company of those banks out.
 */

export type DealRow = typeof matchingDeals.$inferSelect;
type MessageRow = typeof matchingDealMessages.$inferSelect;

const d = matchingDeals;

const asSender = (reader: NeedReader) =>
  and(eq(d.bank_code, reader.bankCode), eq(d.sender_company_id, reader.companyId));
const asReceiver = (reader: NeedReader) =>
  and(eq(d.receiver_bank_code, reader.bankCode), eq(d.receiver_company_id, reader.companyId));

export function sideOf(row: DealRow, reader: NeedReader): DealSide {
  return row.bank_code === reader.bankCode && row.sender_company_id === reader.companyId
    ? 'sender'
    : 'receiver';
}

/** The deal as the reader's company lists it; `bankNameOf` names the counterpart's bank. */
export function dealOf(row: DealRow, reader: NeedReader, bankNameOf: (code: string) => string): Deal {
  const side = sideOf(row, reader);
  const mine = side === 'sender';
  const counterpartBank = mine ? row.receiver_bank_code : row.bank_code;
  return {
    cmh_unique_code: row.cmh_unique_code,
    cmh_request_type: row.cmh_request_type,
    cmh_status: row.cmh_status as DealStatus,
    my_side: side,
    counterpart_company_unique_code: mine ? row.receiver_company_unique_code : row.sender_company_unique_code,
    counterpart_company_name: mine ? row.receiver_company_name : row.sender_company_name,
    counterpart_bank_code: counterpartBank,
    counterpart_bank_name: bankNameOf(counterpartBank),
    ca_unique_code: row.need_unique_code,
    need_title: row.need_title,
    need_category: row.need_category as NeedCategoryCode,
    cmh_unreplied_count: mine ? row.cmh_sender_unreplied : row.cmh_receiver_unreplied,
    cmh_created_at: row.cmh_created_at.toISOString(),
    cmh_updated_at: row.cmh_updated_at.toISOString(),
  };
}

const isOpen = (status: string) => (OPEN_DEAL_STATUSES as readonly string[]).includes(status);
const isDecidable = (status: string) => status === 'requested' || status === 'replied';

/** The deal with its messages and what the reader's side may do with it. */
export function dealDetailOf(
  row: DealRow,
  messages: readonly MessageRow[],
  reader: NeedReader,
  bankNameOf: (code: string) => string,
  mayWrite: boolean,
): DealDetail {
  const deal = dealOf(row, reader, bankNameOf);
  const receiving = deal.my_side === 'receiver';
  return {
    ...deal,
    messages: messages.map((message) => ({
      message_is_mine: message.message_side === deal.my_side,
      message_kind: message.message_kind as DealDetail['messages'][number]['message_kind'],
      message_body: message.message_body,
      message_created_at: message.message_created_at.toISOString(),
    })),
    can_reply: mayWrite && isOpen(row.cmh_status),
    can_accept: mayWrite && receiving && isDecidable(row.cmh_status),
    can_decline: mayWrite && receiving && isDecidable(row.cmh_status),
    can_withdraw: mayWrite && !receiving && isDecidable(row.cmh_status),
    can_conclude: mayWrite && row.cmh_status === 'negotiating',
  };
}

/** The reader's company's open deal request on the need, if any (its code). */
export async function openDealOnNeed(
  tx: DbTransaction,
  reader: NeedReader,
  need: Pick<NetworkNeedRow, 'bank_code' | 'need_id'>,
): Promise<string | null> {
  const [row] = await tx
    .select({ code: d.cmh_unique_code })
    .from(d)
    .where(
      and(
        asSender(reader),
        eq(d.receiver_bank_code, need.bank_code),
        eq(d.need_id, need.need_id),
        inArray(d.cmh_status, [...OPEN_DEAL_STATUSES]),
      ),
    );
  return row?.code ?? null;
}

/** The company's public name and code, as a deal keeps them. */
async function companyCardOf(tx: DbTransaction, companyId: number) {
  const [row] = await tx
    .select({ name: companies.company_name, code: companies.company_unique_code })
    .from(companies)
    .where(eq(companies.company_id, companyId));
  if (!row) throw new Error('the reader has no company row');
  return row;
}

/**
 * Writes the deal request and its first message. Answers undefined when the company already has an
 * open request on the need (the partial unique index decides between two at once).
 */
export async function insertDealRequest(
  tx: DbTransaction,
  reader: NeedReader,
  userId: number,
  need: NetworkNeedRow,
  request: { type: string; message: string },
): Promise<DealRow | undefined> {
  const sender = await companyCardOf(tx, reader.companyId);
  const [row] = await tx
    .insert(d)
    .values({
      cmh_unique_code: newUniqueCode(),
      sender_company_id: reader.companyId,
      sender_user_id: userId,
      sender_company_unique_code: sender.code,
      sender_company_name: sender.name,
      receiver_bank_code: need.bank_code,
      receiver_company_id: need.company_id,
      receiver_company_unique_code: need.company_unique_code,
      receiver_company_name: need.company_name,
      need_id: need.need_id,
      need_unique_code: need.need_unique_code,
      need_title: need.need_title,
      need_category: need.need_category,
      cmh_request_type: request.type,
      cmh_sender_unreplied: 0,
      cmh_receiver_unreplied: 1,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return undefined;
  await tx.insert(matchingDealMessages).values({
    bank_code: row.bank_code,
    cmh_id: row.cmh_id,
    receiver_bank_code: row.receiver_bank_code,
    message_side: 'sender',
    message_kind: 'request',
    message_body: request.message,
    message_user_id: userId,
  });
  return row;
}

const ofReader = (reader: NeedReader) => or(asSender(reader), asReceiver(reader));

/** The reader's company's deal of that code, locked for a change when `lock`; undefined when it is no party. */
export async function findDeal(
  tx: DbTransaction,
  reader: NeedReader,
  code: string,
  lock = false,
): Promise<DealRow | undefined> {
  const query = tx
    .select()
    .from(d)
    .where(and(eq(d.cmh_unique_code, code), ofReader(reader)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function messagesOf(tx: DbTransaction, deal: DealRow): Promise<MessageRow[]> {
  return tx
    .select()
    .from(matchingDealMessages)
    .where(
      and(eq(matchingDealMessages.bank_code, deal.bank_code), eq(matchingDealMessages.cmh_id, deal.cmh_id)),
    )
    .orderBy(asc(matchingDealMessages.message_id));
}

/**
 * One side writes on the deal (a reply, a decision with its word): the message is kept, the writer's
 * unreplied count goes to 0 and the other side's up by one — or both to 0 when the deal closes
 * (declined, withdrawn) — and the status moves to `status`.
 * A decision without a word keeps its kind as the message (the other side still hears of it).
 */
export async function writeOnDeal(
  tx: DbTransaction,
  deal: DealRow,
  side: DealSide,
  userId: number,
  message: { kind: MessageRow['message_kind']; body: string },
  status: DealStatus,
): Promise<DealRow> {
  await tx.insert(matchingDealMessages).values({
    bank_code: deal.bank_code,
    cmh_id: deal.cmh_id,
    receiver_bank_code: deal.receiver_bank_code,
    message_side: side,
    message_kind: message.kind,
    message_body: message.body,
    message_user_id: userId,
  });
  // A deal that closes waits for nobody's reply: both counts end (the other side is mailed).
  const counts = !(OPEN_DEAL_STATUSES as readonly string[]).includes(status)
    ? { cmh_sender_unreplied: 0, cmh_receiver_unreplied: 0 }
    : side === 'sender'
      ? { cmh_sender_unreplied: 0, cmh_receiver_unreplied: sql`${d.cmh_receiver_unreplied} + 1` }
      : { cmh_receiver_unreplied: 0, cmh_sender_unreplied: sql`${d.cmh_sender_unreplied} + 1` };
  const [row] = await tx
    .update(d)
    .set({ ...counts, cmh_status: status, cmh_updated_at: new Date() })
    .where(and(eq(d.bank_code, deal.bank_code), eq(d.cmh_id, deal.cmh_id)))
    .returning();
  if (!row) throw new Error('the locked deal is gone');
  return row;
}

/** Closes a negotiation as concluded or not (no message: both sides see the status; nothing waits). */
export async function concludeDeal(tx: DbTransaction, deal: DealRow, status: DealStatus): Promise<DealRow> {
  const [row] = await tx
    .update(d)
    .set({
      cmh_status: status,
      cmh_sender_unreplied: 0,
      cmh_receiver_unreplied: 0,
      cmh_updated_at: new Date(),
    })
    .where(and(eq(d.bank_code, deal.bank_code), eq(d.cmh_id, deal.cmh_id)))
    .returning();
  if (!row) throw new Error('the locked deal is gone');
  return row;
}

export type DealListKind = 'sent' | 'received' | 'inbox';

/** A page of the company's deals of one kind, last changed first, and how many there are. */
export async function listDeals(
  tx: DbTransaction,
  reader: NeedReader,
  kind: DealListKind,
  options: { page: number; rows: number; status?: string | undefined; onlyUnreplied?: boolean },
): Promise<{ rows: DealRow[]; totalRows: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (kind === 'sent') conditions.push(asSender(reader));
  if (kind === 'received') conditions.push(asReceiver(reader));
  if (kind === 'inbox')
    conditions.push(
      options.onlyUnreplied
        ? or(
            and(asSender(reader), sql`${d.cmh_sender_unreplied} > 0`),
            and(asReceiver(reader), sql`${d.cmh_receiver_unreplied} > 0`),
          )
        : ofReader(reader),
    );
  if (options.status) conditions.push(eq(d.cmh_status, options.status));
  const where = and(...conditions);
  const rows = await tx
    .select()
    .from(d)
    .where(where)
    .orderBy(desc(d.cmh_updated_at), desc(d.cmh_id))
    .limit(options.rows)
    .offset(pageOffset(options.page, options.rows));
  const [counted] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(d)
    .where(where);
  return { rows, totalRows: counted?.total ?? 0 };
}

/**
 * The unanswered-matching badge: the sum of the company's unreplied counts over its deals, sent and
 * received (two lookups of the partial indexes of unreplied deals).
 */
export async function countUnrepliedDeals(tx: DbTransaction, reader: NeedReader): Promise<number> {
  const { rows } = await tx.execute<{ total: number }>(sql`
    select (
      coalesce((select sum(${d.cmh_sender_unreplied}) from ${d}
        where ${d.bank_code} = ${reader.bankCode} and ${d.sender_company_id} = ${reader.companyId}
          and ${d.cmh_sender_unreplied} > 0), 0)
      + coalesce((select sum(${d.cmh_receiver_unreplied}) from ${d}
        where ${d.receiver_bank_code} = ${reader.bankCode} and ${d.receiver_company_id} = ${reader.companyId}
          and ${d.cmh_receiver_unreplied} > 0), 0)
    )::int as total`);
  return rows[0]?.total ?? 0;
}
