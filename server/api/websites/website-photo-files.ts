import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteObjectRef } from '#server/auth/request-auth.ts';
import { hasAllPermissions } from '#server/contracts/account-types.ts';
import {
  PUBLIC_WEBSITE_API_PATH,
  publicWebsiteFileParamsSchema,
  WEBSITE_MESSAGES,
  WEBSITE_PHOTO_CONTENT_TYPES,
  WEBSITE_PHOTO_FILE_FIELD,
  WEBSITE_PHOTO_MAX_BYTES,
  WEBSITE_PHOTO_UPLOAD_PATH,
  WEBSITE_PHOTOS_MAX,
  websitePhotoUploadResultSchema,
  websitePhotoUrl,
  type WebsitePhoto,
} from '#server/contracts/company-website.ts';
import { success, successEnvelope } from '#server/contracts/envelope.ts';
import { notFound } from '#server/errors.ts';
import type { Viewer } from '#server/plugins/request-context.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { companyLogoStorageKeyOf } from '#server/storage/storage-key.ts';
import {
  type ImageUploadLimits,
  readImageUpload,
  storedImageType,
  storeReplacingImage,
} from '../kit/uploaded-images.ts';
import * as uploadedFiles from '../kit/uploaded-files.ts';
import { addWebsitePhoto, findPublicWebsiteRow, type PublicWebsiteRow } from './website-queries.ts';

/**
 * A site's images: the photos its editors upload, and the public reads of its photos and of the
 * company's logo.
 *
 * company_websites names its photos by their codes only (website_photo_file_codes): the bytes live
 * in the file storage under a key made from the bank and the code, and the type is told by the
 * bytes whenever they are read, as it was when they were accepted (as for a company's logo,
 * server/api/companies/company-logo-files.ts). A photo is removed by the editor's save.
 *
 * The reads are public, like the page: the company's logo route (/api/v1/file/{code}) needs a login,
 * so the site answers its logo itself, under the same rule as the page (canBeShownTo).
 */

/** Where a photo's bytes are kept: the bank's prefix, then the code. */
export function websitePhotoStorageKeyOf(bankCode: string, fileUniqueCode: string): string {
  return `${bankCode}/company-website-photos/${fileUniqueCode}`;
}

const WEBSITE_WRITE = ['company_setting_website_write'] as const;

/**
 * Whether `viewer` may see the site: anyone while it is published and its company is active; the
 * company's own editors (company_setting_website_write) also while it is not (their preview).
 * A disabled or departed company's site is shown to no one.
 */
export function canBeShownTo(row: PublicWebsiteRow, viewer: Viewer): boolean {
  if (!row.company_is_active) return false;
  if (row.website_is_published) return true;
  return (
    viewer.kind === 'company' &&
    viewer.companyId === row.company_id &&
    hasAllPermissions(
      { isSuperUser: viewer.user.user_is_super_user, permittedActions: viewer.user.permitted_actions },
      WEBSITE_WRITE,
    )
  );
}

/** The photo's one file field, its limits and its messages. */
const PHOTO_UPLOAD: ImageUploadLimits = {
  field: WEBSITE_PHOTO_FILE_FIELD,
  maxBytes: WEBSITE_PHOTO_MAX_BYTES,
  contentTypes: WEBSITE_PHOTO_CONTENT_TYPES,
  messages: {
    missing: WEBSITE_MESSAGES.photoMissing,
    tooLarge: WEBSITE_MESSAGES.photoTooLarge,
    typeRefused: WEBSITE_MESSAGES.photoTypeRefused,
  },
};

export interface WebsiteFileRouteOptions {
  storage: FileStorage;
  /** What `:company_unique_code` names (the public call's). */
  object: RouteObjectRef;
}

/**
 * - POST WEBSITE_PHOTO_UPLOAD_PATH: multipart/form-data with one `file`, a photo added last to the
 *   logged-in user's company's site (made, unpublished, if it has none). PNG, JPEG, GIF or WebP as
 *   told by the content, at most WEBSITE_PHOTO_MAX_BYTES; 422 once the site holds WEBSITE_PHOTOS_MAX.
 * - GET …/hp/{company}/photo/{code} and …/hp/{company}/logo/{code}: the site's photo or the
 *   company's logo, shown in place, to whoever may see the site; 404 to anyone else.
 *
 * Plain routes built from the upload kit: the upload's body is multipart, the reads answer images.
 * Multipart parsing is registered in this plugin's scope only.
 */
export const websiteFileRoutes: FastifyPluginAsyncZod<WebsiteFileRouteOptions> = async (
  app,
  { storage, object },
) => {
  await uploadedFiles.acceptUploads(app, { largestFileBytes: WEBSITE_PHOTO_MAX_BYTES, fields: 1, parts: 2 });

  app.post(
    WEBSITE_PHOTO_UPLOAD_PATH,
    {
      config: { access: 'company', rule: 'website_settings' },
      schema: {
        tags: ['websites'],
        summary: '自社ホームページの写真のアップロード',
        description: `ログイン中の利用者の企業のホームページに写真（${WEBSITE_PHOTO_MAX_BYTES / 1048576}MBまで: PNG、JPEG、GIF、WebP）を multipart/form-data の \`file\` で受け取り、最後に加えます（${WEBSITE_PHOTOS_MAX}枚まで）。形式はファイルの中身で判定します。ホームページの編集権限（company_setting_website_write）が必要です。`,
        consumes: ['multipart/form-data'],
        response: { 200: successEnvelope(websitePhotoUploadResultSchema) },
      },
    },
    async (request, reply) => {
      const viewer = await request.viewerFor('company');
      const { companyId, userId } = viewer;
      const companyCode = viewer.user.company_unique_code;
      if (companyId === null || companyCode === null) throw notFound();
      const image = await readImageUpload(request, reply, PHOTO_UPLOAD);
      let photos: WebsitePhoto[] = [];
      const code = await storeReplacingImage(request, storage, image, {
        storageKeyOf: websitePhotoStorageKeyOf,
        replace: async (tx, newCode) => {
          const added = await addWebsitePhoto(tx, companyId, userId, newCode);
          if (!added) return undefined;
          photos = added;
          return { previous: null };
        },
        // The domain, as serveCall names the target of the save.
        audit: { targetType: 'websites', targetId: companyCode, actorUserId: userId },
        onCommitted: () => {},
      });
      request.log.info({ file: code, size: image.bytes.length }, 'website photo uploaded');
      return success({
        photo: { file_unique_code: code, file_url: websitePhotoUrl(companyCode, code) },
        website_photos: photos,
      });
    },
  );

  /**
   * Answers the image `code` names when the site may be shown to the asker and `holds` the code:
   * a minute's public cache is not enough for an image whose code never changes, five minutes are
   * kept; a preview's images are the editors' only.
   */
  const sendSiteImage = async (
    request: FastifyRequest<{ Params: { company_unique_code: string; file_unique_code: string } }>,
    reply: FastifyReply,
    image: {
      holds: (row: PublicWebsiteRow, code: string) => boolean;
      storageKeyOf: (bankCode: string, code: string) => string;
      fileNameStem: string;
    },
  ) => {
    const viewer = await request.viewer();
    const { company_unique_code: companyCode, file_unique_code: fileCode } = request.params;
    return uploadedFiles.sendStoredFile(request, reply, storage, fileCode, async (code) => {
      const row = await request.inBank((tx) => findPublicWebsiteRow(tx, companyCode));
      if (!row || !canBeShownTo(row, viewer) || !image.holds(row, code)) return undefined;
      const key = image.storageKeyOf(request.tenant.code, code);
      const type = await storedImageType(storage, key);
      if (!type) {
        request.log.error({ file: code }, 'a website names image bytes the storage does not have');
        return undefined;
      }
      return {
        file_name: `${image.fileNameStem}.${type.ext}`,
        file_content_type: type.mime,
        file_storage_key: key,
        disposition: 'inline',
        cacheControl: row.website_is_published ? 'public, max-age=300' : 'private, no-cache',
      };
    });
  };

  const readConfig = { access: 'public' as const, answers: 'file' as const, object };

  app.get(
    `${PUBLIC_WEBSITE_API_PATH}/:company_unique_code/photo/:file_unique_code`,
    {
      config: readConfig,
      schema: {
        tags: ['websites'],
        summary: '企業ホームページの写真（公開）',
        description:
          '公開中の企業ホームページの写真を返します（そのまま表示: inline）。ログインは要りません。公開中でないもの（その企業の編集者のプレビューを除く）、そのホームページの写真でないものは 404 です。',
        params: publicWebsiteFileParamsSchema,
      },
    },
    (request, reply) =>
      sendSiteImage(request, reply, {
        holds: (row, code) => row.website_photo_file_codes.includes(code),
        storageKeyOf: websitePhotoStorageKeyOf,
        fileNameStem: 'photo',
      }),
  );

  app.get(
    `${PUBLIC_WEBSITE_API_PATH}/:company_unique_code/logo/:file_unique_code`,
    {
      config: readConfig,
      schema: {
        tags: ['websites'],
        summary: '企業ホームページのロゴ（公開）',
        description:
          '公開中の企業ホームページに載せる、その企業のロゴを返します（そのまま表示: inline）。ログインは要りません。公開中でないもの（その企業の編集者のプレビューを除く）、その企業の今のロゴでないものは 404 です。',
        params: publicWebsiteFileParamsSchema,
      },
    },
    (request, reply) =>
      sendSiteImage(request, reply, {
        holds: (row, code) => row.company_logo_file_unique_code === code,
        storageKeyOf: companyLogoStorageKeyOf,
        fileNameStem: 'logo',
      }),
  );
};
