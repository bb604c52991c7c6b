import type { FastifyInstance } from 'fastify';
import type { RouteObjectRef } from '#server/auth/request-auth.ts';
import {
  CHAT_REMARK_TEMPLATE_MAX_COUNT,
  CHAT_REMARK_TEMPLATE_MESSAGES,
  createChatRemarkTemplateCall,
  deleteChatRemarkTemplateCall,
  getChatRemarkTemplateCall,
  listChatRemarkTemplatesCall,
  reorderChatRemarkTemplatesCall,
  saveChatRemarkTemplateCall,
} from '#server/contracts/chat-remark-template.ts';
import { notFound, unprocessable } from '#server/errors.ts';
import { serveCall } from '../kit/serve-call.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import {
  createChatRemarkTemplate,
  deleteChatRemarkTemplate,
  findChatRemarkTemplate,
  listChatRemarkTemplates,
  reorderChatRemarkTemplates,
  updateChatRemarkTemplate,
} from './chat-remark-template-queries.ts';

/** What `:template_unique_code` names (the security walk tries one of another bank's). */
const templateObject: RouteObjectRef = {
  param: 'template_unique_code',
  table: 'chat_remark_templates',
  column: 'template_unique_code',
};

/** A template's fields the walk may send to get past validation. */
const exampleFields = {
  template_title: '営業時間のご案内',
  template_body: '平日9時から17時まで営業しております。',
};

/**
 * The company's chat remark templates (/mypage/setting/chat_remark_template): listed, created,
 * edited, deleted and reordered by every user of the company the page rule admits
 * (company_chat_read); staff are refused by the calls' company access. Each call names the user's
 * own company, so another company's template is a 404 like another bank's.
 */
export async function chatRemarkTemplateRoutes(
  app: FastifyInstance,
  _services: DomainServices,
): Promise<void> {
  serveCall(app, listChatRemarkTemplatesCall, async ({ tx, viewer }) => ({
    list: await listChatRemarkTemplates(tx, viewer.companyId),
    max_count: CHAT_REMARK_TEMPLATE_MAX_COUNT,
  }));

  serveCall(
    app,
    getChatRemarkTemplateCall,
    async ({ tx, viewer, params }) => {
      const template = await findChatRemarkTemplate(tx, viewer.companyId, params.template_unique_code);
      if (!template) throw notFound();
      return template;
    },
    { object: templateObject },
  );

  serveCall(
    app,
    createChatRemarkTemplateCall,
    async ({ tx, viewer, body }) => {
      const outcome = await createChatRemarkTemplate(
        tx,
        viewer.companyId,
        viewer.userId,
        body,
        CHAT_REMARK_TEMPLATE_MAX_COUNT,
      );
      if (outcome.kind === 'no-company') throw notFound();
      if (outcome.kind === 'limit-reached') throw unprocessable(CHAT_REMARK_TEMPLATE_MESSAGES.limitReached);
      return outcome.template;
    },
    { audit: { action: 'CREATE', target: (_context, created) => created.template_unique_code } },
  );

  serveCall(
    app,
    saveChatRemarkTemplateCall,
    async ({ tx, viewer, params, body }) => {
      const saved = await updateChatRemarkTemplate(
        tx,
        viewer.companyId,
        viewer.userId,
        params.template_unique_code,
        body,
      );
      if (!saved) throw notFound();
      return saved;
    },
    { object: templateObject, example: { body: exampleFields }, audit: { action: 'UPDATE' } },
  );

  serveCall(
    app,
    deleteChatRemarkTemplateCall,
    async ({ tx, viewer, params }) => {
      const code = params.template_unique_code;
      if (!(await deleteChatRemarkTemplate(tx, viewer.companyId, code))) throw notFound();
      return { template_unique_code: code };
    },
    { object: templateObject, audit: { action: 'DELETE' }, message: CHAT_REMARK_TEMPLATE_MESSAGES.deleted },
  );

  serveCall(
    app,
    reorderChatRemarkTemplatesCall,
    async ({ tx, viewer, body }) => {
      const outcome = await reorderChatRemarkTemplates(tx, viewer.companyId, body.template_unique_codes);
      if (outcome.kind === 'unknown-template') throw notFound();
      if (outcome.kind === 'outdated') throw unprocessable(CHAT_REMARK_TEMPLATE_MESSAGES.orderOutdated);
      return { list: outcome.list, max_count: CHAT_REMARK_TEMPLATE_MAX_COUNT };
    },
    // One row per reorder; the target is the company's templates as a whole.
    { audit: { action: 'UPDATE' }, message: CHAT_REMARK_TEMPLATE_MESSAGES.orderSaved },
  );
}
