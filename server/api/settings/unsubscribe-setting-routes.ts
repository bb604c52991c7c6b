import type { FastifyInstance, FastifyRequest } from 'fastify';
import { codeListHas, codeListName } from '#server/db/select-code-list.ts';
import { unsubscribeReasons } from '#server/db/schema/master-lists.ts';
import { leavesOnOf, UNSUBSCRIPTION_MESSAGES } from '#server/contracts/company-unsubscription.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { REGISTRATION_MESSAGES } from '#server/contracts/registration-form.ts';
import {
  cancelUnsubscribeCall,
  getUnsubscribeSettingCall,
  requestUnsubscribeCall,
  UNSUBSCRIBE_SETTING_MESSAGES,
} from '#server/contracts/unsubscribe-setting.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { notFound, unprocessable } from '#server/errors.ts';
import {
  type MailBank,
  type MailContent,
  mailBankOfRequest,
  renderBankMail,
} from '#server/mail/bank-mail.ts';
import { queueMail } from '#server/mail/outbox.ts';
import type { CompanyViewer } from '#server/plugins/request-context.ts';
import { companyToLeave, deleteReservation, insertReservation } from '../accounts/unsubscription-queries.ts';
import { serveCall } from '../kit/serve-call.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import {
  type UnsubscribeMailRecipient,
  unsubscribeCancelledMail,
  unsubscribeReservedMail,
} from './unsubscribe-setting-mail.ts';
import {
  companyReservationOf,
  companyReservationView,
  requestedByCompany,
} from './unsubscribe-setting-queries.ts';

/** The viewer's company as a reservation sees it (404 for an account without one). */
async function ownCompany(tx: DbTransaction, viewer: CompanyViewer) {
  const code = viewer.user.company_unique_code;
  const company = code === null ? undefined : await companyToLeave(tx, code);
  if (!company || company.id !== viewer.companyId) throw notFound();
  return { ...company, code: code as string, name: viewer.user.company_name ?? '' };
}

/** The owner who asked, when they have an address to write to. */
function recipientOf(viewer: CompanyViewer): UnsubscribeMailRecipient | undefined {
  const { user } = viewer;
  if (!user.user_email) return undefined;
  return { email: user.user_email, name: `${user.user_last_name} ${user.user_first_name}`.trim() };
}

/** Queues the mail in the command's transaction: it leaves only if the command commits. */
async function queueOwnerMail(
  tx: DbTransaction,
  request: FastifyRequest,
  viewer: CompanyViewer,
  content: (bank: MailBank, to: UnsubscribeMailRecipient) => MailContent,
) {
  const recipient = recipientOf(viewer);
  if (!recipient) return;
  const bank = mailBankOfRequest(request);
  await queueMail(tx, renderBankMail(bank, content(bank, recipient)));
}

/**
 * The company's own leaving (/mypage/setting/unsubscribe): read, asked for and withdrawn by the
 * holders of company_setting_account_write when the bank offers it (the calls' page rule
 * `unsubscribe`). The request is the bank's reservation (the companies domain's queries write it):
 * the desk shows it, the unsubscription job carries it out. Audited as the desk's are: PENDING for
 * the reservation, DELETE for its cancel, both on the company's code.
 */
export async function unsubscribeSettingRoutes(
  app: FastifyInstance,
  _services: DomainServices,
): Promise<void> {
  const companyTarget = ({ viewer }: { viewer: CompanyViewer }) => viewer.user.company_unique_code;

  serveCall(app, getUnsubscribeSettingCall, async ({ tx, viewer }) => {
    const company = await ownCompany(tx, viewer);
    const row = await companyReservationOf(tx, company.id);
    return {
      company_name: company.name,
      reservation: row ? companyReservationView(row, company.id, new Date()) : null,
    };
  });

  serveCall(
    app,
    requestUnsubscribeCall,
    async ({ tx, viewer, body, request }) => {
      const company = await ownCompany(tx, viewer);
      if (!(await codeListHas(tx, unsubscribeReasons, body.reason)))
        throw unprocessable(UNSUBSCRIBE_SETTING_MESSAGES.reserveFailed, {
          reason: [REGISTRATION_MESSAGES.invalidChoice],
        });
      if (company.isUnsubscribed) throw unprocessable(UNSUBSCRIPTION_MESSAGES.alreadyUnsubscribed);
      const leavesOn = leavesOnOf(body.leave_month);
      // One INSERT: of two requests at once (or the desk's and the company's), one wins.
      const reserved = await insertReservation(tx, {
        companyId: company.id,
        reason: body.reason,
        note: body.note?.trim() ? body.note.trim() : null,
        leavesOn,
        requestedBy: viewer.userId,
      });
      if (!reserved) throw unprocessable(UNSUBSCRIBE_SETTING_MESSAGES.alreadyReserved);
      // A reason the master has no name for is mailed as its code.
      const reasonName = (await codeListName(tx, unsubscribeReasons, body.reason)) ?? body.reason;
      await queueOwnerMail(tx, request, viewer, (bank, to) =>
        unsubscribeReservedMail(bank, to, { companyName: company.name, leavesOn, reasonName }),
      );
      const row = await companyReservationOf(tx, company.id);
      if (!row) throw new Error('the reservation just made is not there');
      return companyReservationView(row, company.id, new Date());
    },
    {
      message: UNSUBSCRIBE_SETTING_MESSAGES.reserved,
      audit: { action: 'PENDING', target: companyTarget },
    },
  );

  serveCall(
    app,
    cancelUnsubscribeCall,
    async ({ tx, viewer, request }) => {
      const company = await ownCompany(tx, viewer);
      // Locked: the desk cannot cancel and reserve anew between this read and the delete.
      const standing = await companyReservationOf(tx, company.id, { lock: true });
      if (!standing) throw unprocessable(UNSUBSCRIBE_SETTING_MESSAGES.notReserved);
      if (standing.carriedOutAt !== null) throw unprocessable(UNSUBSCRIPTION_MESSAGES.alreadyUnsubscribed);
      if (!requestedByCompany(standing, company.id))
        throw unprocessable(UNSUBSCRIBE_SETTING_MESSAGES.reservedByBank);
      if (!(await deleteReservation(tx, company.id, japanDateString())))
        throw unprocessable(UNSUBSCRIBE_SETTING_MESSAGES.tooLate);
      await queueOwnerMail(tx, request, viewer, (bank, to) =>
        unsubscribeCancelledMail(bank, to, { companyName: company.name, leavesOn: standing.leavesOn }),
      );
      return {};
    },
    {
      message: UNSUBSCRIBE_SETTING_MESSAGES.cancelled,
      audit: { action: 'DELETE', target: companyTarget },
    },
  );
}
