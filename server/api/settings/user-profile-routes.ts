import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EMAIL_CHANGE_MESSAGES } from '#server/contracts/email-change.ts';
import {
  deleteUserProfilePictureCall,
  getUserProfileCall,
  saveUserProfileCall,
} from '#server/contracts/user-profile.ts';
import { notFound } from '#server/errors.ts';
import type { CompanyViewer } from '#server/plugins/request-context.ts';
import { deleteReleasedFiles } from '../kit/uploaded-files.ts';
import { serveCall } from '../kit/serve-call.ts';
import type { DomainServices } from '../kit/server-domain.ts';
import { askEmailChange } from './email-change-request.ts';
import { emailChangeRoutes } from './email-change-routes.ts';
import { profilePictureFileRoutes, userProfilePictureStorageKeyOf } from './profile-picture-files.ts';
import {
  findUserProfileSetting,
  replaceUserProfilePicture,
  updateUserProfileSetting,
} from './user-profile-queries.ts';

/** The audit target of every change here: the user, by their code. */
const userTarget = ({ viewer }: { viewer: CompanyViewer }) => viewer.user.user_unique_code;

/**
 * The logged-in user's own profile (/mypage/setting/profile): read and saved by every company-side
 * account, always for the logged-in user (never an id from the client). A change of the name is what
 * the app bar's profile block shows: once it has committed, the logged-in users' cache forgets the
 * user's company (its users, this one among them), so the next GET /api/v1/user/me reads it anew.
 */
export async function profileSettingRoutes(app: FastifyInstance, { storage }: DomainServices): Promise<void> {
  const forgetUser = (request: FastifyRequest, companyId: number | null) => {
    // A company-side account always has a company; the cache's one way to forget is by company.
    if (companyId !== null) app.loggedInUsers.forgetCompany(request.tenant.code, companyId);
  };

  serveCall(app, getUserProfileCall, async ({ tx, viewer }) => {
    const profile = await findUserProfileSetting(tx, viewer.userId);
    if (!profile) throw notFound();
    return profile;
  });

  serveCall(
    app,
    saveUserProfileCall,
    async ({ tx, viewer, body, request, afterCommit }) => {
      const current = await findUserProfileSetting(tx, viewer.userId);
      if (!current) throw notFound();
      // Another mailbox takes effect only through the link mailed to it (decision 0096); the rest
      // of the form is saved now.
      const email = await askEmailChange(tx, request, viewer.userId, {
        name: `${body.user_last_name.trim()} ${body.user_first_name.trim()}`,
        loginId: current.user_login_id,
        currentEmail: current.user_email,
        newEmail: body.user_email,
      });
      const saved = await updateUserProfileSetting(tx, viewer.userId, { ...body, user_email: email.saveNow });
      if (!saved) throw notFound();
      afterCommit(async () => forgetUser(request, viewer.companyId));
      return { ...saved, email_confirmation_sent: email.confirmationSent };
    },
    {
      audit: { action: 'UPDATE', target: userTarget },
      message: (saved) =>
        saved.email_confirmation_sent ? EMAIL_CHANGE_MESSAGES.confirmationSent : undefined,
    },
  );

  serveCall(
    app,
    deleteUserProfilePictureCall,
    async ({ tx, viewer, request, afterCommit }) => {
      const removed = await replaceUserProfilePicture(tx, viewer.userId, null);
      if (!removed) throw notFound();
      const { previous } = removed;
      afterCommit(async () => {
        forgetUser(request, viewer.companyId);
        await deleteReleasedFiles(request, storage, userProfilePictureStorageKeyOf, [previous]);
      });
      return { user_profile_picture: null };
    },
    { audit: { action: 'UPDATE', target: userTarget } },
  );

  await app.register(profilePictureFileRoutes, { storage, onPictureChanged: forgetUser });
  await emailChangeRoutes(app, forgetUser);
}
