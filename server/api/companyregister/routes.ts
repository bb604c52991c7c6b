import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success, successEnvelope } from '#server/contracts/envelope.ts';
import { selectCodeList } from '#server/db/select-code-list.ts';
import { companyRegisterReasons } from '#server/db/schema/master-lists.ts';

const registerReasonSchema = z.object({ code: z.string(), name: z.string() });

/**
 * /api/v1/companyregister: company registration applications (admin spec section 7).
 * For now the reasons list the admin chooses from when deciding on an application.
 */
export const companyRegisterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reasons',
    {
      config: { access: 'public' },
      schema: {
        tags: ['companyregister'],
        summary: '企業登録申請の却下理由',
        querystring: z.object({}).strict(),
        response: { 200: successEnvelope(z.array(registerReasonSchema)) },
      },
    },
    async (request) => success(await request.inBank((tx) => selectCodeList(tx, companyRegisterReasons))),
  );
};
