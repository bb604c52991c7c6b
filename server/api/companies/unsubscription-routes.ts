import type { FastifyInstance } from 'fastify';
import { codeListHas } from '#server/db/select-code-list.ts';
import { unsubscribeReasons } from '#server/db/schema/master-lists.ts';
import type * as z from 'zod/mini';
import {
  cancelUnsubscriptionCall,
  leavesOnOf,
  reservePortalUnsubscriptionCall,
  type reserveUnsubscriptionSchema,
  reserveUnsubscriptionCall,
  UNSUBSCRIPTION_MESSAGES,
} from '#server/contracts/company-unsubscription.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { REGISTRATION_MESSAGES } from '#server/contracts/registration-form.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { notFound, unprocessable } from '#server/errors.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import { serveCall } from '../kit/serve-call.ts';
import {
  companyToLeave,
  deleteReservation,
  insertReservation,
  reservationOf,
} from '../accounts/unsubscription-queries.ts';

type Reservation = z.output<typeof reserveUnsubscriptionSchema>;

/**
 * Reserves the company's leaving at the end of the chosen month: 404 for a company the bank does not
 * have (or, on the portal call, one that is no portal member), 422 for a reason the master does not
 * list, a company that left, or one whose leaving is reserved already.
 */
async function reserve(tx: DbTransaction, body: Reservation, requestedBy: number, scope: 'any' | 'portal') {
  const company = await companyToLeave(tx, body.company_unique_code);
  if (!company || (scope === 'portal' && !company.enableBaportal)) throw notFound();
  if (!(await codeListHas(tx, unsubscribeReasons, body.reason)))
    throw unprocessable(UNSUBSCRIPTION_MESSAGES.reserveFailed, {
      reason: [REGISTRATION_MESSAGES.invalidChoice],
    });
  if (company.isUnsubscribed) throw unprocessable(UNSUBSCRIPTION_MESSAGES.alreadyUnsubscribed);
  const reserved = await insertReservation(tx, {
    companyId: company.id,
    reason: body.reason,
    note: body.note?.trim() ? body.note : null,
    leavesOn: leavesOnOf(body.leave_month),
    requestedBy,
  });
  if (!reserved) {
    const standing = await reservationOf(tx, company.id);
    throw unprocessable(
      standing?.carriedOutAt
        ? UNSUBSCRIPTION_MESSAGES.alreadyUnsubscribed
        : UNSUBSCRIPTION_MESSAGES.alreadyReserved,
    );
  }
  return reserved;
}

/**
 * A company's leaving, reserved and cancelled from its detail page (admin spec section 7), by the
 * bank's system and bank admins (the calls' access). The reservation is audited PENDING (a record
 * awaiting its day), the cancel DELETE (the reservation's row is removed); the day itself is the
 * unsubscription job's (unsubscription-job.ts).
 */
export async function companyUnsubscriptionRoutes(app: FastifyInstance, _services: DomainServices) {
  const audit = {
    action: 'PENDING',
    target: ({ body }: { body: Reservation }) => body.company_unique_code,
  } as const;

  serveCall(
    app,
    reserveUnsubscriptionCall,
    ({ tx, body, viewer }) => reserve(tx, body, viewer.userId, 'any'),
    { message: UNSUBSCRIPTION_MESSAGES.reserved, audit },
  );

  serveCall(
    app,
    reservePortalUnsubscriptionCall,
    ({ tx, body, viewer }) => reserve(tx, body, viewer.userId, 'portal'),
    { message: UNSUBSCRIPTION_MESSAGES.reserved, audit },
  );

  serveCall(
    app,
    cancelUnsubscriptionCall,
    async ({ tx, body }) => {
      const company = await companyToLeave(tx, body.company_unique_code);
      if (!company) throw notFound();
      if (!(await deleteReservation(tx, company.id, japanDateString()))) {
        const standing = await reservationOf(tx, company.id);
        throw unprocessable(standing ? UNSUBSCRIPTION_MESSAGES.tooLate : UNSUBSCRIPTION_MESSAGES.notReserved);
      }
      return { company_unique_code: body.company_unique_code };
    },
    {
      message: UNSUBSCRIPTION_MESSAGES.cancelled,
      audit: { action: 'DELETE', target: ({ body }) => body.company_unique_code },
    },
  );
}
