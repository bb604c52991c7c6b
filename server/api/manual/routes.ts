import type { FastifyInstance } from 'fastify';
import { getManual, saveManual } from '#server/contracts/manual.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { unprocessable } from '#server/errors.ts';
import { serveCall } from '../kit/serve-call.ts';
import { hasVisibleContent, sanitizeArticleBody } from '../kit/sanitize-rich-text.ts';
import { readManual, writeManual } from './queries.ts';

/** GET and PUT /api/v1/manual: the manual dialog's content, written per page kind by the bank's admins. */
export async function manualRoutes(app: FastifyInstance) {
  serveCall(app, getManual, ({ tx, query }) => readManual(tx, query.page));

  serveCall(
    app,
    saveManual,
    async ({ tx, body, viewer }) => {
      const html = sanitizeArticleBody(body.body);
      // A body that was only markup the allowlist drops (a script, an empty paragraph) is empty.
      if (!hasVisibleContent(html)) {
        throw unprocessable(undefined, { body: [VALIDATION_MESSAGES.required] });
      }
      return writeManual(tx, { page: body.page, title: body.title, body: html }, viewer.userId);
    },
    { message: '保存しました', audit: { action: 'UPDATE', target: (_, result) => result.page } },
  );
}
