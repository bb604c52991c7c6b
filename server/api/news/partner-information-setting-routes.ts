import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CARD_REQUIRED_MESSAGE } from '#server/auth/auth-plugin.ts';
import type { FieldErrors } from '#server/contracts/envelope.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { ARTICLE_BODY_MAX_LENGTH } from '#server/contracts/news.ts';
import { pagedResult } from '#server/contracts/paging.ts';
import {
  cancelPartnerInformationSettingCall,
  createPartnerInformationSettingCall,
  getPartnerInformationSettingCall,
  listPartnerInformationSettingsCall,
  PARTNER_INFORMATION_SETTING_MESSAGES,
  type PartnerInformationFields,
  partnerInformationFieldsSchema,
  partnerMayChange,
  updatePartnerInformationSettingCall,
} from '#server/contracts/partner-information-setting.ts';
import { evaluateRule, isCardRequiredAndMissing } from '#server/contracts/route-access.ts';
import { characterCount } from '#server/contracts/text-length.ts';
import { maxLengthMessage, parseDateValue, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { specErrorMap } from '#server/contracts/zod-error-map.ts';
import type { DbTransaction } from '#server/db/database.ts';
import { AppError, forbidden, MESSAGES, notFound, unprocessable } from '#server/errors.ts';
import type { CompanyMemberViewer, CompanyViewer } from '#server/plugins/request-context.ts';
import { fieldErrorsFromIssues } from '#server/plugins/request-validation.ts';
import { serveCall } from '../kit/serve-call.ts';
import { hasVisibleContent, sanitizeArticleBody } from '../kit/sanitize-rich-text.ts';
import { articleObject } from './article-object.ts';
import {
  companyNameOf,
  findCompanyPartnerInformation,
  insertCompanyPartnerInformation,
  listCompanyPartnerInformation,
  type LockedPartnerItem,
  lockCompanyPartnerInformation,
  type PartnerItemColumns,
  type PartnerWriter,
  setPartnerInformationStatus,
  updateCompanyPartnerInformation,
} from './partner-information-setting-queries.ts';

/** What `:id` names: an item of partner information (the company's own are found in the handler). */
const partnerItemObject = articleObject('partner_information');

/** A body PUT accepts, so the security walk gets past validation to the item. */
const UPDATE_EXAMPLE = {
  article_title: '事業承継セミナーのご案内',
  article_body: '<p>事業承継の進め方を専門家が解説します。</p>',
  article_publish_start: '2030-04-01',
  article_publish_end: '',
};

/**
 * The page rule partner_information_settings (a partner company's user with
 * company_setting_partner_information_write), as the API guard applies a call's rule, card
 * requirement included. The calls that name an item apply it after finding the item in the company
 * (contract: they share no rule), so an id that is not the company's is 404 whoever asks.
 */
function requireWriterRight(request: FastifyRequest, viewer: CompanyMemberViewer): number {
  const features = request.tenant.config.features;
  if (isCardRequiredAndMissing(viewer.user, features))
    throw new AppError('card_required', 403, CARD_REQUIRED_MESSAGE);
  const decision = evaluateRule('partner_information_settings', { user: viewer.user, features });
  if (decision.kind !== 'allow') throw forbidden();
  return viewer.companyId;
}

/** The writer of a save: the user, their company and its name (the item's provider). */
async function writerOf(tx: DbTransaction, viewer: CompanyViewer, companyId: number): Promise<PartnerWriter> {
  return { userId: viewer.userId, companyId, companyName: await companyNameOf(tx, companyId) };
}

/** The company's item, locked (404 when the company has none with that id), and the writer's right (403). */
async function lockedForChange(
  tx: DbTransaction,
  request: FastifyRequest,
  viewer: CompanyMemberViewer,
  articleId: number,
): Promise<{ stored: LockedPartnerItem; companyId: number }> {
  const stored = await lockCompanyPartnerInformation(tx, viewer.companyId, articleId);
  if (!stored) throw notFound();
  const companyId = requireWriterRight(request, viewer);
  if (!partnerMayChange(stored.pi_status)) throw unprocessable(PARTNER_INFORMATION_SETTING_MESSAGES.closed);
  return { stored, companyId };
}

/** A readable day as the date column holds it (the schema refused anything else). */
function dayOf(value: string): string {
  const date = parseDateValue(value);
  if (!date) throw new Error('a validated publication day that reads as no day');
  return japanDateString(date);
}

/**
 * The body as it will be stored, and its field errors: sanitised as the staff's bodies are
 * (../kit/sanitize-rich-text.ts), then judged as the companies will see it: nothing visible left
 * is nothing entered, and the limit counts the sanitised markup.
 */
function sanitisedBody(html: string): { body: string; errors: FieldErrors } {
  const body = sanitizeArticleBody(html);
  if (!hasVisibleContent(body)) return { body, errors: { article_body: [VALIDATION_MESSAGES.required] } };
  if (characterCount(body) > ARTICLE_BODY_MAX_LENGTH)
    return { body, errors: { article_body: [maxLengthMessage(ARTICLE_BODY_MAX_LENGTH)] } };
  return { body, errors: {} };
}

/**
 * The columns to store, or a 422 with every field error only the server can find: the sanitised
 * body, and (on an edit) the past-day rule judged against the days the item holds.
 */
function checkedColumns(fields: PartnerInformationFields, stored?: LockedPartnerItem): PartnerItemColumns {
  const { body, errors } = sanitisedBody(fields.article_body);
  if (stored) {
    const parsed = z.safeParse(
      partnerInformationFieldsSchema(() => new Date(), {
        article_publish_start: stored.article_publish_start,
        article_publish_end: stored.article_publish_end,
      }),
      fields,
      { error: specErrorMap },
    );
    if (!parsed.success)
      for (const [name, messages] of Object.entries(fieldErrorsFromIssues(parsed.error.issues)))
        (errors[name] ??= []).push(...messages);
  }
  if (Object.keys(errors).length > 0) throw unprocessable(MESSAGES.saveFailed, errors);
  return {
    article_title: fields.article_title,
    article_body: body,
    article_publish_start: dayOf(fields.article_publish_start),
    article_publish_end: fields.article_publish_end ? dayOf(fields.article_publish_end) : null,
  };
}

/**
 * /api/v1/setting/partner_information: a partner company's own partner information
 * (/mypage/setting/information). Every save puts the item under the bank's review (REVIEWING);
 * a withdrawal ends it (CANCELLED). Audited: a save as PENDING (put up for the bank's decision),
 * a withdrawal as CLOSE (a publication withdrawn).
 */
export function servePartnerInformationSettingCalls(app: FastifyInstance): void {
  serveCall(app, listPartnerInformationSettingsCall, async ({ tx, viewer, request, query }) => {
    const companyId = requireWriterRight(request, viewer);
    const { list, totalRows } = await listCompanyPartnerInformation(tx, companyId, query);
    return pagedResult(list, totalRows, query);
  });

  serveCall(
    app,
    getPartnerInformationSettingCall,
    async ({ tx, viewer, request, params }) => {
      const item = await findCompanyPartnerInformation(tx, viewer.companyId, params.id);
      if (!item) throw notFound();
      requireWriterRight(request, viewer);
      return item;
    },
    { object: partnerItemObject },
  );

  serveCall(
    app,
    createPartnerInformationSettingCall,
    async ({ tx, viewer, request, body }) => {
      const companyId = requireWriterRight(request, viewer);
      const columns = checkedColumns(body);
      const articleId = await insertCompanyPartnerInformation(
        tx,
        await writerOf(tx, viewer, companyId),
        columns,
      );
      return { article_id: articleId, pi_status: 'REVIEWING' as const };
    },
    {
      message: PARTNER_INFORMATION_SETTING_MESSAGES.saved,
      audit: { action: 'PENDING', target: (_, result) => result.article_id },
    },
  );

  serveCall(
    app,
    updatePartnerInformationSettingCall,
    async ({ tx, viewer, request, params, body }) => {
      const { stored, companyId } = await lockedForChange(tx, request, viewer, params.id);
      const columns = checkedColumns(body, stored);
      await updateCompanyPartnerInformation(tx, await writerOf(tx, viewer, companyId), params.id, columns);
      return { article_id: params.id, pi_status: 'REVIEWING' as const };
    },
    {
      message: PARTNER_INFORMATION_SETTING_MESSAGES.saved,
      audit: { action: 'PENDING' },
      object: partnerItemObject,
      example: { body: UPDATE_EXAMPLE },
    },
  );

  serveCall(
    app,
    cancelPartnerInformationSettingCall,
    async ({ tx, viewer, request, params }) => {
      await lockedForChange(tx, request, viewer, params.id);
      await setPartnerInformationStatus(tx, params.id, 'CANCELLED');
      return { article_id: params.id, pi_status: 'CANCELLED' as const };
    },
    {
      message: PARTNER_INFORMATION_SETTING_MESSAGES.cancelled,
      audit: { action: 'CLOSE' },
      object: partnerItemObject,
    },
  );
}
