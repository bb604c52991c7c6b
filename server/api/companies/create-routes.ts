import type { FastifyInstance } from 'fastify';
import {
  COMPANY_CREATE_MESSAGES,
  COMPANY_TYPE_SETUP,
  createCompanyCall,
} from '#server/contracts/company-create.ts';
import type { FieldErrors } from '#server/contracts/envelope.ts';
import { REGISTRATION_MESSAGES } from '#server/contracts/registration-form.ts';
import { FIRST_PASSWORD_LINK_VALID_DAYS } from '#server/contracts/reminder.ts';
import { unprocessable } from '#server/errors.ts';
import { mailBankOfRequest, renderBankMail } from '#server/mail/bank-mail.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { createCompanyUser } from '../accounts/company-users.ts';
import { createResetLink } from '../accounts/password-reset-queries.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import { serveCall } from '../kit/serve-call.ts';
import { companyCreatedMail } from './company-created-mail.ts';
import { corporateNumberTaken, insertCompany, isOpenBranch } from './create-queries.ts';

/** An optional field's text, or null when it was left empty (blank text included). */
const filledIn = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/**
 * /admin/company/create's save (issue 15), for system and bank admins: the company and its owner
 * with a login id of the bank's prefix, a first-password link and the owner's mail, in one
 * transaction (the mail goes through the outbox at commit). What only the database can check (the
 * branch, a corporate number another company holds) is refused with 422 under its field.
 */
export async function companyCreateRoutes(app: FastifyInstance, _services: DomainServices) {
  serveCall(
    app,
    createCompanyCall,
    async ({ tx, body, request }) => {
      const errors: FieldErrors = {};
      if (!(await isOpenBranch(tx, body.bb_id))) errors.bb_id = [REGISTRATION_MESSAGES.invalidChoice];
      const number = filledIn(body.company_corporate_number);
      if (number && (await corporateNumberTaken(tx, request.tenant.code, number)))
        errors.company_corporate_number = [COMPANY_CREATE_MESSAGES.duplicateCorporateNumber];
      if (Object.keys(errors).length > 0) throw unprocessable(undefined, errors);

      const company = await insertCompany(tx, { ...body, company_corporate_number: number });
      const owner = await createCompanyUser(
        tx,
        {
          companyId: company.id,
          userType: COMPANY_TYPE_SETUP[body.company_type].ownerType,
          lastName: body.user_last_name,
          firstName: body.user_first_name,
          lastNameKana: body.user_last_name_kana,
          firstNameKana: body.user_first_name_kana,
          email: body.user_email,
          tel: filledIn(body.user_tel),
        },
        request.tenant.config.system_prefix,
      );
      const token = await createResetLink(tx, owner.userId, FIRST_PASSWORD_LINK_VALID_DAYS * 24 * 60);
      const bank = mailBankOfRequest(request);
      await queueMail(
        tx,
        renderBankMail(
          bank,
          companyCreatedMail(
            bank,
            { name: body.company_name, type: body.company_type },
            { ...body, loginId: owner.loginId, token },
          ),
        ),
      );
      return { company_unique_code: company.code, user_login_id: owner.loginId };
    },
    {
      message: COMPANY_CREATE_MESSAGES.saved,
      audit: { action: 'CREATE', target: (_context, result) => result.company_unique_code },
    },
  );
}
