import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  BADGE_POLL_INTERVAL_MS,
  BADGES_PATH,
  type BadgeCountsAnswer,
} from '#server/contracts/badge-counters.ts';
import { successEnvelope } from '#server/contracts/envelope.ts';
import { type ApiClient, resultOf } from '#client/lib/request/api-client.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { type BadgeCounts, NO_BADGE_COUNTS } from './badge-counts.tsx';

/**
 * The counts by name, as a record: the counters' names (badgeCountsSchema, which the server answers
 * with) stay out of the signed-in chunk, so a domain's new badge adds nothing to its first visit.
 */
const badgeAnswerSchema = successEnvelope(z.record(z.string(), z.int().check(z.nonnegative())));

/** Tells the gateway this request is a poll, which does not count as session activity. */
export const BADGE_POLL_HEADER = { 'X-Badge-Poll': '1' } as const;

/** GET /api/v1/badges: every count in one request. */
export async function fetchBadgeCounts(api: ApiClient, signal?: AbortSignal): Promise<BadgeCountsAnswer> {
  return resultOf(
    BADGES_PATH,
    await api.request(BADGES_PATH, { schema: badgeAnswerSchema, headers: BADGE_POLL_HEADER, signal }),
  );
}

/**
 * The badge counts, polled every 6000 ms (spec section 9) while the tab is visible: react-query
 * skips the interval's fetch in a hidden tab (refetchIntervalInBackground false). Only the interval
 * refetches, so each poll is exactly one request.
 */
export function badgeCountsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['badges', 'counts'],
    queryFn: ({ signal }) => fetchBadgeCounts(api, signal),
    refetchInterval: BADGE_POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** An absent count is 0 (badge-counters.ts). */
export function badgeCountsOf(answer: BadgeCountsAnswer | undefined): BadgeCounts {
  return { ...NO_BADGE_COUNTS, ...answer };
}

/**
 * The counts for a logged-in layout's BadgeCountsProvider; zeros until the first answer, and the
 * last counts while a poll fails (the request layer reports the failure).
 */
export function usePolledBadgeCounts(enabled: boolean): BadgeCounts {
  const api = useApiClient();
  const { data } = useQuery({ ...badgeCountsQuery(api), enabled });
  return badgeCountsOf(data);
}
