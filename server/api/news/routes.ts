import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ARTICLE_KINDS } from '#server/contracts/news.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { serveStaffArticleDashboard } from './admin-dashboard-routes.ts';
import { servePartnerInformationReviewCalls } from './admin-partner-review-routes.ts';
import { serveStaffArticleCalls } from './admin-routes.ts';
import { servePartnerBankCalls } from './babank-routes.ts';
import { serveCompanyArticleCalls } from './company-routes.ts';
import { articleFileRoutes } from './file-routes.ts';
import { servePartnerInformationSettingCalls } from './partner-information-setting-routes.ts';
import { servePublicNewsCalls } from './public-routes.ts';

export interface NewsDomainOptions {
  storage: FileStorage;
}

/**
 * The news domain's calls (server/contracts/news.ts, news-staff.ts and news-form.ts): for each kind (news, column,
 * seminar, partner information) the staff's calls under /api/v1/admin/{segment} and the companies'
 * under /api/v1/{segment}; partner information a partner company writes itself under
 * /api/v1/setting/partner_information and its review under /api/v1/admin/pi/{id}; the public news under /api/v1/public/news; the partner banks under
 * /api/v1/babank; uploads and file reads under /api/v1/admin/files and /api/v1/files.
 */
export const newsDomainRoutes: FastifyPluginAsyncZod<NewsDomainOptions> = async (app, { storage }) => {
  for (const kind of ARTICLE_KINDS) {
    serveStaffArticleCalls(app, kind, storage);
    serveCompanyArticleCalls(app, kind);
  }
  serveStaffArticleDashboard(app);
  servePartnerInformationReviewCalls(app);
  servePartnerInformationSettingCalls(app);
  servePublicNewsCalls(app);
  servePartnerBankCalls(app);
  await app.register(articleFileRoutes, { storage });
};
