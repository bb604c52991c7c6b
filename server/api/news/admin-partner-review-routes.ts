import type { FastifyInstance, FastifyRequest } from 'fastify';
import { japanDateString } from '#server/contracts/japan-day.ts';
import type { PartnerInformationStatus } from '#server/contracts/news.ts';
import {
  approvedStatusOn,
  approvePartnerInformationCall,
  disapprovePartnerInformationCall,
  PARTNER_INFORMATION_SETTING_MESSAGES,
} from '#server/contracts/partner-information-setting.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { forbidden, notFound, unprocessable } from '#server/errors.ts';
import { mailBankOfRequest, renderBankMail } from '#server/mail/bank-mail.ts';
import { queueMail } from '#server/mail/outbox.ts';
import type { StaffViewer } from '#server/plugins/request-context.ts';
import { serveCall } from '../kit/serve-call.ts';
import { articleObject } from './article-object.ts';
import { partnerInformationReviewMail, type ReviewDecision } from './partner-information-setting-mail.ts';
import {
  activeWriterOf,
  lockPartnerInformationForReview,
  type ReviewedItem,
  setPartnerInformationStatus,
} from './partner-information-setting-queries.ts';
import {
  decideStaffArticleAction,
  refuseReadOnlyStaff,
  type StaffArticleDecision,
} from './staff-permissions.ts';

const MESSAGES = PARTNER_INFORMATION_SETTING_MESSAGES;

/** Bodies the decisions accept, so the security walk gets past validation to the item. */
const EXAMPLE_VERSION = '2030-04-01T00:00:00.000Z';

function requireAllowed(decision: StaffArticleDecision): void {
  if (!decision.allowed) throw forbidden(decision.message);
}

/**
 * The item under decision: the bank's partner information (404 otherwise), which this staff member
 * may change (the news domain's staff rules, staff-permissions.ts: system and bank admins; a branch
 * admin only their own items, which a partner's never is), written by a partner company and under
 * review (else 422), and as the staff member read it (else 422: the company saved it again since).
 */
async function itemToDecide(
  tx: DbTransaction,
  staff: StaffViewer,
  articleId: number,
  versionRead: string,
): Promise<ReviewedItem> {
  const item = await lockPartnerInformationForReview(tx, articleId);
  if (!item) throw notFound();
  requireAllowed(decideStaffArticleAction(staff, 'change', item));
  if (item.article_company_id === null || item.pi_status !== 'REVIEWING')
    throw unprocessable(MESSAGES.notReviewing);
  if (new Date(versionRead).getTime() !== item.article_updated_at.getTime())
    throw unprocessable(MESSAGES.changedSinceRead);
  return item;
}

/** The writer hears of the decision by mail (in the same transaction: sent only if it commits). */
async function tellWriter(
  tx: DbTransaction,
  request: FastifyRequest,
  item: ReviewedItem,
  decision: ReviewDecision,
): Promise<void> {
  const writer = item.author_user_id === null ? undefined : await activeWriterOf(tx, item.author_user_id);
  // A writer whose account was disabled since reads it on the page, if anyone does.
  if (!writer) return;
  const bank = mailBankOfRequest(request);
  await queueMail(
    tx,
    renderBankMail(bank, partnerInformationReviewMail(bank, { title: item.article_title }, writer, decision)),
  );
}

/**
 * POST /api/v1/admin/pi/{id}/approve and /disapprove: the bank's review of partner information a
 * partner company wrote (/admin/xba/pi/detail/{id}). Audited as APPROVE and REJECT.
 */
export function servePartnerInformationReviewCalls(app: FastifyInstance): void {
  const object = articleObject('partner_information');

  serveCall(
    app,
    approvePartnerInformationCall,
    async ({ tx, viewer, request, params, body }) => {
      const item = await itemToDecide(tx, viewer, params.id, body.article_updated_at);
      const status: PartnerInformationStatus = approvedStatusOn(item, japanDateString());
      await setPartnerInformationStatus(tx, item.article_id, status);
      await tellWriter(tx, request, item, {
        kind: 'approved',
        publishStart: item.article_publish_start,
        publishEnd: item.article_publish_end,
      });
      return { article_id: item.article_id, pi_status: status };
    },
    {
      onRequest: refuseReadOnlyStaff,
      message: MESSAGES.approved,
      audit: { action: 'APPROVE' },
      object,
      example: { body: { article_updated_at: EXAMPLE_VERSION } },
    },
  );

  serveCall(
    app,
    disapprovePartnerInformationCall,
    async ({ tx, viewer, request, params, body }) => {
      const item = await itemToDecide(tx, viewer, params.id, body.article_updated_at);
      const reason = body.pi_review_note.trim();
      await setPartnerInformationStatus(tx, item.article_id, 'DISAPPROVAL', reason);
      await tellWriter(tx, request, item, { kind: 'disapproved', reason });
      return { article_id: item.article_id, pi_status: 'DISAPPROVAL' as const };
    },
    {
      onRequest: refuseReadOnlyStaff,
      message: MESSAGES.disapproved,
      audit: { action: 'REJECT' },
      object,
      example: { body: { article_updated_at: EXAMPLE_VERSION, pi_review_note: '掲載基準に合わないため' } },
    },
  );
}
