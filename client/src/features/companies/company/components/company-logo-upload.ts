import {
  COMPANY_LOGO_CONTENT_TYPES,
  COMPANY_LOGO_FILE_FIELD,
  COMPANY_LOGO_MAX_BYTES,
  COMPANY_LOGO_UPLOAD_PATH,
  COMPANY_PROFILE_MESSAGES,
  companyLogoFileSchema,
} from '#server/contracts/company-profile.ts';
import { imageRefusalBeforeUpload } from '#client/components/form/image-file-field.tsx';
import type { ApiClient } from '#client/lib/request/api-client.ts';
import { saveRequest } from '#client/lib/request/save-request.ts';

/** What the browser can tell before sending (see imageRefusalBeforeUpload). */
export function logoRefusalBeforeUpload(file: File): string | undefined {
  return imageRefusalBeforeUpload(file, {
    maxBytes: COMPANY_LOGO_MAX_BYTES,
    contentTypes: COMPANY_LOGO_CONTENT_TYPES,
    messages: {
      tooLarge: COMPANY_PROFILE_MESSAGES.logoTooLarge,
      typeRefused: COMPANY_PROFILE_MESSAGES.logoTypeRefused,
    },
  });
}

/**
 * POST /api/v1/company/logo with the one `file`: the company's new logo, in effect at once. A plain
 * route, not a call definition: its body is multipart. A refusal carries its message under `file`.
 */
export function uploadCompanyLogo(api: ApiClient, file: File) {
  const form = new FormData();
  form.append(COMPANY_LOGO_FILE_FIELD, file);
  return saveRequest(api, COMPANY_LOGO_UPLOAD_PATH, form, { resultSchema: companyLogoFileSchema });
}
