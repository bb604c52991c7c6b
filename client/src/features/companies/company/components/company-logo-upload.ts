import {
  COMPANY_LOGO_CONTENT_TYPES,
  COMPANY_LOGO_FILE_FIELD,
  COMPANY_LOGO_MAX_BYTES,
  COMPANY_LOGO_UPLOAD_PATH,
  COMPANY_PROFILE_MESSAGES,
  companyLogoFileSchema,
} from '#server/contracts/company-profile.ts';
import type { ApiClient } from '#client/lib/request/api-client.ts';
import { saveRequest } from '#client/lib/request/save-request.ts';

/**
 * What the browser can tell before sending: a file over 2 MB, or one the browser itself names as a
 * type a logo may not be. The server still decides by the file's content; this only spares the
 * user a long upload that would be refused.
 */
export function logoRefusalBeforeUpload(file: File): string | undefined {
  if (file.size > COMPANY_LOGO_MAX_BYTES) return COMPANY_PROFILE_MESSAGES.logoTooLarge;
  if (file.type !== '' && !(COMPANY_LOGO_CONTENT_TYPES as readonly string[]).includes(file.type))
    return COMPANY_PROFILE_MESSAGES.logoTypeRefused;
  return undefined;
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
