import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { startImpersonation, switchTargetTypesFor } from '#server/auth/impersonation.ts';
import { defaultLandingPath } from '#server/auth/login-routes.ts';
import { success, successEnvelope } from '#server/contracts/envelope.ts';
import {
  switchableUserSchema,
  userSwitchAnswerSchema,
  userSwitchRequestSchema,
} from '#server/contracts/identity.ts';
import {
  buildPagingData,
  listResultSchema,
  MAX_LIST_ROWS,
  TABLE_DEFAULT_ROWS,
} from '#server/contracts/paging.ts';
import { loggedInUserSchema } from '#server/contracts/logged-in-user.ts';
import { searchSwitchableUsers } from './queries.ts';
import { forbidden, unauthorized } from '#server/errors.ts';

/** /api/v1/user: the current user, and impersonation for system and bank admins. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      // Public: a visitor is answered null, not 401. Every page asks at start-up, and a 401 would put
      // an error in every visitor's browser console. An invalid Bearer credential is still a 401.
      config: { access: 'public', staffRestrictionExempt: true },
      // The hottest call: the loader checked the user against loggedInUserSchema (undeclared fields
      // dropped) when it read it, and answers it serialised; the two facts added per request are
      // typed. Checking the whole answer again on every call would cost an eighth of its time. The
      // schema still documents it.
      serializerCompiler: () => (data) => (typeof data === 'string' ? data : JSON.stringify(data)),
      schema: {
        tags: ['user'],
        summary: 'ログイン中のユーザー',
        description:
          'ログイン中のユーザー（企業・ユーザー・権限・行員の接続元と営業時間の判定）を返します。ログインしていなければ result は null です。',
        response: { 200: successEnvelope(z.nullable(loggedInUserSchema)) },
      },
    },
    async (request, reply) => {
      if (!request.auth) {
        // A cookie whose session has ended is removed, so the browser stops sending it.
        if (request.cookies[app.sessions.cookieName] !== undefined) await app.sessions.end(reply, null);
        return success(null);
      }
      const answer = await app.loggedInUsers.answer(request, request.auth.user);
      if (answer === undefined) {
        // The account was disabled after the login: the session ends here.
        if (request.auth.session) await app.sessions.end(reply, request.auth.session);
        return success(null);
      }
      // Already the serialised envelope (the loader's): sent as it is. The type provider types send()
      // with the schema's object, hence the widening to the plain reply.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(answer);
    },
  );

  app.get(
    '/switchable',
    {
      config: { access: 'admin', rule: 'user_switch' },
      schema: {
        tags: ['user'],
        summary: '切り替え可能なユーザー',
        description:
          'システム管理者・銀行管理者が切り替えてログインできる、同じ金融機関のユーザーの一覧です（自分より権限の小さいアカウント種別のみ）。',
        querystring: z.object({
          rows: z.coerce.number().int().min(1).max(MAX_LIST_ROWS).default(TABLE_DEFAULT_ROWS),
          page: z.coerce.number().int().min(1).default(1),
          keyword: z.string().max(100).optional(),
        }),
        response: { 200: successEnvelope(listResultSchema(switchableUserSchema)) },
      },
    },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw unauthorized();
      // The same table POST /switch applies: the list never offers a user the switch would refuse.
      const targetTypes = switchTargetTypesFor(auth);
      if (targetTypes.length === 0) throw forbidden();
      const { page, rows, keyword } = request.query;
      const { list, totalRows } = await request.inBank((tx) =>
        searchSwitchableUsers(tx, { excludeUserId: auth.user.userId, targetTypes, keyword, page, rows }),
      );
      return success({ list, paging_data: buildPagingData(totalRows, page, rows) });
    },
  );

  app.post(
    '/switch',
    {
      config: { access: 'admin', rule: 'user_switch' },
      schema: {
        tags: ['user'],
        summary: 'ユーザーの切り替え',
        description:
          '同じ金融機関のユーザーとしてログインし直します（監査ログに記録）。自分より権限の小さいアカウント種別にだけ切り替えられ、それ以外は 403、見つからないユーザーは 404 です。戻るときは /login?switch_back=1 を開きます。',
        body: userSwitchRequestSchema,
        response: { 200: successEnvelope(userSwitchAnswerSchema) },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (!auth) throw unauthorized();
      // Impersonation rides on the session: a bearer (the mobile wrapper) cannot switch.
      if (!auth.session) throw forbidden();
      const switched = await startImpersonation(
        app,
        request,
        reply,
        auth.session,
        request.body.user_unique_code,
      );
      return success({
        user_switch_from: auth.user.userUniqueCode,
        redirect_to: defaultLandingPath(switched.data.user),
      });
    },
  );
};

/**
 * GET /api/v1/login/callback/bamidp (platform spec section 7): which portal user a provider's
 * subject is, for a client holding the bank's id token (the mobile-app wrapper sends it as its
 * Bearer credential). The browser's login does the same mapping inside /callback.
 */
export const loginCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bamidp',
    {
      config: { access: 'login' },
      schema: {
        tags: ['user'],
        summary: 'IDトークンのポータルユーザーへの対応付け',
        description:
          'Bearer の ID トークン（またはセッション）のユーザーを、ポータルのユーザーとログイン後の遷移先に対応付けます。',
        response: {
          200: successEnvelope(
            z.object({
              user_unique_code: z.string(),
              user_type: z.string(),
              redirect_to: z.string(),
            }),
          ),
        },
      },
    },
    async (request) => {
      if (!request.auth) throw unauthorized();
      const { user } = request.auth;
      return success({
        user_unique_code: user.userUniqueCode,
        user_type: user.userType,
        redirect_to: defaultLandingPath(user),
      });
    },
  );
};
