import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passesRouteRule } from '#server/auth/auth-plugin.ts';
import { success, successEnvelope } from '#server/contracts/envelope.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import {
  getOwnServiceOfferCall,
  SERVICE_OFFER_IMAGE_CONTENT_TYPES,
  SERVICE_OFFER_IMAGE_FILE_FIELD,
  SERVICE_OFFER_IMAGE_MAX_BYTES,
  SERVICE_OFFER_IMAGE_READ_ROUTE,
  SERVICE_OFFER_IMAGE_UPLOAD_ROUTE,
  SERVICE_OFFER_MESSAGES,
  serviceOfferImageParamsSchema,
  serviceOfferParamsSchema,
  serviceOfferSchema,
} from '#server/contracts/service-offer.ts';
import { notFound } from '#server/errors.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import {
  type ImageUploadLimits,
  readImageUpload,
  sendStoredImage,
  storeReplacingImage,
} from '#server/api/kit/uploaded-images.ts';
import * as uploadedFiles from '#server/api/kit/uploaded-files.ts';
import { findOwnServiceOffer, replaceServiceOfferImage, serviceOfferOf } from './coupon-queries.ts';
import { serviceOfferImageVisible } from './coupon-search-queries.ts';
import { readsPublishedOffers } from './coupon-viewer.ts';
import { requireCompanyMember } from '#server/plugins/request-context.ts';

/**
 * An offer's image: its upload by the offering company and its bytes for whoever may see the offer.
 *
 * The service_offers row names the image by its code only (cso_image_file_unique_code): the bytes
 * live in the file storage under a key made from the bank and the code, and the type is told by the
 * bytes whenever they are read, as it was when they were accepted (the image kit,
 * server/api/kit/uploaded-images.ts, as for a company's logo). A new image replaces the old one,
 * whose bytes are removed once the change has committed, and puts the offer back into review.
 */

/** Where an offer image's bytes are kept: the bank's prefix, then the code. */
export function serviceOfferImageStorageKeyOf(bankCode: string, fileUniqueCode: string): string {
  return `${bankCode}/service-offer-images/${fileUniqueCode}`;
}

const IMAGE_UPLOAD: ImageUploadLimits = {
  field: SERVICE_OFFER_IMAGE_FILE_FIELD,
  maxBytes: SERVICE_OFFER_IMAGE_MAX_BYTES,
  contentTypes: SERVICE_OFFER_IMAGE_CONTENT_TYPES,
  messages: {
    missing: SERVICE_OFFER_MESSAGES.imageMissing,
    tooLarge: SERVICE_OFFER_MESSAGES.imageTooLarge,
    typeRefused: SERVICE_OFFER_MESSAGES.imageTypeRefused,
  },
};

/** What the security walk reads an offer's code from. */
export const OFFER_OBJECT = { param: 'cso_unique_code', table: 'service_offers', column: 'cso_unique_code' };

/**
 * - POST SERVICE_OFFER_IMAGE_UPLOAD_ROUTE: multipart/form-data with one `file`, the offer's new
 *   image: PNG, JPEG, GIF or WebP as told by the content, at most SERVICE_OFFER_IMAGE_MAX_BYTES
 *   (the read stops one byte past it). The offer is looked up first: another company's (or
 *   another bank's) is a 404 before any of the body is read.
 * - GET SERVICE_OFFER_IMAGE_READ_ROUTE: the image's bytes, shown in place (inline), to whoever may
 *   see the offer; 404 to anyone else, so whether it exists is not told.
 *
 * Multipart parsing is registered in this plugin's scope only.
 */
export const couponImageFileRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (
  app,
  { storage },
) => {
  await uploadedFiles.acceptUploads(app, {
    largestFileBytes: SERVICE_OFFER_IMAGE_MAX_BYTES,
    fields: 1,
    parts: 2,
  });

  app.post(
    SERVICE_OFFER_IMAGE_UPLOAD_ROUTE,
    {
      config: { access: 'company', rule: 'coupon_settings', object: OFFER_OBJECT },
      schema: {
        tags: ['coupons'],
        summary: '自社クーポンの画像のアップロード',
        description: `自社のクーポンの画像（${SERVICE_OFFER_IMAGE_MAX_BYTES / 1048576}MBまで: PNG、JPEG、GIF、WebP）を multipart/form-data の \`file\` で受け取り、クーポンの画像にして審査に回し直します（前の画像は削除します）。形式はファイルの中身で判定します。自社クーポンの登録・編集権限（company_setting_coupon_write）が必要です。`,
        consumes: ['multipart/form-data'],
        params: serviceOfferParamsSchema,
        response: { 200: successEnvelope(serviceOfferSchema) },
      },
    },
    async (request, reply) => {
      const viewer = requireCompanyMember(await request.viewerFor('company'));
      const { companyId } = viewer;
      const code = request.params.cso_unique_code;
      if (!(await request.inBank((tx) => findOwnServiceOffer(tx, companyId, code)))) throw notFound();
      const image = await readImageUpload(request, reply, IMAGE_UPLOAD);
      const fileCode = await storeReplacingImage(request, storage, image, {
        storageKeyOf: serviceOfferImageStorageKeyOf,
        replace: (tx, newCode) => replaceServiceOfferImage(tx, companyId, code, viewer.userId, newCode),
        audit: { targetType: 'coupons', targetId: code, actorUserId: viewer.userId },
        onCommitted: () => {},
      });
      request.log.info({ file: fileCode, size: image.bytes.length }, 'service offer image uploaded');
      const saved = await request.inBank((tx) => findOwnServiceOffer(tx, companyId, code));
      if (!saved) throw notFound();
      return success(serviceOfferOf(saved, japanDateString()));
    },
  );

  app.get(
    SERVICE_OFFER_IMAGE_READ_ROUTE,
    {
      config: { access: 'login', answers: 'file', object: OFFER_OBJECT },
      schema: {
        tags: ['coupons'],
        summary: 'クーポンの画像の取得',
        description:
          'クーポンの画像を返します（そのまま表示: inline）。クーポンを出した企業の利用者で自社クーポンを開ける人（company_setting_coupon_write）、公開中のクーポンならこの金融機関の企業の利用者で福利厚生クーポンを閲覧できる人（company_coupon_read）、審査する行員（支店の行員は担当支店の企業のもの）が読めます。それ以外は、画像があるかどうかを伝えないよう、すべて 404 です。',
        params: serviceOfferImageParamsSchema,
      },
    },
    async (request, reply) => {
      const viewer = await request.viewer();
      const { cso_unique_code: offerCode, file_unique_code: fileCode } = request.params;
      // The image follows the offer's rights: its own read call's rule, the search's permission.
      const reads = {
        ownOffers: viewer.kind === 'company' && (await passesRouteRule(request, getOwnServiceOfferCall.rule)),
        publishedOffers: viewer.kind === 'company' && readsPublishedOffers(viewer),
      };
      return sendStoredImage(request, reply, storage, fileCode, {
        visible: (tx, code) =>
          serviceOfferImageVisible(tx, viewer, offerCode, code, japanDateString(), reads),
        storageKeyOf: serviceOfferImageStorageKeyOf,
        fileNameStem: 'coupon',
        missingBytesLog: 'a service offer names image bytes the storage does not have',
      });
    },
  );
};
