import type { AnyCall, CallInput, CallResult } from '#server/contracts/call.ts';
import type { ApiClient } from './api-client.ts';
import { requestOf } from './fetch-call.ts';
import { saveRequest, type SaveOutcome, type SaveRequestOptions } from './save-request.ts';

/** A command: its outcome, never a throw (a refusal carries its message and field errors). */
export function saveCall<C extends AnyCall>(
  api: ApiClient,
  call: C,
  input: CallInput<C>,
  options: Pick<SaveRequestOptions<never>, 'signal' | 'onNotFound' | 'headers'> = {},
): Promise<SaveOutcome<CallResult<C>>> {
  const { path, body } = requestOf(call, input);
  return saveRequest(api, path, body, {
    method: call.method,
    resultSchema: call.result,
    ...options,
  }) as Promise<SaveOutcome<CallResult<C>>>;
}
