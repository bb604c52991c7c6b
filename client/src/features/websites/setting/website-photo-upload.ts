import {
  WEBSITE_MESSAGES,
  WEBSITE_PHOTO_CONTENT_TYPES,
  WEBSITE_PHOTO_FILE_FIELD,
  WEBSITE_PHOTO_MAX_BYTES,
  WEBSITE_PHOTO_UPLOAD_PATH,
  websitePhotoUploadResultSchema,
} from '#server/contracts/company-website.ts';
import { imageRefusalBeforeUpload } from '#client/components/form/image-file-field.tsx';
import type { ApiClient } from '#client/lib/request/api-client.ts';
import { saveRequest } from '#client/lib/request/save-request.ts';

/** What the browser can tell before sending (see imageRefusalBeforeUpload). */
export function photoRefusalBeforeUpload(file: File): string | undefined {
  return imageRefusalBeforeUpload(file, {
    maxBytes: WEBSITE_PHOTO_MAX_BYTES,
    contentTypes: WEBSITE_PHOTO_CONTENT_TYPES,
    messages: { tooLarge: WEBSITE_MESSAGES.photoTooLarge, typeRefused: WEBSITE_MESSAGES.photoTypeRefused },
  });
}

/**
 * POST /api/v1/website/photos with the one `file`: a photo added last to the company's site. A plain
 * route, not a call definition: its body is multipart. A refusal carries its message under `file`.
 */
export function uploadWebsitePhoto(api: ApiClient, file: File) {
  const form = new FormData();
  form.append(WEBSITE_PHOTO_FILE_FIELD, file);
  return saveRequest(api, WEBSITE_PHOTO_UPLOAD_PATH, form, { resultSchema: websitePhotoUploadResultSchema });
}
