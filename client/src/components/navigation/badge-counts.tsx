import { createContext, type ReactNode, use } from 'react';

/**
 * The unread and to-do counts the navigation and the admin top bar show (spec section 3, shared
 * client state). They arrive with the badge endpoint of the identity issue, which provides them
 * through BadgeCountsProvider; until then every count is zero and no badge is drawn.
 */
export interface BadgeCounts {
  unreadNews: number;
  unreadBachatRooms: number;
  unreadChat: number;
  unrepliedMatching: number;
  unapprovedChat: number;
  noReplyChat: number;
  closedInquiry: number;
}

export const NO_BADGE_COUNTS: BadgeCounts = {
  unreadNews: 0,
  unreadBachatRooms: 0,
  unreadChat: 0,
  unrepliedMatching: 0,
  unapprovedChat: 0,
  noReplyChat: 0,
  closedInquiry: 0,
};

const BadgeCountsContext = createContext<BadgeCounts>(NO_BADGE_COUNTS);

export function BadgeCountsProvider({ counts, children }: { counts: BadgeCounts; children: ReactNode }) {
  return <BadgeCountsContext value={counts}>{children}</BadgeCountsContext>;
}

export function useBadgeCounts(): BadgeCounts {
  return use(BadgeCountsContext);
}
