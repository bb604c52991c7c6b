import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FIRST_PASSWORD_LINK_VALID_DAYS } from '#server/contracts/reminder.ts';
import { pagedResult } from '#server/contracts/paging.ts';
import {
  approveRegistrationCall,
  registrationDetailCall,
  searchRegistrationsCall,
  PORTAL_REJECTION_VARIANTS,
  REGISTRATION_DESK_MESSAGES,
  rejectPortalRegistrationCall,
  rejectRegistrationCall,
} from '#server/contracts/registration-desk.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { companyRegisterReasons } from '#server/db/schema/master-lists.ts';
import { codeListName } from '#server/db/select-code-list.ts';
import { badRequest, notFound, unprocessable } from '#server/errors.ts';
import { mailBankOfRequest, renderBankMail } from '#server/mail/bank-mail.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { serveCall } from '../kit/serve-call.ts';
import { createResetLink } from '../accounts/password-reset-queries.ts';
import { approvalMail, rejectionMail } from './decision-mail.ts';
import { registrationDetail, searchRegistrations } from './desk-list-queries.ts';
import { createCompany, createOwner, type Decision, decide } from './desk-queries.ts';
import { identificationOfApplication } from './identification-files.ts';
import { cardOfValues, shownValues } from './application-card-routes.ts';
import { saveCompanyCard } from '../accounts/company-card-queries.ts';

/** The pending application decided now, or the refusal: 404 when there is none, 422 when decided already. */
async function decided(tx: DbTransaction, code: string, deciderUserId: number, decision: Decision) {
  const application = await decide(tx, code, deciderUserId, decision);
  if (application === undefined) throw notFound();
  if (application === 'decided') throw unprocessable(REGISTRATION_DESK_MESSAGES.alreadyDecided);
  return application;
}

async function reasonName(tx: DbTransaction, code: string): Promise<string> {
  const name = await codeListName(tx, companyRegisterReasons, code);
  if (name === undefined)
    throw badRequest(undefined, { reason_code: [REGISTRATION_DESK_MESSAGES.rejectFailed] });
  return name;
}

const mailBank = (request: FastifyRequest) => mailBankOfRequest(request);

/**
 * The desk's decisions (admin spec section 7), for system and bank admins. Approval creates the
 * company, its owner and login id, records the decision and mails the owner, in one transaction.
 */
export async function registrationDeskRoutes(app: FastifyInstance) {
  serveCall(app, searchRegistrationsCall, async ({ tx, body, viewer }) => {
    const { page, rows } = body;
    const { list, totalRows } = await searchRegistrations(tx, viewer, body.conditions ?? {}, { page, rows });
    return pagedResult(list, totalRows, { page, rows });
  });

  serveCall(
    app,
    registrationDetailCall,
    async ({ tx, params }) => {
      const detail = await registrationDetail(tx, params.cr_unique_code);
      if (!detail) throw notFound();
      return {
        ...detail,
        values: shownValues(detail.values),
        identification_file: await identificationOfApplication(tx, params.cr_unique_code),
      };
    },
    { object: { param: 'cr_unique_code', table: 'company_registrations', column: 'cr_unique_code' } },
  );

  serveCall(
    app,
    approveRegistrationCall,
    async ({ tx, body, viewer, request }) => {
      const application = await decided(tx, body.cr_unique_code, viewer.userId, { status: 'approved' });
      const company = await createCompany(tx, application);
      const owner = await createOwner(tx, application, company.id, request.tenant.config.system_prefix);
      // An application that paid by card: the card tokenised with it becomes the company's.
      const card = cardOfValues(application.values);
      if (card) await saveCompanyCard(tx, company.id, card, owner.userId);
      const token = await createResetLink(tx, owner.userId, FIRST_PASSWORD_LINK_VALID_DAYS * 24 * 60);
      const bank = mailBank(request);
      await queueMail(
        tx,
        renderBankMail(bank, approvalMail(bank, application, { loginId: owner.loginId, token })),
      );
      return { company_unique_code: company.code, user_login_id: owner.loginId };
    },
    {
      message: REGISTRATION_DESK_MESSAGES.approved,
      audit: { action: 'APPROVE', target: ({ body }) => body.cr_unique_code },
    },
  );

  serveCall(
    app,
    rejectRegistrationCall,
    async ({ tx, body, viewer, request }) => {
      const reason = await reasonName(tx, body.reason_code);
      const application = await decided(tx, body.cr_unique_code, viewer.userId, {
        status: 'rejected',
        reasonCode: body.reason_code,
      });
      const notified = application.variant.rejectionNotified;
      if (notified) {
        const bank = mailBank(request);
        await queueMail(tx, renderBankMail(bank, rejectionMail(bank, application, reason)));
      }
      return { notified };
    },
    {
      message: REGISTRATION_DESK_MESSAGES.rejected,
      audit: { action: 'REJECT', target: ({ body }) => body.cr_unique_code },
    },
  );

  serveCall(
    app,
    rejectPortalRegistrationCall,
    async ({ tx, body, viewer }) => {
      await reasonName(tx, body.reason_code);
      const application = await decided(tx, body.cr_unique_code, viewer.userId, {
        status: 'rejected',
        reasonCode: body.reason_code,
      });
      // Only the portal variant's applications; another's rejection is told (the call above).
      if (!PORTAL_REJECTION_VARIANTS.includes(application.variant.code)) throw notFound();
      return { notified: false };
    },
    {
      message: REGISTRATION_DESK_MESSAGES.rejected,
      audit: { action: 'REJECT', target: ({ body }) => body.cr_unique_code },
    },
  );
}
