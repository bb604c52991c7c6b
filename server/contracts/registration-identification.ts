// zod/mini: the registration pages bundle these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { type CallUpload, defineFileCall } from './call.ts';
import {
  FILE_MISSING_MESSAGE,
  FILE_TYPE_REFUSED_MESSAGE,
  fileTooLargeMessage,
  UNKNOWN_FILE_MESSAGE,
} from './news.ts';

/**
 * The identification document (本人確認書類) of an application: the documents step of the variants
 * that ask it (registration-variants.ts) has the applicant upload one photo or scan to the draft,
 * without a login; the upload names it in the draft's `identification_file_unique_code`, sending
 * binds it to the application, and the bank's admins read it from the desk.
 *
 * - The upload is a call with a file, uploadIdentificationCall (with the other draft calls in
 *   registration.ts): multipart/form-data with `draft_id` first, then one `file`
 *   (IDENTIFICATION_UPLOAD). The type is told by the content; a new upload replaces the draft's
 *   previous one.
 * - identificationFileCall, GET IDENTIFICATION_FILES_PATH/{file_unique_code}: a file read, the
 *   bytes, for system and bank admins, of a sent application's file only.
 */

/** Where the admins read an application's file: `${IDENTIFICATION_FILES_PATH}/{file_unique_code}`. */
export const IDENTIFICATION_FILES_PATH = '/api/v1/companyregister/identification';

export function identificationFileUrl(fileUniqueCode: string): string {
  return `${IDENTIFICATION_FILES_PATH}/${fileUniqueCode}`;
}

/** Spec section 9's 5 MB upload constant: a photo or scan of a licence or a certificate. */
export const IDENTIFICATION_MAX_BYTES = 5242880;
/** Told by the file's content, never by its name or the browser's word. */
export const IDENTIFICATION_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
/** The multipart field the file is sent in (after `draft_id`). */
export const IDENTIFICATION_FILE_FIELD = 'file';

/**
 * The news domain's upload messages, the same words on every upload of the portal. The size message
 * is news's for its images, whose limit is the same 5 MB (IDENTIFICATION_MAX_BYTES).
 */
export const IDENTIFICATION_MESSAGES = {
  missing: FILE_MISSING_MESSAGE,
  typeRefused: FILE_TYPE_REFUSED_MESSAGE,
  tooLarge: fileTooLargeMessage('image'),
  /** At sending: the draft names no file uploaded to it (never uploaded, or uploaded elsewhere). */
  unknown: UNKNOWN_FILE_MESSAGE,
} as const;

/** An uploaded identification document, as the upload and the desk's detail answer it. */
export const identificationFileSchema = z.object({
  /** 32 random hex digits: what the draft's identification_file_unique_code holds. */
  file_unique_code: z.string(),
  /** The name it was sent with, cleaned (no path, no control characters). */
  file_name: z.string(),
  file_size: z.int(),
  /** As told by the content: one of IDENTIFICATION_CONTENT_TYPES. */
  file_content_type: z.string(),
});
export type IdentificationFile = z.infer<typeof identificationFileSchema>;

export const identificationFileParamsSchema = z.object({
  file_unique_code: z.string().check(z.maxLength(32)),
});

/** The document's one file (after `draft_id`): JPEG, PNG or PDF as told by its content, at most 5 MB. */
export const IDENTIFICATION_UPLOAD: CallUpload = {
  field: IDENTIFICATION_FILE_FIELD,
  missingMessage: IDENTIFICATION_MESSAGES.missing,
  limits: {
    maxBytes: IDENTIFICATION_MAX_BYTES,
    contentTypes: IDENTIFICATION_CONTENT_TYPES,
    messages: {
      tooLarge: IDENTIFICATION_MESSAGES.tooLarge,
      typeRefused: IDENTIFICATION_MESSAGES.typeRefused,
    },
  },
};

export const identificationFileCall = /* @__PURE__ */ defineFileCall({
  domain: 'registration',
  method: 'GET',
  path: `${IDENTIFICATION_FILES_PATH}/:file_unique_code`,
  params: identificationFileParamsSchema,
  access: 'admin',
  answers: 'file',
  summary: '本人確認書類の取得',
  description:
    '送信された申請の本人確認書類の中身を、システム管理者・金融機関管理者に返します（ダウンロード: attachment）。一時保存中の申込のファイル、他の金融機関のファイルは 404 です。',
});
