import type { CallUpload, UploadLimits } from './call.ts';

/**
 * Reading an upload call's declared limits (server/contracts/call.ts, `upload`): the gateway's
 * reader (server/api/kit/call-uploads.ts) and the browser's check before sending
 * (client/src/lib/request/upload-call.ts). Apart from call.ts, which every page's first scripts
 * load, so that only a page with an upload loads these.
 */

/** The largest file an upload takes, whatever its fields say. */
export function largestUploadBytes(upload: CallUpload): number {
  const { limits } = upload;
  return 'by' in limits
    ? Math.max(...Object.values(limits.of).map((each) => each.maxBytes))
    : limits.maxBytes;
}

/**
 * The limits of an upload's file, given its text fields; undefined when they depend on a field
 * whose value names none of them (the field's own schema refuses it).
 */
export function uploadLimitsOf(
  upload: CallUpload,
  fields: Record<string, unknown>,
): UploadLimits | undefined {
  const { limits } = upload;
  if (!('by' in limits)) return limits;
  const value = fields[limits.by];
  return typeof value === 'string' && Object.hasOwn(limits.of, value) ? limits.of[value] : undefined;
}
