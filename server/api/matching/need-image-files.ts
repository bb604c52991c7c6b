import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { success, successEnvelope } from '#server/contracts/envelope.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { passesRouteRule } from '#server/auth/auth-plugin.ts';
import {
  deleteNeedImageCall,
  getNeedCall,
  getOwnNeedCall,
  MATCHING_MESSAGES,
  NEED_IMAGE_CONTENT_TYPES,
  NEED_IMAGE_FILE_FIELD,
  NEED_IMAGE_MAX_BYTES,
  NEED_IMAGE_READ_ROUTE,
  NEED_IMAGE_UPLOAD_ROUTE,
  NEED_IMAGES_MAX,
  needImageParamsSchema,
  needParamsSchema,
  ownNeedSchema,
} from '#server/contracts/matching.ts';
import { notFound, unprocessable } from '#server/errors.ts';
import { requireCompanyMember } from '#server/plugins/request-context.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import * as uploadedFiles from '../kit/uploaded-files.ts';
import {
  type ImageUploadLimits,
  readImageUpload,
  sendStoredImage,
  storeReplacingImage,
} from '../kit/uploaded-images.ts';
import { serveCall } from '../kit/serve-call.ts';
import { joinMatchingNetwork } from './network-membership.ts';
import { findOwnNeed, ownNeedOf, setNeedImages } from './need-queries.ts';
import { findPublishedNeed } from './need-search-queries.ts';
import { readerOf } from './matching-viewer.ts';

/**
 * A need's images (up to NEED_IMAGES_MAX): added one by one by its company, taken away one by one,
 * and read by whoever may read the need — its company, or a company the published need reaches,
 * which may be of another bank of the network: the bytes are kept under the need's bank.
 */

export function needImageStorageKeyOf(bankCode: string, fileUniqueCode: string): string {
  return `${bankCode}/need-images/${fileUniqueCode}`;
}

export function deleteNeedImageFiles(
  storage: FileStorage,
  bankCode: string,
  fileCodes: readonly string[],
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  return uploadedFiles.deleteStoredFiles(
    storage,
    fileCodes.map((code) => needImageStorageKeyOf(bankCode, code)),
    log,
  );
}

const IMAGE_UPLOAD: ImageUploadLimits = {
  field: NEED_IMAGE_FILE_FIELD,
  maxBytes: NEED_IMAGE_MAX_BYTES,
  contentTypes: NEED_IMAGE_CONTENT_TYPES,
  messages: {
    missing: MATCHING_MESSAGES.imageMissing,
    tooLarge: MATCHING_MESSAGES.imageTooLarge,
    typeRefused: MATCHING_MESSAGES.imageTypeRefused,
  },
};

const NEED_OBJECT = { param: 'ca_unique_code', table: 'needs', column: 'need_unique_code' };

export async function needImageRoutes(app: FastifyInstance, storage: FileStorage): Promise<void> {
  serveCall(
    app,
    deleteNeedImageCall,
    async ({ tx, viewer, params, request, afterCommit }) => {
      const { companyId } = readerOf(viewer, request.tenant.code);
      const found = await findOwnNeed(tx, companyId, params.ca_unique_code);
      if (!found || !found.row.need_image_file_codes.includes(params.file_unique_code)) throw notFound();
      const rest = found.row.need_image_file_codes.filter((code) => code !== params.file_unique_code);
      const row = await setNeedImages(tx, companyId, params.ca_unique_code, viewer.userId, rest);
      if (!row) throw notFound();
      afterCommit(() =>
        deleteNeedImageFiles(storage, request.tenant.code, [params.file_unique_code], request.log),
      );
      return ownNeedOf(row, found.dealCount, japanDateString());
    },
    { message: MATCHING_MESSAGES.imageDeleted, object: NEED_OBJECT, audit: { action: 'UPDATE' } },
  );

  await app.register(async (scope) => {
    await uploadedFiles.acceptUploads(scope, { largestFileBytes: NEED_IMAGE_MAX_BYTES, fields: 1, parts: 2 });

    scope.post(
      NEED_IMAGE_UPLOAD_ROUTE,
      {
        config: { access: 'company', rule: 'my_needs', object: NEED_OBJECT },
        schema: {
          tags: ['matching'],
          summary: 'ニーズの画像の追加',
          description: `自社のニーズに画像（${NEED_IMAGE_MAX_BYTES / 1048576}MBまで: PNG、JPEG、GIF、WebP）を multipart/form-data の \`file\` で1枚加えます（${NEED_IMAGES_MAX}枚まで）。形式はファイルの中身で判定します。`,
          consumes: ['multipart/form-data'],
          params: needParamsSchema,
          response: { 200: successEnvelope(ownNeedSchema) },
        },
      },
      async (request, reply) => {
        const viewer = requireCompanyMember(await request.viewerFor('company'));
        const { companyId } = viewer;
        const { ca_unique_code: code } = request.params as { ca_unique_code: string };
        const before = await request.inBank((tx) => findOwnNeed(tx, companyId, code));
        if (!before) throw notFound();
        if (before.row.need_image_file_codes.length >= NEED_IMAGES_MAX)
          throw unprocessable(MATCHING_MESSAGES.imagesFull, {
            [NEED_IMAGE_FILE_FIELD]: [MATCHING_MESSAGES.imagesFull],
          });
        const image = await readImageUpload(request, reply, IMAGE_UPLOAD);
        await storeReplacingImage(request, storage, image, {
          storageKeyOf: needImageStorageKeyOf,
          // Adds the image: nothing is replaced. The count is checked again in the transaction.
          replace: async (tx, newCode) => {
            const found = await findOwnNeed(tx, companyId, code);
            if (!found) return undefined;
            if (found.row.need_image_file_codes.length >= NEED_IMAGES_MAX)
              throw unprocessable(MATCHING_MESSAGES.imagesFull, {
                [NEED_IMAGE_FILE_FIELD]: [MATCHING_MESSAGES.imagesFull],
              });
            await setNeedImages(tx, companyId, code, viewer.userId, [
              ...found.row.need_image_file_codes,
              newCode,
            ]);
            return { previous: null };
          },
          audit: { targetType: 'matching', targetId: code, actorUserId: viewer.userId },
          onCommitted: () => {},
        });
        const saved = await request.inBank((tx) => findOwnNeed(tx, companyId, code));
        if (!saved) throw notFound();
        return success(ownNeedOf(saved.row, saved.dealCount, japanDateString()));
      },
    );

    scope.get(
      NEED_IMAGE_READ_ROUTE,
      {
        config: { access: 'company', answers: 'file', object: NEED_OBJECT },
        schema: {
          tags: ['matching'],
          summary: 'ニーズの画像の取得',
          description:
            'ニーズの画像を返します（そのまま表示: inline）。ニーズの企業の利用者で自社のニーズを開ける人（company_matching_write）と、公開中のニーズが届く企業（当行の企業、全国公開なら全国ネットワークの企業）の利用者でニーズの詳細を開ける人（company_matching_read）が読めます。それ以外は、画像があるかどうかを伝えないよう、すべて 404 です。',
          params: needImageParamsSchema,
        },
      },
      async (request, reply) => {
        const viewer = await request.viewerFor('company');
        const { ca_unique_code: needCode, file_unique_code: fileCode } = request.params as {
          ca_unique_code: string;
          file_unique_code: string;
        };
        // The image follows the need's rights: its own company's users who may open their own needs
        // (the own need's read call's rule), and the readers the published need's detail serves
        // (its call's rule, then the same query). Anyone else gets the 404 of an unknown image.
        const ownNeedReader = await passesRouteRule(request, getOwnNeedCall.rule);
        const publishedNeedReader = await passesRouteRule(request, getNeedCall.rule);
        // The bank whose storage keeps the bytes: the need's, found by `visible` before the key is made.
        let needBank = request.tenant.code;
        return sendStoredImage(request, reply, storage, fileCode, {
          visible: async (tx, code) => {
            if (viewer.companyId !== null && ownNeedReader) {
              const own = await findOwnNeed(tx, viewer.companyId, needCode);
              if (own) return own.row.need_image_file_codes.includes(code);
            }
            if (!publishedNeedReader) return false;
            await joinMatchingNetwork(tx, request.tenant, app.tenants);
            const published = await findPublishedNeed(tx, needCode, japanDateString());
            if (!published?.need_image_file_codes.includes(code)) return false;
            needBank = published.bank_code;
            return true;
          },
          storageKeyOf: (_bank, code) => needImageStorageKeyOf(needBank, code),
          fileNameStem: 'need',
          missingBytesLog: 'a need names image bytes the storage does not have',
        });
      },
    );
  });
}
