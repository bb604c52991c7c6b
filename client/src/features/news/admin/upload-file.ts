import type { FileKind, UploadedFile } from '#server/contracts/news.ts';
import { uploadArticleFileCall } from '#server/contracts/news-files.ts';
import type { ApiClient } from '#client/lib/request/api-client.ts';
import { DEFAULT_ERROR_MESSAGE } from '#client/lib/request/http-error.ts';
import { saveUploadCall, uploadRefusal } from '#client/lib/request/upload-call.ts';

/** What the page says when an upload failed without a reason it can show (a network failure, a 500). */
export const UPLOAD_FAILED_MESSAGE =
  'ファイルをアップロードできませんでした。ファイルの形式と大きさをご確認ください';

export type FileUploadOutcome =
  { status: 'success'; file: UploadedFile } | { status: 'error'; message: string };

/**
 * Uploads an attachment or a body image (uploadArticleFileCall): the browser's check of the kind's
 * limits first (uploadRefusal), then the call, `kind` sent before the file. A refusal answers the
 * server's message for the file (a type its content is not allowed to be) or the kind.
 */
export async function uploadFile(api: ApiClient, kind: FileKind, file: File): Promise<FileUploadOutcome> {
  const body = { kind };
  const refusal = uploadRefusal(uploadArticleFileCall.upload, file, body);
  if (refusal) return { status: 'error', message: refusal };
  const outcome = await saveUploadCall(api, uploadArticleFileCall, { body, file });
  if (outcome.status === 'success') return { status: 'success', file: outcome.result };
  const { field } = uploadArticleFileCall.upload;
  const [fieldMessage] = [...(outcome.fieldErrors[field] ?? []), ...(outcome.fieldErrors.kind ?? [])];
  const message =
    fieldMessage ?? (outcome.message === DEFAULT_ERROR_MESSAGE ? UPLOAD_FAILED_MESSAGE : outcome.message);
  return { status: 'error', message };
}
