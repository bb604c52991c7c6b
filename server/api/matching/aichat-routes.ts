import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  acceptNeedOfferCall,
  AICHAT_MESSAGES,
  declineNeedOfferCall,
  listNeedOffersCall,
  listNeedWritingStylesCall,
  NEED_WRITING_STYLES,
  offerNeedCall,
  writeNeedCall,
} from '#server/contracts/aichat.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { MATCHING_MESSAGES, NEEDS_PER_COMPANY_MAX } from '#server/contracts/matching.ts';
import { notFound, unprocessable } from '#server/errors.ts';
import { mailBankOfRequest, renderBankMail } from '#server/mail/bank-mail.ts';
import { queueMails } from '#server/mail/outbox.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import { serveCall } from '../kit/serve-call.ts';
import { companyMailRecipients } from '../kit/mail-recipients.ts';
import { OWNER_USER_TYPES } from '#server/contracts/account-types.ts';
import { type NeedWriter, NeedWriterError, type NeedWritingTask } from './ai/need-writer.ts';
import { needWriterOf } from './ai/need-writer-of.ts';
import { needOfferMail } from './aichat-mail.ts';
import {
  acceptOffer,
  declineOffer,
  findCompanyToWriteFor,
  insertNeedDraft,
  listWaitingOffers,
  lockBankDraft,
  lockWaitingOffer,
  markNeedOffered,
} from './aichat-queries.ts';
import { countNeedsOfLockedCompany, ownNeedOf } from './need-queries.ts';
import { NEED_OBJECT, requireKnownChoices } from './need-routes.ts';
import { readerOf } from './matching-viewer.ts';

/** A form the accept takes, for the security walk's cross-bank tries. */
const EXAMPLE_ACCEPT = {
  need_title: '精密部品の販路を広げたい',
  need_category: 'sell' as const,
  need_industry_codes: ['26'],
  need_area_codes: ['13'],
  need_body: '金属の精密加工部品の新しい販売先を探しています。',
  need_period_start: '2026-04-01',
  need_period_end: '',
  need_visibility: 1 as const,
  need_reach: 'bank' as const,
};

/**
 * Asks the writer; a failure of any kind is 422 エラーが発生しました (nothing is stored). The log
 * says which writer failed and why, never the text or the company's data.
 */
async function writeOrRefuse(writer: NeedWriter, task: NeedWritingTask, log: FastifyBaseLogger) {
  try {
    return await writer.write(task);
  } catch (error) {
    const reason = error instanceof NeedWriterError ? error.reason : 'unavailable';
    const cause = error instanceof NeedWriterError ? error.cause : error;
    log.warn(
      { needWriter: writer.kind, reason, cause: cause instanceof Error ? cause.name : undefined },
      'need draft not written',
    );
    throw unprocessable(AICHAT_MESSAGES.writerFailed);
  }
}

/**
 * AI-assisted needs (issue 17 item 8, decision 0093): the staff's writing styles, the draft written
 * for one of their companies and its offer to the company (access bank: branch staff for the
 * companies of their branches, else 404), and the company's answer to an offer (the needs page's
 * rule, my_needs).
 */
export async function aichatRoutes(app: FastifyInstance, { config }: DomainServices): Promise<void> {
  const writer = needWriterOf(config);

  serveCall(app, listNeedWritingStylesCall, async () =>
    NEED_WRITING_STYLES.map(({ code, name, description }) => ({ code, name, description })),
  );

  // The draft is written in the step before the transaction, so no connection is held (nor PGlite's
  // one connection blocked) while a model server takes up to its timeout; the handler then stores
  // the text in the call's transaction.
  serveCall(
    app,
    writeNeedCall,
    {
      before: async ({ viewer, body, request }) => {
        const company = await request.inBank((tx) =>
          findCompanyToWriteFor(tx, viewer, body.company_unique_code),
        );
        if (!company) throw notFound();
        const task = {
          company: company.profile,
          style: body.writing_style,
          category: body.need_category,
          hint: body.hint ?? '',
        };
        return { company, text: await writeOrRefuse(writer, task, request.log) };
      },
      handle: async ({ tx, viewer, body, prepared: draft }) => {
        // The company may have left the staff member's branches while the writer was at work.
        const company = await findCompanyToWriteFor(tx, viewer, body.company_unique_code);
        if (company?.companyId !== draft.company.companyId) throw notFound();
        const row = await insertNeedDraft(tx, company, viewer.userId, {
          category: body.need_category,
          text: draft.text,
          today: japanDateString(),
        });
        return {
          needs_unique_code: row.need_unique_code,
          need_title: row.need_title,
          need_body: row.need_body,
          writing_style: body.writing_style,
        };
      },
    },
    {
      message: AICHAT_MESSAGES.drafted,
      audit: { action: 'DRAFT', target: (_context, result) => result.needs_unique_code },
    },
  );

  serveCall(
    app,
    offerNeedCall,
    async ({ tx, viewer, body, request }) => {
      const draft = await lockBankDraft(tx, viewer, body.needs_unique_code);
      if (!draft) throw notFound();
      if (draft.need.need_offer_status !== 'drafted') throw unprocessable(AICHAT_MESSAGES.notDrafted);
      await markNeedOffered(tx, draft.need.need_id, viewer.userId);
      // Queued in the offer's transaction: the owners hear of it only if the offer commits.
      const bank = mailBankOfRequest(request);
      const offer = {
        companyName: draft.companyName,
        needTitle: draft.need.need_title,
        needCategory: draft.need.need_category,
      };
      // Who hears of an offer: the company's owners with an address.
      const owners = await companyMailRecipients(tx, [draft.need.company_id], OWNER_USER_TYPES);
      await queueMails(
        tx,
        owners.map((owner) => renderBankMail(bank, needOfferMail(bank, offer, owner))),
      );
      return { message: AICHAT_MESSAGES.offered };
    },
    {
      message: AICHAT_MESSAGES.offered,
      audit: { action: 'PENDING', target: ({ body }) => body.needs_unique_code },
    },
  );

  serveCall(app, listNeedOffersCall, async ({ tx, viewer, request }) => {
    const { companyId } = readerOf(viewer, request.tenant.code);
    return listWaitingOffers(tx, companyId);
  });

  serveCall(
    app,
    acceptNeedOfferCall,
    async ({ tx, viewer, params, body, request }) => {
      const { companyId } = readerOf(viewer, request.tenant.code);
      const offer = await lockWaitingOffer(tx, companyId, params.ca_unique_code);
      if (!offer) throw notFound();
      await requireKnownChoices(tx, request.tenant, body);
      // The offer is not counted yet: it becomes one of the company's needs now.
      if ((await countNeedsOfLockedCompany(tx, companyId)) >= NEEDS_PER_COMPANY_MAX)
        throw unprocessable(MATCHING_MESSAGES.limitReached);
      const row = await acceptOffer(tx, offer.need_id, viewer.userId, body);
      return ownNeedOf(row, 0, japanDateString());
    },
    {
      message: AICHAT_MESSAGES.accepted,
      object: NEED_OBJECT,
      example: { body: EXAMPLE_ACCEPT },
      audit: { action: 'APPROVE' },
    },
  );

  serveCall(
    app,
    declineNeedOfferCall,
    async ({ tx, viewer, params, request }) => {
      const { companyId } = readerOf(viewer, request.tenant.code);
      const offer = await lockWaitingOffer(tx, companyId, params.ca_unique_code);
      if (!offer) throw notFound();
      await declineOffer(tx, offer.need_id, viewer.userId);
      return { ca_unique_code: params.ca_unique_code };
    },
    { message: AICHAT_MESSAGES.declined, object: NEED_OBJECT, audit: { action: 'REJECT' } },
  );
}
