import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ARTICLE_API_SEGMENTS, ARTICLE_KINDS } from '../../contracts/news.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { articleAdminRoutes } from './admin-routes.ts';
import { partnerBankRoutes } from './babank-routes.ts';
import { articleCompanyRoutes } from './company-routes.ts';
import { articleFileRoutes } from './file-routes.ts';
import { publicNewsRoutes } from './public-routes.ts';

export interface NewsDomainOptions {
  storage: FileStorage;
}

/**
 * The news domain's calls (server/contracts/news.ts): for each kind (news, column, seminar,
 * partner information) the staff's calls under /api/v1/admin/{segment} and the companies' under
 * /api/v1/{segment}; the public news under /api/v1/public/news; the partner banks under
 * /api/v1/babank; uploads and file reads under /api/v1/admin/files and /api/v1/files.
 */
export const newsDomainRoutes: FastifyPluginAsyncZod<NewsDomainOptions> = async (app, { storage }) => {
  for (const kind of ARTICLE_KINDS) {
    const segment = ARTICLE_API_SEGMENTS[kind];
    await app.register(articleAdminRoutes, { prefix: `/api/v1/admin/${segment}`, kind, storage });
    await app.register(articleCompanyRoutes, { prefix: `/api/v1/${segment}`, kind });
  }
  await app.register(publicNewsRoutes, { prefix: '/api/v1/public/news' });
  await app.register(partnerBankRoutes, { prefix: '/api/v1/babank' });
  await app.register(articleFileRoutes, { storage });
};
