import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AnyCall, type CallInput, callKey } from '#server/contracts/call.ts';
import type { ApiClient } from './api-client.ts';
import { useApiClient } from './api-client-context.ts';
import { fetchCall, type FetchCallOptions } from './fetch-call.ts';
import { saveCall } from './save-call.ts';

export { fetchCall, type FetchCallOptions, saveCall };

/**
 * The client's half of a call definition (server/contracts/call.ts): the path, the method, the
 * answer's schema and the query key all come from the definition, so a feature types none of them.
 *
 * - `fetchCall` (fetch-call.ts, apart so the public pages load no react-query) for a read: the result, or RequestFailedError (the page shows its own message);
 * - `callQuery` / `useCallQuery`: the same, cached under `callKey(call, input)`;
 * - `saveCall` / `useSaveCall`: a command's outcome (success with result, or the refusal with its
 *   message and field errors) for the save flow and the form.
 */

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
  options: CallQueryOptions & {
    enabled?: boolean;
    staleTime?: number;
    retry?: boolean;
    /** Which failures go to the route's error boundary (a 404 shows the 404 page). */
    throwOnError?: (error: Error) => boolean;
  } = {},
) {
  const { enabled, staleTime, retry, throwOnError, ...query } = options;
  return useQuery({
    ...callQuery(useApiClient(), call, input, query),
    ...(enabled === undefined ? {} : { enabled }),
    ...(staleTime === undefined ? {} : { staleTime }),
    ...(retry === undefined ? {} : { retry }),
    ...(throwOnError === undefined ? {} : { throwOnError }),
  });
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
