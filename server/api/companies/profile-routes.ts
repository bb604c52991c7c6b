import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  COMPANY_PROFILE_MESSAGES,
  deleteCompanyLogoCall,
  getBusinessProfileCall,
  getCompanyProfileCall,
  saveBusinessProfileCall,
  saveCompanyProfileCall,
} from '#server/contracts/company-profile.ts';
import { MESSAGES } from '#server/contracts/messages.ts';
import { notFound, unprocessable } from '#server/errors.ts';
import type { CompanyMemberViewer, CompanyViewer } from '#server/plugins/request-context.ts';
import { deleteReleasedFiles } from '../kit/uploaded-files.ts';
import { serveCall } from '../kit/serve-call.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import { companyLogoStorageKeyOf } from '#server/storage/storage-key.ts';
import { companyLogoFileRoutes } from './company-logo-files.ts';
import {
  findBusinessProfile,
  findCompanyProfile,
  industryPairExists,
  replaceCompanyLogo,
  saveBusinessProfile,
  updateCompanyProfile,
} from './profile-queries.ts';

/**
 * The logged-in user's company (the calls serve members: the kit refused a user whose company row
 * is gone); one whose company has no code yet has nothing to edit either: 404.
 */
function ownCompanyOf(viewer: CompanyMemberViewer): { companyId: number; companyCode: string } {
  const companyCode = viewer.user.company_unique_code;
  if (companyCode === null) throw notFound();
  return { companyId: viewer.companyId, companyCode };
}

/** The audit target of every change here: the company, by its code. */
const companyTarget = ({ viewer }: { viewer: CompanyViewer }) => viewer.user.company_unique_code;

/**
 * The company's own profile (/mypage/company/edit) and business profile (/mypage/mybusiness/edit):
 * read and saved by its users who may edit the company's settings (the calls share the pages'
 * rules), always for the logged-in user's own company. A change of the name or the logo is what the
 * app bar's profile block shows: the logged-in users' cache forgets the company once it has
 * committed, so the next GET /api/v1/user/me reads it anew.
 */
export async function companyProfileRoutes(app: FastifyInstance, { storage }: DomainServices): Promise<void> {
  const forgetCompany = (request: FastifyRequest, companyId: number) =>
    app.loggedInUsers.forgetCompany(request.tenant.code, companyId);

  serveCall(app, getCompanyProfileCall, async ({ tx, viewer }) => {
    const profile = await findCompanyProfile(tx, ownCompanyOf(viewer).companyId);
    if (!profile) throw notFound();
    return profile;
  });

  serveCall(
    app,
    saveCompanyProfileCall,
    async ({ tx, viewer, body, request, afterCommit }) => {
      const { companyId } = ownCompanyOf(viewer);
      // The master's pairs: a 中分類 of another 大分類 (or a code the master does not hold).
      if (
        !(await industryPairExists(tx, body.company_industry_major_code, body.company_industry_middle_code))
      )
        throw unprocessable(MESSAGES.saveFailed, {
          company_industry_middle_code: [COMPANY_PROFILE_MESSAGES.invalidChoice],
        });
      const saved = await updateCompanyProfile(tx, companyId, body);
      if (!saved) throw notFound();
      afterCommit(async () => forgetCompany(request, companyId));
      return saved;
    },
    { audit: { action: 'UPDATE', target: companyTarget } },
  );

  serveCall(
    app,
    deleteCompanyLogoCall,
    async ({ tx, viewer, request, afterCommit }) => {
      const { companyId } = ownCompanyOf(viewer);
      const removed = await replaceCompanyLogo(tx, companyId, null);
      if (!removed) throw notFound();
      const { previous } = removed;
      afterCommit(async () => {
        forgetCompany(request, companyId);
        await deleteReleasedFiles(request, storage, companyLogoStorageKeyOf, [previous]);
      });
      return { company_logo_file: null };
    },
    { audit: { action: 'UPDATE', target: companyTarget } },
  );

  serveCall(app, getBusinessProfileCall, async ({ tx, viewer }) =>
    findBusinessProfile(tx, ownCompanyOf(viewer).companyId),
  );

  serveCall(
    app,
    saveBusinessProfileCall,
    async ({ tx, viewer, body }) =>
      saveBusinessProfile(tx, ownCompanyOf(viewer).companyId, body, viewer.userId),
    { audit: { action: 'UPDATE', target: companyTarget } },
  );

  await app.register(companyLogoFileRoutes, { storage, onLogoChanged: forgetCompany });
}
