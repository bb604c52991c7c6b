import {
  MATCHING_MESSAGES,
  NEED_IMAGE_CONTENT_TYPES,
  NEED_IMAGE_FILE_FIELD,
  NEED_IMAGE_MAX_BYTES,
  needImageUploadPath,
  ownNeedSchema,
} from '#server/contracts/matching.ts';
import { imageRefusalBeforeUpload } from '#client/components/form/image-file-field.tsx';
import type { ApiClient } from '#client/lib/request/api-client.ts';
import { saveRequest } from '#client/lib/request/save-request.ts';

/** What the browser can tell before sending (see imageRefusalBeforeUpload). */
export function needImageRefusalBeforeUpload(file: File): string | undefined {
  return imageRefusalBeforeUpload(file, {
    maxBytes: NEED_IMAGE_MAX_BYTES,
    contentTypes: NEED_IMAGE_CONTENT_TYPES,
    messages: { tooLarge: MATCHING_MESSAGES.imageTooLarge, typeRefused: MATCHING_MESSAGES.imageTypeRefused },
  });
}

/**
 * POST one image of the need with the one `file`: the need as it now stands, its images with the
 * new one. A plain route, not a call definition: its body is multipart. A refusal (the need's
 * images full, a file that is no image) carries its message under `file`.
 */
export function uploadNeedImage(api: ApiClient, caUniqueCode: string, file: File) {
  const form = new FormData();
  form.append(NEED_IMAGE_FILE_FIELD, file);
  return saveRequest(api, needImageUploadPath(caUniqueCode), form, { resultSchema: ownNeedSchema });
}
