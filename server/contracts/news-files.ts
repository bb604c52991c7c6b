// zod/mini, as news.ts (see theme-tokens.ts).
import * as z from 'zod/mini';
import { type CallUpload, defineCall, type UploadLimits } from './call.ts';
import {
  FILE_CONTENT_TYPES,
  FILE_KINDS,
  FILE_MAX_BYTES,
  FILE_MISSING_MESSAGE,
  FILE_TYPE_REFUSED_MESSAGE,
  type FileKind,
  fileTooLargeMessage,
  uploadedFileSchema,
} from './news.ts';
import { VALIDATION_MESSAGES } from './validation.ts';

/**
 * The staff's upload of the news domain (attachments and the images of items' bodies): apart from
 * news-staff.ts, so that the staff's dashboard, which reads news-staff.ts's calls, loads neither
 * this call nor the shared validation messages its `kind` field answers with (2.9 kB gzipped).
 * The attachment field and the body editor load it with the edit form.
 */

/** What a file of `kind` may be: its size, and its types as told by its content. */
function fileLimitsOf(kind: FileKind): UploadLimits {
  return {
    maxBytes: FILE_MAX_BYTES[kind],
    contentTypes: FILE_CONTENT_TYPES[kind],
    messages: { tooLarge: fileTooLargeMessage(kind), typeRefused: FILE_TYPE_REFUSED_MESSAGE },
  };
}

/** The upload's one `file`, held to the limits of the `kind` sent before it. */
export const ARTICLE_FILE_UPLOAD: CallUpload = {
  field: 'file',
  missingMessage: FILE_MISSING_MESSAGE,
  limits: { by: 'kind', of: { attachment: fileLimitsOf('attachment'), image: fileLimitsOf('image') } },
};

/**
 * POST /api/v1/admin/files: a staff member's upload, an attachment or an image of an item's body.
 * It is stored and waits, without an item, until the item that names it is saved; it is read with
 * articleFileCall (news.ts).
 */
export const uploadArticleFileCall = /* @__PURE__ */ defineCall({
  domain: 'news',
  method: 'POST',
  path: '/api/v1/admin/files',
  upload: ARTICLE_FILE_UPLOAD,
  body: z.object({
    kind: z.enum(FILE_KINDS, {
      error: (issue) =>
        issue.input === undefined || issue.input === ''
          ? VALIDATION_MESSAGES.required
          : '選択肢の中から選んでください',
    }),
  }),
  result: uploadedFileSchema,
  access: 'bank',
  summary: 'ファイルのアップロード',
  description: `記事の添付ファイル（kind=attachment、${FILE_MAX_BYTES.attachment / 1048576}MBまで: PDF、画像、Word/Excel/PowerPointのOOXML）と本文の画像（kind=image、${FILE_MAX_BYTES.image / 1048576}MBまで: PNG、JPEG、GIF、WebP）を multipart/form-data の \`kind\` と \`file\` で受け取ります（\`kind\` を先に送ってください）。形式はファイルの中身で判定します。展開後のサイズが大きすぎるOfficeファイル（中身はZIP）は 422 です。保存したファイルは、記事の保存で添付・本文の画像として指定されるまでその金融機関の職員だけが読めます。支店ユーザーはアップロードできません（403）。`,
});
