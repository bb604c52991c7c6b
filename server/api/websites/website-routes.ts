import type { FastifyInstance } from 'fastify';
import type { RouteObjectRef } from '#server/auth/request-auth.ts';
import {
  getCompanyWebsiteCall,
  publicWebsiteCall,
  saveCompanyWebsiteCall,
} from '#server/contracts/company-website.ts';
import { notFound, unprocessable } from '#server/errors.ts';
import { serveCall } from '../kit/serve-call.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import { deleteReleasedFiles } from '../kit/uploaded-files.ts';
import { canBeShownTo, websiteFileRoutes, websitePhotoStorageKeyOf } from './website-photo-files.ts';
import {
  findCompanyWebsite,
  findPublicWebsiteRow,
  publicWebsiteOf,
  saveCompanyWebsite,
} from './website-queries.ts';
import { publicationErrorsOf, sanitizedSection, storedFieldsOf } from './website-sanitizing.ts';

/**
 * What the public routes' `:company_unique_code` names: a company of the bank with a published site
 * (the security walk asks for one of the first bank's as a visitor of the second).
 */
export const publishedSiteObject: RouteObjectRef = {
  param: 'company_unique_code',
  table: 'companies',
  column: 'company_unique_code',
  where:
    'exists (select 1 from company_websites w where w.bank_code = companies.bank_code and w.company_id = companies.company_id and w.website_is_published)',
};

/**
 * How long the public answer may be kept: a minute by anyone for a visitor (the same answer for every
 * visitor of the bank's host), never without asking again for a logged-in user (the company's
 * editors see what they just saved; a preview is theirs only). Varies by the cookie that says which.
 */
const VISITOR_CACHE = 'public, max-age=60';
const LOGGED_IN_CACHE = 'private, no-cache';

/**
 * The websites domain's routes: the editor's calls (/mypage/setting/website), the photos' upload,
 * and the public page's calls (/hp/{company_unique_code}).
 */
export async function websiteRoutes(app: FastifyInstance, { storage }: DomainServices): Promise<void> {
  serveCall(app, getCompanyWebsiteCall, async ({ tx, viewer }) => {
    const website = await findCompanyWebsite(tx, viewer.companyId);
    if (!website) throw notFound();
    return website;
  });

  serveCall(
    app,
    saveCompanyWebsiteCall,
    async ({ tx, viewer, body, request, afterCommit, audit }) => {
      const fields = storedFieldsOf(body);
      // 422, not 400: the form's own check passed; only the sanitised sections say otherwise.
      const refused = publicationErrorsOf(fields);
      if (refused) throw unprocessable(Object.values(refused)[0]?.[0], refused);
      const saved = await saveCompanyWebsite(
        tx,
        viewer.companyId,
        viewer.userId,
        fields,
        body.website_photo_removals,
      );
      if (!saved) throw notFound();
      // What the save did, for its audit row: made the site, withdrew its publication, or changed it.
      audit({
        action: saved.created
          ? 'CREATE'
          : saved.wasPublished && !fields.website_is_published
            ? 'CLOSE'
            : 'UPDATE',
      });
      if (saved.removed.length > 0)
        afterCommit(() => deleteReleasedFiles(request, storage, websitePhotoStorageKeyOf, saved.removed));
      return saved.website;
    },
    {
      audit: {
        action: 'handler',
        target: (_context, website) => website.company_unique_code,
      },
    },
  );

  serveCall(
    app,
    publicWebsiteCall,
    async ({ tx, params, viewer, reply }) => {
      const row = await findPublicWebsiteRow(tx, params.company_unique_code);
      if (!row || !canBeShownTo(row, viewer)) throw notFound();
      reply.header('cache-control', viewer.kind === 'visitor' ? VISITOR_CACHE : LOGGED_IN_CACHE);
      reply.header('vary', 'Cookie');
      return publicWebsiteOf(row, sanitizedSection);
    },
    { object: publishedSiteObject },
  );

  await app.register(websiteFileRoutes, { storage, object: publishedSiteObject });
}
