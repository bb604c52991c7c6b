import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicAppConfigSchema } from '#server/contracts/app-config.ts';
import { successEnvelope, success } from '#server/contracts/envelope.ts';
import { badRequest } from '#server/errors.ts';
import { type DeploymentInfo, toPublicAppConfig } from '#server/web/public-app-config.ts';
import { requestOrigin } from '#server/auth/same-origin.ts';

export interface SystemRoutesOptions {
  deployment: DeploymentInfo;
  /** Fixed public API base; by default the origin the request came to (each bank's own host). */
  publicApiUrl: string | undefined;
}

export const SERVER_INFO_PATH = '/api/server-info';

/**
 * The start-up calls of spec section 4: server info (gives the API base), build info and the
 * bank's public app config. Registered inside the tenant scope.
 */
export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (app, options) => {
  app.get(
    SERVER_INFO_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'サーバー情報（APIのベースURL）',
        response: { 200: successEnvelope(z.object({ api_url: z.string() })) },
      },
    },
    async (request) => success({ api_url: options.publicApiUrl ?? requestOrigin(request) }),
  );

  app.get(
    '/api/v1/buildinfo',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'ビルド情報',
        response: { 200: successEnvelope(z.object({ build_version: z.string() })) },
      },
    },
    async () => success({ build_version: options.deployment.buildVersion }),
  );

  app.get(
    '/api/v1/setting/app_config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'アプリ設定（公開部分）',
        querystring: z.object({ bank_code: z.string().max(4).optional() }).strict(),
        response: { 200: successEnvelope(publicAppConfigSchema) },
      },
    },
    async (request) => {
      const { bank_code: bankCode } = request.query;
      if (bankCode !== undefined && bankCode !== request.tenant.code) {
        throw badRequest(undefined, { bank_code: ['金融機関コードがこのサイトの金融機関と一致しません'] });
      }
      return success(toPublicAppConfig(request.tenant, options.deployment));
    },
  );
};
