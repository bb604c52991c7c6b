import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isBankUser } from '#server/contracts/account-types.ts';
import { success, successEnvelope } from '#server/contracts/envelope.ts';
import { LOGOUT_PATH } from '#server/contracts/identity.ts';
import { menuAnswerSchema, type MenuAnswer, offeredMenu } from '#server/contracts/menu.ts';
import { ADMIN_MENU, COMPANY_MENU } from '#server/contracts/menu-data.ts';
import { isPagePath } from '#server/contracts/page-table.ts';

/**
 * GET /api/v1/menu: the navigation of the user's side (spec: "a server-supplied menu is also
 * loaded"), filtered with the same filterMenu the browser runs, so the two never disagree, and
 * without the entries whose page does not exist yet (server/contracts/page-table.ts). The
 * fukuri and invoice entries keep their app paths (/fukuri, /invoice), which the client turns into
 * the external services' addresses with the bank code; the logout link is /logout.
 */
export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { access: 'login' },
      schema: {
        tags: ['user'],
        summary: 'ナビゲーションメニュー',
        description:
          'ログイン中のユーザーの側（企業・銀行）のメニューを、権限・機能フラグで絞り込んで返します。',
        response: { 200: successEnvelope(menuAnswerSchema) },
      },
    },
    async (request) => {
      const { user } = await request.viewerFor('login');
      const side = isBankUser(user.user_type) ? 'admin' : 'company';
      const answer: MenuAnswer = {
        side,
        // The same steps as the browser: the menu's own rules, the pages the route rules deny, the
        // pages that do not exist yet.
        items: offeredMenu(
          side === 'admin' ? ADMIN_MENU : COMPANY_MENU,
          user,
          request.tenant.config,
          (path) => isPagePath(path),
        ),
        logout: { title: 'ログアウト', link: LOGOUT_PATH },
      };
      return success(answer);
    },
  );
};
