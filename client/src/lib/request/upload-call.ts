import {
  type AnyCall,
  type CallInput,
  type CallResult,
  type CallUpload,
  callPath,
} from '#server/contracts/call.ts';
import { uploadLimitsOf } from '#server/contracts/upload-limits.ts';
import type { ApiClient } from './api-client.ts';
import { saveRequest, type SaveOutcome, type SaveRequestOptions } from './save-request.ts';

/** A call with a file (server/contracts/call.ts, `upload`). */
export type UploadCall = AnyCall & { upload: CallUpload };

/**
 * What the browser can tell before sending the file of an upload call: a file over its limit, or
 * one the browser itself names as a type the call does not take, in the call's own words. The
 * server still decides by the file's content; this only spares the user a long upload that would
 * be refused.
 */
export function uploadRefusal(
  upload: CallUpload,
  file: Pick<File, 'size' | 'type'>,
  fields: Record<string, unknown> = {},
): string | undefined {
  const limits = uploadLimitsOf(upload, fields);
  if (!limits) return undefined;
  if (file.size > limits.maxBytes) return limits.messages.tooLarge;
  if (file.type !== '' && !limits.contentTypes.includes(file.type)) return limits.messages.typeRefused;
  return undefined;
}

/**
 * Sends an upload call as multipart/form-data: its text fields first (they may choose the file's
 * limits, and the gateway reads the parts in order), then the file under the call's field. Its
 * outcome, never a throw: a refusal carries its message under the file's field.
 */
export function saveUploadCall<C extends UploadCall>(
  api: ApiClient,
  call: C,
  input: CallInput<C>,
  options: Pick<SaveRequestOptions<never>, 'signal' | 'onNotFound'> = {},
): Promise<SaveOutcome<CallResult<C>>> {
  const { params, body, file } = input as { params?: unknown; body?: Record<string, unknown>; file: Blob };
  const form = new FormData();
  for (const [name, value] of Object.entries(body ?? {})) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  form.append(call.upload.field, file);
  return saveRequest(api, callPath(call, params), form, {
    method: call.method,
    resultSchema: call.result,
    ...options,
  }) as Promise<SaveOutcome<CallResult<C>>>;
}
