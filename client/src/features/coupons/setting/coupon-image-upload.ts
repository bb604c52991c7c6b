import {
  SERVICE_OFFER_IMAGE_CONTENT_TYPES,
  SERVICE_OFFER_IMAGE_FILE_FIELD,
  SERVICE_OFFER_IMAGE_MAX_BYTES,
  SERVICE_OFFER_MESSAGES,
  serviceOfferImageUploadPath,
  serviceOfferSchema,
} from '#server/contracts/service-offer.ts';
import { imageRefusalBeforeUpload } from '#client/components/form/image-file-field.tsx';
import type { ApiClient } from '#client/lib/request/api-client.ts';
import { saveRequest } from '#client/lib/request/save-request.ts';

/** What the browser can tell before sending (see imageRefusalBeforeUpload). */
export function couponImageRefusalBeforeUpload(file: File): string | undefined {
  return imageRefusalBeforeUpload(file, {
    maxBytes: SERVICE_OFFER_IMAGE_MAX_BYTES,
    contentTypes: SERVICE_OFFER_IMAGE_CONTENT_TYPES,
    messages: {
      tooLarge: SERVICE_OFFER_MESSAGES.imageTooLarge,
      typeRefused: SERVICE_OFFER_MESSAGES.imageTypeRefused,
    },
  });
}

/**
 * POST the offer's image with the one `file`: the offer as it now stands (its new image, back in
 * review). A plain route, not a call definition: its body is multipart. A refusal carries its
 * message under `file`.
 */
export function uploadCouponImage(api: ApiClient, csoUniqueCode: string, file: File) {
  const form = new FormData();
  form.append(SERVICE_OFFER_IMAGE_FILE_FIELD, file);
  return saveRequest(api, serviceOfferImageUploadPath(csoUniqueCode), form, {
    resultSchema: serviceOfferSchema,
  });
}
