import { isAdmin, isBankUser } from '#server/contracts/account-types.ts';
import type { LoggedInUser } from '#server/contracts/logged-in-user.ts';
import { ADMIN_BADGE_PATHS } from '#server/contracts/navigation-links.ts';
import type { IconName } from '../icons/icons.tsx';
import type { BadgeCounts } from '../navigation/badge-counts.tsx';

export interface AdminBadge {
  counter: keyof BadgeCounts;
  label: string;
  to: string;
  icon: IconName;
}

const UNAPPROVED_CHAT: AdminBadge = {
  counter: 'unapprovedChat',
  label: '承認待ちのチャット',
  to: ADMIN_BADGE_PATHS.unapprovedChat,
  icon: 'chat',
};
const NO_REPLY_CHAT: AdminBadge = {
  counter: 'noReplyChat',
  label: '未返信のチャット',
  to: ADMIN_BADGE_PATHS.noReplyChat,
  icon: 'news',
};
const CLOSED_INQUIRY: AdminBadge = {
  counter: 'closedInquiry',
  // It counts the inquiries not yet closed (server/api/inquiry/badges.ts; README, Decisions).
  label: '未完了のお問い合わせ',
  to: ADMIN_BADGE_PATHS.closedInquiry,
  icon: 'help',
};

/**
 * Admin spec section 2: three counts for bank staff; the inquiry one only for system_admin and
 * bank_admin. A company user has none (the admin area sends them to /mypage/dashboard anyway).
 */
export function adminBadgesFor(userType: LoggedInUser['user_type']): AdminBadge[] {
  if (!isBankUser(userType)) return [];
  return isAdmin(userType)
    ? [UNAPPROVED_CHAT, NO_REPLY_CHAT, CLOSED_INQUIRY]
    : [UNAPPROVED_CHAT, NO_REPLY_CHAT];
}
