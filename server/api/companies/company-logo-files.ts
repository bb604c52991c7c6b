import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMPANY_LOGO_CONTENT_TYPES,
  COMPANY_LOGO_FILE_FIELD,
  COMPANY_LOGO_FILES_PATH,
  COMPANY_LOGO_MAX_BYTES,
  COMPANY_LOGO_UPLOAD_PATH,
  COMPANY_PROFILE_MESSAGES,
  companyLogoFileParamsSchema,
  companyLogoFileSchema,
  companyLogoUrl,
} from '#server/contracts/company-profile.ts';
import { success, successEnvelope } from '#server/contracts/envelope.ts';
import { notFound } from '#server/errors.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import {
  type ImageUploadLimits,
  imageReadConfig,
  readImageUpload,
  sendStoredImage,
  storeReplacingImage,
} from '#server/api/kit/uploaded-images.ts';
import * as uploadedFiles from '#server/api/kit/uploaded-files.ts';
import { companyLogoStorageKeyOf } from '#server/storage/storage-key.ts';
import { companyLogoVisible, replaceCompanyLogo } from './profile-queries.ts';

/**
 * A company's logo: its upload by the company's own users and its bytes for whoever may see it.
 *
 * The companies table names the logo by its code only (company_logo_file_unique_code): the bytes
 * live in the file storage under a key made from the bank and the code, and the type is told by
 * the bytes whenever they are read, as it was when they were accepted. A new logo replaces the old
 * one, whose bytes are removed once the change has committed.
 */

/** The logo's one file field, its limits and its messages. */
const LOGO_UPLOAD: ImageUploadLimits = {
  field: COMPANY_LOGO_FILE_FIELD,
  maxBytes: COMPANY_LOGO_MAX_BYTES,
  contentTypes: COMPANY_LOGO_CONTENT_TYPES,
  messages: {
    missing: COMPANY_PROFILE_MESSAGES.logoMissing,
    tooLarge: COMPANY_PROFILE_MESSAGES.logoTooLarge,
    typeRefused: COMPANY_PROFILE_MESSAGES.logoTypeRefused,
  },
};

export interface CompanyLogoRouteOptions {
  storage: FileStorage;
  /** Runs once a change of a company's logo has committed (the logged-in users' cache forgets it). */
  onLogoChanged: (request: FastifyRequest, companyId: number) => void;
}

/**
 * - POST COMPANY_LOGO_UPLOAD_PATH: multipart/form-data with one `file`, the logged-in user's
 *   company's new logo, in effect at once. PNG, JPEG, GIF or WebP as told by the content, at most
 *   COMPANY_LOGO_MAX_BYTES (the read stops one byte past it).
 * - GET COMPANY_LOGO_FILES_PATH/{code}: the logo's bytes, shown in place (inline).
 *
 * Plain routes built from the upload kit (server/api/kit/uploaded-files.ts) and its image part
 * (server/api/kit/uploaded-images.ts): the upload's body is multipart, the read answers the image.
 * Multipart parsing is registered in this plugin's scope only.
 */
export const companyLogoFileRoutes: FastifyPluginAsyncZod<CompanyLogoRouteOptions> = async (
  app,
  { storage, onLogoChanged },
) => {
  await uploadedFiles.acceptUploads(app, { largestFileBytes: COMPANY_LOGO_MAX_BYTES, fields: 1, parts: 2 });

  app.post(
    COMPANY_LOGO_UPLOAD_PATH,
    {
      config: { access: 'company', rule: 'company_settings' },
      schema: {
        tags: ['companies'],
        summary: '自社のロゴのアップロード',
        description: `ログイン中の利用者の企業のロゴ（${COMPANY_LOGO_MAX_BYTES / 1048576}MBまで: PNG、JPEG、GIF、WebP）を multipart/form-data の \`file\` で受け取り、すぐに企業のロゴにします（前のロゴの画像は削除します）。形式はファイルの中身で判定します。企業情報の編集権限（company_setting_company_write）が必要です。`,
        consumes: ['multipart/form-data'],
        response: { 200: successEnvelope(companyLogoFileSchema) },
      },
    },
    async (request, reply) => {
      const viewer = await request.viewerFor('company');
      const { companyId } = viewer;
      const companyCode = viewer.user.company_unique_code;
      if (companyId === null || companyCode === null) throw notFound();
      const image = await readImageUpload(request, reply, LOGO_UPLOAD);
      const code = await storeReplacingImage(request, storage, image, {
        storageKeyOf: companyLogoStorageKeyOf,
        replace: (tx, newCode) => replaceCompanyLogo(tx, companyId, newCode),
        audit: { targetType: 'companies', targetId: companyCode, actorUserId: viewer.userId },
        onCommitted: () => onLogoChanged(request, companyId),
      });
      request.log.info({ file: code, size: image.bytes.length }, 'company logo uploaded');
      return success({ file_unique_code: code, file_url: companyLogoUrl(code) });
    },
  );

  app.get(
    `${COMPANY_LOGO_FILES_PATH}/:file_unique_code`,
    {
      config: imageReadConfig('companies', 'company_logo_file_unique_code'),
      schema: {
        tags: ['companies'],
        summary: '企業のロゴの取得',
        description:
          '企業のロゴの画像を返します（そのまま表示: inline）。企業の利用者はその金融機関の企業のロゴを、システム管理者・金融機関管理者はすべての企業の、支店の行員は担当支店の企業のロゴを読めます。それ以外は、ロゴがあるかどうかを伝えないよう、すべて 404 です。',
        params: companyLogoFileParamsSchema,
      },
    },
    async (request, reply) => {
      const viewer = await request.viewer();
      return sendStoredImage(request, reply, storage, request.params.file_unique_code, {
        visible: (tx, code) => companyLogoVisible(tx, code, viewer),
        storageKeyOf: companyLogoStorageKeyOf,
        fileNameStem: 'logo',
        missingBytesLog: 'a company names logo bytes the storage does not have',
      });
    },
  );
};
