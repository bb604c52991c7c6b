import type { ApiClient, QueryParams } from './api-client.ts';
import { RequestFailedError } from './http-error.ts';

/** A file such as a PDF by GET (spec section 7); a failed fetch throws RequestFailedError. */
export async function fileRequest(
  api: ApiClient,
  path: string,
  { query, signal }: { query?: QueryParams; signal?: AbortSignal } = {},
): Promise<Blob> {
  const answer = await api.requestBlob(path, { method: 'GET', query, signal });
  // Not `instanceof Blob`: a Blob made by another realm's fetch (a test's, an iframe's) is one too.
  if (answer === undefined || 'status' in answer) throw new RequestFailedError(path, answer);
  return answer;
}
