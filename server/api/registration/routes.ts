import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { newRandomToken } from '#server/auth/random-tokens.ts';
import {
  createRegistrationDraftCall,
  readRegistrationDraftCall,
  REGISTRATION_CALL_MESSAGES,
  REGISTRATION_DRAFT_HOURS,
  saveRegistrationDraftCall,
  submitRegistrationCall,
} from '#server/contracts/registration.ts';
import { registrationSchema } from '#server/contracts/registration-form.ts';
import type { RegistrationStepKey } from '#server/contracts/registration-variants.ts';
import { notFound, unprocessable } from '#server/errors.ts';
import { mailBankOfRequest, renderBankMail } from '#server/mail/bank-mail.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { bankRateLimitOptions, type PublicFormLimit } from '#server/plugins/rate-limit.ts';
import { fieldErrorsFromIssues, RequestValidationError } from '#server/plugins/request-validation.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import type { PaymentGateway } from '#server/payment/gateway.ts';
import { serveCall } from '../kit/serve-call.ts';
import { bindIdentificationToApplication, removeExpiredIdentifications } from './identification-files.ts';
import { identificationUploadRoutes } from './identification-routes.ts';
import { unknownMasterCodes } from './master-codes.ts';
import { createDraft, deleteDraft, insertRegistration, saveDraftValues } from './queries.ts';
import { offeredVariant, openDraft } from './open-draft.ts';
import {
  applicationCardRoutes,
  cardDetailsOf,
  shownValues,
  withoutCardFields,
} from './application-card-routes.ts';
import { registrationReceiptMail } from './receipt-mail.ts';
import { applicationProgressRoutes } from './progress-routes.ts';

export const REGISTRATION_RATE_LIMITED_MESSAGE =
  '短時間に多くのお申し込みがありました。しばらくしてから再度お試しください。';

/** Values checked by `schema`, as it outputs them; else the 400 with a message per field. */
function checked(schema: z.core.$ZodType, values: unknown): Record<string, unknown> {
  const result = z.safeParse(schema, values);
  if (!result.success) throw new RequestValidationError(fieldErrorsFromIssues(result.error.issues));
  return result.data as Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * /api/v1/register: a company's application to the host's bank (platform spec sections 2 and 3),
 * without a login. The agreement starts a draft; each step is checked lazily (what was entered)
 * and kept; sending checks the whole application strictly, files it as 承認待ち for the bank's desk
 * and mails the applicant a receipt, in one transaction.
 */
export async function registrationRoutes(
  app: FastifyInstance,
  options: PublicFormLimit & { storage: FileStorage; gateway: PaymentGateway },
) {
  await app.register(
    fastifyRateLimit,
    bankRateLimitOptions({
      name: 'registration',
      ...options.rateLimit,
      message: REGISTRATION_RATE_LIMITED_MESSAGE,
      store: options.rateLimitStore,
    }),
  );
  const limited = app.rateLimit();
  applicationCardRoutes(app, { gateway: options.gateway, limited });
  applicationProgressRoutes(app, { limited });
  await app.register(identificationUploadRoutes, { storage: options.storage, limited });

  serveCall(
    app,
    createRegistrationDraftCall,
    async ({ tx, body, request, afterCommit }) => {
      offeredVariant(request, body.variant);
      if (body.homepage_url) {
        // The honeypot: only a bot fills it in. It gets an id like anyone's, and nothing is kept.
        request.log.info('registration with the honeypot filled in ignored');
        const expiresAt = new Date(Date.now() + REGISTRATION_DRAFT_HOURS * 3_600_000);
        return { draft_id: newRandomToken(), expires_at: expiresAt.toISOString() };
      }
      const { draftId, expiresAt } = await createDraft(tx, body.variant, new Date(body.agree1_at));
      await removeExpiredIdentifications(tx, { storage: options.storage, afterCommit, log: request.log });
      return { draft_id: draftId, expires_at: expiresAt.toISOString() };
    },
    { onRequest: limited, audit: { action: 'DRAFT' } },
  );

  serveCall(app, readRegistrationDraftCall, async ({ tx, body, request }) => {
    const draft = await openDraft(request, tx, body.draft_id);
    return {
      variant: draft.variant.code,
      values: shownValues(draft.values),
      expires_at: draft.expiresAt.toISOString(),
    };
  });

  serveCall(
    app,
    saveRegistrationDraftCall,
    async ({ tx, body, request }) => {
      const draft = await openDraft(request, tx, body.draft_id);
      const step: RegistrationStepKey = body.step;
      if (!draft.variant.steps.includes(step)) throw notFound();
      const values = checked(
        registrationSchema(draft.variant, [step], { lazy: true }),
        withoutCardFields(body.values),
      );
      const expiresAt = await saveDraftValues(tx, body.draft_id, values);
      return { expires_at: expiresAt.toISOString() };
    },
    { message: REGISTRATION_CALL_MESSAGES.saved, audit: { action: 'DRAFT' } },
  );

  serveCall(
    app,
    submitRegistrationCall,
    async ({ tx, body, request }) => {
      const draft = await openDraft(request, tx, body.draft_id);
      // The draft is what was kept, not what this request sent: an incomplete one is refused (422),
      // with a message per field for the page to show at its step.
      const complete = z.safeParse(registrationSchema(draft.variant), draft.values);
      if (!complete.success) throw unprocessable(undefined, fieldErrorsFromIssues(complete.error.issues));
      const values = complete.data as Record<string, unknown>;
      const unknown = await unknownMasterCodes(tx, values);
      if (Object.keys(unknown).length > 0) throw unprocessable(undefined, unknown);
      const applicantName = `${text(values.user_last_name)} ${text(values.user_first_name)}`;
      const code = await insertRegistration(tx, {
        variant: draft.variant.code,
        values: { ...values, ...cardDetailsOf(draft.values) },
        companyName: text(values.company_name),
        applicantName,
        applicantEmail: text(values.user_email),
        bbId: values.has_no_bank_branch === true || typeof values.bb_id !== 'number' ? null : values.bb_id,
        agreedAt: draft.agreedAt,
      });
      await bindIdentificationToApplication(tx, {
        variant: draft.variant,
        draftId: body.draft_id,
        values,
        crUniqueCode: code,
      });
      await deleteDraft(tx, body.draft_id);
      const bank = mailBankOfRequest(request);
      const receipt = registrationReceiptMail(bank, {
        to: text(values.user_email),
        applicantName,
        companyName: text(values.company_name),
        code,
        variant: draft.variant,
      });
      await queueMail(tx, renderBankMail(bank, receipt));
      // The number only: what the applicant wrote is personal data and stays out of the log.
      request.log.info({ registration: code, variant: draft.variant.code }, 'registration received');
      return { cr_unique_code: code };
    },
    {
      message: REGISTRATION_CALL_MESSAGES.received,
      onRequest: limited,
      audit: { action: 'PENDING', target: (_context, result) => result.cr_unique_code },
    },
  );
}
