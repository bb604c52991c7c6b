import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { passesRouteRule } from '#server/auth/auth-plugin.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import {
  getOwnServiceOfferCall,
  SERVICE_OFFER_IMAGE_MAX_BYTES,
  serviceOfferImageFileCall,
  uploadServiceOfferImageCall,
} from '#server/contracts/service-offer.ts';
import { notFound } from '#server/errors.ts';
import { companyMemberOf } from '#server/plugins/request-context.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { storeReceivedFile } from '#server/api/kit/call-uploads.ts';
import { serveCall } from '#server/api/kit/serve-call.ts';
import { serveFileCall, storedImageToSend } from '#server/api/kit/serve-file-call.ts';
import { acceptUploads, deleteReleasedFiles } from '#server/api/kit/uploaded-files.ts';
import { findOwnServiceOffer, replaceServiceOfferImage, serviceOfferOf } from './coupon-queries.ts';
import { serviceOfferImageVisible } from './coupon-search-queries.ts';
import { readsPublishedOffers } from './coupon-viewer.ts';

/**
 * An offer's image: its upload by the offering company (a call with a file) and its bytes for
 * whoever may see the offer (a file read).
 *
 * The service_offers row names the image by its code only (cso_image_file_unique_code): the bytes
 * live in the file storage under a key made from the bank and the code, and the type is told by the
 * bytes whenever they are read, as it was when they were accepted (as for a company's logo). A new
 * image replaces the old one, whose bytes are removed once the change has committed, and puts the
 * offer back into review.
 */

/** Where an offer image's bytes are kept: the bank's prefix, then the code. */
export function serviceOfferImageStorageKeyOf(bankCode: string, fileUniqueCode: string): string {
  return `${bankCode}/service-offer-images/${fileUniqueCode}`;
}

/** What the security walk reads an offer's code from. */
export const OFFER_OBJECT = { param: 'cso_unique_code', table: 'service_offers', column: 'cso_unique_code' };

/**
 * Before any of the upload's body is read (an onRequest hook, after the guard): another company's
 * (or another bank's) offer is a 404, so no one sends a file only to have it refused. The call's
 * transaction finds the offer again. A path the call's schema refuses is left to its validation
 * (400), a user of no company to the call's `member` refusal.
 */
async function offerIsOwn(request: FastifyRequest): Promise<void> {
  const params = z.safeParse(uploadServiceOfferImageCall.params, request.params);
  if (!params.success) return;
  const member = companyMemberOf(await request.viewerFor('company'));
  if (!member) return;
  const code = params.data.cso_unique_code;
  if (!(await request.inBank((tx) => findOwnServiceOffer(tx, member.companyId, code)))) throw notFound();
}

/** A plugin of its own: multipart parsing is registered in its scope only. */
export async function couponImageFileRoutes(
  app: FastifyInstance,
  { storage }: { storage: FileStorage },
): Promise<void> {
  await acceptUploads(app, { largestFileBytes: SERVICE_OFFER_IMAGE_MAX_BYTES, fields: 1, parts: 2 });

  serveCall(
    app,
    uploadServiceOfferImageCall,
    {
      before: (context) => storeReceivedFile(context, storage, serviceOfferImageStorageKeyOf),
      handle: async ({ tx, viewer, params, prepared: stored, request, afterCommit }) => {
        const { companyId } = viewer;
        const code = params.cso_unique_code;
        const replaced = await replaceServiceOfferImage(tx, companyId, code, viewer.userId, stored.code);
        if (!replaced) throw notFound();
        afterCommit(() =>
          deleteReleasedFiles(request, storage, serviceOfferImageStorageKeyOf, [replaced.previous]),
        );
        const saved = await findOwnServiceOffer(tx, companyId, code);
        if (!saved) throw notFound();
        request.log.info({ file: stored.code, size: stored.file_size }, 'service offer image uploaded');
        return serviceOfferOf(saved, japanDateString());
      },
    },
    { onRequest: offerIsOwn, object: OFFER_OBJECT, audit: { action: 'UPDATE' } },
  );

  serveFileCall(
    app,
    serviceOfferImageFileCall,
    async ({ viewer, params, request }) => {
      const { cso_unique_code: offerCode, file_unique_code: fileCode } = params;
      // The image follows the offer's rights: its own read call's rule, the search's permission.
      const reads = {
        ownOffers: viewer.kind === 'company' && (await passesRouteRule(request, getOwnServiceOfferCall.rule)),
        publishedOffers: viewer.kind === 'company' && readsPublishedOffers(viewer),
      };
      const visible = await request.inBank((tx) =>
        serviceOfferImageVisible(tx, viewer, offerCode, fileCode, japanDateString(), reads),
      );
      if (!visible) return undefined;
      return storedImageToSend(request, storage, {
        code: fileCode,
        storageKey: serviceOfferImageStorageKeyOf(request.tenant.code, fileCode),
        fileNameStem: 'coupon',
      });
    },
    { storage, object: OFFER_OBJECT },
  );
}
