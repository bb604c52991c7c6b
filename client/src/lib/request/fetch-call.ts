import type * as z from 'zod/mini';
import { type AnyCall, type CallInput, type CallResult, callPath } from '#server/contracts/call.ts';
import { successEnvelope } from '#server/contracts/envelope.ts';
import { type ApiClient, type QueryParams, resultOf } from './api-client.ts';

/**
 * A call's read without react-query (call-client.ts adds the queries and saves): the public pages
 * load in their route loaders and keep react-query out of their first visit's scripts.
 */

export interface FetchCallOptions {
  signal?: AbortSignal;
  /** A record that is not there (or not the user's) shows the 404 page instead of failing quietly. */
  onNotFound?: 'answer-nothing' | 'error-page';
}

/** What a call sends: a GET's input travels as query parameters, any other method's as JSON. */
export function requestOf(call: AnyCall, input: object | undefined) {
  const { params, query, body } = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
  return {
    path: callPath(call, params),
    query: query as QueryParams | undefined,
    body: call.method === 'GET' ? undefined : (body ?? {}),
  };
}

const envelopes = new WeakMap<AnyCall, z.core.$ZodType>();
function envelopeOf(call: AnyCall) {
  let envelope = envelopes.get(call);
  if (!envelope) {
    envelope = successEnvelope(call.result);
    envelopes.set(call, envelope);
  }
  return envelope as ReturnType<typeof successEnvelope<AnyCall['result']>>;
}

export async function fetchCall<C extends AnyCall>(
  api: ApiClient,
  call: C,
  input: CallInput<C>,
  { signal, onNotFound }: FetchCallOptions = {},
): Promise<CallResult<C>> {
  const { path, query, body } = requestOf(call, input);
  const answer = await api.request(path, {
    method: call.method,
    query,
    body,
    schema: envelopeOf(call),
    signal,
    onNotFound,
  });
  return resultOf(path, answer) as CallResult<C>;
}
