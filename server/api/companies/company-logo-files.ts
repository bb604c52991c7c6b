import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type FileTypeResult, fileTypeFromBuffer } from 'file-type';
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
import { hasUnstorableCharacter, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { recordAudit } from '#server/db/audit.ts';
import { badRequest, notFound, unprocessable } from '#server/errors.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import * as uploadedFiles from '../kit/uploaded-files.ts';
import { auditActorOf } from '../kit/serve-call.ts';
import { companyLogoVisible, replaceCompanyLogo } from './profile-queries.ts';

/**
 * A company's logo: its upload by the company's own users and its bytes for whoever may see it.
 *
 * The companies table names the logo by its code only (company_logo_file_unique_code): the bytes
 * live in the file storage under a key made from the bank and the code, and the type is told by
 * the bytes whenever they are read, as it was when they were accepted. A new logo replaces the old
 * one, whose bytes are removed once the change has committed.
 */

/** Where a logo's bytes are kept: the bank's prefix, then the code. */
export function companyLogoStorageKeyOf(bankCode: string, fileUniqueCode: string): string {
  return `${bankCode}/company-logos/${fileUniqueCode}`;
}

/** Enough of the head of any image type a logo may have for file-type to tell it. */
const TYPE_SNIFF_BYTES = 4100;

/** The image type of the stored logo, read from its first bytes; undefined when there are none. */
async function storedLogoType(
  storage: FileStorage,
  key: string,
): Promise<Pick<FileTypeResult, 'ext' | 'mime'> | undefined> {
  const stored = await storage.get(key);
  if (!stored) return undefined;
  const stream: Readable = stored.body;
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= TYPE_SNIFF_BYTES) break;
    }
  } finally {
    stream.destroy();
  }
  return fileTypeFromBuffer(Buffer.concat(chunks, length));
}

/** The logo's bytes as sent, read up to COMPANY_LOGO_MAX_BYTES and no further. */
async function readLogoUpload(request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  const missingFile = () =>
    badRequest(undefined, { [COMPANY_LOGO_FILE_FIELD]: [COMPANY_PROFILE_MESSAGES.logoMissing] });
  if (!request.isMultipart()) throw missingFile();
  let bytes: Buffer | undefined;
  await uploadedFiles.readUploadParts(request, reply, {
    refusal: missingFile,
    onField: () => {
      throw badRequest();
    },
    onFile: async (part) => {
      if (part.fieldname !== COMPANY_LOGO_FILE_FIELD) throw badRequest();
      if (hasUnstorableCharacter(part.filename))
        throw badRequest(undefined, { [COMPANY_LOGO_FILE_FIELD]: [VALIDATION_MESSAGES.unstorableCharacter] });
      bytes = await uploadedFiles.readFileWithin(part, COMPANY_LOGO_MAX_BYTES);
      if (bytes === undefined)
        throw unprocessable(COMPANY_PROFILE_MESSAGES.logoTooLarge, {
          [COMPANY_LOGO_FILE_FIELD]: [COMPANY_PROFILE_MESSAGES.logoTooLarge],
        });
    },
  });
  if (!bytes || bytes.length === 0) throw missingFile();
  return bytes;
}

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
 * Plain routes built from the upload kit (server/api/kit/uploaded-files.ts): the upload's body is
 * multipart, the read answers the image. Multipart parsing is registered in this plugin's scope only.
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
      const bytes = await readLogoUpload(request, reply);
      const type = await fileTypeFromBuffer(bytes);
      if (!type || !(COMPANY_LOGO_CONTENT_TYPES as readonly string[]).includes(type.mime))
        throw unprocessable(COMPANY_PROFILE_MESSAGES.logoTypeRefused, {
          [COMPANY_LOGO_FILE_FIELD]: [COMPANY_PROFILE_MESSAGES.logoTypeRefused],
        });

      const code = randomBytes(16).toString('hex');
      const key = companyLogoStorageKeyOf(request.tenant.code, code);
      // The bytes first, so that a committed row never names bytes that are not there. Not the
      // kit's storeUpload: the logo has no row of its own, and its audit row names the company.
      await storage.put(key, bytes, type.mime);
      let replaced: { previous: string | null };
      try {
        replaced = await request.inBank(async (tx) => {
          const changed = await replaceCompanyLogo(tx, companyId, code);
          if (!changed) throw notFound();
          await recordAudit(tx, {
            action: 'UPDATE',
            targetType: 'companies',
            targetId: companyCode,
            ...auditActorOf(request, viewer.userId),
          });
          return changed;
        });
      } catch (error) {
        await uploadedFiles.deleteStoredFiles(storage, [key], request.log);
        throw error;
      }
      onLogoChanged(request, companyId);
      if (replaced.previous !== null)
        await uploadedFiles.deleteStoredFiles(
          storage,
          [companyLogoStorageKeyOf(request.tenant.code, replaced.previous)],
          request.log,
        );
      request.log.info({ file: code, size: bytes.length }, 'company logo uploaded');
      return success({ file_unique_code: code, file_url: companyLogoUrl(code) });
    },
  );

  app.get(
    `${COMPANY_LOGO_FILES_PATH}/:file_unique_code`,
    {
      config: {
        access: 'login',
        answers: 'file',
        object: {
          param: 'file_unique_code',
          table: 'companies',
          column: 'company_logo_file_unique_code',
          where: 'company_logo_file_unique_code is not null',
        },
      },
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
      return uploadedFiles.sendStoredFile(
        request,
        reply,
        storage,
        request.params.file_unique_code,
        async (code) => {
          if (!(await request.inBank((tx) => companyLogoVisible(tx, code, viewer)))) return undefined;
          const key = companyLogoStorageKeyOf(request.tenant.code, code);
          const type = await storedLogoType(storage, key);
          if (!type) {
            request.log.error({ file: code }, 'a company names logo bytes the storage does not have');
            return undefined;
          }
          return {
            file_name: `logo.${type.ext}`,
            file_content_type: type.mime,
            file_storage_key: key,
            disposition: 'inline',
            // A code names one image for ever (a new logo gets a new code).
            cacheControl: 'private, max-age=86400',
          };
        },
      );
    },
  );
};
