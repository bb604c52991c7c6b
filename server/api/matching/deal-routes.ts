import type { FastifyInstance } from 'fastify';
import { codeListHas } from '#server/db/select-code-list.ts';
import { dealRequestTypes } from '#server/db/schema/master-lists.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import {
  acceptDealCall,
  concludeDealCall,
  DEAL_MESSAGES,
  type DealStatus,
  declineDealCall,
  getDealCall,
  listReceivedDealsCall,
  listSentDealsCall,
  replyDealCall,
  searchDealInboxCall,
  sendDealRequestCall,
  withdrawDealCall,
} from '#server/contracts/matching-deals.ts';
import { pagedResult } from '#server/contracts/paging.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { notFound, unprocessable } from '#server/errors.ts';
import type { CompanyViewer } from '#server/plugins/request-context.ts';
import { serveCall } from '../kit/serve-call.ts';
import { hasAgreed } from './agreement-queries.ts';
import { mailDealMessagesOf } from './deal-notices.ts';
import {
  concludeDeal,
  type DealRow,
  dealDetailOf,
  dealOf,
  findDeal,
  insertDealRequest,
  listDeals,
  messagesOf,
  openDealOnNeed,
  sideOf,
  writeOnDeal,
} from './deal-queries.ts';
import { bankNameOf, joinMatchingNetwork } from './network-membership.ts';
import { mayDo, readerOf } from './matching-viewer.ts';
import { findPublishedNeed, type NeedReader } from './need-search-queries.ts';

/** The deal a path's cmh_unique_code names: the walk's other bank is no party to bank A's deals. */
const DEAL_OBJECT = { param: 'cmh_unique_code', table: 'matching_deals', column: 'cmh_unique_code' };
const EXAMPLE_MESSAGE = { message: 'ご連絡ありがとうございます。詳細をお聞かせください。' };

/**
 * Deal requests (/mypage/matching/history, received_history and their details): sending one on a
 * published need, the two companies' messages and decisions, the lists and the inbox that counts
 * the unanswered ones. Every command locks the deal's row first, so of two decisions at once (an
 * accept and a decline) one wins and the other finds the deal no longer open (422). The other
 * side is mailed once the command has committed (deal-notices.ts).
 */
export async function dealRoutes(app: FastifyInstance): Promise<void> {
  const bankName = (code: string) => bankNameOf(app.tenants, code);
  const detailOf = async (tx: DbTransaction, row: DealRow, reader: NeedReader, viewer: CompanyViewer) =>
    dealDetailOf(row, await messagesOf(tx, row), reader, bankName, mayDo(viewer, 'company_matching_write'));

  serveCall(
    app,
    sendDealRequestCall,
    async ({ tx, viewer, body, request, afterCommit }) => {
      const reader = readerOf(viewer, request.tenant.code);
      await joinMatchingNetwork(tx, request.tenant, app.tenants);
      const need = await findPublishedNeed(tx, body.ca_unique_code, japanDateString());
      if (need && !(await hasAgreed(tx, reader.companyId)))
        throw unprocessable(DEAL_MESSAGES.agreementRequired);
      if (!need) throw notFound();
      if (need.bank_code === reader.bankCode && need.company_id === reader.companyId)
        throw unprocessable(DEAL_MESSAGES.ownNeed);
      if (!(await codeListHas(tx, dealRequestTypes, body.cmh_request_type)))
        throw unprocessable(DEAL_MESSAGES.invalidChoice, { cmh_request_type: [DEAL_MESSAGES.invalidChoice] });
      if (await openDealOnNeed(tx, reader, need)) throw unprocessable(DEAL_MESSAGES.alreadyRequested);
      const row = await insertDealRequest(tx, reader, viewer.userId, need, {
        type: body.cmh_request_type,
        message: body.cmh_message,
      });
      if (!row) throw unprocessable(DEAL_MESSAGES.alreadyRequested);
      afterCommit(() =>
        mailDealMessagesOf(app.db, app.tenants, row.receiver_bank_code, request, request.log),
      );
      return dealOf(row, reader, bankName);
    },
    {
      message: DEAL_MESSAGES.sent,
      audit: { action: 'CREATE', target: (_, result) => result.cmh_unique_code },
    },
  );

  const lists = [
    [listSentDealsCall, 'sent'],
    [listReceivedDealsCall, 'received'],
  ] as const;
  for (const [call, kind] of lists)
    serveCall(app, call, async ({ tx, viewer, query, request }) => {
      const reader = readerOf(viewer, request.tenant.code);
      const { rows, totalRows } = await listDeals(tx, reader, kind, query);
      return pagedResult(
        rows.map((row) => dealOf(row, reader, bankName)),
        totalRows,
        query,
      );
    });

  serveCall(app, searchDealInboxCall, async ({ tx, viewer, body, request }) => {
    const reader = readerOf(viewer, request.tenant.code);
    const { rows, totalRows } = await listDeals(tx, reader, 'inbox', {
      ...body,
      onlyUnreplied: body.only_unread,
    });
    return pagedResult(
      rows.map((row) => dealOf(row, reader, bankName)),
      totalRows,
      body,
    );
  });

  serveCall(
    app,
    getDealCall,
    async ({ tx, viewer, params, request }) => {
      const reader = readerOf(viewer, request.tenant.code);
      const row = await findDeal(tx, reader, params.cmh_unique_code);
      if (!row) throw notFound();
      return detailOf(tx, row, reader, viewer);
    },
    { object: DEAL_OBJECT },
  );

  /**
   * A command on a deal by one side: who may (which side, from which statuses), what it writes, and
   * the status it leaves. The deal is locked before its status is read.
   */
  const commands = [
    {
      call: replyDealCall,
      side: 'either',
      from: ['requested', 'replied', 'negotiating'],
      kind: 'reply',
      message: DEAL_MESSAGES.replied,
    },
    {
      call: acceptDealCall,
      side: 'receiver',
      from: ['requested', 'replied'],
      kind: 'accept',
      to: 'negotiating',
      message: DEAL_MESSAGES.accepted,
    },
    {
      call: declineDealCall,
      side: 'receiver',
      from: ['requested', 'replied'],
      kind: 'decline',
      to: 'declined',
      message: DEAL_MESSAGES.declined,
    },
    {
      call: withdrawDealCall,
      side: 'sender',
      from: ['requested', 'replied'],
      kind: 'withdraw',
      to: 'withdrawn',
      message: DEAL_MESSAGES.withdrawn,
    },
  ] as const;
  for (const command of commands)
    serveCall(
      app,
      command.call,
      async ({ tx, viewer, params, body, request, afterCommit }) => {
        const reader = readerOf(viewer, request.tenant.code);
        const deal = await findDeal(tx, reader, params.cmh_unique_code, true);
        if (!deal) throw notFound();
        const side = sideOf(deal, reader);
        if (command.side !== 'either' && command.side !== side) throw unprocessable(DEAL_MESSAGES.notOpen);
        if (!(command.from as readonly string[]).includes(deal.cmh_status))
          throw unprocessable(DEAL_MESSAGES.notOpen);
        // The first deal a company takes up needs its agreement to the terms, as the first it asks for.
        if (command.kind === 'accept' && !(await hasAgreed(tx, reader.companyId)))
          throw unprocessable(DEAL_MESSAGES.agreementRequired);
        const status: DealStatus =
          'to' in command
            ? command.to
            : side === 'receiver' && deal.cmh_status === 'requested'
              ? 'replied'
              : (deal.cmh_status as DealStatus);
        const row = await writeOnDeal(
          tx,
          deal,
          side,
          viewer.userId,
          { kind: command.kind, body: body.message ?? '' },
          status,
        );
        const otherBank = side === 'sender' ? row.receiver_bank_code : row.bank_code;
        afterCommit(() => mailDealMessagesOf(app.db, app.tenants, otherBank, request, request.log));
        return detailOf(tx, row, reader, viewer);
      },
      {
        message: command.message,
        object: DEAL_OBJECT,
        example: { body: EXAMPLE_MESSAGE },
        audit: { action: 'UPDATE' },
      },
    );

  serveCall(
    app,
    concludeDealCall,
    async ({ tx, viewer, params, body, request }) => {
      const reader = readerOf(viewer, request.tenant.code);
      const deal = await findDeal(tx, reader, params.cmh_unique_code, true);
      if (!deal) throw notFound();
      if (deal.cmh_status !== 'negotiating') throw unprocessable(DEAL_MESSAGES.notOpen);
      return detailOf(tx, await concludeDeal(tx, deal, body.cmh_status), reader, viewer);
    },
    {
      message: DEAL_MESSAGES.concluded,
      object: DEAL_OBJECT,
      example: { body: { cmh_status: 'contracted' } },
      audit: { action: 'UPDATE' },
    },
  );
}
