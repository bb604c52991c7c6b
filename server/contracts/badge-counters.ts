// zod/mini: the layouts parse the badge answer in the browser (see theme-tokens.ts).
import * as z from 'zod/mini';

/**
 * The unread and to-do counts the logged-in layouts show (platform spec sections 2, 3 and 6;
 * admin spec section 2), fetched together in one request and polled every 6000 ms while the tab is
 * visible. Each domain registers the counters it owns on the server (server/api/badges/); a
 * counter the user's layout does not show, or whose domain has not landed yet, is absent and
 * reads as 0.
 */
export const BADGES_PATH = '/api/v1/badges';

/** Polling interval of spec section 9 ("badge polling 6000 ms"). */
export const BADGE_POLL_INTERVAL_MS = 6000;

/** Names of the counts, as the client's BadgeCounts and the menu entries' badges name them. */
export const BADGE_COUNTERS = [
  'unreadNews',
  'unreadBachatRooms',
  'unreadChat',
  'unrepliedMatching',
  'unapprovedChat',
  'noReplyChat',
  'closedInquiry',
  // domain:new adds badge counters above this line
] as const;
export type BadgeCounter = (typeof BADGE_COUNTERS)[number];

const countSchema = () => z.optional(z.int().check(z.nonnegative()));
function badgeCountsShape() {
  const count = countSchema();
  return Object.fromEntries(BADGE_COUNTERS.map((counter) => [counter, count])) as Record<
    BadgeCounter,
    ReturnType<typeof countSchema>
  >;
}

/**
 * `result` of GET /api/v1/badges: the counts this user's layout shows; an absent count is 0. Pure:
 * the browser parses the answer as a record (badge-polling.ts), so the names stay out of its chunks
 * and a domain's new counter adds nothing to a first visit.
 */
export const badgeCountsSchema = /* @__PURE__ */ z.object(/* @__PURE__ */ badgeCountsShape());
export type BadgeCountsAnswer = z.infer<typeof badgeCountsSchema>;
