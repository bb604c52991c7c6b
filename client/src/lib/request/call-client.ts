import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import {
  type AnyCall,
  type CallInput,
  type CallResult,
  callKey,
  callPath,
} from '../../../../server/contracts/call.ts';
import { successEnvelope } from '../../../../server/contracts/envelope.ts';
import { type ApiClient, type QueryParams, resultOf } from './api-client.ts';
import { useApiClient } from './api-client-context.ts';
import { saveRequest, type SaveOutcome } from './save-request.ts';

/**
 * The client's half of a call definition (server/contracts/call.ts): the path, the method, the
 * answer's schema and the query key all come from the definition, so a feature types none of them.
 *
 * - `fetchCall` for a read: the result, or RequestFailedError (the page shows its own message);
 * - `callQuery` / `useCallQuery`: the same, cached under `callKey(call, input)`;
 * - `saveCall` / `useSaveCall`: a command's outcome (success with result, or the refusal with its
 *   message and field errors) for the save flow and the form.
 */

export interface FetchCallOptions {
  signal?: AbortSignal;
  /** A record that is not there (or not the user's) shows the 404 page instead of failing quietly. */
  onNotFound?: 'answer-nothing' | 'error-page';
}

/** What a call sends: a GET's input travels as query parameters, any other method's as JSON. */
function requestOf(call: AnyCall, input: object | undefined) {
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

export interface CallQueryOptions {
  /** A list keeps the page on screen while the next one loads. */
  keepPrevious?: boolean;
  onNotFound?: FetchCallOptions['onNotFound'];
}

export function callQuery<C extends AnyCall>(
  api: ApiClient,
  call: C,
  input: CallInput<C>,
  { keepPrevious, onNotFound }: CallQueryOptions = {},
) {
  return queryOptions({
    queryKey: callKey(call, input),
    queryFn: ({ signal }) => fetchCall(api, call, input, { signal, onNotFound }),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}

export function useCallQuery<C extends AnyCall>(
  call: C,
  input: CallInput<C>,
  options: CallQueryOptions & { enabled?: boolean; staleTime?: number; retry?: boolean } = {},
) {
  const { enabled, staleTime, retry, ...query } = options;
  return useQuery({
    ...callQuery(useApiClient(), call, input, query),
    ...(enabled === undefined ? {} : { enabled }),
    ...(staleTime === undefined ? {} : { staleTime }),
    ...(retry === undefined ? {} : { retry }),
  });
}

/** A command: its outcome, never a throw (a refusal carries its message and field errors). */
export function saveCall<C extends AnyCall>(
  api: ApiClient,
  call: C,
  input: CallInput<C>,
  signal?: AbortSignal,
): Promise<SaveOutcome<CallResult<C>>> {
  const { path, body } = requestOf(call, input);
  return saveRequest(api, path, body, { method: call.method, resultSchema: call.result, signal }) as Promise<
    SaveOutcome<CallResult<C>>
  >;
}

/**
 * A command as a mutation; on success the domain's cached queries load again (the domain is the
 * first part of every key), so a list shows what was just saved.
 */
export function useSaveCall<C extends AnyCall>(call: C) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<C>) => saveCall(api, call, input),
    onSuccess: async (outcome) => {
      if (outcome.status === 'success') await queryClient.invalidateQueries({ queryKey: [call.domain] });
    },
  });
}
