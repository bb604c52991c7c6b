import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope, success } from '#server/contracts/envelope.ts';
import {
  USER_PICTURE_FILES_PATH,
  USER_PROFILE_MESSAGES,
  USER_PROFILE_PICTURE_CONTENT_TYPES,
  USER_PROFILE_PICTURE_FILE_FIELD,
  USER_PROFILE_PICTURE_MAX_BYTES,
  USER_PROFILE_PICTURE_UPLOAD_PATH,
  userPictureParamsSchema,
  userProfilePictureSchema,
  userProfilePictureUrl,
} from '#server/contracts/user-profile.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import {
  type ImageUploadLimits,
  imageReadConfig,
  readImageUpload,
  sendStoredImage,
  storeReplacingImage,
} from '#server/api/kit/uploaded-images.ts';
import * as uploadedFiles from '#server/api/kit/uploaded-files.ts';
import { replaceUserProfilePicture, userProfilePictureVisible } from './user-profile-queries.ts';

/**
 * A user's profile picture: its upload by the user themself and its bytes for the bank's users.
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

/** The picture's one file field, its limits and its messages. */
const PICTURE_UPLOAD: ImageUploadLimits = {
  field: USER_PROFILE_PICTURE_FILE_FIELD,
  maxBytes: USER_PROFILE_PICTURE_MAX_BYTES,
  contentTypes: USER_PROFILE_PICTURE_CONTENT_TYPES,
  messages: {
    missing: USER_PROFILE_MESSAGES.pictureMissing,
    tooLarge: USER_PROFILE_MESSAGES.pictureTooLarge,
    typeRefused: USER_PROFILE_MESSAGES.pictureTypeRefused,
  },
};

export interface ProfilePictureRouteOptions {
  storage: FileStorage;
  /** Runs once a change of the user's picture has committed (the logged-in users' cache forgets it). */
  onPictureChanged: (request: FastifyRequest, companyId: number | null) => void;
}

/**
 * - POST USER_PROFILE_PICTURE_UPLOAD_PATH: multipart/form-data with one `file`, the logged-in
 *   user's new profile picture, in effect at once. PNG, JPEG, GIF or WebP as told by the content,
 *   at most USER_PROFILE_PICTURE_MAX_BYTES (the read stops one byte past it).
 * - GET USER_PICTURE_FILES_PATH/{code}: the picture's bytes, shown in place (inline), to any
 *   logged-in user of the bank; 404 to anyone else, so whether it exists is not told.
 *
 * Plain routes built from the upload kit (server/api/kit/uploaded-files.ts) and its image part
 * (server/api/kit/uploaded-images.ts): the upload's body is multipart, the read answers the image.
 * Multipart parsing is registered in this plugin's scope only.
 */
export const profilePictureFileRoutes: FastifyPluginAsyncZod<ProfilePictureRouteOptions> = async (
  app,
  { storage, onPictureChanged },
) => {
  await uploadedFiles.acceptUploads(app, {
    largestFileBytes: USER_PROFILE_PICTURE_MAX_BYTES,
    fields: 1,
    parts: 2,
  });

  app.post(
    USER_PROFILE_PICTURE_UPLOAD_PATH,
    {
      config: { access: 'company' },
      schema: {
        tags: ['settings'],
        summary: '自分のプロフィール画像のアップロード',
        description: `ログイン中の利用者自身のプロフィール画像（${USER_PROFILE_PICTURE_MAX_BYTES / 1048576}MBまで: PNG、JPEG、GIF、WebP）を multipart/form-data の \`file\` で受け取り、すぐにプロフィール画像にします（前の画像は削除します）。形式はファイルの中身で判定します。企業の利用者のみ（行員は 403）。`,
        consumes: ['multipart/form-data'],
        response: { 200: successEnvelope(userProfilePictureSchema) },
      },
    },
    async (request, reply) => {
      const viewer = await request.viewerFor('company');
      const { userId, companyId } = viewer;
      const userCode = viewer.user.user_unique_code;
      const image = await readImageUpload(request, reply, PICTURE_UPLOAD);
      const code = await storeReplacingImage(request, storage, image, {
        storageKeyOf: userProfilePictureStorageKeyOf,
        replace: (tx, newCode) => replaceUserProfilePicture(tx, userId, newCode),
        // The domain, as serveCall names the target of the profile's other changes.
        audit: { targetType: 'settings', targetId: userCode, actorUserId: userId },
        onCommitted: () => onPictureChanged(request, companyId),
      });
      request.log.info({ file: code, size: image.bytes.length }, 'user profile picture uploaded');
      return success({ file_unique_code: code, file_url: userProfilePictureUrl(code) });
    },
  );

  app.get(
    `${USER_PICTURE_FILES_PATH}/:file_unique_code`,
    {
      config: imageReadConfig('users', 'user_profile_picture_file_unique_code'),
      schema: {
        tags: ['settings'],
        summary: '利用者のプロフィール画像の取得',
        description:
          '利用者のプロフィール画像を返します（そのまま表示: inline）。その金融機関にログインしている利用者（企業の利用者と行員）が読めます。それ以外は、画像があるかどうかを伝えないよう、すべて 404 です。',
        params: userPictureParamsSchema,
      },
    },
    async (request, reply) => {
      const viewer = await request.viewer();
      return sendStoredImage(request, reply, storage, request.params.file_unique_code, {
        visible: (tx, code) => userProfilePictureVisible(tx, code, viewer),
        storageKeyOf: userProfilePictureStorageKeyOf,
        fileNameStem: 'picture',
        missingBytesLog: 'a user names picture bytes the storage does not have',
      });
    },
  );
};
