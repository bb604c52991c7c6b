import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  USER_PROFILE_PICTURE_MAX_BYTES,
  uploadUserProfilePictureCall,
  userProfilePictureFileCall,
  userProfilePictureUrl,
} from '#server/contracts/user-profile.ts';
import { notFound } from '#server/errors.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { storeReceivedFile } from '#server/api/kit/call-uploads.ts';
import { serveCall } from '#server/api/kit/serve-call.ts';
import { serveFileCall, storedImageToSend } from '#server/api/kit/serve-file-call.ts';
import { acceptUploads, deleteReleasedFiles } from '#server/api/kit/uploaded-files.ts';
import { replaceUserProfilePicture, userProfilePictureVisible } from './user-profile-queries.ts';

/**
 * A user's profile picture: its upload by the user themself (a call with a file) and its bytes for
 * the bank's users (a file read).
 *
 * The users table names the picture by its code only (user_profile_picture_file_unique_code): the
 * bytes live in the file storage under a key made from the bank and the code, and the type is told
 * by the bytes whenever they are read, as it was when they were accepted. A new picture replaces
 * the old one, whose bytes are removed once the change has committed. (The company logo's routes,
 * server/api/companies/company-logo-files.ts, work the same way on the companies table.)
 */

/** Where a picture's bytes are kept: the bank's prefix, then the code. */
export function userProfilePictureStorageKeyOf(bankCode: string, fileUniqueCode: string): string {
  return `${bankCode}/user-profile-pictures/${fileUniqueCode}`;
}

export interface ProfilePictureRouteOptions {
  storage: FileStorage;
  /** Runs once a change of the user's picture has committed (the logged-in users' cache forgets it). */
  onPictureChanged: (request: FastifyRequest, companyId: number | null) => void;
}

/** A plugin of its own: multipart parsing is registered in its scope only. */
export async function profilePictureFileRoutes(
  app: FastifyInstance,
  { storage, onPictureChanged }: ProfilePictureRouteOptions,
): Promise<void> {
  await acceptUploads(app, { largestFileBytes: USER_PROFILE_PICTURE_MAX_BYTES, fields: 1, parts: 2 });

  serveCall(
    app,
    uploadUserProfilePictureCall,
    {
      before: (context) => storeReceivedFile(context, storage, userProfilePictureStorageKeyOf),
      handle: async ({ tx, viewer, prepared: stored, request, afterCommit }) => {
        const { userId, companyId } = viewer;
        const replaced = await replaceUserProfilePicture(tx, userId, stored.code);
        if (!replaced) throw notFound();
        afterCommit(async () => {
          onPictureChanged(request, companyId);
          await deleteReleasedFiles(request, storage, userProfilePictureStorageKeyOf, [replaced.previous]);
        });
        request.log.info({ file: stored.code, size: stored.file_size }, 'user profile picture uploaded');
        return { file_unique_code: stored.code, file_url: userProfilePictureUrl(stored.code) };
      },
    },
    // The domain and the user, as serveCall names the target of the profile's other changes.
    { audit: { action: 'UPDATE', target: ({ viewer }) => viewer.user.user_unique_code } },
  );

  serveFileCall(
    app,
    userProfilePictureFileCall,
    async ({ viewer, params, request }) => {
      const code = params.file_unique_code;
      if (!(await request.inBank((tx) => userProfilePictureVisible(tx, code, viewer)))) return undefined;
      const storageKey = userProfilePictureStorageKeyOf(request.tenant.code, code);
      return storedImageToSend(request, storage, { code, storageKey, fileNameStem: 'picture' });
    },
    {
      storage,
      object: {
        param: 'file_unique_code',
        table: 'users',
        column: 'user_profile_picture_file_unique_code',
        where: 'user_profile_picture_file_unique_code is not null',
      },
    },
  );
}
