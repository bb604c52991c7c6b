import {
  FILE_CONTENT_TYPES,
  FILE_UPLOAD_PATH,
  FILE_MAX_BYTES,
  FILE_TYPE_REFUSED_MESSAGE,
  type FileKind,
  fileTooLargeMessage,
  type UploadedFile,
  uploadedFileSchema,
} from '#server/contracts/news.ts';
import type { ApiClient } from '#client/lib/request/api-client.ts';
import { DEFAULT_ERROR_MESSAGE } from '#client/lib/request/http-error.ts';
import { saveRequest } from '#client/lib/request/save-request.ts';

/**
 * POST /api/v1/admin/files, multipart `kind` then `file` (the server reads the kind first). A plain
 * route, not a call definition: its body is multipart, not JSON.
 */
function uploadArticleFile(api: ApiClient, kind: FileKind, file: File) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  return saveRequest(api, FILE_UPLOAD_PATH, form, { resultSchema: uploadedFileSchema });
}

/** What the page says when an upload failed without a reason it can show (a network failure, a 500). */
export const UPLOAD_FAILED_MESSAGE =
  'ファイルをアップロードできませんでした。ファイルの形式と大きさをご確認ください';

export type FileUploadOutcome =
  { status: 'success'; file: UploadedFile } | { status: 'error'; message: string };

/**
 * What the browser can tell before sending: a file over the kind's size limit, or one the browser
 * itself names as a type the kind does not take. The server still decides by the file's content;
 * this only spares the staff a long upload that would be refused.
 */
export function refusalBeforeUpload(kind: FileKind, file: File): string | undefined {
  if (file.size > FILE_MAX_BYTES[kind]) return fileTooLargeMessage(kind);
  if (file.type !== '' && !FILE_CONTENT_TYPES[kind].includes(file.type)) return FILE_TYPE_REFUSED_MESSAGE;
  return undefined;
}

/**
 * Uploads an attachment or a body image: the browser's check, then POST /api/v1/admin/files. A
 * refusal answers the server's message for the file (a type its content is not allowed to be).
 */
export async function uploadFile(api: ApiClient, kind: FileKind, file: File): Promise<FileUploadOutcome> {
  const refusal = refusalBeforeUpload(kind, file);
  if (refusal) return { status: 'error', message: refusal };
  const outcome = await uploadArticleFile(api, kind, file);
  if (outcome.status === 'success') return { status: 'success', file: outcome.result };
  const [fieldMessage] = [...(outcome.fieldErrors.file ?? []), ...(outcome.fieldErrors.kind ?? [])];
  const message =
    fieldMessage ?? (outcome.message === DEFAULT_ERROR_MESSAGE ? UPLOAD_FAILED_MESSAGE : outcome.message);
  return { status: 'error', message };
}
